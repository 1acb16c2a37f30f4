"""The REST door's catalog routes: the hosted rulesets, the rules of RULES.md, and the problem
types (every ``code`` a problem may carry, at the ``type`` its documents name). The problem
types are outside ``/v1``: like the docs, they answer without an API key, so a client can
follow a refusal's ``type`` whatever it was refused for."""

from __future__ import annotations

from pydantic_core import to_json
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from service.api import catalog
from service.api.codes import CODES
from service.api.core import PROBLEM_BASE, Kind, Problem
from service.api.rest import JSON, handles_problems


async def rulesets(request: Request) -> Response:
    return Response(catalog.RULESETS.dump_json(catalog.rulesets(), by_alias=True), media_type=JSON)


@handles_problems
async def rule(request: Request) -> Response:
    rule_id = request.path_params["ruleId"]
    found = catalog.rules().get(rule_id)
    if found is None:
        raise Problem(
            Kind.NOT_FOUND,
            "rule-not-found",
            "Rule not found",
            f"no rule {rule_id[:80]!r} in the inventory; GET /v1/rulesets lists each ruleset's",
        )
    return Response(catalog.RULE.dump_json(found, by_alias=True), media_type=JSON)


def problem_type(code: str) -> dict[str, str]:
    """What ``GET /problems/{code}`` answers: the type, its code and what it means."""
    return {"type": PROBLEM_BASE + code, "code": code, "description": CODES[code]}


async def problem_types(request: Request) -> Response:
    return Response(to_json([problem_type(code) for code in CODES]), media_type=JSON)


@handles_problems
async def problem_type_of(request: Request) -> Response:
    code = request.path_params["code"]
    if code not in CODES:
        raise Problem(
            Kind.NOT_FOUND,
            "not-found",
            "Not found",
            f"no problem type {code[:80]!r}; GET /problems lists them",
        )
    return Response(to_json(problem_type(code)), media_type=JSON)


def routes() -> list[BaseRoute]:
    return [
        Route("/v1/rulesets", rulesets, methods=["GET"], name="listRulesets"),
        Route("/v1/rules/{ruleId}", rule, methods=["GET"], name="getRule"),
        Route("/problems", problem_types, methods=["GET"], name="listProblemTypes"),
        Route("/problems/{code}", problem_type_of, methods=["GET"], name="getProblemType"),
    ]

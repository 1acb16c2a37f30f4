"""The REST door's catalog routes: the hosted rulesets and the rules of RULES.md."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from service.api import catalog
from service.api.core import Kind, Problem
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


def routes() -> list[BaseRoute]:
    return [
        Route("/v1/rulesets", rulesets, methods=["GET"], name="listRulesets"),
        Route("/v1/rules/{ruleId}", rule, methods=["GET"], name="getRule"),
    ]

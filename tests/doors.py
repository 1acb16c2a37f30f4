"""One test body, two doors: call an action over REST or GraphQL and get the same shape back.

``Door.call`` answers a :class:`Reply`: on success the response document
(``encounter``, ``events``, ``outcome``, ``seed``, ``changes``) exactly as REST returns it; on
failure the error kind (``invalid`` / ``rule``), its code, rule id and the paths of the bad fields.

The GraphQL door sends the encounter as an ``EncounterInput`` and selects every field of
the typed result; :func:`to_graphql` and :func:`from_graphql` translate the few enum values
GraphQL spells differently (``three-quarters`` is ``three_quarters``). A request GraphQL
itself refuses (a wrong type, an unknown enum value or field) answers ``invalid`` with the
path GraphQL names.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from dataclasses import dataclass, field
from typing import Any, get_args, get_origin, get_type_hints

from pydantic.alias_generators import to_camel
from starlette.testclient import TestClient

from service.api.graphql.schema import schema
from service.api.graphql.spelling import from_graphql, to_graphql
from service.api.models import MODELS
from service.rules import events
from service.rules import model as state


@dataclass
class Reply:
    ok: bool
    body: dict[str, Any] = field(default_factory=dict)
    kind: str | None = None
    code: str | None = None
    rule: str | None = None
    paths: list[str] = field(default_factory=list)
    message: str = ""

    @property
    def encounter(self) -> dict[str, Any]:
        return self.body["encounter"]

    @property
    def outcome(self) -> dict[str, Any]:
        return self.body["outcome"]

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.body["events"]


class Door:
    name = ""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def call(
        self, action: str, encounter: dict[str, Any], seed: int | None = None, **params: Any
    ) -> Reply:
        raise NotImplementedError


class Rest(Door):
    name = "rest"

    def call(
        self, action: str, encounter: dict[str, Any], seed: int | None = None, **params: Any
    ) -> Reply:
        slug = MODELS[action].spec.slug
        body = {"encounter": encounter, **params}
        if seed is not None:
            body["seed"] = seed
        r = self.client.post(f"/v1/{slug}", json=body)
        data = r.json()
        if r.status_code == 200:
            return Reply(True, data)
        assert r.headers["content-type"].startswith("application/problem+json"), r.text
        kind = {409: "rule", 422: "invalid"}[r.status_code]
        return Reply(
            False,
            kind=kind,
            code=data["code"],
            rule=data.get("rule"),
            paths=[e["path"] for e in data.get("errors", [])],
            message=data["detail"],
        )


def selection(tp: Any) -> str:
    """A GraphQL selection set of every field of an engine dataclass, recursively."""
    hints = get_type_hints(tp, include_extras=True)
    parts = []
    for f in dataclasses.fields(tp):
        inner = _dataclass_in(hints[f.name])
        name = to_camel(f.name)
        parts.append(f"{name} {{ {selection(inner)} }}" if inner else name)
    return " ".join(parts)


def _dataclass_in(tp: Any) -> type | None:
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return tp
    for arg in get_args(tp):
        found = _dataclass_in(arg)
        if found:
            return found
    if get_origin(tp) is typing.Annotated:
        return _dataclass_in(get_args(tp)[0])
    return None


VARIABLE_ERROR = re.compile(r"Variable '\$(\w+)' (?:has|got) invalid value(?: at ([^:]*))?")


def variable_error_paths(errors: list[dict[str, Any]]) -> list[str]:
    """The paths of the variables GraphQL refused (``encounter.combatants[0].ac``)."""
    paths = []
    for error in errors:
        match = VARIABLE_ERROR.match(error["message"])
        if match:
            paths.append(match.group(1) + (match.group(2) or ""))
    return paths


class GraphQL(Door):
    name = "graphql"

    def call(
        self, action: str, encounter: dict[str, Any], seed: int | None = None, **params: Any
    ) -> Reply:
        models = MODELS[action]
        payload = models.response.__name__.removesuffix("Response") + "Payload"
        operation = "query" if models.spec.query else "mutation"
        encounter_selection = (
            ""
            if models.spec.query
            else f"encounter {{ {selection(state.Encounter)} }} changes {{ op path value }}"
        )
        input_type = models.spec.params.__name__ + "Input"
        field_type = graphql_field(action)
        query = f"""
        {operation} Run($encounter: EncounterInput!, $seed: Int, $input: {input_type}!) {{
          {action}(encounter: $encounter, seed: $seed, input: $input) {{
            __typename
            ... on {payload} {{
              {encounter_selection} seed
              events {{ {selection(events.Event)} }}
              outcome {{ {selection(models.spec.outcome)} }}
            }}
            ... on InvalidInput {{ code message errors {{ path message }} }}
            ... on RuleViolation {{ code message rule }}
          }}
        }}"""
        variables = {
            "encounter": to_graphql(encounter, field_type.args["encounter"].type),
            "seed": seed,
            "input": to_graphql(params, field_type.args["input"].type),
        }
        r = self.client.post("/graphql", json={"query": query, "variables": variables})
        data = r.json()
        if "errors" in data and data.get("data") is None:
            paths = variable_error_paths(data["errors"])
            assert paths, data["errors"]
            message = "; ".join(e["message"] for e in data["errors"])
            return Reply(
                False, kind="invalid", code="graphql-invalid", paths=paths, message=message
            )
        assert r.status_code == 200, r.text
        assert "errors" not in data, data["errors"]
        result = data["data"][action]
        typename = result.pop("__typename")
        if typename == payload:
            body = from_graphql(result, schema._schema.get_type(payload))
            return Reply(
                True,
                {
                    k: body[k]
                    for k in ("encounter", "events", "outcome", "seed", "changes")
                    if k in body
                },
            )
        kind = "rule" if typename == "RuleViolation" else "invalid"
        return Reply(
            False,
            kind=kind,
            code=result["code"],
            rule=result.get("rule"),
            paths=[e["path"] for e in result.get("errors", [])],
            message=result["message"],
        )


def graphql_field(action: str) -> Any:
    """The Query or Mutation field of an action."""
    root = schema._schema.query_type if MODELS[action].spec.query else schema._schema.mutation_type
    assert root is not None
    return root.fields[action]

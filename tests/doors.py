"""One test body, two doors: call an action over REST or GraphQL and get the same shape back.

``Door.call`` answers a :class:`Reply`: on success the response document
(``encounter``, ``events``, ``outcome``, ``seed``) exactly as REST returns it; on failure the
error kind (``invalid`` / ``rule``), its code, rule id and the paths of the bad fields.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, get_args, get_origin, get_type_hints

from pydantic.alias_generators import to_camel
from starlette.testclient import TestClient

from service.api.models import MODELS
from service.rules import events


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


class GraphQL(Door):
    name = "graphql"

    def call(
        self, action: str, encounter: dict[str, Any], seed: int | None = None, **params: Any
    ) -> Reply:
        models = MODELS[action]
        payload = models.response.__name__.removesuffix("Response") + "Payload"
        operation = "query" if models.spec.query else "mutation"
        document = "" if models.spec.query else "document"
        input_type = models.spec.params.__name__ + "Input"
        query = f"""
        {operation} Run($encounter: JSON!, $seed: Int, $input: {input_type}!) {{
          {action}(encounter: $encounter, seed: $seed, input: $input) {{
            __typename
            ... on {payload} {{
              {document} seed
              events {{ {selection(events.Event)} }}
              outcome {{ {selection(models.spec.outcome)} }}
            }}
            ... on InvalidInput {{ code message errors {{ path message }} }}
            ... on RuleViolation {{ code message rule }}
          }}
        }}"""
        r = self.client.post(
            "/graphql",
            json={
                "query": query,
                "variables": {"encounter": encounter, "seed": seed, "input": params},
            },
        )
        assert r.status_code == 200, r.text
        data = r.json()
        assert "errors" not in data, data["errors"]
        result = data["data"][action]
        typename = result.pop("__typename")
        if typename == payload:
            body = {
                "events": result["events"],
                "outcome": result["outcome"],
                "seed": result["seed"],
            }
            if "document" in result:
                body = {"encounter": result["document"], **body}
            return Reply(True, body)
        kind = "rule" if typename == "RuleViolation" else "invalid"
        return Reply(
            False,
            kind=kind,
            code=result["code"],
            rule=result.get("rule"),
            paths=[e["path"] for e in result.get("errors", [])],
            message=result["message"],
        )

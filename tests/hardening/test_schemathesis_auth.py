"""With API keys on, every operation's 401 is what the spec documents, and a keyed request
passes every check (as in test_schemathesis.py, where auth is off)."""

from __future__ import annotations

from collections.abc import Callable

import schemathesis
from factories import skirmish
from hardening_support import SECRET, create_key
from starlette.testclient import TestClient

from service.settings import Settings


def test_every_operation_answers_a_documented_401_without_a_key(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(auth=True, api_key_secret=SECRET)
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    seen = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        params = {"id": "A" * 22} if "{id}" in operation.path else {}
        if "{ruleId}" in operation.path:
            params["ruleId"] = "d20.cover.creatures"
        body = {} if operation.body else schemathesis.core.NOT_SET
        if "{code}" in operation.path:
            params["code"] = "unauthorized"
        for name in ("seatId", "proposalId"):
            if "{" + name + "}" in operation.path:
                params[name] = "0" * 16
        case = operation.Case(path_parameters=params, body=body)
        response = case.call_and_validate()
        if operation.definition.raw.get("security") == []:
            # documented as needing no key (the problem types a refusal's `type` leads to)
            assert response.status_code == 200, (operation.label, response.text)
            continue
        assert response.status_code == 401, (operation.label, response.text)
        seen += 1
    assert seen > 60


def test_keyed_requests_pass_every_check(make_client: Callable[..., TestClient]) -> None:
    client = make_client(auth=True, api_key_secret=SECRET)
    settings: Settings = client.app.state.settings  # type: ignore[attr-defined]
    key, _ = create_key(settings, "acme")
    headers = {"Authorization": f"Bearer {key}"}
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    create = schema["/v1/sessions"]["POST"].Case(body={"encounter": skirmish()}, headers=headers)
    created = create.call_and_validate()
    assert created.status_code == 201
    sid = created.json()["id"]
    for path, method, body in (
        ("/v1/sessions/{id}", "GET", None),
        ("/v1/sessions/{id}/events", "GET", None),
        ("/v1/sessions/{id}/roll-initiative", "POST", {"seed": 1}),
        ("/v1/sessions/{id}/undo", "POST", None),
        ("/v1/sessions/{id}", "DELETE", None),
    ):
        case = schema[path][method].Case(
            path_parameters={"id": sid},
            headers=headers,
            body=body if body is not None else schemathesis.core.NOT_SET,
        )
        assert case.call_and_validate().status_code in (200, 204)

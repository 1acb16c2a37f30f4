"""openapi.yaml as documentation: every request field described, no generated titles, an
example request and response for every operation that the service answers as shown."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from starlette.testclient import TestClient

from service.api.models import MODELS, wire_classes
from service.api.rest import examples
from service.api.rest.openapi import build_openapi

SPEC = build_openapi()
SCHEMAS: dict[str, Any] = SPEC["components"]["schemas"]


def _refs(schema: Any) -> Iterator[str]:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "$ref":
                yield str(value).rsplit("/", 1)[1]
            else:
                yield from _refs(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from _refs(item)


def request_schemas() -> set[str]:
    """Every schema a request body holds, directly or inside another."""
    todo = [
        ref
        for item in SPEC["paths"].values()
        for method, operation in item.items()
        if method != "parameters" and "requestBody" in operation
        for ref in _refs(operation["requestBody"])
    ]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(_refs(SCHEMAS[name]))
    return seen


def _engine_name(schema: str, wire_name: str) -> str:
    """``class.field`` of the engine dataclass a request schema's property comes from."""
    for m in MODELS.values():
        if schema in (m.request.__name__, m.session_request.__name__):
            cls = m.spec.params
            break
    else:
        cls = next(c for c in wire_classes() if c.__name__ == schema)
    field = next(f.name for f in dataclasses.fields(cls) if _camel(f.name) == wire_name)
    return f"{cls.__name__}.{field}"


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def undocumented() -> set[str]:
    found = set()
    for name in request_schemas():
        for prop, schema in SCHEMAS[name].get("properties", {}).items():
            if "description" not in schema:
                found.add(_engine_name(name, prop))
    return found


def test_every_request_field_is_documented() -> None:
    missing = undocumented()
    assert not missing, (
        f"request fields without a docstring (give them one in service/rules): {sorted(missing)}"
    )


def test_every_request_and_response_schema_is_described() -> None:
    bare = sorted(
        name
        for name, schema in SCHEMAS.items()
        if schema.get("type") == "object" and "description" not in schema
    )
    assert bare == []


def test_the_fields_every_action_has_are_documented() -> None:
    for m in MODELS.values():
        request = SCHEMAS[m.request.__name__]["properties"]
        assert request["encounter"]["description"] and request["seed"]["description"]
        response = SCHEMAS[m.response.__name__.removesuffix("Response") + "Result"]["properties"]
        assert all("description" in response[k] for k in ("events", "outcome", "seed"))


def test_no_generated_titles() -> None:
    def titles(schema: Any) -> Iterator[str]:
        if isinstance(schema, dict):
            if isinstance(schema.get("title"), str):
                yield schema["title"]
            for value in schema.values():
                yield from titles(value)
        elif isinstance(schema, list):
            for item in schema:
                yield from titles(item)

    assert list(titles(SCHEMAS)) == []


def test_descriptions_use_the_wire_names() -> None:
    """Docstrings say ``target_id``; the contract says `targetId`."""
    text = str(SPEC)
    assert "``" not in text
    assert "`target_id`" not in text
    assert "`targetId`" in SPEC["paths"]["/v1/apply-damage"]["post"]["description"]


def operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in SPEC["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                yield path, method, operation


def example_of(media: dict[str, Any]) -> Any:
    return media["examples"]["example"]["value"]


def success(operation: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    status = next(s for s in operation["responses"] if s.startswith("2"))
    return status, operation["responses"][status]


def test_every_operation_has_an_example_request_and_response() -> None:
    for _path, _method, operation in operations():
        if "requestBody" in operation:
            assert example_of(operation["requestBody"]["content"]["application/json"])
        status, response = success(operation)
        if status != "204":
            [media] = response["content"].values()  # JSON, or the event stream's text
            assert example_of(media), operation["operationId"]


def test_every_example_is_valid_for_its_schema() -> None:
    import jsonschema

    def check(media: dict[str, Any]) -> None:
        schema = {**media["schema"], "components": SPEC["components"]}
        jsonschema.Draft202012Validator(schema).validate(example_of(media))

    for _path, _method, operation in operations():
        if "requestBody" in operation:
            check(operation["requestBody"]["content"]["application/json"])
        status, response = success(operation)
        if status != "204":
            [media] = response["content"].values()
            check(media)


def test_the_service_answers_every_stateless_example_as_shown(client: TestClient) -> None:
    for path, method, operation in operations():
        if "/sessions" in path:
            continue
        if method == "get":
            url = path.replace("{ruleId}", "d20.cover.creatures")
            url = url.replace("{code}", "invalid-input")
            r = client.get(url)
            assert r.status_code == 200, (url, r.text[:300])
            assert r.json() == example_of(success(operation)[1]["content"]["application/json"])
            continue
        body = example_of(operation["requestBody"]["content"]["application/json"])
        r = client.post(path, json=body)
        assert r.status_code == 200, (path, r.text[:300])
        assert r.json() == example_of(success(operation)[1]["content"]["application/json"]), path


def _session_with(client: TestClient, encounter: dict[str, Any]) -> str:
    created = client.post("/v1/sessions", json={"encounter": encounter})
    assert created.status_code == 201, created.text[:300]
    return str(created.json()["id"])


def _same_but_the_session(got: dict[str, Any], shown: dict[str, Any], sid: str) -> None:
    assert isinstance(got["session"]["commitment"], str)
    commitment = got["session"]["commitment"]
    assert got["session"] == {**shown["session"], "id": sid, "commitment": commitment}
    assert {**got, "session": None} == {**shown, "session": None}


def test_the_service_answers_every_session_action_example_as_shown(client: TestClient) -> None:
    for m in MODELS.values():
        if m.spec.name not in examples.EXAMPLES:
            continue
        path = f"/v1/sessions/{{id}}/{m.spec.slug}"
        operation = SPEC["paths"][path]["post"]
        sid = _session_with(client, examples.EXAMPLES[m.spec.name].encounter)
        body = example_of(operation["requestBody"]["content"]["application/json"])
        r = client.post(path.replace("{id}", sid), json=body)
        assert r.status_code == 200, (path, r.text[:300])
        shown = example_of(success(operation)[1]["content"]["application/json"])
        _same_but_the_session(r.json(), shown, sid)


def test_the_service_answers_the_session_examples_as_shown(client: TestClient) -> None:
    paths = SPEC["paths"]
    create = paths["/v1/sessions"]["post"]
    r = client.post(
        "/v1/sessions", json=example_of(create["requestBody"]["content"]["application/json"])
    )
    shown = example_of(create["responses"]["201"]["content"]["application/json"])
    moments = ("id", "created", "updated", "commitment")
    created = r.json()
    assert {k: v for k, v in created.items() if k not in moments} == {
        k: v for k, v in shown.items() if k not in moments
    }
    sid = created["id"]
    got = client.get(f"/v1/sessions/{sid}").json()
    assert (
        got["encounter"]
        == example_of(
            paths["/v1/sessions/{id}"]["get"]["responses"]["200"]["content"]["application/json"]
        )["encounter"]
    )
    attack = example_of(
        paths["/v1/sessions/{id}/resolve-attack"]["post"]["requestBody"]["content"][
            "application/json"
        ]
    )
    assert client.post(f"/v1/sessions/{sid}/resolve-attack", json=attack).status_code == 200
    page = client.get(f"/v1/sessions/{sid}/events").json()
    events = paths["/v1/sessions/{id}/events"]["get"]["responses"]["200"]
    assert page == example_of(events["content"]["application/json"])
    replay = paths["/v1/sessions/{id}/replay"]["get"]["responses"]["200"]
    shown_replay = example_of(replay["content"]["application/json"])
    assert client.get(f"/v1/sessions/{sid}/replay").json() == shown_replay
    verify = paths["/v1/sessions/{id}/verify"]["post"]["responses"]["200"]
    shown_verdict = example_of(verify["content"]["application/json"])
    assert client.post(f"/v1/sessions/{sid}/verify").json() == shown_verdict
    undone = client.post(f"/v1/sessions/{sid}/undo").json()
    undo = paths["/v1/sessions/{id}/undo"]["post"]["responses"]["200"]
    _same_but_the_session(undone, example_of(undo["content"]["application/json"]), sid)

"""The schemathesis checks do fail on a broken response: the suite is not vacuous.

A response that drops a required field (``version`` of ``Session``) or answers an
undocumented status makes ``call_and_validate`` raise, as it would in test_schemathesis.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from factories import skirmish
from schemathesis.core.failures import FailureGroup
from starlette.testclient import TestClient

from service.api import sessions


def reported(failure: BaseException) -> str:
    """Every failure schemathesis reported (it raises a group of them)."""
    parts = [str(failure)]
    for inner in getattr(failure, "exceptions", ()):
        parts.append(f"{getattr(inner, 'title', '')}: {getattr(inner, 'message', inner)}")
    return "\n".join(parts)


def session_operation(client: TestClient) -> tuple[schemathesis.APIOperation, str]:
    sid = client.post("/v1/sessions", json={"encounter": skirmish()}).json()["id"]
    schema = schemathesis.openapi.from_asgi("/openapi.json", client.app)
    operation: schemathesis.APIOperation = schema["/v1/sessions/{id}"]["GET"]
    return operation, sid


def test_the_unbroken_response_passes(make_client: Callable[..., TestClient]) -> None:
    operation, sid = session_operation(make_client())
    operation.Case(path_parameters={"id": sid}).call_and_validate()


def test_a_response_without_a_required_field_fails(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    operation, sid = session_operation(make_client())
    real = sessions.session_bytes

    def broken(session: Any) -> bytes:
        body = json.loads(real(session))
        del body["version"]
        return json.dumps(body).encode()

    monkeypatch.setattr(sessions, "session_bytes", broken)
    with pytest.raises(FailureGroup) as failure:
        operation.Case(path_parameters={"id": sid}).call_and_validate()
    text = reported(failure.value)
    assert "Response violates schema" in text
    assert '"version" is a required property' in text


def test_an_undocumented_status_fails(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    operation, sid = session_operation(make_client())

    def teapot(*args: Any, **kwargs: Any) -> Any:
        from service.api.core import Kind, Problem

        raise Problem(Kind.INTERNAL, "internal", "I'm a teapot", "short and stout")

    monkeypatch.setattr(sessions, "get_stored", teapot)
    with pytest.raises(FailureGroup) as failure:
        operation.Case(path_parameters={"id": sid}).call_and_validate()
    assert "Undocumented status code" in reported(failure.value)

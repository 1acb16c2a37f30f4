"""Browser clients on other origins: CORS is off by default and on for listed origins, for
HTTP and for the GraphQL websocket (whose handshake browsers don't submit to CORS: the
service checks its Origin against the same list)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from service_process import ServiceProcess
from starlette.testclient import TestClient
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from service.app import create_app
from service.settings import Settings

ORIGIN = "https://vtt.example"


def test_no_cors_headers_by_default() -> None:
    with TestClient(create_app(Settings())) as client:
        r = client.get("/healthz", headers={"origin": ORIGIN})
        assert "access-control-allow-origin" not in r.headers


def test_listed_origins_get_cors_and_preflight_needs_no_key() -> None:
    settings = Settings(cors_origins=(ORIGIN,), auth=True, api_key_secret="s" * 40)
    with TestClient(create_app(settings)) as client:
        r = client.options(
            "/v1/sessions",
            headers={
                "origin": ORIGIN,
                "access-control-request-method": "POST",
                "access-control-request-headers": "content-type, if-match, authorization",
            },
        )
        assert r.status_code == 200
        assert r.headers["access-control-allow-origin"] == ORIGIN
        assert "if-match" in r.headers["access-control-allow-headers"].lower()
        r = client.get("/healthz", headers={"origin": ORIGIN})
        assert r.headers["access-control-allow-origin"] == ORIGIN
        assert "etag" in r.headers["access-control-expose-headers"].lower()
        other = client.get("/healthz", headers={"origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers


def test_origins_are_normalised_and_a_bad_one_stops_the_start() -> None:
    settings = Settings(cors_origins=("https://VTT.example:443/",))
    with TestClient(create_app(settings)) as client:
        r = client.get("/healthz", headers={"origin": ORIGIN})
        assert r.headers["access-control-allow-origin"] == ORIGIN
    with pytest.raises(SystemExit, match="CRS_CORS_ORIGINS"):
        create_app(Settings(cors_origins=("https://vtt.example/app",)))


# -- the GraphQL websocket: a real handshake on a real server ---------------------------------

SUBSCRIBE = {
    "id": "1",
    "type": "subscribe",
    "payload": {"query": 'subscription { sessionUpdated(sessionId: "nope") { __typename } }'},
}


def handshake(url: str, origin: str | None) -> int | str:
    """Open ``/graphql`` as a browser on ``origin`` would (``None``: a non-browser client
    sends no Origin); the refused handshake's HTTP status, or ``"ack"`` once the
    graphql-transport-ws connection is acknowledged and serves a subscription."""
    try:
        with connect(
            url.replace("http://", "ws://") + "/graphql",
            origin=origin,
            subprotocols=["graphql-transport-ws"],
            open_timeout=10,
        ) as ws:
            ws.send(json.dumps({"type": "connection_init"}))
            assert json.loads(ws.recv(timeout=10))["type"] == "connection_ack"
            ws.send(json.dumps(SUBSCRIBE))
            message = json.loads(ws.recv(timeout=10))
            assert message["type"] == "next", message
            assert message["payload"]["data"]["sessionUpdated"]["__typename"] == "NotFound"
            return "ack"
    except InvalidStatus as refused:
        return refused.response.status_code


@pytest.fixture(scope="module")
def cors_service(start_module_service: Callable[..., ServiceProcess]) -> ServiceProcess:
    return start_module_service({"CRS_CORS_ORIGINS": f"{ORIGIN},http://localhost:5173"})


def test_websocket_from_an_allowed_origin_is_accepted(cors_service: ServiceProcess) -> None:
    assert handshake(cors_service.url, ORIGIN) == "ack"
    assert handshake(cors_service.url, "http://localhost:5173") == "ack"


def test_websocket_from_another_origin_is_refused(cors_service: ServiceProcess) -> None:
    assert handshake(cors_service.url, "https://evil.example") == 403
    assert handshake(cors_service.url, "https://vtt.example.evil.example") == 403
    assert handshake(cors_service.url, "null") == 403


def test_websocket_without_origin_or_from_the_same_origin_is_accepted(
    cors_service: ServiceProcess,
) -> None:
    assert handshake(cors_service.url, None) == "ack"
    assert handshake(cors_service.url, cors_service.url) == "ack"


def test_without_cors_origins_a_cross_origin_websocket_is_refused(
    start_module_service: Callable[..., ServiceProcess],
) -> None:
    service = start_module_service({})
    assert handshake(service.url, ORIGIN) == 403
    assert handshake(service.url, service.url) == "ack"

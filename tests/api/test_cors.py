"""Browser clients on other origins: CORS is off by default and on for listed origins."""

from __future__ import annotations

from starlette.testclient import TestClient

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

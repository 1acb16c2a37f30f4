"""A newcomer's first minute: ``python -m service --help`` says how to run it and starts
nothing; ``--port`` is obeyed; the log says where the service is; ``GET /`` leads on;
the served contract names the service as it was reached."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from service_process import ROOT, ServiceProcess
from starlette.testclient import TestClient

pytestmark = pytest.mark.timeout(180)


def test_help_says_how_to_run_it_and_starts_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "service", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Usage: python -m service")
    assert "--port" in done.stdout and "docs/deployment.md" in done.stdout
    assert "serving on" not in done.stderr


def test_the_port_flag_wins_and_the_log_says_where_to_go(redis_url: str, tmp_path: Path) -> None:
    env = {"REDIS_URL": redis_url, "CRS_REQUIRE_PERSISTENCE": "0"}
    service = ServiceProcess(env, tmp_path / "service.log", port_by_flag=True)
    try:
        service.wait_ready()
        links = httpx.get(service.url + "/", timeout=10).json()
        assert httpx.get(service.url + links["rulesets"], timeout=10).status_code == 200
    finally:
        service.stop()
    assert f"serving on {service.url}: docs {service.url}/docs" in service.output()


def test_the_root_sends_a_browser_to_the_docs_and_any_other_client_the_links(
    client: TestClient,
) -> None:
    browser = client.get("/", headers={"Accept": "text/html,*/*"}, follow_redirects=False)
    assert browser.status_code == 303 and browser.headers["location"] == "/docs"
    links = client.get("/").json()
    assert links["service"] == "combat rules service" and links["docs"] == "/docs"
    for name, path in links.items():
        if name not in {"service", "version"}:
            answer = client.get(path, headers={"Accept": "text/html"})
            assert answer.status_code == 200, (name, path, answer.status_code)


def test_the_contract_names_the_service_as_the_request_reached_it(client: TestClient) -> None:
    assert client.get("/openapi.json").json()["servers"][0]["url"] == "http://testserver"
    elsewhere = client.get("/openapi.json", headers={"Host": "rules.example:9000"}).json()
    assert elsewhere["servers"][0]["url"] == "http://rules.example:9000"

"""Helpers for tests that run the app in process (Starlette's TestClient)."""

from __future__ import annotations

import time

from starlette.testclient import TestClient


def until_ready(client: TestClient, seconds: float = 120.0) -> None:
    """Wait until the started app answers ``/readyz`` 200: its GraphQL door is built (in the
    background, from start-up), so that no test's first GraphQL request waits for it."""
    deadline = time.monotonic() + seconds
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, "the app did not get ready"
        time.sleep(0.05)

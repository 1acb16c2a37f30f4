from __future__ import annotations

from collections.abc import Iterator

import pytest
from doors import Door, GraphQL, Rest
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(max_body_bytes=64 * 1024))) as c:
        yield c


@pytest.fixture(params=["rest", "graphql"])
def door(request: pytest.FixtureRequest, client: TestClient) -> Door:
    return Rest(client) if request.param == "rest" else GraphQL(client)

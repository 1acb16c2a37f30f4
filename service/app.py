"""The application factory: both doors and the health routes on one Starlette app."""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from strawberry.asgi import GraphQL

from service.api.graphql.playground import playground_html
from service.api.graphql.schema import schema
from service.api.rest import routes as rest_routes
from service.api.rest.openapi import build_openapi
from service.settings import Settings


class GraphQLApp(GraphQL[Any, Any]):
    def __init__(self, settings: Settings) -> None:
        super().__init__(schema, graphql_ide="graphiql" if settings.graphql_playground else None)
        self._html = playground_html()

    async def render_graphql_ide(self, request: Request) -> Response:
        return HTMLResponse(self._html)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()
    openapi = build_openapi()

    async def openapi_json(request: Request) -> Response:
        return JSONResponse(openapi)

    async def healthz(request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    graphql = GraphQLApp(settings)
    app = Starlette(
        routes=[
            *rest_routes(settings),
            Route("/openapi.json", openapi_json, methods=["GET"], include_in_schema=False),
            Route("/healthz", healthz, methods=["GET"]),
            Route("/graphql", graphql, methods=["GET", "POST"]),
        ],
    )
    app.state.settings = settings
    return app

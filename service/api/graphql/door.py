"""The GraphQL door as one ASGI app: the settings' schema behind :class:`GraphQLView`, with
GraphiQL served as one of the service's pages (its CSP, its vendored assets) and the
websocket handshake's ``Origin`` checked against the CORS origins (browsers apply no CORS
to websockets)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from service.api.graphql.playground import PLAYGROUND_CSP, playground_html
from service.api.graphql.schema import build_schema
from service.api.graphql.view import GraphQLView
from service.api.pages import page_response
from service.settings import Settings


class GraphQLApp(GraphQLView):
    def __init__(self, settings: Settings, origins: tuple[str, ...]) -> None:
        super().__init__(
            build_schema(settings),
            settings,
            graphql_ide="graphiql" if settings.graphql_playground else None,
            allowed_origins=origins,
        )

    async def render_graphql_ide(self, request: Request) -> Response:
        return page_response(playground_html(), PLAYGROUND_CSP)

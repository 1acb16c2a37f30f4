"""The REST door: one ``POST /v1/<action>`` route per engine action, JSON in and out."""

from __future__ import annotations

import functools
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import ValidationError
from starlette._utils import get_route_path
from starlette.datastructures import URLPath
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Match, NoMatchFound, Route
from starlette.types import Receive, Scope, Send

from service.api.core import (
    Kind,
    Problem,
    from_validation_error,
    invalid,
    minimal_json,
    problem_response,
    run_action,
)
from service.api.models import MODELS, ActionModels
from service.api.pool import engine_pool, inline_candidate, is_light, runs_inline
from service.api.rest.preferences import answered, prefers_minimal
from service.jsontext import DuplicateKey, find_duplicate_key
from service.settings import Settings

JSON = "application/json"

Endpoint = Callable[[Request], Awaitable[Response]]


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refusing more than ``limit`` bytes with a 413 problem."""
    too_large = Problem(
        Kind.TOO_LARGE,
        "body-too-large",
        "Request body too large",
        f"the request body is larger than {limit} bytes",
    )
    declared = request.headers.get("content-length")
    if declared is not None and declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def check_json(request: Request, *, optional_body: bool = False) -> None:
    """Refuse a body that is not declared JSON (415): a body without ``Content-Type`` is
    not taken as JSON. ``optional_body``: no body at all is fine (a session action)."""
    declared = request.headers.get("content-type")
    if declared is None:
        if optional_body and request.headers.get("content-length", "0") == "0":
            return
        raise Problem(
            Kind.UNSUPPORTED_MEDIA_TYPE,
            "unsupported-media-type",
            "Unsupported media type",
            f"the request has no Content-Type; send the body as JSON with `Content-Type: {JSON}`",
        )
    content_type = declared.split(";")[0].strip().lower()
    if content_type != JSON and not content_type.endswith("+json"):
        raise Problem(
            Kind.UNSUPPORTED_MEDIA_TYPE,
            "unsupported-media-type",
            "Unsupported media type",
            f"send the body as {JSON}, not {content_type}",
        )


def parse(adapter: Any, body: bytes, root: type) -> Any:
    """``body`` validated by ``adapter`` (of type ``root``); a 422 problem if it is invalid."""
    if not body.strip():
        raise invalid("the request body is empty; send a JSON object")
    try:
        find_duplicate_key(body)
    except DuplicateKey as e:
        raise invalid(str(e), e.path) from None
    try:
        return adapter.validate_json(body)
    except ValidationError as e:
        raise from_validation_error(e, root=root) from None


def handles_problems(endpoint: Endpoint) -> Endpoint:
    async def wrapper(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Problem as problem:
            return problem_response(problem)

    return wrapper


def action_endpoint(models: ActionModels, settings: Settings) -> Endpoint:
    adapter = models.request_adapter
    dump = models.response_adapter.dump_json

    def respond(parsed: Any, minimal: bool, stop: threading.Event) -> bytes:
        response = run_action(models, parsed.encounter, parsed, stop=stop)
        if minimal:
            return minimal_json(models, parsed.encounter, response)
        content: bytes = dump(response, by_alias=True)
        return content

    def answer(body: bytes, minimal: bool, stop: threading.Event) -> bytes:
        return respond(parse(adapter, body, models.request), minimal, stop)

    @handles_problems
    async def endpoint(request: Request) -> Response:
        check_json(request)
        body = await read_body(request, settings.max_body_bytes)
        name, size = models.spec.name, len(body)
        minimal = prefers_minimal(request)
        pool = engine_pool(request)
        if inline_candidate(name, size):
            parsed = parse(adapter, body, models.request)
            inline = runs_inline(name, parsed.encounter)
            content = await pool.run(
                functools.partial(respond, parsed, minimal), light=True, inline=inline
            )
        else:
            content = await pool.run(
                functools.partial(answer, body, minimal), light=is_light(name, size)
            )
        return answered(Response(content, media_type=JSON), minimal=minimal)

    return endpoint


async def route_not_found(request: Request, exc: Exception) -> Response:
    """A path no route has: 404 problem+json."""
    return problem_response(
        Problem(
            Kind.NOT_FOUND,
            "route-not-found",
            "Not found",
            f"no route answers {request.url.path}; every route is in /openapi.json",
        )
    )


async def method_not_allowed(request: Request, exc: Exception) -> Response:
    """A route asked with a method it does not answer: 405 problem+json with ``Allow``."""
    headers = dict(getattr(exc, "headers", None) or {})
    allowed = headers.get("Allow", "")
    return problem_response(
        Problem(
            Kind.METHOD_NOT_ALLOWED,
            "method-not-allowed",
            "Method not allowed",
            f"{request.method} is not allowed on {request.url.path}; use {allowed}",
            headers=headers,
        )
    )


EXCEPTION_HANDLERS: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
    404: route_not_found,
    405: method_not_allowed,
}
"""The app's handlers of Starlette's routing errors: problems, like every other error."""


class LastSegment(BaseRoute):
    """Routes whose paths differ only in their last segment (``/v1/{slug}``), tried by one
    lookup of that segment instead of one regular expression each: Starlette tries routes
    in order, and 70-odd action routes cost a request about 30 µs to walk.

    The route found is the request's ``scope["route"]``, as if it had been matched alone.
    """

    def __init__(self, routes: list[Route]) -> None:
        self.routes = routes
        self._by_segment = {route.path.rsplit("/", 1)[1]: route for route in routes}
        if len(self._by_segment) != len(routes):
            raise ValueError("the routes' last segments must differ")

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] != "http":
            return Match.NONE, {}
        route = self._by_segment.get(get_route_path(scope).rsplit("/", 1)[-1])
        if route is None:
            return Match.NONE, {}
        match, child_scope = route.matches(scope)
        if match is not Match.NONE:
            child_scope["route"] = route
        return match, child_scope

    def url_path_for(self, name: str, /, **path_params: Any) -> URLPath:
        for route in self.routes:
            try:
                return route.url_path_for(name, **path_params)
            except NoMatchFound:
                continue
        raise NoMatchFound(name, path_params)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        await scope["route"].handle(scope, receive, send)


def routes(settings: Settings) -> list[BaseRoute]:
    return [
        LastSegment(
            [
                Route(
                    f"/v1/{m.spec.slug}",
                    action_endpoint(m, settings),
                    methods=["POST"],
                    name=m.spec.name,
                )
                for m in MODELS.values()
            ]
        )
    ]

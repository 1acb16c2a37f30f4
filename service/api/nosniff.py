"""``X-Content-Type-Options: nosniff`` on every HTTP answer, in the style of Starlette's
middleware (a plain ASGI app around the app).

A browser that sniffs could take a JSON answer echoing a client's text (a problem's
``detail``, a combatant's name) for HTML or script; ``nosniff`` holds it to the declared
``Content-Type``. The pages set it too, with their CSP; an answer that already has it is
left as it is.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

HEADER = "X-Content-Type-Options"


class NoSniffMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault(HEADER, "nosniff")
            await send(message)

        await self.app(scope, receive, send_with_header)

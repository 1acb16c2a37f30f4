"""The baseline: a bare Starlette app whose one endpoint echoes the JSON body it is sent.

It reads the body, parses it and answers it back as ``JSONResponse`` — the least a JSON
endpoint can do — and is served exactly like the service (same uvicorn options, one worker).
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


async def echo(request: Request) -> JSONResponse:
    return JSONResponse(await request.json())


app = Starlette(routes=[Route("/{path:path}", echo, methods=["POST"])])

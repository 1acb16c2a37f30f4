"""The service's own web pages, served with every asset they load: nothing from a CDN.

- ``GET /docs``: the REST reference (Swagger UI) on ``/openapi.json``.
- ``GET /graphql`` with ``Accept: text/html``: the GraphQL playground (GraphiQL), built by
  :mod:`service.api.graphql.playground` with :func:`page_response`.
- ``GET /static/...``: the pages' scripts and styles. ``/static/vendor/<package>-<version>/``
  holds the third-party files, pinned and committed with their licences
  (``vendor/VENDORED.json``; ``scripts/vendor_assets.py`` refreshes them), cached for a year
  since a new version gets a new path; the service's own files are revalidated each time.

The pages answer with a strict Content-Security-Policy (:func:`csp`): scripts, styles,
fonts and connections from the service's own origin only (``'self'`` covers its websocket
too), images and fonts also as ``data:`` URLs (GraphiQL's stylesheet embeds its fonts and
icons), no inline script, no frames, no plugins; a page may allow a few exact ``<style>``
elements by hash (the playground's menus insert one). The pages keep to it: their settings
travel as a JSON data block, which a browser never runs.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import PathLike, StaticFiles
from starlette.types import Scope

from service import __version__

STATIC = Path(__file__).resolve().parent / "static"
VENDOR = STATIC / "vendor"


def csp(style_hashes: tuple[str, ...] = ()) -> str:
    """The policy of a page; ``style_hashes`` lets a page's script insert those exact
    ``<style>`` elements (the SHA-256 of their text), and no other."""
    styles = " ".join(["'self'", *(f"'sha256-{h}'" for h in style_hashes)])
    return "; ".join(
        [
            "default-src 'none'",
            "script-src 'self'",
            f"style-src {styles}",
            "connect-src 'self'",
            "font-src 'self' data:",
            "img-src 'self' data:",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )


CSP = csp()
"""The policy of the pages that need nothing more."""


def style_hash(text: str) -> str:
    """The CSP hash of a ``<style>`` element's text."""
    return base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def page_headers(policy: str = CSP) -> dict[str, str]:
    return {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    }


IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


@cache
def vendored() -> dict[str, dict[str, Any]]:
    """The vendored packages by npm name, as ``vendor/VENDORED.json`` lists them."""
    packages: list[dict[str, Any]] = json.loads((VENDOR / "VENDORED.json").read_text())["packages"]
    return {p["name"]: p for p in packages}


def asset(package: str, file: str) -> str:
    """The URL of a vendored file, relative to a page at the root (``/docs``, ``/graphql``),
    so that the pages also work below a path prefix."""
    entry = vendored()[package]
    if file not in entry["files"]:
        raise KeyError(f"{package} vendors no {file}")
    return f"static/vendor/{entry['directory']}/{file}"


def own(file: str) -> str:
    """The URL of one of the service's own static files."""
    if not (STATIC / file).is_file():
        raise KeyError(f"no static file {file}")
    return f"static/{file}"


def data_block(element_id: str, value: Any) -> str:
    """``value`` as a JSON data block: read by the page's script, never run by the browser."""
    text = json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e")
    return f'<script id="{element_id}" type="application/json">{text}</script>'


def page_response(html: str, policy: str = CSP) -> Response:
    return HTMLResponse(html, headers=page_headers(policy))


def page(title: str, styles: list[str], scripts: list[str], body: str) -> str:
    links = "".join(f'\n    <link rel="stylesheet" href="{href}">' for href in styles)
    tags = "".join(f'\n    <script src="{src}"></script>' for src in scripts)
    return f"""<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{title}</title>
    <link rel="icon" href="data:,">{links}
  </head>
  <body>
    {body}{tags}
  </body>
</html>
"""


@cache
def docs_html() -> str:
    return page(
        "Combat rules service: REST API",
        [asset("swagger-ui-dist", "swagger-ui.css"), own("docs.css")],
        [asset("swagger-ui-dist", "swagger-ui-bundle.js"), own("docs.js")],
        '<div id="swagger-ui"><p class="loading">Loading the API reference…</p></div>\n    '
        + data_block("docs-config", {"openapi": "openapi.json"}),
    )


async def docs(request: Request) -> Response:
    """``GET /docs``: Swagger UI on the service's OpenAPI document."""
    return page_response(docs_html())


class Assets(StaticFiles):
    """Static files; vendored ones are immutable (a new version is a new path)."""

    def file_response(
        self,
        full_path: PathLike,
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        vendored_file = Path(full_path).resolve().is_relative_to(VENDOR)
        response.headers["Cache-Control"] = IMMUTABLE if vendored_file else REVALIDATE
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


LINKS = {
    "docs": "/docs",
    "openapi": "/openapi.json",
    "graphql": "/graphql",
    "play": "/play",
    "rulesets": "/v1/rulesets",
    "health": "/healthz",
}
"""Where a newcomer goes from ``GET /``: the docs, the contract, the playground, the battle
map, the rulesets and the health check."""


async def index(request: Request) -> Response:
    """``GET /``: a browser goes to the docs (``/docs``); any other client gets the links."""
    if "text/html" in request.headers.get("accept", ""):
        return RedirectResponse("/docs", status_code=303)
    return JSONResponse({"service": "combat rules service", "version": __version__, **LINKS})


def routes() -> list[BaseRoute]:
    return [
        Route("/", index, methods=["GET"], include_in_schema=False),
        Route("/docs", docs, methods=["GET"], include_in_schema=False),
        Mount("/static", Assets(directory=STATIC), name="static"),
    ]

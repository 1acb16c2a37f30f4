"""``GET /play``: the battle map, a page where a person runs a fight on a session.

The page is plain JavaScript on ``fetch``, ES modules with no build step (``static/play/``:
``play.js`` imports ``grid.js``, ``live.js`` and ``builder.js``, the encounter builder, which
imports ``builder-form.js`` and ``builder-file.js``), served like ``/docs`` by
:mod:`service.api.pages`: every asset from the service, the same strict
Content-Security-Policy, no inline script. What it needs from the service's own code travels
in a JSON data block (``#play-config``):

- ``samples``: the sample encounters, one JSON file each under ``static/play/samples/``
  (``{"title", "encounter"}``), listed with their ruleset and grid;
- ``actions``: every action of the registry with the rulesets that have it (the page shows
  a button for those of the session's ruleset; their fields come from ``/openapi.json``),
  and whether it is the DM's alone (a player's view, opened from a seat link, hides those);
- ``extents``: each ruleset's size ladder (the side of a creature's space in cells), to draw
  creatures by size and footprint;
- ``live``: how the page follows a session, ``sse`` when the service has the
  ``GET /v1/sessions/{id}/stream`` route, else the GraphQL subscription ``sessionUpdated``;
- ``proposalPollSeconds``: how often the DM's page lists the proposals waiting while its
  stream is open (``CRS_PLAY_PROPOSAL_POLL_SECONDS``; the stream tells it of new ones).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from service.api.pages import STATIC, data_block, own, page, page_response
from service.rules import ACTIONS, REGISTRY
from service.rules.acting import is_the_dms
from service.rules.model import ABILITIES, Cond
from service.settings import Settings

PLAY = STATIC / "play"
SAMPLES = PLAY / "samples"
TITLE = "Combat rules service: battle map"
HAND_SET_CONDITIONS = tuple(
    c.value
    for c in Cond
    if c not in {Cond.DODGING, Cond.DISENGAGED, Cond.HIDDEN, Cond.SQUEEZING, Cond.ASLEEP}
)
"""The conditions the map's DM puts on a creature in one click (the others come with the
action that makes them: dodge, disengage, hide, squeezing in, the fey critical band)."""


@cache
def samples() -> list[dict[str, Any]]:
    """The sample encounters, in file-name order."""
    out = []
    for path in sorted(SAMPLES.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        encounter = document["encounter"]
        grid = encounter.get("grid", {})
        out.append(
            {
                "id": path.stem,
                "title": document["title"],
                "ruleset": encounter["ruleset"],
                "grid": grid.get("kind", "square"),
                "orientation": grid.get("hexOrientation", "pointy"),
                "url": own(f"play/samples/{path.name}"),
            }
        )
    return out


def config(live: str, proposal_poll_seconds: int = 30) -> dict[str, Any]:
    return {
        "live": live,
        "proposalPollSeconds": proposal_poll_seconds,
        "samples": samples(),
        "actions": [
            {
                "slug": spec.slug,
                "name": spec.name,
                "summary": spec.summary,
                "query": spec.query,
                "dm": is_the_dms(spec),
                "rulesets": None if spec.rulesets is None else sorted(spec.rulesets),
            }
            for spec in ACTIONS
        ],
        "extents": {rid: dict(ruleset.square_extent) for rid, ruleset in REGISTRY.items()},
        "conditions": list(HAND_SET_CONDITIONS),
        "abilities": list(ABILITIES),
    }


@cache
def play_html(live: str, proposal_poll_seconds: int = 30) -> str:
    body = (PLAY / "body.html").read_text(encoding="utf-8")
    script = f'<script type="module" src="{own("play/play.js")}"></script>'
    return page(
        TITLE,
        [own("play/play.css")],
        [],
        "\n    ".join(
            [body, data_block("play-config", config(live, proposal_poll_seconds)), script]
        ),
    )


def live_transport(request: Request) -> str:
    """``sse`` if the app serves ``GET /v1/sessions/{id}/stream``, else ``graphql``."""
    for route in request.app.routes:
        path = getattr(route, "path", "")
        if path.startswith("/v1/sessions/{") and path.endswith("}/stream"):
            return "sse"
    return "graphql"


async def play(request: Request) -> Response:
    """``GET /play``: the battle map."""
    settings: Settings = request.app.state.settings
    return page_response(play_html(live_transport(request), settings.play_proposal_poll_seconds))


def routes() -> list[BaseRoute]:
    return [Route("/play", play, methods=["GET"], include_in_schema=False)]

"""The live table (issue 26, docs/play.md), in two headless Chromiums, every request outside
the service refused, on a service whose DM's page does not poll for proposals while its
stream is open (``CRS_PLAY_PROPOSAL_POLL_SECONDS=0``), so that only the stream can tell it:

- a player proposes from a seat link and the DM's page lists the proposal as the stream's
  ``event: proposal`` tells of it, and says so in its live region;
- the DM's writes (the approval, a condition put on in one click) are said in the player's
  live region (``#announce``), in the words of the new version's events.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_support import Chromium, Page, serving
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(240)

VIEWPORT = {"width": 1280, "height": 1440, "deviceScaleFactor": 1, "mobile": False}
STATE = """(() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const config = document.getElementById("play-config");
  if (!config || !document.getElementById("proposal-list")) {
    return { state: "loading", version: 0, view: "", liveStatus: "", seatLink: "",
             proposed: "", proposals: [], announce: "", badges: {}, poll: null };
  }
  return {
    state: document.body.dataset.state || "",
    view: document.body.dataset.view || "dm",
    version: Number(document.body.dataset.version || 0),
    liveStatus: document.getElementById("live-status").className,
    busy: document.body.dataset.busy || "",
    proposed: document.body.dataset.proposed || "",
    seatLink: document.getElementById("seat-link").value,
    proposals: all("#proposal-list li").map((li) => li.dataset.proposalId),
    announce: document.getElementById("announce").textContent.replace(/\\u00a0$/, ""),
    badges: Object.fromEntries(all("#roster li").map((li) => [li.dataset.id,
      [...li.querySelectorAll(".badge")].map((b) => b.dataset.condition)])),
    poll: JSON.parse(config.textContent).proposalPollSeconds,
  };
})()"""


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with serving(tmp_path_factory.mktemp("service"), CRS_PLAY_PROPOSAL_POLL_SECONDS="0") as process:
        yield process


@pytest.fixture
def second_browser(chromium_binary: str, tmp_path: Path) -> Iterator[Chromium]:
    """The player's own browser: another Chromium, another profile, no shared storage."""
    chromium = Chromium(chromium_binary, tmp_path / "player-chromium.log")
    try:
        yield chromium
    finally:
        chromium.stop()


@contextlib.contextmanager
def play_page(browser: Chromium, service: ServiceProcess) -> Iterator[Page]:
    with browser.page() as page:
        page.allow_only(service.url)
        page.send("Emulation.setDeviceMetricsOverride", VIEWPORT)
        yield page
        assert page.exceptions == [], page.exceptions
        assert page.csp_violations() == []
        assert page.blocked == [], f"the page asked for something outside: {page.blocked}"


def state_of(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


def click(page: Page, expression: str) -> None:
    page.send("Page.bringToFront")
    page.click(expression)


def button(selector: str) -> str:
    return f"document.querySelector('{selector}')"


def words_of(base: str, version: int) -> str:
    """What a page says of a version: its events' messages, in order."""
    events = httpx.get(f"{base}/events", params={"offset": 0, "limit": 200}, timeout=10).json()
    return ". ".join(
        e["data"]["message"]
        for e in events["items"]
        if e["version"] == version and e["data"].get("message")
    )


def test_the_dms_page_is_told_of_a_proposal_and_the_player_hears_the_dms_writes(
    browser: Chromium, second_browser: Chromium, service: ServiceProcess
) -> None:
    with play_page(browser, service) as dm, play_page(second_browser, service) as player:
        dm.navigate(service.url + "/play")
        dm.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
        click(dm, button('[data-sample="1-d20-gate"]'))
        session_id: str = dm.wait_for(
            "document.body.dataset.version === '1' && new URLSearchParams(location.search)"
            ".get('session')",
            bool,
            what="the session",
        )
        base = f"{service.url}/v1/sessions/{session_id}"
        rolled = httpx.post(f"{base}/roll-initiative", json={}, timeout=10)
        assert rolled.status_code == 200, rolled.text
        while rolled.json()["encounter"]["turnOf"] != "aria":
            rolled = httpx.post(f"{base}/next-turn", json={}, timeout=10)
        version = rolled.json()["session"]["version"]
        seen = dm.wait_for(
            STATE,
            lambda s: s["version"] == version and "on" in s["liveStatus"],
            what="the DM's page at Aria's turn, following the session",
        )
        assert seen["poll"] == 0  # the fallback poll is off: only the stream can tell

        # The DM invites a player for Aria, whose actions need approval.
        click(dm, button('[data-select="aria"]'))
        click(dm, "document.getElementById('seat-approval')")
        click(dm, "document.getElementById('invite')")
        link: str = dm.wait_for(STATE, lambda s: bool(s["seatLink"]), what="the seat link")[
            "seatLink"
        ]
        player.navigate(link)
        player.wait_for(
            STATE,
            lambda s: s["view"] == "player" and s["version"] == version and "on" in s["liveStatus"],
            what="the player's view, following the session",
        )

        # The player dodges: a proposal, which the DM's page learns of from its stream.
        click(player, button('[data-action="dodge"]'))
        player.wait_for(f"!!{button('[data-run=dodge]')}", bool, what="the dodge form")
        click(player, button("[data-run=dodge]"))
        proposed = player.wait_for(STATE, lambda s: bool(s["proposed"]), what="the proposal")[
            "proposed"
        ]
        told = dm.wait_for(
            STATE,
            lambda s: s["proposals"] == [proposed],
            timeout=30,
            what="the DM's page listing the proposal (told by its stream, no poll)",
        )
        assert told["version"] == version
        assert told["announce"] == "Proposed for Aria: dodge"

        # The DM approves it: the DM's page says it approved, the player's what it did.
        click(dm, button(f'[data-approve="{proposed}"]'))
        dm.wait_for(STATE, lambda s: s["version"] == version + 1, what="the approval's version")
        approved = words_of(base, version + 1)
        assert approved  # the dodge's events have words
        heard = player.wait_for(
            STATE,
            lambda s: s["version"] == version + 1 and s["announce"] == approved,
            what="the player's page saying the approved dodge",
        )
        assert "dodging" in heard["badges"]["aria"]
        dm.wait_for(
            STATE,
            lambda s: (
                s["version"] == version + 1
                and s["proposals"] == []
                and s["announce"] == f"Approved: {approved}"
            ),
            what="the DM's page saying its approval (once, not as another's write)",
        )

        # A write of the DM's own: Aria knocked prone, in one click; her player hears it.
        click(dm, button('[data-toggle-condition="prone"]'))
        dm.wait_for(STATE, lambda s: s["version"] == version + 2, what="the DM's write")
        knocked = words_of(base, version + 2)
        assert knocked
        player.wait_for(
            STATE,
            lambda s: s["version"] == version + 2 and s["announce"] == knocked,
            what="the player's page saying the DM's write",
        )
        assert state_of(player)["badges"]["aria"].count("prone") == 1

        # The player proposes to stand up, and the DM rejects it (the DM's app, over REST): the
        # player's page is told by its stream (no poll), in its notice line; the DM's page
        # lists nothing; nothing is written, and Aria is still prone.
        click(player, button('[data-action="stand-up"]'))
        player.wait_for(f"!!{button('[data-run=stand-up]')}", bool, what="the stand-up form")
        click(player, button("[data-run=stand-up]"))
        again = player.wait_for(
            STATE, lambda s: s["proposed"] not in ("", proposed), what="the second proposal"
        )["proposed"]
        dm.wait_for(
            STATE, lambda s: s["proposals"] == [again], timeout=30, what="the second proposal"
        )
        rejected = httpx.post(f"{base}/proposals/{again}/reject", timeout=30)
        assert rejected.status_code == 204, rejected.text
        told = player.wait_for(
            "document.getElementById('notice').textContent",
            lambda text: text.startswith("The DM rejected"),
            timeout=30,
            what="the player's page told of the rejection",
        )
        assert told == "The DM rejected your proposal for Aria: stand up"
        dm.wait_for(STATE, lambda s: s["proposals"] == [], timeout=30, what="the DM's list emptied")
        assert state_of(player)["version"] == version + 2
        assert state_of(player)["badges"]["aria"].count("prone") == 1

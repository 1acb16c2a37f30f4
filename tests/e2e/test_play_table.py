"""The battle map as a DM's table (docs/seats.md, docs/play.md), in headless Chromium, every
request outside the service refused:

- the DM invites a player for Aria with approval on; the seat link opens the player's view
  in another browser (only Aria's controls, none of the DM's); the player's dodge becomes a
  proposal, the DM approves it, and both pages show it;
- conditions and saving throws in one click, the DM's and a player's, and the free dice
  roller;
- on a touch screen a tap previews and a second tap acts, and an act the preview shows
  refused is not sent.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_support import Chromium, Page
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(240)

VIEWPORT = {"width": 1280, "height": 1440, "deviceScaleFactor": 1, "mobile": False}
STATE = """(() => {
  const all = (s) => [...document.querySelectorAll(s)];
  if (!document.getElementById("play-config") || !document.getElementById("proposal-list")) {
    return { state: "loading", version: 0, view: "", liveStatus: "", seatLink: "",
             proposed: "", proposals: [], badges: {}, toggles: {}, saves: [],
             preview: {}, diceOut: "" };
  }
  return {
    state: document.body.dataset.state || "",
    view: document.body.dataset.view || "dm",
    version: Number(document.body.dataset.version || 0),
    liveStatus: document.getElementById("live-status").className,
    busy: document.body.dataset.busy || "",
    proposed: document.body.dataset.proposed || "",
    notice: document.getElementById("notice").hidden ? ""
      : document.getElementById("notice").textContent,
    seatTag: document.getElementById("seat-tag").hidden ? ""
      : document.getElementById("seat-tag").textContent,
    seatLink: document.getElementById("seat-link").value,
    actor: document.querySelector("#actor h2")?.textContent || "",
    actions: all("#action-buttons button").map((b) => b.dataset.action),
    undoShown: !document.getElementById("undo").hidden,
    proposals: all("#proposal-list li").map((li) => li.dataset.proposalId),
    badges: Object.fromEntries(all("#roster li").map((li) => [li.dataset.id,
      [...li.querySelectorAll(".badge")].map((b) => b.dataset.condition)])),
    toggles: Object.fromEntries(all("#actor [data-toggle-condition]").map((b) =>
      [b.dataset.toggleCondition, b.getAttribute("aria-pressed")])),
    saves: all("#actor [data-save]").map((b) => b.dataset.save),
    diceOut: document.getElementById("dice-out").textContent,
    preview: { kind: document.getElementById("preview").dataset.kind || "",
               legal: document.getElementById("preview").dataset.legal || "",
               text: document.getElementById("preview").textContent },
  };
})()"""


def state_of(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


def click(page: Page, expression: str) -> None:
    page.send("Page.bringToFront")
    page.click(expression)


def button(selector: str) -> str:
    return f"document.querySelector('{selector}')"


@contextlib.contextmanager
def play_page(browser: Chromium, service: ServiceProcess) -> Iterator[Page]:
    with browser.page() as page:
        page.allow_only(service.url)
        page.send("Emulation.setDeviceMetricsOverride", VIEWPORT)
        yield page
        assert page.exceptions == [], page.exceptions
        assert page.csp_violations() == []
        assert page.blocked == [], f"the page asked for something outside: {page.blocked}"


@pytest.fixture
def second_browser(chromium_binary: str, tmp_path: Path) -> Iterator[Chromium]:
    """The player's own browser: another Chromium, another profile, no shared storage."""
    chromium = Chromium(chromium_binary, tmp_path / "player-chromium.log")
    try:
        yield chromium
    finally:
        chromium.stop()


def test_a_player_proposes_from_a_seat_link_and_the_dm_approves(
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
        version = rolled.json()["session"]["version"]
        while rolled.json()["encounter"]["turnOf"] != "aria":
            rolled = httpx.post(f"{base}/next-turn", json={}, timeout=10)
            version = rolled.json()["session"]["version"]
        dm.wait_for(STATE, lambda s: s["version"] == version, what="the DM's page at the turn")

        # The DM invites a player for Aria, whose actions need approval.
        click(dm, button('[data-select="aria"]'))
        click(dm, "document.getElementById('seat-approval')")
        click(dm, "document.getElementById('invite')")
        link: str = dm.wait_for(STATE, lambda s: bool(s["seatLink"]), what="the seat link")[
            "seatLink"
        ]
        assert "#seat=seat." in link

        # The player's view: Aria's controls only.
        player.navigate(link)
        seen = player.wait_for(
            STATE,
            lambda s: s["view"] == "player" and s["version"] == version and "on" in s["liveStatus"],
            what="the player's view, following the session",
        )
        assert "Aria" in seen["seatTag"] and "approves" in seen["seatTag"]
        assert seen["actor"].startswith("Aria")
        assert "dodge" in seen["actions"]
        assert not {"roll-initiative", "add-combatant", "update-combatant"} & set(seen["actions"])
        assert not seen["undoShown"]

        # The player dodges: a proposal, nothing applied.
        click(player, button('[data-action="dodge"]'))
        player.wait_for(f"!!{button('[data-run=dodge]')}", bool, what="the dodge form")
        click(player, button("[data-run=dodge]"))
        proposed = player.wait_for(STATE, lambda s: bool(s["proposed"]), what="the proposal")
        assert "waiting for approval" in proposed["notice"]
        assert httpx.get(base, timeout=10).json()["version"] == version

        # The DM sees it, approves it; both pages show Aria dodging at the next version.
        waiting = dm.wait_for(
            STATE, lambda s: s["proposals"] == [proposed["proposed"]], what="the DM's queue"
        )
        assert waiting["version"] == version
        click(dm, button(f'[data-approve="{proposed["proposed"]}"]'))
        for page, who in ((dm, "the DM"), (player, "the player")):
            page.wait_for(
                STATE,
                lambda s: (
                    s["version"] == version + 1
                    and "dodging" in s["badges"].get("aria", [])
                    and s["proposals"] == []
                ),
                what=f"{who}'s page with the dodge, and no proposal left",
            )


def test_conditions_and_saving_throws_take_one_click(
    browser: Chromium, second_browser: Chromium, service: ServiceProcess
) -> None:
    """The DM puts prone on Aria and takes it off again (her odds to hit drop and come back,
    d20.cond); her player, from a seat without approval, has her save buttons but no
    condition toggles, and rolls a dexterity save against the DC typed."""
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
        click(dm, button('[data-select="aria"]'))
        seen = dm.wait_for(
            STATE, lambda s: s["actor"].startswith("Aria") and s["toggles"], what="the toggles"
        )
        assert seen["toggles"]["prone"] == "false" and len(seen["saves"]) == 6

        # Aria throws her javelin at Grisk: with disadvantage while she is prone.
        odds = {"attackerId": "aria", "targetId": "grisk", "attackName": "javelin"}
        read = httpx.post(f"{base}/attack-odds", json=odds, timeout=10)
        assert read.status_code == 200, read.text
        standing = read.json()["outcome"]

        click(dm, button('[data-toggle-condition="prone"]'))
        dm.wait_for(
            STATE,
            lambda s: (
                s["version"] == 2
                and "prone" in s["badges"]["aria"]
                and s["toggles"]["prone"] == "true"
            ),
            what="Aria prone",
        )
        lying = httpx.post(f"{base}/attack-odds", json=odds, timeout=10).json()["outcome"]
        assert lying["hit"] < standing["hit"]  # a prone creature attacks with disadvantage
        click(dm, button('[data-toggle-condition="prone"]'))
        dm.wait_for(
            STATE,
            lambda s: s["version"] == 3 and "prone" not in s["badges"]["aria"],
            what="Aria standing again",
        )
        again = httpx.post(f"{base}/attack-odds", json=odds, timeout=10).json()["outcome"]
        assert again["hit"] == standing["hit"]

        # Her player: saves, no toggles; a dexterity save against DC 12, in one click.
        click(dm, "document.getElementById('invite')")
        link: str = dm.wait_for(STATE, lambda s: bool(s["seatLink"]), what="the seat link")[
            "seatLink"
        ]
        player.navigate(link)
        mine = player.wait_for(
            STATE,
            lambda s: s["view"] == "player" and s["version"] == 3 and s["saves"],
            what="the player's view",
        )
        assert mine["toggles"] == {}
        player.evaluate(
            "(() => { const dc = document.getElementById('save-dc'); dc.value = '12';"
            " dc.dispatchEvent(new Event('input')); })()"
        )
        click(player, button('[data-save="dexterity"]'))
        for page in (player, dm):
            page.wait_for(STATE, lambda s: s["version"] == 4, what="the save's version")
        events = httpx.get(f"{base}/events", params={"offset": 0, "limit": 100}, timeout=10)
        rolls = [
            e["data"]
            for e in events.json()["items"]
            if e["version"] == 4 and e["data"]["type"] == "roll"
        ]
        assert rolls and rolls[0]["actor"] == "aria" and rolls[0]["data"]["dc"] == 12

        # The free dice roller: the player rolls 2d6+3 as Aria; the DM rolls as the DM.
        player.evaluate("document.getElementById('dice-expression').value = '2d6+3'")
        click(player, "document.getElementById('roll-dice')")
        shown = player.wait_for(STATE, lambda s: bool(s["diceOut"]), what="the player's roll")
        total = int(shown["diceOut"].rsplit(": ", 1)[1])
        assert shown["diceOut"].startswith("2d6+3: ") and 5 <= total <= 15
        click(dm, "document.getElementById('roll-dice')")
        dm.wait_for(STATE, lambda s: s["version"] == 6 and bool(s["diceOut"]), what="the DM's roll")
        steps = httpx.get(f"{base}/replay", timeout=10).json()["items"]
        assert [(s["action"], s["params"].get("combatantId")) for s in steps[-2:]] == [
            ("rollDice", "aria"),
            ("rollDice", None),
        ]


def test_a_tap_previews_a_second_acts_and_a_refused_act_is_not_sent(
    browser: Chromium, service: ServiceProcess
) -> None:
    """On a touch screen (no hover): Aria's longsword can't reach Grisk, five squares off, so
    the first tap shows the refusal and the second sends nothing (d20.grid.range); a tap on
    the next square shows the path, the second moves her there."""
    with play_page(browser, service) as page:
        page.navigate(service.url + "/play")
        page.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
        click(page, button('[data-sample="1-d20-gate"]'))
        session_id: str = page.wait_for(
            "document.body.dataset.version === '1' && new URLSearchParams(location.search)"
            ".get('session')",
            bool,
            what="the session",
        )
        base = f"{service.url}/v1/sessions/{session_id}"
        rolled = httpx.post(f"{base}/roll-initiative", json={}, timeout=10)
        while rolled.json()["encounter"]["turnOf"] != "aria":
            rolled = httpx.post(f"{base}/next-turn", json={}, timeout=10)
        version = rolled.json()["session"]["version"]
        page.wait_for(
            STATE,
            lambda s: s["version"] == version and s["actor"].startswith("Aria"),
            what="Aria's turn",
        )

        page.tap(button('#board .token[data-id="grisk"]'))
        refused = page.wait_for(
            STATE, lambda s: s["preview"]["legal"] == "false", what="the refusal previewed"
        )
        assert refused["preview"]["kind"] == "attack"
        assert "would refuse this attack" in refused["preview"]["text"]
        page.tap(button('#board .token[data-id="grisk"]'))
        page.wait_for(STATE, lambda s: "Not allowed" in s["notice"], what="nothing sent")
        assert httpx.get(base, timeout=10).json()["version"] == version

        aria = next(c for c in rolled.json()["encounter"]["combatants"] if c["id"] == "aria")
        x, y = aria["position"]["x"], aria["position"]["y"]
        cell = f"{x},{y + 1}"
        page.tap(button(f'#board [data-cell="{cell}"]'))
        path = page.wait_for(
            STATE,
            lambda s: s["preview"]["kind"] == "path" and s["preview"]["legal"] == "true",
            what="the path previewed",
        )
        assert "tap again" in path["preview"]["text"] and path["version"] == version
        page.tap(button(f'#board [data-cell="{cell}"]'))
        page.wait_for(STATE, lambda s: s["version"] == version + 1, what="the second tap's move")
        moved = httpx.get(base, timeout=10).json()["encounter"]["combatants"]
        assert next(c for c in moved if c["id"] == "aria")["position"] == {"x": x, "y": y + 1}

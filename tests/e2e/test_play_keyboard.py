"""The battle map (``GET /play``) by keyboard alone, in headless Chromium, every request
outside the service refused (docs/play.md, "Keyboard and screen readers"):

- Tab reaches the map right after the header; the arrow keys move the cursor, the live
  region says the cell and the cost of moving there, Enter moves Aria (the page and the
  session agree), and the live region says what the log says;
- with her javelin picked, the cursor walks onto Grisk: the live region says the odds that
  ``attack-odds`` answers, Enter attacks, and the log and the live region show it;
- a blocked cell's refusal is said and Enter sends nothing; Escape clears the cursor and the
  preview; Home goes to the row's first cell, and is said again there;
- on hexes (pointy-top and flat-top) the arrow keys step one drawn row or column.

Every wait is on the page's state; keys are real key events (CDP ``Input.dispatchKeyEvent``).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from e2e_support import Chromium, Page
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(240)

VIEWPORT = {"width": 1280, "height": 1440, "deviceScaleFactor": 1, "mobile": False}
STATE = """(() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const preview = document.getElementById("preview");
  if (!preview || !document.getElementById("play-config")) {
    return { state: "loading", version: 0, preview: {}, logVersions: [], announced: "" };
  }
  return {
    state: document.body.dataset.state || "",
    version: Number(document.body.dataset.version || 0),
    busy: document.body.dataset.busy || "",
    focused: document.activeElement?.id || "",
    announced: document.getElementById("announce")?.textContent || "",
    cursor: document.querySelector("#board .cursor")?.dataset.cursor || "",
    notice: document.getElementById("notice").hidden ? ""
      : document.getElementById("notice").textContent,
    actor: document.querySelector("#actor h2")?.textContent || "",
    spaces: Object.fromEntries(all("#board .token").map((g) => [g.dataset.id,
      all(`#board .space[data-id="${g.dataset.id}"]`).map((s) => s.dataset.space)])),
    preview: { kind: preview.dataset.kind || "", legal: preview.dataset.legal || "",
               key: preview.dataset.key || "" },
    logVersions: all("#log li.version").map((li) => Number(li.dataset.version)),
  };
})()"""


def state_of(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


@contextlib.contextmanager
def play_page(browser: Chromium, service: ServiceProcess) -> Iterator[Page]:
    with browser.page() as page:
        page.allow_only(service.url)
        page.send("Emulation.setDeviceMetricsOverride", VIEWPORT)
        page.send("Page.bringToFront")
        yield page
        assert page.exceptions == [], page.exceptions
        assert page.csp_violations() == []
        assert page.blocked == [], f"the page asked for something outside: {page.blocked}"


def open_sample(page: Page, service: ServiceProcess, sample: str) -> str:
    """A session on ``sample`` started from the setup (a real click); its base URL."""
    page.navigate(service.url + "/play")
    page.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
    page.click(f"document.querySelector('[data-sample=\"{sample}\"]')")
    session_id: str = page.wait_for(
        "document.body.dataset.version === '1' && document.querySelector('#board svg')"
        " && new URLSearchParams(location.search).get('session')",
        bool,
        what="the session",
    )
    return f"{service.url}/v1/sessions/{session_id}"


def start(page: Page, service: ServiceProcess, sample: str) -> str:
    """:func:`open_sample`, initiative rolled over the API until it is Aria's turn, and the
    page showing it; the session's base URL."""
    base = open_sample(page, service, sample)
    rolled = httpx.post(f"{base}/roll-initiative", json={}, timeout=10)
    assert rolled.status_code == 200, rolled.text
    while rolled.json()["encounter"]["turnOf"] != "aria":
        rolled = httpx.post(f"{base}/next-turn", json={}, timeout=10)
    version = rolled.json()["session"]["version"]
    page.wait_for(
        STATE,
        lambda s: s["version"] == version and s["actor"].startswith("Aria") and not s["busy"],
        what="Aria's turn on the page",
    )
    return base


def tab_to_the_map(page: Page) -> dict[str, Any]:
    """Tab from the header's last control: the next stop is the map, and the cursor starts on
    the selected creature (Aria)."""
    page.evaluate("document.getElementById('new-fight').focus()")
    page.press("Tab")
    return page.wait_for(
        STATE,
        lambda s: s["focused"] == "board" and s["announced"].startswith("("),
        what="the map focused, its cursor said",
    )


def announced(page: Page, start: str, *words: str, what: str) -> dict[str, Any]:
    """The page's state once the live region starts with ``start`` and says every word."""
    found: dict[str, Any] = page.wait_for(
        STATE,
        lambda s: s["announced"].startswith(start) and all(w in s["announced"] for w in words),
        what=what,
    )
    return found


def aria(base: str) -> dict[str, Any]:
    combatants = httpx.get(base, timeout=10).json()["encounter"]["combatants"]
    found: dict[str, Any] = next(c for c in combatants if c["id"] == "aria")
    return found


def logged(base: str, version: int) -> list[str]:
    items = httpx.get(f"{base}/events", params={"offset": 0, "limit": 200}, timeout=10).json()
    return [e["data"]["message"] for e in items["items"] if e["version"] == version]


def written(page: Page, version: int, *, what: str) -> dict[str, Any]:
    """The page's state once it shows ``version``, done and with its block in the log."""
    seen: dict[str, Any] = page.wait_for(
        STATE,
        lambda s: s["version"] == version and not s["busy"] and version in s["logVersions"],
        what=what,
    )
    return seen


def number_after(text: str, pattern: str) -> float:
    found = re.search(pattern, text)
    assert found, (pattern, text)
    return float(found[1])


def test_the_keyboard_moves_and_attacks(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page:
        base = start(page, service, "1-d20-gate")
        version = state_of(page)["version"]
        assert page.evaluate("document.getElementById('board').tabIndex") == 0
        assert page.evaluate(
            "document.querySelector('#board .token[data-id=\"grisk\"]').getAttribute('aria-label')"
        ).startswith("Grisk, enemy, 15 of 15 HP")
        current = "document.querySelector('#initiative li[aria-current=true]').dataset.id"
        assert page.evaluate(current) == "aria"
        seen = tab_to_the_map(page)
        outline = "getComputedStyle(document.getElementById('board'))"
        assert page.evaluate(f"{outline}.outlineStyle") == "solid"  # the focus shows
        assert page.evaluate(f"{outline}.outlineWidth") == "3px"
        assert seen["cursor"] == "2,3"
        assert seen["announced"].startswith("(2, 3): Aria, selected, 24 of 24 HP")

        # Down one square: the cost and the movement left, as path-cost answers them.
        expected = httpx.post(
            f"{base}/path-cost", json={"combatantId": "aria", "to": {"x": 2, "y": 4}}, timeout=10
        ).json()["outcome"]
        assert expected["legal"]
        cost, left = expected["cost"], expected["movementLeft"] - expected["cost"]
        page.press("ArrowDown")
        seen = announced(
            page, "(2, 4): empty", f"move here costs {cost} ft, {left} ft left", what="the cost"
        )
        assert seen["cursor"] == "2,4" and seen["preview"]["kind"] == "path"
        assert seen["version"] == version

        # Enter moves her there: the page, the session and the live region agree.
        page.press("Enter")
        seen = written(page, version + 1, what="the move")
        version += 1
        assert seen["spaces"]["aria"] == ["2,4"]
        assert aria(base)["position"] == {"x": 2, "y": 4}
        messages = logged(base, version)
        assert messages and messages[0].startswith("Aria moves")
        assert seen["announced"] == ". ".join(messages)
        shown = page.evaluate(
            f'[...document.querySelectorAll(\'#log li.version[data-version="{version}"]'
            " .message')].map((m) => m.textContent)"
        )
        assert shown == messages

        # The javelin; the cursor walks up and right onto Grisk: the odds are said.
        page.evaluate(
            "(() => { const s = document.getElementById('attack-name'); s.value = 'javelin';"
            " s.dispatchEvent(new Event('change')); })()"
        )
        odds = httpx.post(
            f"{base}/attack-odds",
            json={"attackerId": "aria", "targetId": "grisk", "attackName": "javelin"},
            timeout=10,
        )
        assert odds.status_code == 200, odds.text
        o = odds.json()["outcome"]
        for key in ("ArrowUp", *["ArrowRight"] * 5):
            page.press(key)
        seen = announced(
            page,
            "(7, 3): Grisk, enemy",
            "attack Grisk with javelin: ",
            "to hit",
            "damage expected",
            what="the odds on Grisk",
        )
        assert seen["cursor"] == "7,3" and seen["preview"]["kind"] == "attack"
        said = seen["announced"]
        assert abs(number_after(said, r"([\d.]+)% to hit") - o["hit"] * 100) < 0.051
        assert abs(number_after(said, r"([\d.]+) damage expected") - o["meanDamage"]) < 0.051

        # Enter attacks: the log has the attack, the live region says it.
        page.press("Enter")
        seen = written(page, version + 1, what="the attack")
        version += 1
        messages = logged(base, version)
        assert messages[0].startswith("Aria attacks Grisk with javelin"), messages
        assert seen["announced"] == ". ".join(messages)
        assert seen["cursor"] == "7,3"

        # Back to the map by Tab: the cursor is where it was left, and said again.
        page.evaluate("document.getElementById('new-fight').focus()")
        page.press("Tab")
        seen = announced(page, "(7, 3): Grisk, enemy", "attack Grisk", what="the cursor again")
        assert seen["cursor"] == "7,3" and seen["focused"] == "board"


def test_a_refused_spot_is_not_sent_and_escape_clears(
    browser: Chromium, service: ServiceProcess
) -> None:
    with play_page(browser, service) as page:
        base = start(page, service, "1-d20-gate")
        version = state_of(page)["version"]
        tab_to_the_map(page)

        # Down onto Bram (an ally: said, nothing previewed), right to the wall at (6, 5).
        page.press("ArrowDown")
        page.press("ArrowDown")
        announced(page, "(2, 5): Bram, ally", what="Bram")
        for _ in range(4):
            page.press("ArrowRight")
        seen = announced(page, "(6, 5): blocked", "can't move there", what="the refusal")
        assert seen["preview"] == {
            "kind": "path",
            "legal": "false",
            "key": seen["preview"]["key"],
        }
        page.press("Enter")
        page.wait_for(STATE, lambda s: "Not allowed" in s["notice"], what="nothing sent")
        assert httpx.get(base, timeout=10).json()["version"] == version
        assert aria(base)["position"] == {"x": 2, "y": 3}

        # A reachable cell, then Escape: no cursor, no preview; Space then acts nowhere.
        page.press("ArrowLeft")
        announced(page, "(5, 5)", "move here costs", what="a path")
        page.press("Escape")
        seen = page.wait_for(
            STATE,
            lambda s: s["cursor"] == "" and s["preview"]["kind"] == "",
            what="the cursor and the preview cleared",
        )
        assert seen["announced"] == "Cursor and preview cleared"
        assert seen["focused"] == "board"
        page.press(" ")
        seen = announced(page, "(2, 3): Aria, selected", what="the cursor back on Aria")
        assert seen["cursor"] == "2,3"
        assert httpx.get(base, timeout=10).json()["version"] == version

        # Home: the row's first cell; Home again stays there and is said again (a change).
        page.press("Home")
        first = announced(page, "(0, 3): empty", "move here costs", what="the row's first cell")
        page.press("Home")
        again = page.wait_for(
            STATE, lambda s: s["announced"] != first["announced"], what="the same cell again"
        )
        assert again["announced"].strip() == first["announced"] and again["cursor"] == "0,3"


def offset_of(cell: str, flat: bool) -> tuple[int, int]:
    """A hex's drawn column and row (the offset layout of service/rules/grid/geometry.py)."""
    q, r = map(int, cell.split(","))
    return (q, r + (q - (q & 1)) // 2) if flat else (q + (r - (r & 1)) // 2, r)


@pytest.mark.parametrize("sample", ["2-d20-bridge-hex", "4-d10-woods-hex"])
def test_on_hexes_the_arrows_step_one_drawn_row_or_column(
    browser: Chromium, service: ServiceProcess, sample: str
) -> None:
    """Pointy-top and flat-top: each arrow steps one drawn column or row, from the selected
    creature (the first one: no initiative yet)."""
    with play_page(browser, service) as page:
        open_sample(page, service, sample)
        flat = page.evaluate("document.querySelector('#board svg').dataset.orientation") == "flat"
        assert flat == (sample == "4-d10-woods-hex")
        start_cell = tab_to_the_map(page)["cursor"]
        column, row = offset_of(start_cell, flat)
        for key, (dc, dr) in (
            ("ArrowDown", (0, 1)),
            ("ArrowRight", (1, 0)),
            ("ArrowUp", (0, -1)),
            ("ArrowLeft", (-1, 0)),
        ):
            before = state_of(page)["cursor"]
            page.press(key)
            seen = page.wait_for(
                STATE, lambda s, b=before: s["cursor"] != b, what=f"the cursor after {key}"
            )
            column, row = column + dc, row + dr
            assert offset_of(seen["cursor"], flat) == (column, row), key
            x, y = seen["cursor"].split(",")
            announced(page, f"({x}, {y}): ", what=f"the cell after {key}")

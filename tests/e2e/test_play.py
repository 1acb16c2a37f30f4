"""The battle map (``GET /play``) in headless Chromium, every request outside the service
refused: a short d20 fight played by clicks only (initiative, a move with its previewed
path and cost, an attack after reading its odds, a critical choice, next turn, undo) while
a second page on the same session follows every version live; a write from a stale page
answered 412 and re-read; a hex encounter drawn in axial coordinates; the action buttons
of each ruleset. The dice the test needs (Aria first, a natural 20 whose band offers a
choice) are found with the engine and typed into the page's seed field.

Writes screenshots of both pages, ``play-d20.png`` and ``play-hex.png``: into the test's
temporary folder, or into ``docs/`` (the README shows one) with ``CRS_UPDATE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest
from e2e_support import Chromium, Page
from factories import build
from service_process import ServiceProcess

from service.api.pages import CSP
from service.api.play import samples
from service.rules import ACTIONS, apply

pytestmark = pytest.mark.timeout(240)

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SHOTS = DOCS if os.environ.get("CRS_UPDATE_SCREENSHOTS") == "1" else None
SPECS = {spec.name: spec for spec in ACTIONS}
VIEWPORT = {"width": 1280, "height": 1440, "deviceScaleFactor": 1, "mobile": False}

STATE = """(() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const preview = document.getElementById("preview");
  if (!preview || !document.getElementById("play-config")) {
    return { state: "loading", version: 0, liveStatus: "", preview: {}, logVersions: [] };
  }
  return {
    state: document.body.dataset.state || "",
    version: Number(document.body.dataset.version || 0),
    live: document.body.dataset.live || "",
    liveStatus: document.getElementById("live-status").className,
    busy: document.body.dataset.busy || "",
    notice: document.getElementById("notice").hidden ? ""
      : document.getElementById("notice").textContent,
    current: all("#initiative li.current").map((li) => li.dataset.id),
    turnToken: all("#board .token.turn").map((g) => g.dataset.id),
    positions: Object.fromEntries(all("#board .token").map((g) => [
      g.dataset.id, g.dataset.cx + "," + g.dataset.cy])),
    hp: Object.fromEntries(all("#roster li").map((li) => [li.dataset.id,
                                                          li.querySelector(".hp").textContent])),
    choices: all("#choice-list li").map((li) => li.dataset.choiceId),
    preview: { ...preview.dataset, text: preview.innerText },
    actions: all("#action-buttons button").map((b) => b.dataset.action),
    logVersions: all("#log li.version").map((li) => Number(li.dataset.version)),
  };
})()"""


def snapshot(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


def at_version(page: Page, version: int, what: str) -> dict[str, Any]:
    """The page's state once it shows ``version`` and its writes are done."""
    state: dict[str, Any] = page.wait_for(
        STATE,
        lambda s: s["version"] == version and not s["busy"] and version in s["logVersions"],
        timeout=15,
        what=what,
    )
    return state


def hover(page: Page, expression: str) -> None:
    """Move the mouse to the middle of the element (no click)."""
    box = page.evaluate(
        f"""(() => {{ const el = {expression}; if (!el) return null;
               const r = el.getBoundingClientRect();
               return [r.left + r.width / 2, r.top + r.height / 2]; }})()"""
    )
    assert box, f"nothing to hover: {expression}"
    page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": box[0], "y": box[1]})


def click(page: Page, expression: str) -> None:
    """A real click; the page is brought to the front first (Chromium defers the layout of
    a tab in the background, and the click waits for a stable layout)."""
    page.send("Page.bringToFront")
    page.click(expression)


def type_into(page: Page, expression: str, text: str) -> None:
    click(page, expression)
    page.evaluate(f"{expression}.select()")
    page.send("Input.insertText", {"text": text})


def screenshot(page: Page, path: Path) -> None:
    """The viewport as it is (the page fits in it), without re-laying it out."""
    import base64

    page.send("Page.bringToFront")
    page.evaluate(
        "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))",
        await_promise=True,
    )
    data = page.send("Page.captureScreenshot", {"format": "png"})
    image = base64.b64decode(data["data"])
    assert image.startswith(b"\x89PNG") and len(image) > 10_000, "an empty screenshot"
    target = (SHOTS or Path(tempfile.gettempdir()) / "crs-play") / path.name
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(image)


@contextlib.contextmanager
def play_page(browser: Chromium, service: ServiceProcess) -> Iterator[Page]:
    with browser.page() as page:
        page.allow_only(service.url)
        page.send("Emulation.setDeviceMetricsOverride", VIEWPORT)
        yield page
        assert page.exceptions == [], page.exceptions
        assert page.csp_violations() == []
        assert page.blocked == [], f"the page asked for something outside: {page.blocked}"


def start_sample(page: Page, sample: str) -> str:
    """Start a session on a sample encounter from the setup; its id once it is drawn."""
    before = page.evaluate("new URLSearchParams(location.search).get('session')")
    if page.evaluate("document.getElementById('setup').hidden"):
        click(page, button("#new-fight"))
    click(page, button(f'[data-sample="{sample}"]'))
    ruleset = next(s["ruleset"] for s in samples() if s["id"] == sample)
    session_id: str = page.wait_for(
        """(() => { const id = new URLSearchParams(location.search).get('session');
             return document.body.dataset.version === '1' && document.querySelector('#board svg')
               && document.getElementById('ruleset').textContent + ' ' + id; })()""",
        lambda v: bool(v) and v.split(" ")[0] == ruleset and v.split(" ")[1] != str(before),
        what=f"the session of {sample}",
    ).split(" ")[1]
    return session_id


def cell(x: int, y: int) -> str:
    return f"document.querySelector('#board [data-cell=\"{x},{y}\"]')"


def token(cid: str) -> str:
    return f"document.querySelector('#board .token[data-id=\"{cid}\"] .disc')"


def button(selector: str) -> str:
    return f"document.querySelector('{selector}')"


class Api:
    def __init__(self, service: ServiceProcess, session_id: str) -> None:
        self.base = f"{service.url}/v1/sessions/{session_id}"

    def session(self) -> dict[str, Any]:
        r = httpx.get(self.base, timeout=10)
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        return body

    def query(self, slug: str, body: dict[str, Any]) -> dict[str, Any]:
        r = httpx.post(f"{self.base}/{slug}", json=body, timeout=10)
        assert r.status_code == 200, r.text
        outcome: dict[str, Any] = r.json()["outcome"]
        return outcome


def seed_where(encounter: dict[str, Any], action: object, good: Any) -> int:
    """The first seed whose result satisfies ``good``, by the engine itself."""
    state = build(encounter)
    for seed in range(20_000):
        if good(apply(state, action, Random(seed))):
            return seed
    raise AssertionError("no seed found")


def critical_choice(result: Any) -> bool:
    o = result.outcome
    return bool(
        o.critical
        and o.natural == 20
        and not o.target_died
        and result.encounter.pending_choices
        and result.encounter.pending_choices[0].owner == "aria"
    )


def pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def test_the_page_and_its_assets_come_from_the_service(service: ServiceProcess) -> None:
    r = httpx.get(f"{service.url}/play", timeout=10)
    assert r.status_code == 200
    assert r.headers["content-security-policy"] == CSP
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", r.text)
    assert "<script>" not in r.text and " style=" not in r.text
    urls = re.findall(r'<(?:script type="module" src|link rel="stylesheet" href)="([^"]+)"', r.text)
    assert urls == ["static/play/play.css", "static/play/play.js"]
    for url in [*urls, "static/play/grid.js", "static/play/live.js"]:
        asset = httpx.get(f"{service.url}/{url}", timeout=10)
        assert asset.status_code == 200 and asset.headers["x-content-type-options"] == "nosniff"
    block = re.search(r'<script id="play-config" type="application/json">(.*?)</script>', r.text)
    assert block
    config = json.loads(block[1])
    assert config["live"] in ("sse", "graphql")
    assert [a["slug"] for a in config["actions"]] == [s.slug for s in ACTIONS]
    assert config["samples"] == samples()
    assert set(config["extents"]) == {"d20", "d100", "d10"}


def test_samples_are_valid_encounters(service: ServiceProcess) -> None:
    """Every sample the page offers starts a session; one per ruleset, squares and hexes."""
    listed = samples()
    assert {s["ruleset"] for s in listed} == {"d20", "d100", "d10"}
    assert {s["grid"] for s in listed} == {"square", "hex"}
    assert {s["orientation"] for s in listed if s["grid"] == "hex"} == {"pointy", "flat"}
    for sample in listed:
        document = httpx.get(f"{service.url}/{sample['url']}", timeout=10).json()
        r = httpx.post(f"{service.url}/v1/sessions", json={"encounter": document["encounter"]})
        assert r.status_code == 201, (sample["id"], r.text)


def test_the_start_screen_shows_no_empty_table(browser: Chromium, service: ServiceProcess) -> None:
    """The table's panels are hidden until a fight starts: ``hidden`` wins over the layout's
    ``display`` (a stylesheet's ``display: grid`` had shown them, empty, under the setup)."""
    with play_page(browser, service) as page:
        page.navigate(service.url + "/play")
        page.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
        shown = page.evaluate(
            "[...document.querySelectorAll('[hidden]')].filter(e => "
            "getComputedStyle(e).display !== 'none').map(e => e.id || e.tagName)"
        )
        assert shown == []
        assert page.evaluate("document.getElementById('table').getBoundingClientRect().height") == 0


def test_a_d20_fight_by_clicks_followed_live(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page, play_page(browser, service) as watcher:
        page.navigate(service.url + "/play")
        page.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
        session_id = start_sample(page, "1-d20-gate")
        state = snapshot(page)
        api = Api(service, session_id)
        assert api.session()["version"] == 1
        live = "sse" if "/v1/sessions/{id}/stream" in openapi_paths(service) else "graphql"
        assert state["live"] == live

        # The second page: the same session, following it.
        watcher.navigate(page.evaluate("location.href"))
        watched = watcher.wait_for(
            STATE,
            lambda s: s["version"] == 1 and "on" in s["liveStatus"],
            what="the second page to draw the session and follow it",
        )
        assert watched["positions"] == state["positions"]

        # Initiative: the form opens by itself on a fresh encounter; the seed puts Aria first.
        first = seed_where(
            api.session()["encounter"],
            SPECS["rollInitiative"].params(),
            lambda r: r.encounter.turn_of == "aria",
        )
        page.wait_for(f"!!{button('[data-run=roll-initiative]')}", bool, what="the form")
        type_into(page, "document.getElementById('seed')", str(first))
        click(page, button("[data-run=roll-initiative]"))
        state = at_version(page, 2, "initiative")
        assert state["current"] == ["aria"] == state["turnToken"]
        assert at_version(watcher, 2, "the watcher at version 2")["current"] == ["aria"]

        # Move: hover a cell, read the previewed path and cost, click it.
        expected = api.query("path-cost", {"combatantId": "aria", "to": {"x": 6, "y": 3}})
        assert expected["legal"] and expected["provokes"] == []
        hover(page, cell(6, 3))
        preview = page.wait_for(
            STATE,
            lambda s: s["preview"].get("kind") == "path" and "cost" in s["preview"],
            what="the path preview",
        )["preview"]
        assert int(preview["cost"]) == expected["cost"]
        assert f"{expected['cost']} ft" in preview["text"]
        assert "Provokes no opportunity attack" in preview["text"]
        drawn = page.evaluate(
            "document.querySelector('#overlay polyline.path').getAttribute('points')"
            ".split(' ').length"
        )
        assert drawn == len(expected["path"])
        click(page, cell(6, 3))
        state = at_version(page, 3, "the move")
        aria = next(c for c in api.session()["encounter"]["combatants"] if c["id"] == "aria")
        assert aria["position"] == {"x": 6, "y": 3}
        assert aria["budget"]["movement"] == 30 - expected["cost"]
        assert at_version(watcher, 3, "the watcher at version 3")["positions"] == state["positions"]

        # Odds: hover Grisk; what the page shows is what attack-odds answers.
        odds = api.query("attack-odds", {"attackerId": "aria", "targetId": "grisk"})
        hover(page, token("grisk"))
        preview = page.wait_for(
            STATE,
            lambda s: s["preview"].get("kind") == "attack" and "hit" in s["preview"],
            what="the odds",
        )["preview"]
        assert float(preview["hit"]) == odds["hit"]
        assert float(preview["critical"]) == odds["critical"]
        assert float(preview["meanDamage"]) == odds["meanDamage"]
        assert float(preview["drop"]) == odds["drop"]
        for text in (pct(odds["hit"]), pct(odds["critical"]), pct(odds["drop"])):
            assert text in preview["text"]
        assert f"{odds['meanDamage']:.2f}" in preview["text"]
        cover = api.query("cover", {"attackerId": "aria", "targetId": "grisk"})
        assert preview["cover"] == cover["degree"]
        assert page.evaluate("!!document.querySelector('#overlay line.aim')")

        # Attack with a natural 20 whose band offers Aria a choice.
        crit = seed_where(
            api.session()["encounter"],
            SPECS["resolveAttack"].params(attacker_id="aria", target_id="grisk"),
            critical_choice,
        )
        type_into(page, "document.getElementById('seed')", str(crit))
        click(page, token("grisk"))
        state = at_version(page, 4, "the attack")
        assert f"seed {crit}" in state["notice"]
        pending = api.session()["encounter"]["pendingChoices"]
        assert [c["id"] for c in pending] == state["choices"] != []
        dice = page.evaluate(
            "[...document.querySelectorAll('#log li.version[data-version=\"4\"] .dice')]"
            ".map((d) => d.textContent)"
        )
        assert any("[20]" in d for d in dice), dice
        assert at_version(watcher, 4, "the watcher at version 4")["choices"] == state["choices"]

        # The choice: accept it.
        choice = pending[0]["id"]
        click(page, button(f'[data-choice="{choice}"][data-decision="accept"]'))
        state = at_version(page, 5, "the choice")
        assert state["choices"] == [c["id"] for c in api.session()["encounter"]["pendingChoices"]]
        assert choice not in state["choices"]
        types = page.evaluate(
            "[...document.querySelectorAll('#log li.version[data-version=\"5\"] .event')]"
            ".map((e) => e.dataset.type)"
        )
        assert "choice-accepted" in types
        at_version(watcher, 5, "the watcher at version 5")

        # Next turn, then undo it.
        click(page, button("#next-turn"))
        state = at_version(page, 6, "next turn")
        turn_of = api.session()["encounter"]["turnOf"]
        assert turn_of != "aria" and state["current"] == [turn_of]
        assert at_version(watcher, 6, "the watcher at version 6")["current"] == [turn_of]
        click(page, button("#undo"))
        state = at_version(page, 7, "undo")
        assert api.session()["encounter"]["turnOf"] == "aria"
        assert state["current"] == ["aria"]
        assert at_version(watcher, 7, "the watcher at version 7")["current"] == ["aria"]

        # Every log entry names its rule; a click shows the rule's text and decision.
        click(
            page,
            'document.querySelector(\'#log li.version[data-version="4"] .event[data-type=roll]'
            " button.rule')",
        )
        rule_id = page.evaluate(
            'document.querySelector(\'#log li.version[data-version="4"]'
            " .event[data-type=roll]').dataset.rule"
        )
        rule = httpx.get(f"{service.url}/v1/rules/{rule_id}", timeout=10).json()
        shown = page.wait_for(
            "document.querySelector('#rule .rule-text')?.textContent",
            bool,
            what="the rule's text",
        )
        assert shown == rule["text"]
        assert page.evaluate("document.getElementById('rule').dataset.rule") == rule_id
        shown_rules = page.evaluate(
            """Object.fromEntries([...document.querySelectorAll('#log .event')].map((e) =>
                 [e.dataset.index, e.querySelector('button.rule')?.textContent ?? null]))"""
        )
        logged = httpx.get(f"{api.base}/events?limit=200", timeout=10).json()["items"]
        assert shown_rules == {str(e["index"]): e["data"].get("rule") for e in logged}

        # A stale page: the watcher stops following, the map changes elsewhere, its write
        # answers 412: nothing applied, the page reads the session again and says so.
        click(watcher, "document.getElementById('follow')")
        watcher.wait_for(STATE, lambda s: "off" in s["liveStatus"], what="the watcher to stop")
        click(page, button("#next-turn"))
        at_version(page, 8, "next turn again")
        click(watcher, button("#next-turn"))
        stale = watcher.wait_for(
            STATE, lambda s: s["version"] == 8 and "changed" in s["notice"], what="the 412"
        )
        assert "version 8" in stale["notice"]
        assert api.session()["version"] == 8

        # The screenshot: the map with the odds of an attack on Grisk.
        hover(page, cell(0, 7))
        click(page, button('#initiative [data-select="aria"]'))
        hover(page, token("grisk"))
        page.wait_for(STATE, lambda s: s["preview"].get("kind") == "attack", what="the odds")
        page.evaluate("document.getElementById('log').scrollTop = 0")
        screenshot(page, DOCS / "play-d20.png")


def openapi_paths(service: ServiceProcess) -> set[str]:
    spec = httpx.get(f"{service.url}/openapi.json", timeout=10).json()
    return set(spec["paths"])


def axial_cells(width: int, height: int, flat: bool) -> set[str]:
    """The cells of a hex grid in the offset layout of ``service/rules/grid/geometry.py``."""
    out = set()
    for row in range(height):
        for column in range(width):
            if flat:
                out.add(f"{column},{row - (column - (column & 1)) // 2}")
            else:
                out.add(f"{column - (row - (row & 1)) // 2},{row}")
    return out


HEX_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def test_hex_encounters_are_drawn_in_axial_coordinates(
    browser: Chromium, service: ServiceProcess
) -> None:
    with play_page(browser, service) as page:
        page.navigate(service.url + "/play")
        page.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
        for sample in ("2-d20-bridge-hex", "4-d10-woods-hex"):
            session_id = start_sample(page, sample)
            assert page.evaluate("document.querySelector('#board svg').dataset.kind") == "hex"
            encounter = Api(service, session_id).session()["encounter"]
            grid = encounter["grid"]
            flat = grid["hexOrientation"] == "flat"
            assert (
                page.evaluate("document.querySelector('#board svg').dataset.orientation")
                == (grid["hexOrientation"])
            )
            centres: dict[str, list[float]] = page.evaluate(
                """Object.fromEntries([...document.querySelectorAll('#board .cell')].map((c) => {
                     const b = c.getBBox(); return [c.dataset.cell, [b.x + b.width / 2,
                                                                     b.y + b.height / 2]]; }))"""
            )
            assert set(centres) == axial_cells(grid["width"], grid["height"], flat)
            # Axial neighbours are the six nearest drawn hexes, all at one distance.
            step = None
            for name, (x, y) in centres.items():
                q, r = map(int, name.split(","))
                for dq, dr in HEX_STEPS:
                    other = centres.get(f"{q + dq},{r + dr}")
                    if other is None:
                        continue
                    d = math.dist((x, y), other)
                    step = step or d
                    assert abs(d - step) < 0.5, (name, dq, dr, d, step)
            assert step is not None
            assert all(
                math.dist(a, b) > step * 1.5
                for name, a in centres.items()
                for other, b in centres.items()
                if hex_distance(name, other) > 1
            )
            for blocked in grid["blocked"]:
                key = f"{blocked['x']},{blocked['y']}"
                assert "blocked" in page.evaluate(
                    f"document.querySelector('#board .cell[data-cell=\"{key}\"]').classList.value"
                )
            # Creatures by size: the footprint of service/rules/grid/cells.py's shape().
            for c in encounter["combatants"]:
                x, y = c["position"]["x"], c["position"]["y"]
                want = {f"{x},{y}"}
                if c["size"] == "large":
                    want = {f"{x},{y}", f"{x + 1},{y}", f"{x},{y + 1}"}
                spaces = page.evaluate(
                    f"[...document.querySelectorAll('#board .space[data-id=\"{c['id']}\"]')]"
                    ".map((s) => s.dataset.space)"
                )
                assert set(spaces) == want, c["id"]
            badges = page.evaluate(
                "[...document.querySelectorAll('#board .badge-text')]"
                ".map((b) => b.dataset.condition)"
            )
            assert badges == [k["name"] for c in encounter["combatants"] for k in c["conditions"]]

        # The d20 bridge again, for its screenshot with a path previewed.
        start_sample(page, "2-d20-bridge-hex")
        click(page, button("[data-run=roll-initiative]"))
        at_version(page, 2, "initiative on the bridge")
        click(page, button('#initiative [data-select="aria"]'))
        hover(page, cell(3, 4))
        page.wait_for(STATE, lambda s: "cost" in s["preview"], what="a path on hexes")
        assert page.evaluate("!!document.querySelector('#overlay polyline.path')")
        screenshot(page, DOCS / "play-hex.png")


def hex_distance(a: str, b: str) -> int:
    q1, r1 = map(int, a.split(","))
    q2, r2 = map(int, b.split(","))
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def test_each_ruleset_shows_its_own_actions(browser: Chromium, service: ServiceProcess) -> None:
    d100_only = {s.slug for s in ACTIONS if s.rulesets == frozenset({"d100"})}
    assert {"reload", "shove", "grapple"} <= d100_only
    with play_page(browser, service) as page:
        page.navigate(service.url + "/play")
        page.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
        shown = {}
        for sample in ("1-d20-gate", "3-d100-warehouse"):
            start_sample(page, sample)
            shown[sample] = set(snapshot(page)["actions"])
        assert d100_only <= shown["3-d100-warehouse"]
        assert not d100_only & shown["1-d20-gate"]
        assert {"dash", "dodge", "disengage", "ready", "help", "hide"} <= shown["1-d20-gate"]
        # A generic action: dash from its form, fields from /openapi.json.
        click(page, button('[data-action="dash"]'))
        page.wait_for(f"!!{button('[data-run=dash]')}", bool, what="the dash form")
        assert page.evaluate("document.querySelector('#action-form [name=combatantId]').value") == (
            "vex"
        )


def test_a_pasted_encounter(browser: Chromium, service: ServiceProcess) -> None:
    """A pasted encounter starts a session; a wrong one is refused with where it is wrong."""
    creature = {"id": "a", "name": "Ann", "side": "x", "hp": 5, "maxHp": 5, "ac": 10}
    grid = {"kind": "hex", "hexOrientation": "flat", "width": 3, "height": 3}
    wrong = {
        "ruleset": "d10",
        "grid": grid,
        "combatants": [creature | {"position": {"x": 7, "y": 7}}],
    }
    right = {
        "ruleset": "d10",
        "grid": grid,
        "combatants": [creature | {"position": {"x": 1, "y": 0}}],
    }
    with play_page(browser, service) as page:
        page.navigate(service.url + "/play")
        page.wait_for("document.body?.dataset.state", lambda s: s == "setup", what="the setup")
        click(page, "document.querySelector('#paste-box summary')")
        type_into(page, "document.getElementById('paste')", json.dumps(wrong))
        click(page, button("#paste-start"))
        refused = page.wait_for(STATE, lambda s: bool(s.get("notice")), what="the refusal")
        assert "combatants[0].position" in refused["notice"]
        assert page.evaluate("new URLSearchParams(location.search).get('session')") is None
        type_into(page, "document.getElementById('paste')", json.dumps({"encounter": right}))
        click(page, button("#paste-start"))
        page.wait_for(
            "document.querySelectorAll('#board .cell').length === 9"
            " && document.querySelector('#board svg').dataset.orientation",
            lambda v: v == "flat",
            what="the pasted map",
        )
        session_id = page.evaluate("new URLSearchParams(location.search).get('session')")
        assert Api(service, session_id).session()["encounter"]["combatants"][0]["name"] == "Ann"

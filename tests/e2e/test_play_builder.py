"""The encounter builder of the battle map (``GET /play``, ``static/play/builder.js``), in
headless Chromium, every request outside the service refused (docs/play.md, "Building an
encounter"):

- on squares: bad input is refused in the form (HP 0, two creatures on one cell, a token
  on a wall, a wall under a creature, a token dragged onto another, a map too big) before
  anything is sent; two creatures added, placed by clicks and one dragged, walls and
  difficult terrain painted, a creature removed; a 422 of the service is shown with its
  field path; "Start session" opens the table, the session (read back over REST) holds
  those creatures at those cells with that terrain, and a move through the difficult cell
  costs what ``path-cost`` says (5 ft + 10 ft for the difficult square), in the page's
  preview and in the movement left;
- editing: a creature of the list back in the form (its fields filled in), the same
  refusals as adding, renamed and resized with its id kept, lifted off the map when its new
  size no longer fits there, an edit cancelled (Escape) changing nothing, the form given back
  what it held before; the session holds the edited creatures under their first ids;
- attacks: rows added and removed in the form (by click and by keyboard), never fewer than
  one, a name used twice or bad dice in a later row refused; a creature with two attacks,
  edited to other two; the session holds them in order and the table's attack picker offers
  both;
- water and climbs (d10): the "Water (swim) brush" and "Climb brush" paint ``grid.swim`` and
  ``grid.climb``; a wall is alone in its cell (painting water on it clears it, a wall clears
  them), water and a climb exclude each other, difficult terrain lies on either, water under
  a creature is allowed; the keyboard cursor says a cell's terrain; the session holds the
  lists, and a step into water costs 10 ft, into a difficult climb 15 ft (``path-cost``
  and the page's preview);
- files and keeping: "Save encounter" refused while a creature is off the map, then a real
  download (a Blob URL) of ``{"encounter": ...}`` as Start session sends it; a reload brings
  the work back from localStorage, "Clear" empties it (a reload keeps it empty); "Load
  encounter" (``<input type=file>``) refuses a file that is not JSON, one with a creature on
  a wall, a field the builder doesn't make, bad dice, each with its reason and nothing
  changed; the saved file loads back as it was, and starts the same session;
- the other rulesets: a small fight built in d100 (squares, a ``colossal`` creature: 6 x 6,
  a size only d100's ladder has) and one in d10 (flat-top hexes, a ``large`` creature), each
  started, read back over REST, initiative rolled (d100 by the declared order, d10 with its
  initiator) and a first attack made through the page: what the table shows (the target's
  space, the log of that version, the roster's HP, what the live region says) is what the
  session holds;
- on pointy-top hexes, by keyboard: the map's cursor and Enter place a creature, a token is
  refused on a wall hex, the session holds the axial cells the map showed, and a step onto
  the difficult hex is previewed at 10 ft.

Every wait is on the page's state; clicks, drags and keys are real input events (CDP).
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from e2e_support import Chromium, Page
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(240)

VIEWPORT = {"width": 1280, "height": 1600, "deviceScaleFactor": 1, "mobile": False}
STATE = """(() => {
  const all = (s) => [...document.querySelectorAll(s)];
  const root = document.getElementById("builder");
  if (!root || !document.getElementById("b-board")) return { ready: false };
  const text = (id) => document.getElementById(id)?.textContent || "";
  return {
    ready: !window.__leaving,
    state: document.body.dataset.state || "",
    version: Number(document.body.dataset.version || 0),
    busy: document.body.dataset.busy || "",
    tokens: Object.fromEntries(all("#b-board .b-token").map((g) => [g.dataset.id, g.dataset.at])),
    selected: all("#b-list [aria-pressed=true]").map((b) => b.dataset.pick),
    listed: all("#b-list li").map((li) => li.dataset.id),
    blocked: all("#b-board [data-terrain~=blocked]").map((c) => c.dataset.cell).sort(),
    difficult: all("#b-board [data-terrain~=difficult]").map((c) => c.dataset.cell).sort(),
    swim: all("#b-board [data-terrain~=swim]").map((c) => c.dataset.cell).sort(),
    climb: all("#b-board [data-terrain~=climb]").map((c) => c.dataset.cell).sort(),
    cells: all("#b-board [data-cell]").length,
    tool: root.dataset.brush || "",
    cursor: document.querySelector("#b-board .cursor")?.dataset.cursor || "",
    status: text("b-status"),
    formError: text("b-form-error"),
    mapError: text("b-map-error"),
    error: text("b-error"),
    actor: document.querySelector("#actor h2")?.textContent || "",
    preview: { ...(document.getElementById("preview")?.dataset || {}),
               text: document.getElementById("preview")?.innerText || "" },
    focused: document.activeElement?.id || "",
    formTitle: text("b-form-title"),
    form: Object.fromEntries(["name", "side", "kind", "hp", "ac", "speed", "size", "attack",
      "bonus", "damage"].map((f) => [f, document.getElementById(`b-${f}`)?.value])),
    formButtons: all("#b-form > .buttons button").filter((b) => !b.hidden).map((b) => b.id),
    rows: Object.fromEntries(all("#b-list li").map((li) => [li.dataset.id, li.textContent])),
    editing: all("#b-list li[aria-current=true]").map((li) => li.dataset.id),
    attacks: all("#b-attacks .b-attack").map((row) => {
      const [name, bonus, damage] = [...row.querySelectorAll("input")].map((i) => i.value);
      const remove = row.querySelector("[data-remove-attack]");
      const id = row.querySelector("input").id;
      return { name, bonus, damage, id, removable: !remove.disabled };
    }),
    labels: Object.fromEntries(all("#b-board .b-token").map((g) =>
      [g.dataset.id, g.getAttribute("aria-label")])),
  };
})()"""


def state_of(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(STATE)
    return found


def until(page: Page, what: str, predicate: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.wait_for(STATE, predicate, what=what)
    return found


@contextlib.contextmanager
def play_page(browser: Chromium, service: ServiceProcess) -> Iterator[Page]:
    with browser.page() as page:
        page.allow_only(service.url)
        page.send("Emulation.setDeviceMetricsOverride", VIEWPORT)
        page.send("Page.bringToFront")
        # the builder keeps its work in localStorage: each test begins with none
        page.send(
            "Storage.clearDataForOrigin",
            {"origin": service.url, "storageTypes": "local_storage"},
        )
        open_builder(page, service)
        yield page
        assert page.exceptions == [], page.exceptions
        assert page.csp_violations() == []
        assert page.blocked == [], f"the page asked for something outside: {page.blocked}"


def open_builder(page: Page, service: ServiceProcess) -> dict[str, Any]:
    """(Re)load ``/play``; the new page's state once its builder is drawn (the page being
    left is marked, so that it is not taken for the new one)."""
    page.evaluate("window.__leaving = true")
    page.navigate(service.url + "/play")
    return until(
        page,
        "the setup and its builder",
        lambda s: s["ready"] and s["state"] == "setup" and s["cells"] > 0,
    )


def q(selector: str) -> str:
    return f"document.querySelector({selector!r})"


def cell(x: int, y: int) -> str:
    return q(f'#b-board [data-cell="{x},{y}"]')


def type_into(page: Page, selector: str, text: str) -> None:
    """Click the field, select what is there, type ``text`` (real input events)."""
    page.click(q(selector))
    page.evaluate(f"{q(selector)}.select()")
    page.send("Input.insertText", {"text": text})


def choose(page: Page, selector: str, value: str) -> None:
    """Pick an option of a ``<select>`` as a person does (the value, then its change event)."""
    page.evaluate(
        f"(() => {{ const s = {q(selector)}; s.focus(); s.value = {value!r};"
        " s.dispatchEvent(new Event('change', {bubbles: true})); })()"
    )


def add_creature(page: Page, **fields: Any) -> dict[str, Any]:
    """Fill the creature form (``name``, ``side``, ``hp``...: the fields' ids without
    ``b-``) and press "Add creature"; the page's state once the form has answered."""
    before = state_of(page)["listed"]
    if "kind" in fields:
        choose(page, "#b-kind", fields.pop("kind"))
    if "size" in fields:
        choose(page, "#b-size", fields.pop("size"))
    for name, value in fields.items():
        type_into(page, f"#b-{name}", str(value))
    page.click(q("#b-add"))
    return until(
        page,
        "the form's answer",
        lambda s: s["formError"] or len(s["listed"]) == len(before) + 1,
    )


def click_cell(page: Page, x: int, y: int, says: str) -> dict[str, Any]:
    page.click(cell(x, y))
    return until(page, f"a click on ({x}, {y}): {says}", lambda s: says in s["status"])


def centre(page: Page, expression: str, scroll: bool = True) -> tuple[float, float]:
    box = page.evaluate(
        f"""(() => {{ const el = {expression};
               if ({str(scroll).lower()}) el.scrollIntoView({{block: "center"}});
               const r = el.getBoundingClientRect();
               return [r.left + r.width / 2, r.top + r.height / 2]; }})()"""
    )
    return float(box[0]), float(box[1])


def drag(page: Page, start: str, end: str) -> None:
    """A real drag with the mouse: press on ``start``, move in steps, release on ``end``."""
    page.evaluate(q("#b-board") + ".scrollIntoView({block: 'center'})")
    (x0, y0), (x1, y1) = centre(page, start, False), centre(page, end, False)
    send = page.send
    send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x0, "y": y0})
    send(
        "Input.dispatchMouseEvent",
        {"type": "mousePressed", "x": x0, "y": y0, "button": "left", "clickCount": 1},
    )
    for i in range(1, 6):
        x, y = x0 + (x1 - x0) * i / 5, y0 + (y1 - y0) * i / 5
        send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y, "buttons": 1})
    send(
        "Input.dispatchMouseEvent",
        {"type": "mouseReleased", "x": x1, "y": y1, "button": "left", "clickCount": 1},
    )


def hover(page: Page, expression: str) -> None:
    """Move the mouse to the middle of the element (no click)."""
    x, y = centre(page, expression)
    page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})


def start_session(page: Page) -> str:
    page.click(q("#b-start"))
    session_id: str = page.wait_for(
        "document.body.dataset.state === 'table' && document.body.dataset.version === '1'"
        " && document.querySelector('#board svg') && new URLSearchParams(location.search)"
        ".get('session')",
        bool,
        what="the session opened in the table view",
    )
    return session_id


def session(service: ServiceProcess, session_id: str) -> dict[str, Any]:
    r = httpx.get(f"{service.url}/v1/sessions/{session_id}", timeout=10)
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def cells(found: list[dict[str, int]]) -> list[str]:
    return sorted(f"{c['x']},{c['y']}" for c in found)


def turn_of(
    service: ServiceProcess, session_id: str, who: str, initiative: dict[str, Any] | None = None
) -> int:
    """Initiative rolled over REST (with ``initiative`` as its body: d100 and d10 need one),
    then next turn until it is ``who``'s; the version."""
    base = f"{service.url}/v1/sessions/{session_id}"
    r = httpx.post(f"{base}/roll-initiative", json=initiative or {}, timeout=10)
    assert r.status_code == 200, r.text
    while r.json()["encounter"]["turnOf"] != who:
        r = httpx.post(f"{base}/next-turn", json={}, timeout=10)
        assert r.status_code == 200, r.text
    version: int = r.json()["session"]["version"]
    return version


BUILDER_MODULES = ("builder.js", "builder-form.js", "builder-file.js")


def test_the_builder_script_comes_from_the_service(service: ServiceProcess) -> None:
    for module in BUILDER_MODULES:
        asset = httpx.get(f"{service.url}/static/play/{module}", timeout=10)
        assert asset.status_code == 200 and asset.headers["x-content-type-options"] == "nosniff"
        assert "text/javascript" in asset.headers["content-type"]
    page = httpx.get(f"{service.url}/play", timeout=10).text
    assert '<section id="builder" aria-labelledby="builder-title"></section>' in page


def test_build_on_squares_start_and_move_through_difficult_terrain(
    browser: Chromium, service: ServiceProcess
) -> None:
    with play_page(browser, service) as page:
        # The map: 6 by 3 squares (a size over the builder's limit is refused first).
        type_into(page, "#b-width", "99")
        page.press("Tab")
        until(page, "the width refused", lambda s: "Width must be" in s["mapError"])
        type_into(page, "#b-width", "6")
        page.press("Tab")
        type_into(page, "#b-height", "3")
        page.press("Tab")
        state = until(page, "a 6 by 3 map", lambda s: s["cells"] == 18 and not s["mapError"])

        # Bad input is refused in the form: nothing is added.
        state = add_creature(page, name="Aria", hp=0)
        assert "Hit points must be a whole number from 1" in state["formError"]
        assert state["listed"] == []
        state = add_creature(page, name="Aria", hp=24, damage="a lot")
        assert "is not dice" in state["formError"] and state["listed"] == []

        # Aria, placed by a click.
        state = add_creature(
            page,
            kind="pc",
            name="Aria",
            side="party",
            hp=24,
            ac=16,
            speed=30,
            attack="longsword",
            bonus=5,
            damage="1d8+3",
        )
        assert state["formError"] == "" and state["listed"] == ["aria"]
        assert state["selected"] == ["aria"] and state["tool"] == "place"
        click_cell(page, 1, 1, "Aria placed on (1, 1)")

        # Grisk: not on Aria's cell; placed next to her, then dragged away.
        add_creature(
            page,
            kind="monster",
            name="Grisk",
            side="goblins",
            hp=15,
            ac=15,
            attack="scimitar",
            damage="1d6+2",
        )
        state = click_cell(page, 1, 1, "Grisk can't stand there: Aria is on (1, 1)")
        assert state["tokens"] == {"aria": "1,1"}
        click_cell(page, 4, 1, "Grisk placed on (4, 1)")
        drag(page, cell(4, 1), cell(5, 2))
        state = until(page, "Grisk dragged", lambda s: s["tokens"].get("grisk") == "5,2")
        assert state["tokens"] == {"aria": "1,1", "grisk": "5,2"}
        drag(page, cell(5, 2), cell(1, 1))  # onto Aria: refused, Grisk stays
        state = until(page, "the drag refused", lambda s: "Aria is on (1, 1)" in s["status"])
        assert state["tokens"] == {"aria": "1,1", "grisk": "5,2"}

        # Walls above and below (2, 1), difficult terrain on it: the only way east.
        page.click(q('[data-tool="blocked"]'))
        until(page, "the wall brush on", lambda s: s["tool"] == "blocked")
        click_cell(page, 2, 0, "(2, 0): wall")
        click_cell(page, 2, 2, "(2, 2): wall")
        state = click_cell(page, 1, 1, "no wall on (1, 1): Aria stands there")
        assert state["blocked"] == ["2,0", "2,2"]
        page.click(q('[data-tool="difficult"]'))
        until(page, "the difficult terrain brush on", lambda s: s["tool"] == "difficult")
        click_cell(page, 3, 0, "(3, 0): difficult terrain")
        click_cell(page, 3, 0, "(3, 0): difficult terrain cleared")
        state = click_cell(page, 2, 1, "(2, 1): difficult terrain")
        assert state["difficult"] == ["2,1"]
        page.click(q('[data-tool="difficult"]'))  # the brush off again: placing
        until(page, "the brush toggled off", lambda s: s["tool"] == "place")

        # A token can't stand on a wall: Grisk selected, a click on (2, 0) is refused.
        page.click(q('[data-pick="grisk"]'))
        until(page, "Grisk selected", lambda s: s["selected"] == ["grisk"])
        state = click_cell(page, 2, 0, "Grisk can't stand there: (2, 0) is a wall")
        assert state["tokens"]["grisk"] == "5,2"

        # A third creature with dice the service refuses: the 422 with its path, then removed.
        add_creature(page, name="Wolf", side="goblins", hp=11, ac=13, attack="bite", damage="1d1")
        click_cell(page, 0, 0, "Wolf placed on (0, 0)")
        page.click(q("#b-start"))
        state = until(page, "the service's refusal", lambda s: "refused" in s["error"])
        assert "422" in state["error"]
        assert "encounter.combatants[2].attacks[0].damage (Wolf)" in state["error"]
        assert state["state"] == "setup"
        page.click(q('[data-remove="wolf"]'))
        state = until(page, "Wolf removed", lambda s: s["listed"] == ["aria", "grisk"])
        assert state["tokens"] == {"aria": "1,1", "grisk": "5,2"}

        # Start: the table view, and the session holds what was built.
        session_id = start_session(page)
        body = session(service, session_id)
        encounter = body["encounter"]
        assert body["version"] == 1 and encounter["ruleset"] == "d20"
        grid = encounter["grid"]
        assert (grid["kind"], grid["width"], grid["height"]) == ("square", 6, 3)
        assert cells(grid["blocked"]) == ["2,0", "2,2"]
        assert cells(grid["difficult"]) == ["2,1"]
        by_id = {c["id"]: c for c in encounter["combatants"]}
        assert set(by_id) == {"aria", "grisk"}
        aria, grisk = by_id["aria"], by_id["grisk"]
        assert aria["position"] == {"x": 1, "y": 1} and grisk["position"] == {"x": 5, "y": 2}
        assert (aria["name"], aria["side"], aria["kind"]) == ("Aria", "party", "pc")
        assert (aria["hp"], aria["maxHp"], aria["ac"], aria["speed"]) == (24, 24, 16, 30)
        longsword = {"name": "longsword", "bonus": 5, "damage": "1d8+3"}
        assert aria["attacks"][0].items() >= longsword.items()
        assert (grisk["side"], grisk["kind"], grisk["hp"]) == ("goblins", "monster", 15)

        # Play it forward: Aria walks through the difficult square to (3, 1).
        version = turn_of(service, session_id, "aria")
        until(
            page,
            "Aria's turn on the page",
            lambda s: s["version"] == version and s["actor"].startswith("Aria") and not s["busy"],
        )
        base = f"{service.url}/v1/sessions/{session_id}"
        answer = httpx.post(
            f"{base}/path-cost", json={"combatantId": "aria", "to": {"x": 3, "y": 1}}, timeout=10
        ).json()["outcome"]
        # 5 ft into (2, 1), doubled there (difficult terrain: d20.grid.difficult), 5 ft on
        assert answer["legal"] and answer["cost"] == 15
        assert [f"{p['x']},{p['y']}" for p in answer["path"]][-2:] == ["2,1", "3,1"]
        hover(page, "document.querySelector('#board [data-cell=\"3,1\"]')")
        state = until(
            page,
            "the path's preview",
            lambda s: s["preview"].get("kind") == "path" and s["preview"].get("cost") == "15",
        )
        assert "15 ft" in state["preview"]["text"]
        page.click("document.querySelector('#board [data-cell=\"3,1\"]')")
        until(page, "the move", lambda s: s["version"] == version + 1 and not s["busy"])
        moved = {c["id"]: c for c in session(service, session_id)["encounter"]["combatants"]}
        assert moved["aria"]["position"] == {"x": 3, "y": 1}
        assert moved["aria"]["budget"]["movement"] == 30 - 15


def test_build_on_hexes_by_keyboard(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page:
        choose(page, "#b-grid", "pointy")
        type_into(page, "#b-width", "7")
        page.press("Tab")
        type_into(page, "#b-height", "5")
        page.press("Tab")
        until(page, "a 7 by 5 hex map", lambda s: s["cells"] == 35)
        assert page.evaluate(q("#b-board svg") + ".getAttribute('aria-label')") == "7 by 5 hexes"

        # A wall and a difficult hex, painted by clicks.
        page.click(q('[data-tool="blocked"]'))
        click_cell(page, 2, 1, "(2, 1): wall")
        page.click(q('[data-tool="difficult"]'))
        click_cell(page, 1, 2, "(1, 2): difficult terrain")
        page.click(q('[data-tool="place"]'))
        until(page, "placing", lambda s: s["tool"] == "place")

        # Kael, placed by keyboard: Tab to the map, arrows, Enter.
        add_creature(page, name="Kael", side="rangers", hp=22, ac=15, attack="spear")
        page.evaluate(q("#b-keys") + ".scrollIntoView()")
        page.evaluate(q("[data-tool='climb']") + ".focus()")  # the toolbar's last
        page.press("Tab")
        until(page, "the map focused", lambda s: s["focused"] == "b-board")
        page.press("ArrowDown")  # from (0, 0), down one drawn row: odd-r row 1 is (0, 1)
        page.press("ArrowRight")
        state = until(page, "the cursor on (1, 1)", lambda s: s["cursor"] == "1,1")
        assert state["status"].startswith("(1, 1): open")
        page.press("Enter")
        until(page, "Kael placed by Enter", lambda s: s["tokens"].get("kael") == "1,1")

        # The wolf: refused on the wall hex, placed beyond the difficult one.
        add_creature(page, name="Wolf", side="beasts", hp=11, ac=13, speed=40, attack="bite")
        state = click_cell(page, 2, 1, "Wolf can't stand there: (2, 1) is a wall")
        assert "wolf" not in state["tokens"]
        click_cell(page, 0, 3, "Wolf placed on (0, 3)")

        session_id = start_session(page)
        encounter = session(service, session_id)["encounter"]
        grid = encounter["grid"]
        assert (grid["kind"], grid["hexOrientation"]) == ("hex", "pointy")
        assert (grid["width"], grid["height"]) == (7, 5)
        assert cells(grid["blocked"]) == ["2,1"] and cells(grid["difficult"]) == ["1,2"]
        positions = {c["id"]: c["position"] for c in encounter["combatants"]}
        assert positions == {"kael": {"x": 1, "y": 1}, "wolf": {"x": 0, "y": 3}}
        # the table draws the same axial cells: each token on the cell it was built on
        drawn = page.evaluate(
            "Object.fromEntries([...document.querySelectorAll('#board .space')]"
            ".map((s) => [s.dataset.id, s.dataset.space]))"
        )
        assert drawn == {"kael": "1,1", "wolf": "0,3"}

        # Entering the difficult hex costs double: 10 ft for one step.
        version = turn_of(service, session_id, "kael")
        until(page, "Kael's turn", lambda s: s["version"] == version and not s["busy"])
        hover(page, "document.querySelector('#board [data-cell=\"1,2\"]')")
        state = until(
            page,
            "the path's preview",
            lambda s: s["preview"].get("kind") == "path" and s["preview"].get("cost") == "10",
        )
        assert "10 ft" in state["preview"]["text"]


def test_edit_a_creature_already_added(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page:
        type_into(page, "#b-width", "6")
        page.press("Tab")
        type_into(page, "#b-height", "3")
        page.press("Tab")
        until(page, "a 6 by 3 map", lambda s: s["cells"] == 18)
        add_creature(
            page,
            kind="pc",
            name="Aria",
            hp=24,
            ac=16,
            attack="longsword",
            bonus=5,
            damage="1d8+3",
        )
        click_cell(page, 1, 1, "Aria placed on (1, 1)")
        add_creature(page, name="Grisk", side="goblins", hp=15, ac=15, attack="scimitar")
        click_cell(page, 4, 1, "Grisk placed on (4, 1)")
        type_into(page, "#b-name", "Wolf")  # half a new creature: the form gets it back
        held = state_of(page)["form"]
        assert held["name"] == "Wolf"

        # Edit: Aria's fields in the form, "Save changes" and "Cancel" instead of "Add".
        page.click(q('[data-edit="aria"]'))
        state = until(page, "Aria in the form", lambda s: s["formTitle"] == "Edit Aria")
        assert state["form"] == {
            "name": "Aria",
            "side": "party",
            "kind": "pc",
            "hp": "24",
            "ac": "16",
            "speed": "30",
            "size": "medium",
            "attack": "longsword",
            "bonus": "5",
            "damage": "1d8+3",
        }
        assert state["formButtons"] == ["b-save", "b-cancel"] and state["editing"] == ["aria"]
        assert state["focused"] == "b-name"

        # The same checks as adding: HP 0 refused, Aria unchanged.
        type_into(page, "#b-hp", "0")
        page.click(q("#b-save"))
        state = until(page, "HP 0 refused", lambda s: "Hit points must be" in s["formError"])
        assert "24 HP" in state["rows"]["aria"] and state["formTitle"] == "Edit Aria"

        # Renamed, 30 HP, large: the id stays "aria", the token keeps its cell (2 x 2 fits).
        type_into(page, "#b-name", "Aria the Bold")
        type_into(page, "#b-hp", "30")
        choose(page, "#b-size", "large")
        page.click(q("#b-save"))
        state = until(page, "Aria saved", lambda s: "Aria saved as Aria the Bold" in s["status"])
        assert state["listed"] == ["aria", "grisk"] and state["editing"] == []
        assert state["tokens"] == {"aria": "1,1", "grisk": "4,1"}
        assert state["rows"]["aria"].startswith("Aria the Bold")
        assert "30 HP" in state["rows"]["aria"] and "large" in state["rows"]["aria"]
        assert state["labels"]["aria"].startswith("Aria the Bold")
        assert state["formTitle"] == "Add a creature" and state["formButtons"] == ["b-add"]
        assert state["form"] == held
        assert page.evaluate("document.activeElement.dataset.edit") == "aria"

        # Grisk made huge (3 x 3): from (4, 1) it would reach off the map, so it is lifted.
        page.click(q('[data-edit="grisk"]'))
        until(page, "Grisk in the form", lambda s: s["formTitle"] == "Edit Grisk")
        choose(page, "#b-size", "huge")
        page.click(q("#b-save"))
        state = until(page, "Grisk lifted", lambda s: "lifted off the map" in s["status"])
        assert "(6, 1) is off the map" in state["status"] and "grisk" not in state["tokens"]
        click_cell(page, 3, 0, "Grisk placed on (3, 0)")

        # An edit cancelled with Escape changes nothing.
        page.click(q('[data-edit="grisk"]'))
        until(page, "Grisk in the form again", lambda s: s["formTitle"] == "Edit Grisk")
        type_into(page, "#b-name", "Snark")
        type_into(page, "#b-hp", "99")
        page.press("Escape")
        state = until(
            page, "the edit cancelled", lambda s: "Editing Grisk cancelled" in s["status"]
        )
        assert state["formTitle"] == "Add a creature" and state["form"] == held
        assert state["rows"]["grisk"].startswith("Grisk") and "15 HP" in state["rows"]["grisk"]

        # The session holds the edited creatures under the ids they were made with.
        session_id = start_session(page)
        by_id = {c["id"]: c for c in session(service, session_id)["encounter"]["combatants"]}
        assert set(by_id) == {"aria", "grisk"}
        aria, grisk = by_id["aria"], by_id["grisk"]
        assert (aria["name"], aria["hp"], aria["maxHp"], aria["size"]) == (
            "Aria the Bold",
            30,
            30,
            "large",
        )
        assert aria["position"] == {"x": 1, "y": 1}
        assert (grisk["name"], grisk["hp"], grisk["size"]) == ("Grisk", 15, "huge")
        assert grisk["position"] == {"x": 3, "y": 0}


def attack_rows(state: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(a["name"], a["bonus"], a["damage"]) for a in state["attacks"]]


def test_a_creature_with_several_attacks(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page:
        # One row to begin with, and it can't be removed.
        state = state_of(page)
        assert attack_rows(state) == [("club", "3", "1d6+1")]
        assert [a["removable"] for a in state["attacks"]] == [False]

        # Two more rows; the new one takes the focus, named b-attack-2, b-attack-3.
        page.click(q("#b-add-attack"))
        state = until(page, "a second attack row", lambda s: len(s["attacks"]) == 2)
        assert state["focused"] == "b-attack-2"
        assert [a["removable"] for a in state["attacks"]] == [True, True]
        type_into(page, "#b-attack", "longsword")
        type_into(page, "#b-bonus", "5")
        type_into(page, "#b-damage", "1d8+3")
        type_into(page, "#b-attack-2", "dagger")
        type_into(page, "#b-bonus-2", "5")
        type_into(page, "#b-damage-2", "1d4+3")
        page.click(q("#b-add-attack"))
        until(page, "a third attack row", lambda s: s["focused"] == "b-attack-3")

        # Refused in the form, nothing added: a name twice (whatever its case), bad dice.
        type_into(page, "#b-attack-3", "Longsword")
        state = add_creature(page, name="Aria", side="party", hp=24, ac=16)
        assert "Attack 3: “Longsword” is already Attack's name" in state["formError"]
        assert state["listed"] == []
        type_into(page, "#b-attack-3", "javelin")
        type_into(page, "#b-damage-3", "many")
        page.click(q("#b-add"))
        state = until(page, "bad dice refused", lambda s: "Attack 3 damage dice" in s["formError"])
        assert state["listed"] == []

        # The third row removed by keyboard (Tab to its Remove, Space): the focus stays in.
        page.evaluate(q("#b-damage-3") + ".focus()")
        page.press("Tab")
        assert page.evaluate("document.activeElement.dataset.removeAttack") == "2"
        page.press(" ")
        state = until(page, "two rows again", lambda s: len(s["attacks"]) == 2)
        assert state["focused"] == "b-attack-2"
        state = add_creature(page)
        assert state["formError"] == "" and state["listed"] == ["aria"]
        assert "longsword +5 (1d8+3), dagger +5 (1d4+3)" in state["rows"]["aria"]
        click_cell(page, 1, 1, "Aria placed on (1, 1)")

        # Edit: both rows back; the first removed, a javelin added.
        page.click(q('[data-edit="aria"]'))
        state = until(page, "Aria in the form", lambda s: s["formTitle"] == "Edit Aria")
        assert attack_rows(state) == [("longsword", "5", "1d8+3"), ("dagger", "5", "1d4+3")]
        page.click(q('[data-remove-attack="0"]'))
        state = until(page, "one row", lambda s: len(s["attacks"]) == 1)
        assert attack_rows(state) == [("dagger", "5", "1d4+3")]
        assert state["attacks"][0]["id"] == "b-attack" and not state["attacks"][0]["removable"]
        page.click(q("#b-add-attack"))
        until(page, "a new row", lambda s: s["focused"] == "b-attack-2")
        type_into(page, "#b-attack-2", "javelin")
        type_into(page, "#b-bonus-2", "4")
        type_into(page, "#b-damage-2", "1d6+3")
        page.click(q("#b-save"))
        state = until(page, "Aria saved", lambda s: "Aria saved" in s["status"])
        assert "dagger +5 (1d4+3), javelin +4 (1d6+3)" in state["rows"]["aria"]

        add_creature(page, name="Grisk", side="goblins", hp=15, ac=15)
        click_cell(page, 4, 4, "Grisk placed on (4, 4)")
        session_id = start_session(page)
        by_id = {c["id"]: c for c in session(service, session_id)["encounter"]["combatants"]}
        assert [(a["name"], a["bonus"], a["damage"]) for a in by_id["aria"]["attacks"]] == [
            ("dagger", 5, "1d4+3"),
            ("javelin", 4, "1d6+3"),
        ]
        # Grisk took the attacks the form held before Aria's edit (given back after it)
        assert [a["name"] for a in by_id["grisk"]["attacks"]] == ["longsword", "dagger"]

        # On Aria's turn the table's attack picker offers both.
        version = turn_of(service, session_id, "aria")
        until(
            page,
            "Aria's turn on the page",
            lambda s: s["version"] == version and s["actor"].startswith("Aria") and not s["busy"],
        )
        offered = page.evaluate(
            "[...document.querySelectorAll('#attack-name option')].map((o) => o.value)"
        )
        assert offered == ["dagger", "javelin"]


def test_paint_water_and_climbs_in_d10(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page:
        choose(page, "#b-ruleset", "d10")
        type_into(page, "#b-width", "6")
        page.press("Tab")
        type_into(page, "#b-height", "3")
        page.press("Tab")
        until(page, "a 6 by 3 map", lambda s: s["cells"] == 18)
        add_creature(page, kind="pc", name="Aria", hp=24, ac=16, attack="longsword")
        click_cell(page, 1, 1, "Aria placed on (1, 1)")
        add_creature(page, name="Grisk", side="goblins", hp=15, ac=15, attack="scimitar")
        click_cell(page, 5, 2, "Grisk placed on (5, 2)")

        # Two more brushes, toggles as the others are.
        swim, climb = q('[data-tool="swim"]'), q('[data-tool="climb"]')
        assert page.evaluate(swim + ".textContent") == "Water (swim) brush"
        assert page.evaluate(climb + ".textContent") == "Climb brush"
        page.click(q('[data-tool="blocked"]'))
        click_cell(page, 2, 0, "(2, 0): wall")
        page.click(swim)
        state = until(page, "the water brush on", lambda s: s["tool"] == "swim")
        assert page.evaluate(swim + ".getAttribute('aria-pressed')") == "true"

        # Water on the wall replaces it; water under Aria is allowed (she stands in it).
        state = click_cell(page, 2, 0, "(2, 0): water (swim) (the wall there cleared)")
        assert state["blocked"] == [] and state["swim"] == ["2,0"]
        state = click_cell(page, 1, 1, "(1, 1): water (swim)")
        assert state["tokens"]["aria"] == "1,1" and state["swim"] == ["1,1", "2,0"]

        # Difficult terrain lies on water; a climb replaces the water, not the difficult.
        page.click(q('[data-tool="difficult"]'))
        click_cell(page, 2, 1, "(2, 1): difficult terrain")
        page.click(swim)
        click_cell(page, 2, 1, "(2, 1): water (swim), difficult terrain")
        page.click(climb)
        state = until(page, "the climb brush on", lambda s: s["tool"] == "climb")
        state = click_cell(page, 2, 1, "(2, 1): climb, difficult terrain (the water (swim)")
        assert state["swim"] == ["1,1", "2,0"] and state["climb"] == ["2,1"]
        assert state["difficult"] == ["2,1"]
        # A wall clears all of it; painted again, the climb clears the wall.
        page.click(q('[data-tool="blocked"]'))
        click_cell(page, 2, 1, "(2, 1): wall (the climb and difficult terrain there cleared)")
        page.click(climb)
        state = click_cell(page, 2, 1, "(2, 1): climb (the wall there cleared)")
        assert state["blocked"] == [] and state["climb"] == ["2,1"]
        page.click(q('[data-tool="difficult"]'))
        state = click_cell(page, 2, 1, "(2, 1): climb, difficult terrain")
        assert page.evaluate(cell(2, 1) + ".dataset.terrain") == "climb difficult"
        assert page.evaluate(cell(2, 1) + ".getAttribute('class')") == "cell climb difficult"

        # The keyboard cursor says a cell's terrain.
        page.click(q('[data-tool="difficult"]'))  # back to placing
        page.evaluate(q("#b-board") + ".focus()")
        page.press("ArrowRight")  # from Grisk, the selected creature, at (5, 2): stays there
        page.press("Home")
        page.press("ArrowUp")
        page.press("ArrowRight")
        page.press("ArrowRight")
        state = until(page, "the cursor on (2, 1)", lambda s: s["cursor"] == "2,1")
        assert state["status"].startswith("(2, 1): climb, difficult terrain")

        # The session holds the lists; d10 prices them by the mover's speeds (15 ft each).
        session_id = start_session(page)
        grid = session(service, session_id)["encounter"]["grid"]
        assert cells(grid["swim"]) == ["1,1", "2,0"] and cells(grid["climb"]) == ["2,1"]
        assert cells(grid["difficult"]) == ["2,1"] and grid["blocked"] == []
        version = turn_of(service, session_id, "aria", {"initiatorId": "grisk"})
        until(
            page,
            "Aria's turn on the page",
            lambda s: s["version"] == version and s["actor"].startswith("Aria") and not s["busy"],
        )
        base = f"{service.url}/v1/sessions/{session_id}"

        def cost(x: int, y: int) -> Any:
            body = {"combatantId": "aria", "to": {"x": x, "y": y}}
            return httpx.post(f"{base}/path-cost", json=body, timeout=10).json()["outcome"]

        # a step into water: 5 ft at a swim of 15 out of a walk of 30 is 10 ft
        assert cost(2, 0)["cost"] == 10
        # a step onto the difficult climb: 10 ft, and difficult terrain's 5 on top
        assert cost(2, 1)["cost"] == 15
        hover(page, "document.querySelector('#board [data-cell=\"2,1\"]')")
        state = until(
            page,
            "the climb's preview",
            lambda s: s["preview"].get("kind") == "path" and s["preview"].get("cost") == "15",
        )
        assert "15 ft" in state["preview"]["text"]


def save_file(page: Page, folder: Path) -> tuple[Path, Any]:
    """Press "Save encounter" with downloads going to ``folder``; the file once written."""
    folder.mkdir(exist_ok=True)
    page.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    page.click(q("#b-save-file"))
    file = folder / "encounter.json"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if file.exists():  # Chromium writes a .crdownload, renamed when complete
            return file, json.loads(file.read_text())
        time.sleep(0.05)
    raise AssertionError(f"no download in {folder}: {list(folder.iterdir())}")


def load_file(page: Page, file: Path) -> None:
    """Choose ``file`` in "Load encounter" as a person does in the file picker."""
    found = page.send("Runtime.evaluate", {"expression": q("#b-load")})
    page.send(
        "DOM.setFileInputFiles", {"files": [str(file)], "objectId": found["result"]["objectId"]}
    )


def test_save_load_and_keep_an_encounter(
    browser: Chromium, service: ServiceProcess, tmp_path: Path
) -> None:
    with play_page(browser, service) as page:
        choose(page, "#b-grid", "pointy")
        type_into(page, "#b-width", "5")
        page.press("Tab")
        type_into(page, "#b-height", "4")
        page.press("Tab")
        until(page, "a 5 by 4 hex map", lambda s: s["cells"] == 20)
        page.click(q('[data-tool="blocked"]'))
        click_cell(page, 2, 1, "(2, 1): wall")
        page.click(q('[data-tool="swim"]'))
        click_cell(page, 1, 2, "(1, 2): water (swim)")
        page.click(q('[data-tool="difficult"]'))
        click_cell(page, 1, 2, "(1, 2): water (swim), difficult terrain")
        page.click(q('[data-tool="difficult"]'))  # back to placing
        add_creature(
            page, kind="pc", name="Aria", hp=24, ac=16, attack="longsword", bonus=5, damage="1d8+3"
        )
        click_cell(page, 0, 1, "Aria placed on (0, 1)")
        add_creature(page, name="Grisk", side="goblins", hp=15, ac=15, attack="scimitar")

        # Not saved while Grisk is off the map; then a download of what Start would send.
        page.click(q("#b-save-file"))
        state = until(page, "the save refused", lambda s: "Not saved" in s["error"])
        assert "Grisk is not on the map yet" in state["error"]
        click_cell(page, 3, 2, "Grisk placed on (3, 2)")
        built = state_of(page)
        saved, document = save_file(page, tmp_path / "downloads")
        until(page, "the save said", lambda s: "Saved as encounter.json" in s["status"])
        assert state_of(page)["error"] == ""
        encounter = document["encounter"]
        assert list(document) == ["encounter"] and encounter["ruleset"] == "d20"
        assert encounter["grid"] == {
            "kind": "hex",
            "hexOrientation": "pointy",
            "width": 5,
            "height": 4,
            "blocked": [{"x": 2, "y": 1}],
            "swim": [{"x": 1, "y": 2}],
            "climb": [],
            "difficult": [{"x": 1, "y": 2}],
        }
        aria, grisk = encounter["combatants"]
        assert aria == {
            "id": "aria",
            "name": "Aria",
            "side": "party",
            "kind": "pc",
            "position": {"x": 0, "y": 1},
            "hp": 24,
            "maxHp": 24,
            "ac": 16,
            "speed": 30,
            "size": "medium",
            "attacks": [{"name": "longsword", "bonus": 5, "damage": "1d8+3"}],
        }
        assert (grisk["id"], grisk["position"]) == ("grisk", {"x": 3, "y": 2})

        # A reload: the work is back from localStorage, map fields and all.
        def board(s: dict[str, Any]) -> tuple[Any, ...]:
            terrain = (s["blocked"], s["swim"], s["climb"], s["difficult"])
            return s["tokens"], s["listed"], s["rows"], terrain, s["cells"]

        state = open_builder(page, service)
        assert board(state) == board(built)
        assert "Your work is back" in state["status"]
        fields = "['b-ruleset', 'b-grid', 'b-width', 'b-height']"
        shown = f"{fields}.map((id) => document.getElementById(id).value)"
        assert page.evaluate(shown) == ["d20", "pointy", "5", "4"]

        # Clear: an empty 12 by 8 map of squares, and a reload keeps it so.
        page.click(q("#b-clear"))
        state = until(page, "cleared", lambda s: s["cells"] == 96 and s["listed"] == [])
        assert state["tokens"] == {} and state["blocked"] == state["swim"] == []
        assert page.evaluate(shown) == ["d20", "square", "12", "8"]
        state = open_builder(page, service)
        assert state["listed"] == [] and state["cells"] == 96

        # Something to keep while bad files are refused.
        add_creature(page, name="Wolf", side="beasts", hp=11, ac=13, attack="bite")
        click_cell(page, 0, 0, "Wolf placed on (0, 0)")
        kept = board(state_of(page))
        on_a_wall = json.loads(saved.read_text())
        on_a_wall["encounter"]["combatants"][0]["position"] = {"x": 2, "y": 1}
        extra = json.loads(saved.read_text())
        extra["encounter"]["combatants"][1]["features"] = ["device:flying"]
        bad_dice = json.loads(saved.read_text())
        bad_dice["encounter"]["combatants"][1]["attacks"][0]["damage"] = "lots"
        refusals = {
            "not-json.json": ("{ encounter", "it is not JSON"),
            "on-a-wall.json": (json.dumps(on_a_wall), "Aria can't stand there: (2, 1) is a wall"),
            "extra.json": (
                json.dumps(extra),
                "combatants[1] (Grisk): the builder makes no “features”",
            ),
            "bad-dice.json": (
                json.dumps(bad_dice),
                "combatants[1] (Grisk): Attack damage dice: “lots” is not dice",
            ),
        }
        for name, (text, reason) in refusals.items():
            (tmp_path / name).write_text(text)
            load_file(page, tmp_path / name)
            state = until(
                page, f"{name} refused", lambda s, n=name: f"Not loaded: {n}" in s["error"]
            )
            assert reason in state["error"] and "Nothing changed" in state["error"]
            assert board(state) == kept

        # The saved file loads back as it was saved; it starts the same encounter.
        load_file(page, saved)
        state = until(page, "the file loaded", lambda s: "Loaded encounter.json" in s["status"])
        assert board(state) == board(built) and state["error"] == ""
        assert page.evaluate(shown) == ["d20", "pointy", "5", "4"]
        session_id = start_session(page)
        started = session(service, session_id)["encounter"]
        assert started["grid"].items() >= encounter["grid"].items()
        for sent, held in zip(encounter["combatants"], started["combatants"], strict=True):
            assert held.items() >= {k: v for k, v in sent.items() if k != "attacks"}.items()
            pairs = zip(held["attacks"], sent["attacks"], strict=True)
            assert all(a.items() >= b.items() for a, b in pairs)


def table_token(cid: str) -> str:
    return f"document.querySelector('#board .token[data-id=\"{cid}\"] .disc')"


def sizes_offered(page: Page) -> list[str]:
    found: list[str] = page.evaluate(
        "[...document.querySelectorAll('#b-size option')].map((o) => o.value)"
    )
    return found


def attack_on_the_page(
    page: Page, service: ServiceProcess, session_id: str, attacker: str, target: str
) -> dict[str, Any]:
    """On ``attacker``'s turn (already on the page): hover ``target``, wait for the odds,
    click it; then check that what the table shows is what the session holds. Answers the
    version's events."""
    base = f"{service.url}/v1/sessions/{session_id}"
    version = session(service, session_id)["version"]
    page.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 1, "y": 1})
    hover(page, table_token(target))
    until(
        page, "the odds", lambda s: s["preview"].get("kind") == "attack" and "hit" in s["preview"]
    )
    page.click(table_token(target))
    until(page, "the attack written", lambda s: s["version"] == version + 1 and not s["busy"])
    items = httpx.get(f"{base}/events?limit=200", timeout=10).json()["items"]
    events = [e["data"] for e in items if e["version"] == version + 1]
    shown = page.wait_for(
        f"""[...document.querySelectorAll('#log li.version[data-version="{version + 1}"] .event')]
             .map((e) => [e.dataset.type, e.querySelector('.message').textContent])""",
        lambda v: len(v) == len(events),
        what="the attack's log",
    )
    assert shown == [[e["type"], e["message"]] for e in events]
    held = {c["id"]: c for c in session(service, session_id)["encounter"]["combatants"]}
    hp = page.wait_for(
        f"document.querySelector('#roster li[data-id=\"{target}\"] .hp').textContent",
        lambda t: t.startswith(f"{held[target]['hp']}/"),
        what="the target's HP in the roster",
    )
    assert hp.startswith(f"{held[target]['hp']}/{held[target]['maxHp']}")
    said = page.wait_for(
        "document.getElementById('announce').textContent",
        lambda t: "attacks" in t,
        what="the live region's words",
    )
    return {"events": events, "said": said, "held": held}


def test_a_d100_fight_with_a_colossal_creature(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page:
        assert "colossal" not in sizes_offered(page)  # d20's ladder
        choose(page, "#b-ruleset", "d100")
        page.wait_for(
            "[...document.querySelectorAll('#b-size option')].map((o) => o.value)",
            lambda v: "colossal" in v,
            what="d100's ladder in the size field",
        )
        assert sizes_offered(page) == [
            "tiny",
            "small",
            "medium",
            "large",
            "huge",
            "colossal",
            "gargantuan",
        ]
        add_creature(
            page,
            kind="pc",
            name="Vex",
            side="crew",
            hp=30,
            ac=14,
            attack="knife",
            bonus=35,
            damage="1d4+1",
        )
        click_cell(page, 3, 3, "Vex placed on (3, 3)")
        add_creature(
            page,
            name="Hulk",
            side="gang",
            hp=80,
            ac=12,
            size="colossal",
            attack="slam",
            bonus=30,
            damage="2d6",
        )
        state = click_cell(page, 7, 3, "Hulk doesn't fit there: (12, 3) is off the map")
        assert "hulk" not in state["tokens"]
        click_cell(page, 4, 1, "Hulk placed on (4, 1)")
        spaces = page.evaluate(
            "[...document.querySelectorAll('#b-board .space')].map((s) => s.dataset.space)"
        )
        assert len(spaces) == 1 + 36 and "9,6" in spaces  # 6 x 6 from (4, 1)

        session_id = start_session(page)
        encounter = session(service, session_id)["encounter"]
        assert encounter["ruleset"] == "d100"
        by_id = {c["id"]: c for c in encounter["combatants"]}
        assert (by_id["hulk"]["size"], by_id["hulk"]["position"]) == ("colossal", {"x": 4, "y": 1})
        drawn = page.evaluate(
            "[...document.querySelectorAll('#board .space[data-id=\"hulk\"]')].length"
        )
        assert drawn == 36

        # d100 takes the order the players declare: Vex, then Hulk.
        version = turn_of(service, session_id, "vex", {"order": ["vex", "hulk"]})
        until(
            page,
            "Vex's turn on the page",
            lambda s: s["version"] == version and s["actor"].startswith("Vex") and not s["busy"],
        )
        seen = attack_on_the_page(page, service, session_id, "vex", "hulk")
        assert any(e["message"].startswith("Vex attacks Hulk with knife") for e in seen["events"])
        assert "Vex attacks Hulk with knife" in seen["said"]


def test_a_d10_fight_on_flat_hexes(browser: Chromium, service: ServiceProcess) -> None:
    with play_page(browser, service) as page:
        choose(page, "#b-ruleset", "d10")
        choose(page, "#b-grid", "flat")
        type_into(page, "#b-width", "7")
        page.press("Tab")
        type_into(page, "#b-height", "5")
        page.press("Tab")
        until(page, "a 7 by 5 hex map", lambda s: s["cells"] == 35)
        assert "colossal" not in sizes_offered(page) and "large" in sizes_offered(page)
        add_creature(
            page,
            name="Wolf",
            side="beasts",
            hp=26,
            ac=13,
            speed=40,
            size="large",
            attack="bite",
            bonus=5,
            damage="2d4+3",
        )
        click_cell(page, 3, 1, "Wolf placed on (3, 1)")
        # Kael beside the wolf's space: a free hex next to one of its three
        space = page.evaluate(
            "[...document.querySelectorAll('#b-board .space')].map((s) => s.dataset.space)"
        )
        assert len(space) == 3
        on_map = set(
            page.evaluate(
                "[...document.querySelectorAll('#b-board [data-cell]')].map((c) => c.dataset.cell)"
            )
        )
        taken = {tuple(map(int, k.split(","))) for k in space}
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
        beside = sorted(
            (q + dq, r + dr)
            for q, r in taken
            for dq, dr in steps
            if (q + dq, r + dr) not in taken and f"{q + dq},{r + dr}" in on_map
        )
        x, y = beside[0]
        add_creature(
            page,
            kind="pc",
            name="Kael",
            side="rangers",
            hp=22,
            ac=15,
            size="medium",
            attack="shortsword",
            bonus=6,
            damage="1d6+3",
        )
        click_cell(page, x, y, f"Kael placed on ({x}, {y})")

        session_id = start_session(page)
        encounter = session(service, session_id)["encounter"]
        grid = encounter["grid"]
        assert (encounter["ruleset"], grid["kind"], grid["hexOrientation"]) == (
            "d10",
            "hex",
            "flat",
        )
        by_id = {c["id"]: c for c in encounter["combatants"]}
        assert (by_id["wolf"]["size"], by_id["wolf"]["position"]) == ("large", {"x": 3, "y": 1})
        assert by_id["kael"]["position"] == {"x": x, "y": y}
        drawn = page.evaluate(
            "[...document.querySelectorAll('#board .space[data-id=\"wolf\"]')]"
            ".map((s) => s.dataset.space).sort()"
        )
        assert drawn == sorted(space)

        # d10: the wolf's hostile action starts the fight; then Kael's turn.
        version = turn_of(service, session_id, "kael", {"initiatorId": "wolf"})
        until(
            page,
            "Kael's turn on the page",
            lambda s: s["version"] == version and s["actor"].startswith("Kael") and not s["busy"],
        )
        seen = attack_on_the_page(page, service, session_id, "kael", "wolf")
        assert any(
            e["message"].startswith("Kael attacks Wolf with shortsword") for e in seen["events"]
        )
        assert "Kael attacks Wolf with shortsword" in seen["said"]

"""The live page of ``examples/web`` in headless Chromium: it draws a session, then follows
``sessionUpdated`` and redraws, without reloading, when the Python SDK changes the session.

Runs ``python -m service`` (see ``conftest.py``), serves the page from the same origin as the
API (see ``e2e_support.PageServer``) and drives Chromium over the DevTools protocol.
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from e2e_support import Chromium, Page, PageServer
from service_process import ServiceProcess

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "examples" / "web"
PYTHON_SDK = ROOT / "clients" / "python"

pytestmark = pytest.mark.timeout(240)

# Everything the tests read from the page, in one evaluation.
SNAPSHOT = """(() => {
  const all = (selector) => [...document.querySelectorAll(selector)];
  if (document.readyState === "loading" || !document.getElementById("status")) {
    return { state: "not loaded", version: 0, error: "" };
  }
  return {
    state: document.body.dataset.state,
    version: Number(document.body.dataset.version || 0),
    status: document.getElementById("status").textContent,
    error: document.getElementById("error").textContent,
    round: document.getElementById("round").textContent,
    order: all("#initiative li").map((li) => li.dataset.id),
    current: all("#initiative li.current").map((li) => li.dataset.id),
    hp: Object.fromEntries(all("#roster tr").map((tr) => [tr.dataset.id,
                                                           tr.querySelector("td.hp").textContent])),
    tokens: Object.fromEntries(all("#board .token").map((g) => [g.dataset.id,
                                                                g.querySelector("text.hp").textContent])),
    turnToken: all("#board .token.turn").map((g) => g.dataset.id),
    kind: document.querySelector("#board svg")?.dataset.kind ?? null,
    cells: all("#board .cell").length,
    blocked: all("#board .cell.blocked").map((c) => c.dataset.cell).sort(),
    marker: window.__e2eMarker ?? null,
  };
})()"""


@pytest.fixture(scope="module")
def page_server(service: ServiceProcess) -> Iterator[PageServer]:
    server = PageServer(WEB, ("127.0.0.1", service.port))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def sdk(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """``combat_rules_client``: the installed one, else ``pip install ./clients/python`` into a
    directory of its own (from a copy, so the build leaves nothing in the work tree)."""
    try:
        return importlib.import_module("combat_rules_client")
    except ImportError:
        pass
    source = tmp_path_factory.mktemp("sdk-source") / "python"
    shutil.copytree(PYTHON_SDK, source, ignore=shutil.ignore_patterns("__pycache__"))
    target = tmp_path_factory.mktemp("sdk-site")
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    command += ["--no-deps", "--target", str(target), str(source)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        pytest.fail(f"pip install ./clients/python failed:\n{done.stdout}\n{done.stderr}")
    sys.path.insert(0, str(target))
    return importlib.import_module("combat_rules_client")


def ok(result: Any) -> Any:
    from combat_rules_client.models import Problem

    assert result is not None, "no answer from the service"
    assert not isinstance(result, Problem), f"{result.status} {result.title}: {result.detail}"
    return result


def open_page(page: Page, server: PageServer, session_id: str) -> dict[str, Any]:
    page.navigate(f"{server.url}/index.html?session={session_id}&api={server.url}")
    snapshot: dict[str, Any] = page.wait_for(
        SNAPSHOT,
        lambda s: s["state"] == "live" and s["version"] >= 1,
        timeout=20,
        what="the page to draw the session and subscribe",
    )
    return snapshot


def test_page_updates_live_after_sdk_mutations(
    sdk: ModuleType,
    service: ServiceProcess,
    page_server: PageServer,
    browser: Chromium,
    tmp_path: Path,
) -> None:
    from combat_rules_client.api.sessions import (
        create_session,
        session_apply_damage,
        session_roll_initiative,
    )
    from combat_rules_client.models import (
        ApplyDamageSessionRequest,
        Attack,
        Cell,
        Combatant,
        CombatantKind,
        CreateSessionRequest,
        Encounter,
        Grid,
        RollInitiativeSessionRequest,
        Ruleset,
    )

    def fighter(ident: str, name: str, side: str, x: int, y: int, hp: int) -> Any:
        return Combatant(
            id=ident,
            name=name,
            side=side,
            kind=CombatantKind.PC if side == "party" else CombatantKind.MONSTER,
            position=Cell(x=x, y=y),
            hp=hp,
            max_hp=hp,
            ac=14,
            initiative_bonus=2,
            attacks=[Attack(name="blade", bonus=4, damage="1d6+2")],
        )

    encounter = Encounter(
        ruleset=Ruleset.D20,
        grid=Grid(width=10, height=6, blocked=[Cell(x=5, y=1), Cell(x=5, y=2), Cell(x=5, y=3)]),
        combatants=[
            fighter("aria", "Aria", "party", 1, 2, 24),
            fighter("brom", "Brom", "party", 2, 4, 30),
            fighter("goblin", "Goblin", "monsters", 7, 2, 7),
        ],
    )

    with sdk.Client(base_url=service.url, timeout=10.0) as client, browser.page() as page:
        session = ok(
            create_session.sync(client=client, body=CreateSessionRequest(encounter=encounter))
        )
        started = time.monotonic()
        first = open_page(page, page_server, session.id)
        loaded = time.monotonic() - started
        assert first["version"] == 1
        assert first["kind"] == "square" and first["cells"] == 60
        assert first["blocked"] == ["5,1", "5,2", "5,3"]
        assert first["hp"] == {"aria": "24/24", "brom": "30/30", "goblin": "7/7"}
        assert first["tokens"] == {"aria": "24", "brom": "30", "goblin": "7"}
        assert first["order"] == [] and first["round"] == "0"
        # Gone if the page reloads: every later check proves it redrew in place.
        page.evaluate("window.__e2eMarker = 'same document'")

        rolled = ok(
            session_roll_initiative.sync(
                session.id, client=client, body=RollInitiativeSessionRequest(seed=7)
            )
        )
        order = [entry.combatant_id for entry in rolled.outcome.order]
        turn_of = rolled.encounter.turn_of
        started = time.monotonic()
        after_roll = page.wait_for(
            SNAPSHOT,
            lambda s: s["version"] == rolled.session.version,
            what=f"version {rolled.session.version} after rollInitiative",
        )
        roll_latency = time.monotonic() - started
        assert after_roll["order"] == order
        assert after_roll["current"] == [turn_of] and after_roll["turnToken"] == [turn_of]
        assert after_roll["round"] == "1"
        assert after_roll["marker"] == "same document"

        damaged = ok(
            session_apply_damage.sync(
                session.id,
                client=client,
                body=ApplyDamageSessionRequest(target_id="goblin", amount=4),
            )
        )
        assert damaged.outcome.hp == 3
        started = time.monotonic()
        after_damage = page.wait_for(
            SNAPSHOT,
            lambda s: s["version"] == damaged.session.version,
            what=f"version {damaged.session.version} after applyDamage",
        )
        damage_latency = time.monotonic() - started
        assert after_damage["hp"]["goblin"] == "3/7"
        assert after_damage["tokens"]["goblin"] == "3"
        assert after_damage["hp"]["aria"] == "24/24"
        assert after_damage["order"] == order
        assert after_damage["state"] == "live" and after_damage["error"] == ""
        assert after_damage["marker"] == "same document"
        assert page.exceptions == [], page.exceptions
        shot = page.screenshot(tmp_path / "live-page.png")

    assert shot.stat().st_size > 1000
    assert page_server.errors == [], page_server.errors
    print(
        f"\npage live in {loaded:.2f}s; redrawn {roll_latency:.2f}s after rollInitiative, "
        f"{damage_latency:.2f}s after applyDamage; screenshot {shot}"
    )


def test_page_draws_hex_grid_and_unknown_session(
    sdk: ModuleType,
    service: ServiceProcess,
    page_server: PageServer,
    browser: Chromium,
    tmp_path: Path,
) -> None:
    from combat_rules_client.api.sessions import create_session
    from combat_rules_client.models import (
        Cell,
        Combatant,
        CreateSessionRequest,
        Encounter,
        Grid,
        GridKind,
        Ruleset,
    )

    encounter = Encounter(
        ruleset=Ruleset.D20,
        grid=Grid(width=7, height=5, kind=GridKind.HEX, blocked=[Cell(x=2, y=2)]),
        combatants=[
            Combatant(
                id="scout",
                name="Scout",
                side="party",
                position=Cell(x=0, y=1),
                hp=9,
                max_hp=9,
                ac=12,
            ),
            Combatant(
                id="wolf",
                name="Wolf",
                side="beasts",
                position=Cell(x=3, y=3),
                hp=11,
                max_hp=11,
                ac=13,
            ),
        ],
    )
    with sdk.Client(base_url=service.url, timeout=10.0) as client, browser.page() as page:
        session = ok(
            create_session.sync(client=client, body=CreateSessionRequest(encounter=encounter))
        )
        shown = open_page(page, page_server, session.id)
        assert shown["kind"] == "hex" and shown["cells"] == 35
        assert shown["blocked"] == ["2,2"]
        assert shown["hp"] == {"scout": "9/9", "wolf": "11/11"}
        # Each combatant sits on the hex of its axial position.
        centres = page.evaluate("""(() => {
          const centre = (el) => { const b = el.getBBox(); return [b.x + b.width / 2,
                                                                   b.y + b.height / 2]; };
          const out = {};
          for (const id of ["scout", "wolf"]) {
            const g = document.querySelector(`.token[data-id="${id}"] circle`);
            const [x, y] = centre(g);
            const hit = [...document.querySelectorAll("#board .cell")].find((c) => {
              const [cx, cy] = centre(c); return Math.hypot(cx - x, cy - y) < 1; });
            out[id] = hit ? hit.dataset.cell : null;
          }
          return out;
        })()""")
        assert centres == {"scout": "0,1", "wolf": "3,3"}
        page.screenshot(tmp_path / "hex-page.png")

        page.navigate(f"{page_server.url}/index.html?session=no-such-session")
        gone = page.wait_for(
            SNAPSHOT,
            lambda s: s["state"] in ("ended", "error") and "not found" in s["error"].lower(),
            what="the page to report an unknown session",
        )
        assert gone["version"] == 0

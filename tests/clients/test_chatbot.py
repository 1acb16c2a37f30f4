"""examples/chatbot/bot.py, fed commands on standard input, against a live service."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from clients_support import ROOT, LiveService

pytestmark = pytest.mark.timeout(300)

BOT = ROOT / "examples" / "chatbot" / "bot.py"
FIGHT = ROOT / "examples" / "chatbot" / "fight.json"


def new_session(service: LiveService, goblin_hp: int = 7, **changes: dict[str, object]) -> str:
    """A session on fight.json; ``changes`` updates a combatant by id."""
    encounter = json.loads(FIGHT.read_text())
    encounter["combatants"][1].update(hp=goblin_hp, maxHp=goblin_hp)
    for combatant in encounter["combatants"]:
        combatant.update(changes.get(combatant["id"], {}))
    created = httpx.post(f"{service.url}/v1/sessions", json={"encounter": encounter}, timeout=30)
    assert created.status_code == 201, created.text
    return str(created.json()["id"])


def session(service: LiveService, sid: str) -> dict[str, Any]:
    r = httpx.get(f"{service.url}/v1/sessions/{sid}", timeout=30)
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def chat(python: Path, args: list[str], commands: list[str]) -> tuple[int, str, str]:
    done = subprocess.run(
        [str(python), str(BOT), *args],
        input="".join(f"{c}\n" for c in commands),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def test_bot_runs_a_fight(sdk_python: Path, live_service: LiveService) -> None:
    # Aria always acts first; the bot plays the goblin's turns itself.
    sid = new_session(
        live_service, goblin_hp=40, aria={"initiativeBonus": 30}, goblin={"initiativeBonus": -5}
    )
    code, out, err = chat(
        sdk_python,
        ["--url", live_service.url, "--session", sid, "--seed", "5"],
        [
            "status",
            "attack goblin",  # nobody's turn yet
            "roll initiative",
            "Aria attacks the Goblin with longsword",
            "damage goblin 5",
            "status",
            "next turn",  # the goblin's turn, played by the bot, then Aria's again
            "undo",  # takes back the whole command: back to Aria's turn of round 1
            "attack orc",
            "aria attacks goblin with axe",
            "dance a jig",
            "help",
            "quit",
            "status",  # after quit: never answered
        ],
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:3] == ["Initiative not rolled yet.", "  Aria: 24/24 HP", "  Goblin: 40/40 HP"]
    assert lines[3] == "Nobody's turn yet: `roll initiative` first, or say who attacks."
    assert re.fullmatch(r"Initiative: Aria \d+, Goblin -?\d+\.", lines[4]), lines[4]
    assert lines[5] == "Round 1: Aria's turn."
    assert re.fullmatch(
        r"Aria attacks Goblin with longsword: \d+ against AC 15, (critical hit|hit|miss)",
        lines[6],
    )
    text = "\n".join(lines)
    damaged = re.search(r"^Goblin takes 5 damage, (\d+)/40 HP left$", text, re.M)
    assert damaged, text
    goblin_hp = int(damaged[1])
    assert f"  Goblin: {goblin_hp}/40 HP" in lines
    # next turn: the goblin's turn, which the bot plays (it attacks Aria), then Aria's.
    goblin_turn = lines.index("Round 1: Goblin's turn.")
    assert lines[goblin_turn + 1].startswith("Goblin attacks Aria with scimitar: "), text
    assert "Round 2: Aria's turn." in lines[goblin_turn:]
    # undo: back to before `next turn` (versions: 1 create, 2 roll, 3 attack, 4 damage,
    # 5-7 next turn + goblin's attack + next turn; 8-10 three undos).
    assert re.search(r"^Undone: back to what it was before \(now version 10\)\.$", text, re.M)
    assert "I don't know 'orc'. In this fight: Aria, Goblin." in lines
    assert any(line.startswith("Can't do that: ") and "axe" in line for line in lines), text
    assert "Sorry, I don't understand 'dance a jig'. Try `help`." in lines
    assert "Commands:" in lines
    assert lines[-1] == "  quit"

    # The session holds what the bot did: initiative, attack and damage; next turn undone.
    state = session(live_service, sid)
    assert state["version"] == 10
    assert state["encounter"]["turnOf"] == "aria" and state["encounter"]["round"] == 1
    aria, goblin = state["encounter"]["combatants"]
    assert goblin["hp"] == goblin_hp and aria["hp"] == 24


def test_bot_stops_when_the_fight_is_over(sdk_python: Path, live_service: LiveService) -> None:
    """The goblin (1 HP, AC 1) falls to Aria's first hit; the next turn is fightOver: the bot
    says who won and plays no more rounds, whatever it is asked."""
    sid = new_session(live_service, goblin_hp=1, aria={"hp": 200, "maxHp": 200}, goblin={"ac": 1})
    commands = ["roll initiative"] + ["attack goblin", "next turn"] * 8
    code, out, err = chat(sdk_python, ["--url", live_service.url, "--session", sid], commands)
    assert code == 0, err
    lines = out.splitlines()
    text = "\n".join(lines)
    assert re.search(r"^Goblin dies", text, re.M), text
    verdict = lines.index("The fight is over: party wins.")
    refusal = "The fight is over: party wins. `undo` takes back the last command, or `quit`."
    assert all(line == refusal for line in lines[verdict + 1 :]), lines[verdict:]
    assert len(lines) > verdict + 1, "commands after the end are answered, and refused"
    assert not any(re.match(r"Round \d+: ", line) for line in lines[verdict:])
    ended = session(live_service, sid)
    # Nothing was written after the end: the session's last event is the end of the fight.
    events = httpx.get(
        f"{live_service.url}/v1/sessions/{sid}/events", params={"limit": 200}, timeout=30
    ).json()
    assert events["items"][-1]["version"] == ended["version"]
    assert any(e["data"].get("type") == "fight-over" for e in events["items"]), events


def test_attack_on_the_goblins_turn_lets_the_goblin_act_first(
    sdk_python: Path, live_service: LiveService
) -> None:
    """A session left on the goblin's turn: `attack goblin` does what a player means, the
    goblin plays its turn (the bot plays it) and then Aria attacks the goblin; never "a
    combatant can't attack itself"."""
    sid = new_session(
        live_service, goblin_hp=40, aria={"initiativeBonus": -5}, goblin={"initiativeBonus": 30}
    )
    rolled = httpx.post(
        f"{live_service.url}/v1/sessions/{sid}/roll-initiative", json={}, timeout=30
    )
    assert rolled.status_code == 200 and rolled.json()["encounter"]["turnOf"] == "goblin"
    code, out, err = chat(
        sdk_python,
        ["--url", live_service.url, "--session", sid],
        ["attack goblin", "attack aria"],
    )
    assert code == 0, err
    lines = out.splitlines()
    assert "itself" not in out, out
    assert lines[0].startswith("Goblin attacks Aria with scimitar: "), lines
    turn = lines.index("Round 1: Aria's turn.")
    assert lines[turn + 1].startswith("Aria attacks Goblin with longsword: "), lines
    # Aria's own turn: attacking herself is answered with what to say instead.
    assert lines[-1] == (
        "It's Aria's turn: whom should Aria attack? "
        "(`attack goblin`, or name the attacker: `goblin attacks aria`)"
    )
    state = session(live_service, sid)
    assert state["encounter"]["turnOf"] == "aria"


def test_bot_starts_a_session_from_a_file(sdk_python: Path, live_service: LiveService) -> None:
    code, out, err = chat(
        sdk_python,
        ["--url", live_service.url, "--encounter", str(FIGHT)],
        ["damage goblin 3", "status"],
    )
    assert code == 0, err
    assert re.match(r"Session [A-Za-z0-9_-]{16,64} started\.\n", out), out
    assert "Goblin takes 3 damage, 4/7 HP left" in out
    assert "  Goblin: 4/7 HP" in out


def test_bot_reports_a_change_made_meanwhile(sdk_python: Path, live_service: LiveService) -> None:
    """A write by someone else between two commands is reported (412), not overwritten."""
    sid = new_session(live_service)
    proc = subprocess.Popen(
        [str(sdk_python), str(BOT), "--url", live_service.url, "--session", sid],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdin and proc.stdout
        proc.stdin.write("damage goblin 1\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "Goblin takes 1 damage, 6/7 HP left"
        meanwhile = httpx.post(
            f"{live_service.url}/v1/sessions/{sid}/apply-damage",
            json={"targetId": "goblin", "amount": 2},
            timeout=30,
        )
        assert meanwhile.status_code == 200, meanwhile.text
        out, err = proc.communicate("damage goblin 1\ndamage goblin 1\n", timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    lines = out.splitlines()
    assert lines[0].startswith("Someone else changed the fight meanwhile"), (out, err)
    assert lines[1] == "Goblin takes 1 damage, 3/7 HP left"

"""examples/chatbot/bot.py, fed commands on standard input, against a live service."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import httpx
import pytest
from clients_support import ROOT, LiveService

pytestmark = pytest.mark.timeout(300)

BOT = ROOT / "examples" / "chatbot" / "bot.py"
FIGHT = ROOT / "examples" / "chatbot" / "fight.json"


def new_session(service: LiveService, goblin_hp: int = 7) -> str:
    encounter = json.loads(FIGHT.read_text())
    encounter["combatants"][1].update(hp=goblin_hp, maxHp=goblin_hp)
    created = httpx.post(f"{service.url}/v1/sessions", json={"encounter": encounter}, timeout=30)
    assert created.status_code == 201, created.text
    return str(created.json()["id"])


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
    sid = new_session(live_service, goblin_hp=40)
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
            "next turn",
            "undo",
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
    assert re.fullmatch(r"Initiative: (Aria|Goblin) -?\d+, (Aria|Goblin) -?\d+\.", lines[4])
    first = re.fullmatch(r"Round 1: (Aria|Goblin)'s turn\.", lines[5])
    assert first, lines[5]
    assert re.fullmatch(
        r"Aria attacks Goblin with longsword: \d+ against AC 15, (hit|miss)", lines[6]
    )
    text = "\n".join(lines)
    damaged = re.search(r"^Goblin takes 5 damage, (\d+)/40 HP left$", text, re.M)
    assert damaged, text
    goblin_hp = int(damaged[1])
    assert f"  Goblin: {goblin_hp}/40 HP" in lines
    second = "Goblin" if first[1] == "Aria" else "Aria"
    assert f"Round 1: {second}'s turn." in lines
    assert re.search(r"^Undone: back to what it was before \(now version 6\)\.$", text, re.M)
    assert "I don't know 'orc'. In this fight: Aria, Goblin." in lines
    assert any(line.startswith("Can't do that: ") and "axe" in line for line in lines), text
    assert "Sorry, I don't understand 'dance a jig'. Try `help`." in lines
    assert "Commands:" in lines
    assert lines[-1] == "  quit"

    # The session holds what the bot did: initiative, attack, damage and next turn, undone.
    session = httpx.get(f"{live_service.url}/v1/sessions/{sid}", timeout=30).json()
    assert session["version"] == 6
    assert session["encounter"]["turnOf"] == first[1].lower()
    goblin = next(c for c in session["encounter"]["combatants"] if c["id"] == "goblin")
    assert goblin["hp"] == goblin_hp


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

"""The event catalog: every event the engine writes has a documented type, and its data
only the documented keys, all camelCase."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

from service.rules.events import EVENT_TYPES, EventLog, camel

ROOT = Path(__file__).resolve().parents[2]
CAMEL = re.compile(r"^[a-z][a-zA-Z0-9]*$")


def test_every_type_the_engine_writes_is_in_the_catalog() -> None:
    written: set[str] = set()
    for path in (ROOT / "service" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "note"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                written.add(node.args[0].value)
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rolled"
            ):
                written.update(
                    k.value.value
                    for k in node.keywords
                    if k.arg == "type" and isinstance(k.value, ast.Constant)
                )
    assert written, "found no log.note calls"
    assert {"attack-roll", "damage-roll"} <= written
    assert written - set(EVENT_TYPES) == set()


def test_recorded_events_carry_only_documented_camel_case_keys() -> None:
    seen: set[str] = set()
    for path in (ROOT / "tests" / "golden" / "logs").glob("*.json"):
        for case in json.loads(path.read_text()):
            for step in case["steps"]:
                for event in step["answer"].get("events", []):
                    kind = EVENT_TYPES[event["type"]]
                    extra = set(event["data"]) - set(kind.data)
                    assert not extra, (event["type"], extra)
                    assert all(CAMEL.match(k) for k in event["data"]), event["data"]
                    seen.add(event["type"])
    assert len(seen) >= 50


def test_the_log_writes_camel_case_whatever_the_keyword() -> None:
    log = EventLog()
    log.note("damage", "x", temp_hp_absorbed=3)
    assert log.events[0].data == {"tempHpAbsorbed": 3}
    assert camel("distance_ft") == "distanceFt" and camel("already") == "already"


def test_the_event_catalog_document_is_current() -> None:
    script = ROOT / "scripts" / "event_catalog.py"
    result = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


ROLL_TYPES = {"attack": "attack-roll", "damage": "damage-roll"}


def test_attack_and_damage_rolls_are_events_of_their_own_type_in_every_ruleset() -> None:
    """Every recorded roll of an attack is an ``attack-roll`` and every roll of its damage a
    ``damage-roll`` (the rest are ``roll``s), in all three rulesets: a client tells them
    apart by ``type`` alone, each with its own ``data`` keys."""
    seen: dict[str, set[str]] = {}
    for path in (ROOT / "tests" / "golden" / "logs").glob("*.json"):
        ruleset = path.stem.split("-")[0]
        for case in json.loads(path.read_text()):
            for step in case["steps"]:
                for event in step["answer"].get("events", []):
                    if event["roll"] is None:
                        assert event["type"] not in ROLL_TYPES.values(), event
                        continue
                    want = ROLL_TYPES.get(event["roll"]["purpose"], "roll")
                    assert event["type"] == want, (path.name, event["message"])
                    seen.setdefault(ruleset, set()).add(event["type"])
    assert {r: {"attack-roll", "damage-roll"} <= types for r, types in seen.items()} == {
        "d20": True,
        "d100": True,
        "d10": True,
    }

"""The Python SDK's typed event data: a real answer's events, parsed by the SDK as a user
would, each ``data`` read into its type's ``<Type>EventData`` model with nothing lost."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import httpx
import pytest
from clients_support import LiveService, run

from service.rules import ACTIONS
from service.rules.events import EVENT_TYPES

pytestmark = pytest.mark.timeout(600)

ROOT = Path(__file__).resolve().parents[2]
FIGHT = ROOT / "tests" / "golden" / "logs" / "d20-square-fights.json"

PARSE = """
import json, sys
from combat_rules_client import models
from combat_rules_client.models import Event, RollEventData

seen = {}
for answer in json.load(open(sys.argv[1])):
    for wire in answer.get("events", []):
        event = Event.from_dict(wire)
        name = "".join(p.capitalize() for p in event.type.value.split("-")) + "EventData"
        typed = getattr(models, name).from_dict(event.data.to_dict())
        assert typed.to_dict() == wire["data"], (event.type, typed.to_dict(), wire["data"])
        seen[event.type.value] = type(typed).__name__
        if isinstance(typed, RollEventData) and typed.advantage:
            assert all(isinstance(s, str) for s in typed.advantage)
print(json.dumps(seen, sort_keys=True))
"""

TYPED = """
import json, sys
from combat_rules_client.events import EVENT_MODELS, logged_event, typed_event
from combat_rules_client.models import DamageEvent, Event, RollEvent, SessionEvent, UndoEvent

absorbed: list[int] = []
advantage: list[str] = []
seen: dict[str, str] = {}
for answer in json.load(open(sys.argv[1])):
    for wire in answer.get("events", []):
        event = typed_event(Event.from_dict(wire))
        assert event.to_dict() == wire, (event.to_dict(), wire)
        assert typed_event(wire).to_dict() == wire
        seen[event.type] = type(event).__name__
        # Narrowed by its type, no cast: a damage's data is a DamageEventData.
        if event.type == "damage":
            absorbed.append(event.data.temp_hp_absorbed or 0)
        if isinstance(event, RollEvent) and event.data.advantage:
            advantage.extend(event.data.advantage)
undo = SessionEvent.from_dict(
    {"index": 4, "version": 3, "data": {"type": "undo", "revertedVersion": 2, "restoredVersion": 1}}
)
entry = logged_event(undo)
assert isinstance(entry, UndoEvent) and entry.restored_version == 1, entry
assert isinstance(logged_event({**wire, "type": "damage", "data": {}}), DamageEvent)
print(json.dumps({"seen": seen, "models": len(EVENT_MODELS)}, sort_keys=True))
"""


def _answers(url: str) -> list[dict[str, object]]:
    case = json.loads(FIGHT.read_text())[0]
    encounter = case["encounter"]
    slugs = {spec.name: spec.slug for spec in ACTIONS}
    answers = []
    with httpx.Client(base_url=url, timeout=30) as client:
        for step in case["steps"]:
            if "problem" in step["answer"]:
                continue
            body = {"encounter": encounter, **step["params"], "seed": step["seed"]}
            got = client.post(f"/v1/{slugs[step['action']]}", json=body).raise_for_status().json()
            answers.append(got)
            encounter = got.get("encounter", encounter)
    return answers


def test_a_real_answers_events_parse_into_typed_data(
    sdk_python: Path, live_service: LiveService, tmp_path: Path
) -> None:
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(_answers(live_service.url)))
    script = tmp_path / "parse.py"
    script.write_text(PARSE)
    out = run([str(sdk_python), str(script), str(answers)], timeout=120, cwd=tmp_path).stdout
    seen = json.loads(out)
    assert seen["roll"] == "RollEventData" and seen["damage"] == "DamageEventData", seen
    assert len(seen) >= 4, seen


def test_typed_event_reads_each_event_into_its_types_model(
    sdk_python: Path, live_service: LiveService, tmp_path: Path
) -> None:
    """Issue 25: ``events.typed_event`` gives an answer's event as its type's model (the
    contract's ``Event`` union, one model per type), narrowed by ``type`` or ``isinstance``
    with no cast (mypy --strict), and ``logged_event`` a session log entry, an undo too."""
    pytest.importorskip("mypy")
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(_answers(live_service.url)))
    script = tmp_path / "typed.py"
    script.write_text(TYPED)
    out = run([str(sdk_python), str(script), str(answers)], timeout=120, cwd=tmp_path).stdout
    got = json.loads(out)
    assert got["models"] == len(EVENT_TYPES), got
    assert got["seen"]["roll"] == "RollEvent" and got["seen"]["damage"] == "DamageEvent", got
    mypy = [sys.executable, "-m", "mypy", "--python-executable", str(sdk_python), "--strict"]
    cache = ["--cache-dir", str(tmp_path / "mypy-cache")]
    run([*mypy, *cache, str(script)], timeout=300, cwd=tmp_path)

"""The Python SDK's typed event data: a real answer's events, parsed by the SDK as a user
would, each ``data`` read into its type's ``<Type>EventData`` model with nothing lost."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from clients_support import LiveService, run

from service.rules import ACTIONS

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

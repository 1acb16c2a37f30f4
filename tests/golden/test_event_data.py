"""Every event the engine writes has the data its type's schema says (the catalogue's
``DataKey`` types, derived into ``<Type>EventData``): no unknown key, no value of another
type. Checked on every event of the golden logs and of fights played now on fresh seeds,
so the catalogue cannot drift from the engine."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from golden_cases import LOGS, d10_square, d20_hex, d20_square, d100_hex, d100_square, fight
from golden_cases import replay as replay_case
from pydantic import ValidationError

from service.api.models import EVENT_DATA_ADAPTERS
from service.rules.events import EVENT_TYPES

Doc = dict[str, Any]

SETUPS: dict[str, Callable[[], Doc]] = {
    "d20-square": d20_square,
    "d20-hex": d20_hex,
    "d100-square": d100_square,
    "d100-hex": d100_hex,
    "d10-square": d10_square,
}


def _events(answers: Iterator[Doc] | list[Doc]) -> Iterator[Doc]:
    for answer in answers:
        yield from answer.get("events", [])


def _golden_events() -> Iterator[Doc]:
    for path in sorted(LOGS.glob("*.json")):
        for case in json.loads(path.read_text()):
            yield from _events([step["answer"] for step in case["steps"]])


def _check(event: Doc) -> None:
    EVENT_DATA_ADAPTERS[event["type"]].validate_json(json.dumps(event["data"]), strict=True)


def test_every_golden_event_has_its_types_data() -> None:
    seen: set[str] = set()
    count = 0
    for event in _golden_events():
        _check(event)
        seen.add(event["type"])
        count += 1
    assert count > 1000 and len(seen) >= 50


@pytest.mark.parametrize("setup", sorted(SETUPS))
@pytest.mark.parametrize("seed", [101, 202])
def test_every_event_of_a_fight_played_now_has_its_types_data(setup: str, seed: int) -> None:
    case = fight(f"{setup} fight {seed}", SETUPS[setup](), seed, 40)
    events = list(_events(replay_case(case)))
    assert events
    for event in events:
        _check(event)


@pytest.mark.parametrize(
    ("type_id", "data"),
    [
        ("roll", {"dc": "15"}),
        ("roll", {"success": 1}),
        ("roll", {"dc": True}),
        ("roll", {"advantage": "flanking"}),
        ("damage", {"hpLost": 3}),
        ("weapon-dropped", {"at": {"x": 1}}),
        ("weapon-dropped", {"at": {"x": 1, "y": 2, "z": 0}}),
        ("initiative-tie", {"rolls": {"a": "3"}}),
        ("turn-start", {"anything": None}),
        ("death", {"overflow": None}),
    ],
)
def test_an_unknown_key_or_a_value_of_another_type_fails(type_id: str, data: Doc) -> None:
    with pytest.raises(ValidationError):
        EVENT_DATA_ADAPTERS[type_id].validate_json(json.dumps(data), strict=True)


def test_every_type_has_a_data_schema() -> None:
    assert set(EVENT_DATA_ADAPTERS) == set(EVENT_TYPES)

"""A large stored encounter is validated in slices, giving way between them (issue 24):
``models.validate_encounter`` answers exactly what one ``validate_json`` call answers, the
same encounter or the same error, and calls ``between`` before each slice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError
from pydantic_core import to_json

from bench import scenarios
from service.api import models
from service.api.models import ENCOUNTER, validate_encounter

LOGS = Path(__file__).resolve().parents[1] / "golden" / "logs"


def _golden_encounters() -> list[dict[str, Any]]:
    found = []
    for path in sorted(LOGS.glob("*.json")):
        for case in json.loads(path.read_text()):
            found += [case["encounter"], case["final"]]
    return found


def _one_call(data: bytes) -> Any:
    try:
        return ENCOUNTER.validate_json(data)
    except ValidationError as e:
        return repr(e.errors())


def _sliced(data: bytes) -> tuple[Any, int]:
    calls: list[int] = []
    try:
        return validate_encounter(data, lambda: calls.append(1)), len(calls)
    except ValidationError as e:
        return repr(e.errors()), len(calls)


@pytest.fixture
def every_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Slice documents of any size (the golden ones are small)."""
    monkeypatch.setattr(models, "SLICE_BYTES", 0)


def test_every_golden_encounter_validates_in_slices_as_in_one_call(every_size: None) -> None:
    encounters = _golden_encounters()
    assert len(encounters) > 400
    for document in encounters:
        data = to_json(document)
        got, slices = _sliced(data)
        assert got == _one_call(data)
        assert slices == 1 + -(-len(document["combatants"]) // models.SLICE_COMBATANTS)


def test_a_large_session_document_is_validated_in_slices_each_after_between() -> None:
    document = scenarios.encounter(400)
    data = to_json(document)
    assert len(data) >= models.SLICE_BYTES
    got, slices = _sliced(data)
    assert got == ENCOUNTER.validate_json(data)
    assert slices == 1 + 400 // models.SLICE_COMBATANTS


BAD = [
    b'{"ruleset":"d20","grid":{"kind":"square","width":5,"height":5},"combatants":[{"id":1}]}',
    b'{"ruleset":"d20","grid":{"kind":"square","width":5,"height":5},"combatants":[],'
    b'"combatants":[{"id":"a"}]}',
    b'{"ruleset":"d20","grid":{"kind":"square","width":5,"height":5},"combatants":[]} x',
    b'{"ruleset":"d20","grid":{"kind":"square","width":5,"height":5},"combatants":[NaN]}',
    b'{"ruleset":"d20","grid":{"kind":"square","width":5,"height":5},"combatants":{}}',
    b'{"ruleset":"d20","grid":{"kind":"square","width":5,"height":5},"combatants":[],"x":1}',
    b'{"ruleset":"d20","grid":{"kind":"square","width":5,"height":5}}',
    b"[1, 2]",
    b"not json",
]


@pytest.mark.parametrize("data", BAD)
def test_a_bad_document_gets_the_one_call_error(every_size: None, data: bytes) -> None:
    assert _sliced(data)[0] == _one_call(data)


def test_too_many_combatants_get_the_one_call_error(every_size: None) -> None:
    document = scenarios.encounter(2)
    document["combatants"] = document["combatants"] * 251
    data = to_json(document)
    got, _ = _sliced(data)
    assert got == _one_call(data) and "too_long" in got


def test_what_between_raises_stops_the_validation(every_size: None) -> None:
    class Stop(Exception):
        pass

    def between() -> None:
        raise Stop

    with pytest.raises(Stop):
        validate_encounter(to_json(scenarios.encounter(3)), between)

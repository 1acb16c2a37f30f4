"""Every action answer's ``changes`` is the JSON Patch from the encounter it ran on to the
one it answered: applied with an independent RFC 6902 implementation (``jsonpatch``) to
the previous answer's encounter, it gives the new one, member for member, over every step
of every golden case (every action of the three rulesets, squares and hexes)."""

from __future__ import annotations

import json
from typing import Any

import jsonpatch
import pytest
from golden_cases import LOGS, replay

from service.api.models import ENCOUNTER

CASES = [
    pytest.param(case, id=f"{path.stem}::{case['name']}")
    for path in sorted(LOGS.glob("*.json"))
    for case in json.loads(path.read_text())
]


def answered_form(encounter: dict[str, Any]) -> Any:
    """An encounter as the service answers it (every field, defaults filled in)."""
    return ENCOUNTER.dump_python(
        ENCOUNTER.validate_json(json.dumps(encounter)), mode="json", by_alias=True
    )


@pytest.mark.parametrize("case", CASES)
def test_changes_turn_the_previous_encounter_into_the_answered_one(
    case: dict[str, Any],
) -> None:
    before = answered_form(case["encounter"])
    for i, got in enumerate(replay(case)):
        if "encounter" not in got:
            assert "changes" not in got  # a query or a refusal changes nothing
            continue
        patched = jsonpatch.apply_patch(before, got["changes"])
        assert patched == got["encounter"], f"step {i}: {case['steps'][i]['action']}"
        if got["encounter"] == before:
            assert got["changes"] == []
        paths = [op["path"] for op in got["changes"]]
        assert len(paths) == len(set(paths)), f"step {i}: a path patched twice"
        before = got["encounter"]


@pytest.mark.parametrize("case", CASES)
def test_minimal_answers_are_the_same_fight_and_their_changes_patch_the_previous_one(
    case: dict[str, Any],
) -> None:
    """``Prefer: return=minimal``: each step runs on the minimal encounter the step before
    answered (a minimal answer is a valid request), plays the same fight as the full answers
    do, leaves out every null, and its ``changes`` turn the previous minimal encounter into
    this one."""
    before = ENCOUNTER.dump_python(
        ENCOUNTER.validate_json(json.dumps(case["encounter"])),
        mode="json",
        by_alias=True,
        exclude_defaults=True,
    )
    for i, (full, lean) in enumerate(zip(replay(case), replay(case, minimal=True), strict=True)):
        step = f"step {i}: {case['steps'][i]['action']}"
        if "problem" in full:
            assert lean == full, step
            continue
        assert lean["seed"] == full["seed"], step
        if "encounter" not in full:  # a query
            assert lean.keys() <= full.keys(), step
            continue
        assert answered_form(lean["encounter"]) == full["encounter"], step
        assert len(lean["events"]) == len(full["events"]), step
        assert "null" not in json.dumps(lean["encounter"]), step
        patched = jsonpatch.apply_patch(before, lean["changes"])
        assert patched == lean["encounter"], step
        before = lean["encounter"]

"""Minimal reproductions of engine bugs the properties found.

Each stays as a regression test once the engine is fixed.
"""

from __future__ import annotations

from random import Random

import pytest
from factories import build, combatant, encounter_doc
from properties.conftest import PARAMS

from service.rules import RulesError, apply, validate
from service.rules.model import Cell


@pytest.mark.rule("d20.size.squeeze")
@pytest.mark.rule("d20.grid.squares")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_a_squeeze_never_ends_in_a_wall(ruleset: str) -> None:
    """A Large creature squeezing past a wall may end its move there (its space overlaps
    the wall while a Medium space fits); the encounter must stay valid."""
    doc = encounter_doc(combatant("ogre", 1, 0, size="large"), ruleset=ruleset, width=3, height=3)
    doc["grid"]["blocked"] = [{"x": 0, "y": 0}]
    enc = build(doc)
    try:
        result = apply(enc, PARAMS["moveCombatant"]("ogre", to=Cell(0, 0)), Random(0))
    except RulesError:  # refusing the move is a fix too
        return
    validate(result.encounter)

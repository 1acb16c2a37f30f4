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
    """A Large creature squeezing into a corner wall may end its move there (a Medium space
    fits) and the encounter stays valid; but a column blocked on every row is matter, not a
    passage: it can't reach the far side (issue 22, finding 1)."""
    doc = encounter_doc(combatant("ogre", 1, 0, size="large"), ruleset=ruleset, width=3, height=3)
    doc["grid"]["blocked"] = [{"x": 0, "y": 0}]
    result = apply(build(doc), PARAMS["moveCombatant"]("ogre", to=Cell(0, 0)), Random(0))
    assert result.outcome.squeezing
    validate(result.encounter)
    doc = encounter_doc(
        combatant("ogre", 0, 1, size="large", speed=80), ruleset=ruleset, width=12, height=5
    )
    doc["grid"]["blocked"] = [{"x": 3, "y": y} for y in range(5)]
    for x in range(3, 11):
        with pytest.raises(RulesError):
            apply(build(doc), PARAMS["moveCombatant"]("ogre", to=Cell(x, 1)), Random(0))

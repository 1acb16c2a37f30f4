"""Initiative ties always end: any number of tied combatants is ordered with a bounded
number of draws from the request's random source (issue 15, ``d20.init.roll``)."""

from __future__ import annotations

from random import Random

import pytest
from factories import build, combatant, encounter_doc
from hypothesis import given, settings
from hypothesis import strategies as st
from properties.conftest import PROPERTIES, examples

from service.rules import apply
from service.rules.model.requests import RollInitiative


class Tied(Random):
    """Every d20 comes up ``face`` (so every initiative and every roll-off ties); other
    draws (the shuffle's) come from a seeded source. Counts every draw."""

    def __init__(self, face: int, seed: int) -> None:
        super().__init__(seed)
        self.face = face
        self.draws = 0

    def randint(self, a: int, b: int) -> int:
        self.draws += 1
        if (a, b) == (1, 20):
            return self.face
        return super().randint(a, b)


@pytest.mark.rule("d20.init.roll")
@settings(PROPERTIES, max_examples=examples(25))
@given(st.integers(1, 500), st.integers(1, 20), st.integers(0, 2**32))
def test_d20_init_roll_any_number_of_ties_is_ordered_in_bounded_draws(
    n: int, face: int, seed: int
) -> None:
    width = 25
    enc = build(
        encounter_doc(
            *(combatant(f"c{i}", i % width, i // width, initiativeBonus=2) for i in range(n)),
            width=width,
            height=20,
        )
    )
    rng = Tied(face, seed)
    result = apply(enc, RollInitiative(), rng)
    order = [e.combatant_id for e in result.encounter.order]
    assert sorted(order) == sorted(f"c{i}" for i in range(n))
    assert {e.initiative for e in result.encounter.order} == {face + 2}
    # n initiative rolls, one roll-off each, at most n - 1 shuffle draws
    assert rng.draws <= 3 * n
    assert result.encounter.turn_of == order[0]

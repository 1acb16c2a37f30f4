"""Geometry seen through the engine: distances between spaces and the cheapest path.

The cell metrics themselves are covered in ``tests/rules/grid/test_grid_properties.py``;
here the distances are between whole spaces (footprints), and the path costs are asked
of the engine with ``pathCost`` queries.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from properties.conftest import PARAMS, PROPERTIES, encounters, examples, walk_from

from service.rules import RulesError, apply, find_ruleset
from service.rules.grid import CELL_FEET, Geometry
from service.rules.mechanics.space import board_for
from service.rules.model import Cell, Encounter
from service.rules.model.outcomes import PathCostOutcome, ReachOutcome
from service.rules.model.requests import PathCost

anchors = st.tuples(st.integers(-12, 12), st.integers(-12, 12))
extents = st.sampled_from([1, 1, 2, 3, 4])


@pytest.mark.rule("d20.grid.range")
@settings(PROPERTIES, max_examples=examples(300))
@given(st.sampled_from(["square", "hex"]), anchors, extents, anchors, extents)
def test_d20_grid_range_space_distance_is_symmetric(
    kind: str, a: tuple[int, int], ea: int, b: tuple[int, int], eb: int
) -> None:
    geometry = Geometry(kind, 1, 1)
    space_a = geometry.footprint(a, ea)
    space_b = geometry.footprint(b, eb)
    d = geometry.space_distance(space_a, space_b)
    assert d == geometry.space_distance(space_b, space_a)
    assert (d == 0) == bool(set(space_a) & set(space_b))
    assert d <= geometry.distance(a, b)
    for feet in (0, 5, 10, 15):
        assert geometry.within(space_a, space_b, feet) == geometry.within(space_b, space_a, feet)
        assert geometry.within(space_a, space_b, feet) == (d * CELL_FEET <= feet)


@pytest.mark.rule("d20.grid.range")
@settings(PROPERTIES, max_examples=examples(40))
@given(encounters(), st.integers(0, 7), st.integers(0, 7))
def test_d20_grid_range_reach_query_distance_is_symmetric(enc: Encounter, i: int, j: int) -> None:
    a = enc.combatants[i % len(enc.combatants)]
    b = enc.combatants[j % len(enc.combatants)]
    assume(a.id != b.id)
    reach = PARAMS["reach"]  # the registry's own type for the reach query
    there = apply(enc, reach(a.id, b.id), Random(0)).outcome
    back = apply(enc, reach(b.id, a.id), Random(0)).outcome
    assert isinstance(there, ReachOutcome) and isinstance(back, ReachOutcome)
    assert there.distance == back.distance
    assert there.line_of_sight == back.line_of_sight
    rules = find_ruleset(enc.ruleset)
    board = board_for(enc.grid, rules)
    expected = board.geometry.space_distance(board.cells(a), board.cells(b))
    assert there.distance == expected * CELL_FEET


def cost_of(enc: Encounter, query: PathCost) -> PathCostOutcome:
    out = apply(enc, query, Random(0)).outcome
    assert isinstance(out, PathCostOutcome)
    return out


def priced(enc: Encounter, cid: str, path: list[Cell]) -> tuple[list[Cell], int] | None:
    """The longest legal prefix of ``path`` and its cost, by the engine."""
    while path:
        try:
            out = cost_of(enc, PathCost(cid, path=path))
        except RulesError:
            path = path[:-1]
            continue
        if out.cost is not None:
            return path, out.cost
        path = path[:-1]
    return None


@pytest.mark.rule("d20.grid.squares")
@pytest.mark.rule("d20.grid.hexes")
@pytest.mark.rule("d20.grid.difficult")
@pytest.mark.rule("d20.size.space")
@settings(PROPERTIES, max_examples=examples(100))
@given(
    encounters(),
    st.integers(0, 7),
    st.lists(st.integers(0, 7), min_size=1, max_size=8).map(tuple),
)
def test_path_cost_cheapest_is_never_dearer_than_a_legal_walk(
    enc: Encounter, who: int, steps: tuple[int, ...]
) -> None:
    mover = enc.combatants[who % len(enc.combatants)]
    found = priced(enc, mover.id, walk_from(enc, mover.position.key(), steps))
    assume(found is not None)
    assert found is not None
    path, cost = found
    best = cost_of(enc, PathCost(mover.id, to=path[-1]))
    assert best.cost is not None, (path, cost, best)
    assert best.cost <= cost, (path, cost, best)
    # the cheapest path, priced as a path, costs what it was announced at
    again = cost_of(enc, PathCost(mover.id, path=best.path))
    assert again.cost == best.cost
    assert again.path[-1] == path[-1]
    # legality is a matter of the movement left, unless a condition stops the walk (d20.cond:
    # restrained or grappled, speed 0; frightened, not toward its source)
    left = best.movement_left
    if best.rule == "d20.cond":
        assert not best.legal and best.reason
    else:
        assert best.legal == (best.cost <= left)

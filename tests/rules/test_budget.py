"""The engine's work budget (``service.rules.limits``): each work limit refuses a request just
past it with :class:`LimitExceeded` naming the limit and its value, and accepts the request
at it; every list and map a request can send has a length bound."""

from __future__ import annotations

import dataclasses
import types
from random import Random
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

import pytest
from annotated_types import Len
from factories import build, combatant, encounter_doc, snake

from service.rules import ACTIONS, apply
from service.rules.errors import IllegalAction, LimitExceeded
from service.rules.limits import (
    DICE_PER_EXPRESSION,
    LIMITS,
    ODDS_DICE,
    ODDS_ENUMERATION,
    ODDS_WORK,
    PATH_CELLS,
    REACTOR_CHECKS,
    SEARCH_CELLS,
    limits_of,
)
from service.rules.model import Encounter
from service.rules.model.requests import AttackOdds, EncounterOdds, MoveCombatant, PathCost

pytestmark = pytest.mark.timeout(60)


def refused(limit_name: str, maximum: int, excinfo: pytest.ExceptionInfo[LimitExceeded]) -> None:
    error = excinfo.value
    assert error.code == "limit-exceeded"
    assert (error.limit, error.maximum) == (limit_name, maximum)
    assert f"{maximum:,}" in error.message and limit_name in error.message


# -- encounterOdds: runs x maxRounds x (cells x cells + 50 x combatants)


def duel_decided() -> Encounter:
    """Two combatants, one already dead: every run ends at once, whatever the budget says."""
    return build(
        encounter_doc(
            combatant("a", 1, 1),
            combatant("b", 2, 1, side="monsters", hp=0, dead=True),
        )
    )


PER_RUN_ROUND = 2 * 2 + 50 * 2


def test_encounter_odds_at_the_work_limit_runs_and_past_it_is_refused() -> None:
    runs = ODDS_WORK.max // (20 * PER_RUN_ROUND)
    assert runs * 20 * PER_RUN_ROUND <= ODDS_WORK.max < (runs + 1) * 20 * PER_RUN_ROUND
    ok = apply(duel_decided(), EncounterOdds(runs=runs, max_rounds=20), Random(1)).outcome
    assert ok.runs == runs
    with pytest.raises(LimitExceeded) as excinfo:
        apply(duel_decided(), EncounterOdds(runs=runs + 1, max_rounds=20), Random(1))
    refused("odds-work", ODDS_WORK.max, excinfo)
    assert excinfo.value.path == ("runs",)


def test_encounter_odds_omitted_runs_are_as_many_as_fit() -> None:
    fit = apply(duel_decided(), EncounterOdds(max_rounds=20), Random(1)).outcome
    assert fit.runs == ODDS_WORK.max // (20 * PER_RUN_ROUND)
    few_rounds = apply(duel_decided(), EncounterOdds(max_rounds=1), Random(1)).outcome
    assert few_rounds.runs == 200


def test_encounter_odds_counts_the_cells_of_big_creatures() -> None:
    """Two d100 Gargantuans fill 200 cells: 40,000 + 100 units a round, so 5 rounds pass
    and 6 do not, even for one run."""
    doc = encounter_doc(
        combatant("a", 0, 0, size="gargantuan"),
        combatant("b", 20, 0, size="gargantuan", side="monsters", hp=0, dead=True),
        ruleset="d100",
        width=40,
        height=20,
    )
    apply(build(doc), EncounterOdds(runs=1, max_rounds=4), Random(1))
    with pytest.raises(LimitExceeded) as excinfo:
        apply(build(doc), EncounterOdds(runs=1, max_rounds=5), Random(1))
    refused("odds-work", ODDS_WORK.max, excinfo)
    with pytest.raises(LimitExceeded) as excinfo:
        apply(build(doc), EncounterOdds(max_rounds=5), Random(1))
    assert excinfo.value.path == ("maxRounds",)


# -- moves: steps x the mover's cells x the reactors' cells


def crowd(reactors: int) -> Encounter:
    """A mover at (0, 0) on a 500 x 500 map and ``reactors`` hostile creatures with
    melee attacks along its far edge."""
    others = [combatant(f"r{i}", i % 500, 499 - i // 500, side="monsters") for i in range(reactors)]
    return build(encounter_doc(combatant("m", 0, 0), *others, width=500, height=500))


def path_cost(enc: Encounter, cells: int) -> Any:
    from service.rules.model import Cell

    path = [Cell(c["x"], c["y"]) for c in snake(cells, 500)]
    return apply(enc, PathCost("m", path=path), Random(1)).outcome


def test_a_path_at_the_reach_check_limit_is_priced_and_past_it_refused() -> None:
    steps = PATH_CELLS.max
    reactors = REACTOR_CHECKS.max // steps
    assert path_cost(crowd(reactors), steps).cost == 5 * steps
    with pytest.raises(LimitExceeded) as excinfo:
        path_cost(crowd(reactors + 1), steps)
    refused("reactor-checks", REACTOR_CHECKS.max, excinfo)
    assert excinfo.value.path == ("path",)


def test_a_move_past_the_reach_check_limit_is_refused_before_anyone_reacts() -> None:
    from service.rules.model import Cell

    enc = crowd(REACTOR_CHECKS.max // PATH_CELLS.max + 1)
    path = [Cell(c["x"], c["y"]) for c in snake(PATH_CELLS.max, 500)]
    with pytest.raises(LimitExceeded) as excinfo:
        apply(enc, MoveCombatant("m", path=path, forced=True), Random(1))
    refused("reactor-checks", REACTOR_CHECKS.max, excinfo)


# -- to-paths: the cells the search visits


def enclosed(side: int, **over: Any) -> Encounter:
    """A mover at (0, 0) on a ``side`` x ``side`` map; the goal, two cells in from the far
    corner, walled in: the search visits every other cell before it gives up."""
    g = side - 2
    walls = [
        {"x": g + dx, "y": g + dy}
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and g + dx < side and g + dy < side
    ]
    doc = encounter_doc(combatant("m", 0, 0), width=side, height=side, **over)
    doc["grid"]["blocked"] = walls
    return build(doc)


def test_a_search_within_the_limit_answers_and_past_it_is_refused() -> None:
    from service.rules.model import Cell

    within = 141  # 141 x 141 - 9 = 19,872 cells to visit
    assert within * within - 9 <= SEARCH_CELLS.max < (within + 1) ** 2 - 9
    goal = Cell(within - 2, within - 2)
    answer = apply(enclosed(within), PathCost("m", to=goal), Random(1)).outcome
    assert answer.legal is False and "no legal path" in (answer.reason or "")
    with pytest.raises(LimitExceeded) as excinfo:
        apply(enclosed(within + 1), PathCost("m", to=Cell(within - 1, within - 1)), Random(1))
    refused("search-cells", SEARCH_CELLS.max, excinfo)
    assert excinfo.value.path == ("to",)


def test_a_move_on_its_turn_searches_within_its_movement() -> None:
    """On its turn the search is bounded by the movement left; finding no path within it,
    the longer search for the message gives up at the limit and the move is refused by the
    rules, not by the budget."""
    from service.rules.model import Cell

    enc = enclosed(300, round=1, turnOf="m")
    with pytest.raises(IllegalAction) as excinfo:
        apply(enc, MoveCombatant("m", to=Cell(298, 298)), Random(1))
    assert "within 30 ft" in excinfo.value.message
    assert not isinstance(excinfo.value, LimitExceeded)


# -- dice and attackOdds


def with_damage(damage: str) -> Encounter:
    return build(
        encounter_doc(
            combatant("a", 1, 1, attacks=[{"name": "big", "bonus": 4, "damage": damage}]),
            combatant("b", 2, 1, side="monsters"),
        )
    )


def test_a_dice_expression_over_the_limit_is_refused_where_it_is() -> None:
    n = DICE_PER_EXPRESSION.max
    apply(with_damage(f"{n}d6"), EncounterOdds(runs=1, max_rounds=1), Random(1))
    with pytest.raises(LimitExceeded) as excinfo:
        apply(with_damage(f"{n + 1}d6"), EncounterOdds(runs=1, max_rounds=1), Random(1))
    assert (excinfo.value.limit, excinfo.value.maximum) == ("dice-per-expression", n)
    assert excinfo.value.path == ("encounter", "combatants", 0, "attacks", 0, "damage")


def test_attack_odds_dice_at_the_limit_and_past_it() -> None:
    half = ODDS_DICE.max // 2  # a critical hit doubles them
    apply(with_damage(f"{half}d2"), AttackOdds("a", "b"), Random(1))
    with pytest.raises(LimitExceeded) as excinfo:
        apply(with_damage(f"{half + 1}d2"), AttackOdds("a", "b"), Random(1))
    refused("odds-dice", ODDS_DICE.max, excinfo)
    assert excinfo.value.path == ("attack", "damage")


def test_attack_odds_enumeration_past_the_limit() -> None:
    with pytest.raises(LimitExceeded) as excinfo:
        apply(with_damage("1d1000"), AttackOdds("a", "b"), Random(1))
    refused("odds-enumeration", ODDS_ENUMERATION.max, excinfo)


# -- every list a request sends is bounded


def _lists(tp: Any, seen: set[type]) -> list[tuple[str, Any]]:
    """Every list or map reachable from dataclass ``tp``: where, and its length bound."""
    found: list[tuple[str, Any]] = []
    if tp in seen:
        return found
    seen.add(tp)
    for name, hint in get_type_hints(tp, include_extras=True).items():
        found += [(f"{tp.__name__}.{name}", bound) for bound in _bounds(hint)]
        for cls in _dataclasses_in(hint):
            found += _lists(cls, seen)
    return found


FREE_FORM = dict[str, Any]
"""Free-form JSON (a pending choice's effects, inside a bounded list): the body limit bounds it."""


def _bounds(tp: Any, bound: Any = None, nested: bool = False) -> list[Any]:
    """The length bound of each list or map in ``tp`` (None where there is none)."""
    origin = get_origin(tp)
    if origin is Annotated:
        lengths = [m for m in tp.__metadata__ if isinstance(m, Len)]
        return _bounds(get_args(tp)[0], lengths[0] if lengths else None, nested)
    if origin in (Union, types.UnionType):
        return [found for arg in get_args(tp) for found in _bounds(arg, bound, nested)]
    if origin in (list, dict):
        if nested and tp == FREE_FORM:
            return []
        return [bound, *(found for arg in get_args(tp) for found in _bounds(arg, None, True))]
    return []


def _dataclasses_in(tp: Any) -> list[type]:
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return [tp]
    return [cls for arg in get_args(tp) for cls in _dataclasses_in(arg)]


def test_every_list_and_map_a_request_sends_has_a_length_bound() -> None:
    seen: set[type] = set()
    fields = _lists(Encounter, seen)
    for spec in ACTIONS:
        fields += _lists(spec.params, seen)
    assert len(fields) > 20
    unbounded = [where for where, bound in fields if bound is None or bound.max_length is None]
    assert not unbounded, unbounded


def test_every_limit_is_named_once_and_belongs_to_real_actions() -> None:
    names = [limit.name for limit in LIMITS]
    assert len(names) == len(set(names))
    known = {spec.name for spec in ACTIONS}
    for limit in LIMITS:
        assert set(limit.actions) <= known, limit
        assert limit.max > 0
    assert {limit.name for limit in limits_of("encounterOdds")} == {
        "runs",
        "max-rounds",
        "odds-work",
    }

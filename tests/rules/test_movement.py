"""Movement on the grid, opportunity attacks, and the geometry queries through the engine."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.outcomes import ReachOutcome
from service.rules.model.requests import (
    CoverQuery,
    DropProne,
    FlankingQuery,
    MoveCombatant,
    OpportunityChoice,
    PathCost,
    ReachQuery,
    ResolveAttack,
    StandUp,
)


def _enc(*combatants: dict[str, Any], ruleset: str = "d20", **grid: Any) -> Encounter:
    doc = encounter_doc(*combatants, ruleset=ruleset)
    doc["grid"].update(grid)
    return build(doc)


def hero(x: int, y: int, **over: Any) -> dict[str, Any]:
    return combatant("hero", x, y, kind="pc", side="party", hp=30, maxHp=30, ac=14, **over)


def orc(cid: str, x: int, y: int, **over: Any) -> dict[str, Any]:
    doc = combatant(
        cid,
        x,
        y,
        side="orcs",
        hp=15,
        maxHp=15,
        ac=13,
        attacks=[{"name": "axe", "bonus": 5, "damage": "1d12+3"}],
    )
    doc.update(over)
    return doc


def _move(
    enc: Encounter,
    path: list[tuple[int, int]] | None = None,
    to: tuple[int, int] | None = None,
    **kw: Any,
) -> Any:
    action = MoveCombatant(
        "hero",
        path=[Cell(*p) for p in path] if path is not None else None,
        to=Cell(*to) if to else None,
        **kw,
    )
    return apply(enc, action, Random(3))


@pytest.mark.rule("d20.grid.squares")
def test_d20_grid_squares_five_feet_a_square_spent_from_movement() -> None:
    result = _move(_enc(hero(0, 0)), path=[(1, 0), (2, 1), (3, 2)])
    assert result.outcome.cost == 15
    assert result.outcome.movement_left == 15
    assert result.encounter.combatant("hero").position == Cell(3, 2)


@pytest.mark.rule("d20.turn.break-move")
def test_d20_turn_break_move_split_before_and_after_an_action() -> None:
    enc = _enc(hero(0, 0), orc("orc", 5, 0))
    first = _move(enc, to=(4, 0)).encounter
    attacked = apply(first, ResolveAttack("hero", "orc"), Random(1)).encounter
    second = _move(attacked, path=[(4, 1)])
    assert second.outcome.movement_left == 5


@pytest.mark.rule("d20.grid.enter")
def test_d20_grid_enter_needs_enough_movement_left() -> None:
    doc = hero(0, 0)
    doc["budget"] = {"movement": 5}
    enc = _enc(doc, difficult=[{"x": 1, "y": 0}])
    with pytest.raises(IllegalAction) as e:
        _move(enc, path=[(1, 0)])
    assert e.value.rule == "d20.grid.enter"
    assert _move(enc, path=[(0, 1)]).outcome.cost == 5


@pytest.mark.rule("d20.grid.corners")
def test_d20_grid_corners_refused_as_illegal() -> None:
    enc = _enc(hero(0, 0), blocked=[{"x": 1, "y": 0}])
    with pytest.raises(IllegalAction) as e:
        _move(enc, path=[(1, 1)])
    assert e.value.rule == "d20.grid.corners"


def test_a_path_that_jumps_is_invalid_input_naming_the_step() -> None:
    with pytest.raises(InvalidAction) as e:
        _move(_enc(hero(0, 0)), path=[(1, 0), (3, 0)])
    assert e.value.path == ("path", 1)


def test_destination_finds_the_cheapest_path_around_walls() -> None:
    enc = _enc(hero(0, 1), blocked=[{"x": 1, "y": 0}, {"x": 1, "y": 1}, {"x": 1, "y": 2}])
    result = _move(enc, to=(2, 1))
    # down and round the wall's end: no diagonal may cut a wall's corner
    assert result.outcome.cost == 30
    assert not {(1, 0), (1, 1), (1, 2)} & {(c.x, c.y) for c in result.outcome.path}
    assert result.encounter.combatant("hero").position == Cell(2, 1)


@pytest.mark.rule("d20.oa.trigger")
def test_d20_oa_trigger_leaving_reach_provokes_and_is_rolled_before_leaving() -> None:
    enc = _enc(hero(1, 1), orc("orc", 2, 1))
    result = _move(enc, path=[(0, 1)])
    oas = result.outcome.opportunity_attacks
    assert [(o.reactor_id, o.taken) for o in oas] == [("orc", True)]
    roll = next(e for e in result.events if e.type == "attack-roll" and e.actor == "orc")
    move = next(e for e in result.events if e.type == "move")
    assert result.events.index(roll) < result.events.index(move)
    assert not result.encounter.combatant("orc").budget.reaction


@pytest.mark.rule("d20.oa.trigger")
def test_d20_oa_trigger_moving_within_reach_or_declined_costs_nothing() -> None:
    enc = _enc(hero(1, 1), orc("orc", 2, 1))
    within = _move(enc, path=[(1, 2)])
    assert within.outcome.opportunity_attacks == []
    declined = _move(enc, path=[(0, 1)], opportunity_attacks=[OpportunityChoice("orc", False)])
    assert [(o.taken, o.reason) for o in declined.outcome.opportunity_attacks] == [
        (False, "declined")
    ]
    assert declined.encounter.combatant("orc").budget.reaction
    nobody = _move(enc, path=[(0, 1)], other_reactors="decline")
    assert [o.taken for o in nobody.outcome.opportunity_attacks] == [False]
    assert nobody.encounter.combatant("hero").hp == 30


@pytest.mark.rule("d20.oa.exempt")
def test_d20_oa_exempt_disengage_teleport_and_forced_movement() -> None:
    doc = hero(1, 1, conditions=[{"name": "disengaged"}])
    enc = _enc(doc, orc("orc", 2, 1))
    assert not any(o.taken for o in _move(enc, path=[(0, 1)]).outcome.opportunity_attacks)
    plain = _enc(hero(1, 1), orc("orc", 2, 1))
    teleported = _move(plain, to=(8, 8), teleport=True)
    assert teleported.outcome.opportunity_attacks == [] and teleported.outcome.cost == 0
    forced = _move(plain, path=[(0, 1)], forced=True)
    assert not any(o.taken for o in forced.outcome.opportunity_attacks)
    assert forced.encounter.combatant("hero").budget.movement in (None, 30)


@pytest.mark.rule("d100.oa")
def test_d100_oa_same_as_d20() -> None:
    enc = _enc(hero(1, 1), orc("orc", 2, 1), ruleset="d100")
    result = _move(enc, path=[(0, 1)])
    assert [o.taken for o in result.outcome.opportunity_attacks] == [True]


@pytest.mark.rule("d100.move.tiles")
def test_d100_move_tiles_five_feet_and_split_through_the_turn() -> None:
    enc = _enc(hero(0, 0), ruleset="d100")
    first = _move(enc, path=[(1, 0)])
    assert first.outcome.cost == 5
    second = _move(first.encounter, path=[(2, 0), (3, 0)])
    assert second.outcome.movement_left == 15


@pytest.mark.rule("d100.move.through")
def test_d100_move_through_friends_as_difficult_terrain_foes_only_two_sizes_apart() -> None:
    ally = combatant("ally", 1, 0, side="party")
    enc = _enc(hero(0, 0), ally, ruleset="d100")
    assert _move(enc, path=[(1, 0), (2, 0)]).outcome.cost == 15
    enc = _enc(hero(0, 0), orc("orc", 1, 0), ruleset="d100")
    with pytest.raises(IllegalAction):
        _move(enc, path=[(1, 0), (2, 0)])
    tiny = orc("rat", 1, 0, size="tiny")
    assert _move(_enc(hero(0, 0), tiny, ruleset="d100"), path=[(1, 0), (2, 0)]).outcome.cost == 15


@pytest.mark.rule("d100.prone.drop")
@pytest.mark.rule("d100.prone.stand")
def test_d100_prone_drop_is_free_standing_costs_half_speed() -> None:
    enc = _enc(hero(0, 0), ruleset="d100")
    down = apply(enc, DropProne("hero"), Random(1))
    assert down.encounter.combatant("hero").has("prone") and down.outcome.movement_left == 30
    up = apply(down.encounter, StandUp("hero"), Random(1))
    assert up.outcome.movement_left == 15 and not up.encounter.combatant("hero").has("prone")
    slow = hero(0, 0, conditions=[{"name": "prone"}], budget={"movement": 10})
    with pytest.raises(IllegalAction) as e:
        apply(_enc(slow, ruleset="d100"), StandUp("hero"), Random(1))
    assert e.value.rule == "d100.prone.stand"
    stuck = hero(0, 0, conditions=[{"name": "prone"}], speed=0)
    with pytest.raises(IllegalAction):
        apply(_enc(stuck, ruleset="d100"), StandUp("hero"), Random(1))


@pytest.mark.rule("d100.prone.crawl")
def test_d100_prone_crawl_costs_double_and_triple_in_difficult_terrain() -> None:
    crawler = hero(0, 0, conditions=[{"name": "prone"}])
    enc = _enc(crawler, difficult=[{"x": 2, "y": 0}], ruleset="d100")
    result = _move(enc, path=[(1, 0), (2, 0)])
    assert [s for s in (result.outcome.cost,)] == [10 + 15]


@pytest.mark.rule("d20.size.squeeze")
def test_d20_size_squeeze_large_creature_through_a_five_foot_gap() -> None:
    big = hero(0, 1, size="large")
    walls = [{"x": 2, "y": y} for y in range(0, 6) if y != 2]
    enc = _enc(big, blocked=walls)
    result = _move(enc, path=[(1, 1), (2, 1)])
    assert result.outcome.squeezing
    assert result.encounter.combatant("hero").has("squeezing")
    assert result.outcome.cost == 20  # two squares, each 5 ft + 5 ft for squeezing


@pytest.mark.rule("d20.grid.range")
def test_d20_grid_range_refuses_attacks_out_of_reach_or_range() -> None:
    enc = _enc(hero(0, 0), orc("orc", 3, 0))
    with pytest.raises(IllegalAction) as e:
        apply(enc, ResolveAttack("hero", "orc"), Random(1))
    assert e.value.rule == "d20.grid.range"
    far = _enc(
        hero(
            0,
            0,
            attacks=[
                {
                    "name": "bow",
                    "kind": "ranged",
                    "bonus": 5,
                    "damage": "1d8",
                    "range": 10,
                    "longRange": 20,
                }
            ],
        ),
        orc("orc", 3, 0),
    )
    result = apply(far, ResolveAttack("hero", "orc"), Random(1))
    assert "long-range" in result.outcome.disadvantage_sources


def test_path_cost_query_changes_nothing_and_names_who_is_provoked() -> None:
    enc = _enc(hero(1, 1), orc("orc", 2, 1))
    result = apply(enc, PathCost("hero", to=Cell(0, 5)), Random(1))
    assert result.encounter is enc
    assert result.outcome.legal and result.outcome.cost == 20
    assert result.outcome.provokes == ["orc"]


@pytest.mark.rule("d20.cover.creatures")
def test_cover_flanking_and_reach_queries_each_answer_their_own_question() -> None:
    from service.rules.model.outcomes import CoverOutcome, FlankingOutcome

    enc = _enc(hero(0, 2), orc("orc", 2, 2), orc("wall", 1, 2, side="party"))
    out = apply(enc, CoverQuery("hero", "orc"), Random(1)).outcome
    assert isinstance(out, CoverOutcome) and out.degree in ("half", "three-quarters")
    flank = _enc(hero(1, 1), orc("orc", 2, 1), combatant("ally", 3, 1, side="party"))
    got = apply(flank, FlankingQuery("hero", "orc"), Random(1)).outcome
    reach = apply(flank, ReachQuery("hero", "orc"), Random(1)).outcome
    assert isinstance(reach, ReachOutcome) and reach.distance == 5 and reach.line_of_sight
    assert isinstance(got, FlankingOutcome) and got.flanks and got.partners == ["ally"]

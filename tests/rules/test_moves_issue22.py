"""Issue 22: moves that skipped a rule (squeezing through matter, d10 climbing priced cell
by cell)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc

from service.rules import IllegalAction, InvalidAction, apply, validate
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    Dash,
    Disengage,
    MoveCombatant,
    NextTurn,
    PathCost,
    ResolveAttack,
)

CLUB = {"name": "club", "bonus": 5, "damage": "2d6"}


def started(
    *combatants: dict[str, Any], ruleset: str = "d20", width: int = 12, height: int = 5, **grid: Any
) -> Encounter:
    """In round 1, the first combatant's turn, order as listed."""
    doc = encounter_doc(*combatants, ruleset=ruleset, width=width, height=height)
    doc["grid"].update(grid)
    ids = [c["id"] for c in combatants]
    doc.update(
        round=1,
        turnOf=ids[0],
        order=[{"combatantId": cid, "initiative": 20 - i} for i, cid in enumerate(ids)],
    )
    return build(doc)


def wall(x: int, height: int, gap: int | None = None) -> list[dict[str, int]]:
    return [{"x": x, "y": y} for y in range(height) if y != gap]


# ------------------------------------------------------------------ d20.size.squeeze

SOLID = [("d20", "large", "square"), ("d20", "large", "hex"), ("d100", "huge", "square")]
WALL_X = {"large": 3, "huge": 5}
"""The wall's column: clear of the creature's space at (0, 1) (a d100 Huge space is 4 wide)."""
EXTENT = {"large": 2, "huge": 4}


@pytest.mark.rule("d20.size.squeeze")
@pytest.mark.rule("d100.size.squeeze")
@pytest.mark.parametrize(("ruleset", "size", "kind"), SOLID)
def test_d20_size_squeeze_a_wall_with_no_gap_stops_every_size(
    ruleset: str, size: str, kind: str
) -> None:
    """A 12x5 map whose column x=3 is blocked on every row: the big creature at (0, 1)
    dashes and can't reach the far side, by a path or by a destination, nor can the
    preview price it; the hero beyond is never in its reach."""
    x = WALL_X[size]
    enc = started(
        combatant("ogre", 0, 1, size=size, side="giants", attacks=[CLUB], speed=40),
        combatant("hero", x + 6, 1, kind="pc"),
        ruleset=ruleset,
        kind=kind,
        blocked=wall(x, 5),
        width=14,
    )
    dashed = apply(enc, Dash("ogre"), Random(1)).encounter
    with pytest.raises(IllegalAction):
        apply(dashed, MoveCombatant("ogre", to=Cell(x + 2, 1)), Random(1))
    with pytest.raises(IllegalAction):
        apply(dashed, MoveCombatant("ogre", path=[Cell(i, 1) for i in range(x + 3)]), Random(1))
    preview = apply(dashed, PathCost("ogre", to=Cell(x + 2, 1)), Random(1)).outcome
    assert not preview.legal and preview.cost is None
    near = apply(dashed, MoveCombatant("ogre", to=Cell(1, 1)), Random(1))
    assert not near.outcome.squeezing
    with pytest.raises(IllegalAction):
        apply(near.encounter, ResolveAttack("ogre", "hero"), Random(1))


@pytest.mark.rule("d20.size.squeeze")
@pytest.mark.rule("d100.size.squeeze")
@pytest.mark.parametrize(("ruleset", "size", "kind"), SOLID)
def test_d20_size_squeeze_through_a_gap_and_stop_squeezing_beyond(
    ruleset: str, size: str, kind: str
) -> None:
    """With a gap in the wall wide enough for one size smaller the creature squeezes
    through, pays 5 ft a cell more while squeezing, is squeezing while its space doesn't
    fit (attacking with disadvantage) and stops squeezing once clear of the wall."""
    gap_rows = {"large": 1, "huge": 2}[size]
    x = WALL_X[size]
    blocked = [{"x": x, "y": y} for y in range(5) if not (1 <= y < 1 + gap_rows)]
    beyond = x + 4
    enc = started(
        combatant("ogre", 0, 1, size=size, side="giants", attacks=[CLUB], speed=100),
        combatant("hero", beyond + EXTENT[size], 1, kind="pc", ac=5),
        ruleset=ruleset,
        kind=kind,
        blocked=blocked,
        width=14,
    )
    inside = apply(enc, MoveCombatant("ogre", to=Cell(x, 1)), Random(1))
    assert inside.outcome.squeezing
    validate(inside.encounter)
    through = apply(inside.encounter, MoveCombatant("ogre", to=Cell(beyond, 1)), Random(1))
    assert not through.outcome.squeezing
    assert not through.encounter.combatant("ogre").has("squeezing")
    validate(through.encounter)
    hit = apply(through.encounter, ResolveAttack("ogre", "hero"), Random(1))
    assert "attacker-squeezing" not in hit.outcome.disadvantage_sources


# ------------------------------------------------------------------ d10.turn.speeds


def climber(**over: Any) -> Encounter:
    """Round 1, the climber's turn at the foot of a cliff (x=1..4 climb cells on row 0)."""
    doc = encounter_doc(
        combatant("kit", 0, 0, speed=40, **over),
        combatant("foe", 9, 4, side="foe"),
        ruleset="d10",
        round=1,
        turnOf="kit",
        order=[{"combatantId": "kit", "initiative": 9}, {"combatantId": "foe", "initiative": 5}],
        width=12,
        height=5,
    )
    doc["grid"]["climb"] = [{"x": x, "y": 0} for x in range(1, 5)]
    return build(doc)


CLIFF = [Cell(x, 0) for x in range(4)]


@pytest.mark.rule("d10.turn.speeds")
def test_d10_turn_speeds_a_whole_climb_speed_of_climbing_in_one_turn() -> None:
    """Walk 40, the default climb 15: 15 ft of climbing takes the whole turn (40 ft), priced
    as a whole and not cell by cell (3 x 14 = 42 was refused); the preview agrees; a 4th
    climb cell is refused this turn and climbed on the next."""
    enc = climber()
    preview = apply(enc, PathCost("kit", path=CLIFF), Random(1)).outcome
    assert preview.legal and preview.cost == 40
    moved = apply(enc, MoveCombatant("kit", path=CLIFF), Random(1))
    assert moved.outcome.cost == 40 and moved.outcome.movement_left == 0
    assert moved.encounter.combatant("kit").position == Cell(3, 0)
    with pytest.raises(IllegalAction) as refused:
        apply(moved.encounter, MoveCombatant("kit", path=[Cell(3, 0), Cell(4, 0)]), Random(1))
    assert refused.value.rule == "d20.grid.enter"
    turn = apply(moved.encounter, NextTurn(), Random(1)).encounter
    turn = apply(turn, NextTurn(), Random(1)).encounter
    on = apply(turn, MoveCombatant("kit", path=[Cell(3, 0), Cell(4, 0), Cell(5, 0)]), Random(1))
    assert on.outcome.cost == 14 + 5  # 13 1/3 ft of climbing, rounded up, then a walk
    assert on.outcome.movement_left == 40 - 19


@pytest.mark.rule("d10.turn.speeds")
def test_d10_turn_speeds_a_climb_speed_of_its_own_prices_the_whole_path() -> None:
    """Walk 40, climb 30: 5 ft of climbing costs 6 2/3 ft; three cells cost 20 ft, not 21."""
    enc = climber(climbSpeed=30)
    moved = apply(enc, MoveCombatant("kit", path=CLIFF), Random(1))
    assert moved.outcome.cost == 20 and moved.outcome.movement_left == 20


# ------------------------------------------------------------------ d20.oa.trigger, pathCost

HOLD = {"conditions": [{"name": "grappled", "source": "hero"}]}
NO_OA: list[tuple[str, str, dict[str, Any], bool]] = [
    ("d20", "disengaged", {}, True),
    ("d20", "blinded", {"conditions": [{"name": "blinded"}]}, False),
    ("d20", "no reaction", {"budget": {"reaction": False}}, False),
    ("d20", "surprised", {"conditions": [{"name": "surprised"}]}, False),
    ("d100", "carried", HOLD, False),
    ("d10", "blinded", {"conditions": [{"name": "blinded"}]}, False),
]


def skirmish(ruleset: str, orc: dict[str, Any]) -> Encounter:
    return started(
        combatant("hero", 5, 2, kind="pc", hp=40, maxHp=40),
        combatant("orc", 6, 2, side="orcs", attacks=[CLUB], **orc),
        ruleset=ruleset,
    )


@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_d20_oa_trigger_the_preview_names_who_the_move_offers_an_attack(ruleset: str) -> None:
    enc = skirmish(ruleset, {})
    path = [Cell(5, 2), Cell(4, 2), Cell(3, 2)]
    assert apply(enc, PathCost("hero", path=path), Random(1)).outcome.provokes == ["orc"]
    moved = apply(enc, MoveCombatant("hero", path=path), Random(1))
    assert [(o.reactor_id, o.taken) for o in moved.outcome.opportunity_attacks] == [("orc", True)]


@pytest.mark.rule("d20.oa.exempt")
@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.rule("d20.order.surprise")
@pytest.mark.rule("d100.grapple.move")
@pytest.mark.parametrize(("ruleset", "case", "orc", "disengage"), NO_OA)
def test_d20_oa_exempt_the_preview_provokes_none_where_the_move_provokes_none(
    ruleset: str, case: str, orc: dict[str, Any], disengage: bool
) -> None:
    """pathCost's ``provokes`` asks what the move asks (one function): after Disengage, a
    blinded reactor, one without its reaction, a surprised one, a grappled creature the
    mover carries along: none listed, none attacks, and the hero still has its hp."""
    enc = skirmish(ruleset, orc)
    if disengage:
        enc = apply(enc, Disengage("hero"), Random(1)).encounter
    path = [Cell(5, 2), Cell(4, 2), Cell(3, 2)]
    assert apply(enc, PathCost("hero", path=path), Random(1)).outcome.provokes == [], case
    moved = apply(enc, MoveCombatant("hero", path=path), Random(1))
    assert not any(o.taken for o in moved.outcome.opportunity_attacks), case
    assert moved.encounter.combatant("hero").hp == 40


# ------------------------------------------------------------------ d100.size.space


def crowd(ruleset: str, size: str, there: int) -> Encounter:
    """The mover at (0, 2), a second one of its size at (0, 3), ``there`` more at (2, 2) and
    a foe beside that tile."""
    band = [combatant(f"s{i}", 2, 2, size=size) for i in range(there)]
    return started(
        combatant("mover", 0, 2, size=size),
        combatant("next", 0, 3, size=size),
        combatant("foe", 3, 2, side="foe", ac=1),
        *band,
        ruleset=ruleset,
        height=6,
    )


@pytest.mark.rule("d100.size.space")
@pytest.mark.parametrize(("size", "per_tile"), [("small", 4), ("tiny", 25)])
def test_d100_size_space_small_and_tiny_share_a_tile(size: str, per_tile: int) -> None:
    """d100: four Small or twenty-five Tiny to a tile: the last one moves in and attacks
    from there; one more can't end its move there (the preview agrees); a d20 Small shares
    nothing."""
    enc = crowd("d100", size, per_tile - 1)
    preview = apply(enc, PathCost("mover", to=Cell(2, 2)), Random(1)).outcome
    assert preview.legal
    moved = apply(enc, MoveCombatant("mover", to=Cell(2, 2)), Random(1))
    validate(moved.encounter)
    assert moved.encounter.combatant("mover").position == Cell(2, 2)
    hit = apply(moved.encounter, ResolveAttack("mover", "foe"), Random(1))
    assert hit.outcome.target_id == "foe"
    turn = apply(hit.encounter, NextTurn(), Random(1)).encounter
    assert not apply(turn, PathCost("next", to=Cell(2, 2)), Random(1)).outcome.legal
    with pytest.raises(IllegalAction):
        apply(turn, MoveCombatant("next", to=Cell(2, 2)), Random(1))
    full = encounter_doc(
        *(combatant(f"s{i}", 2, 2, size=size) for i in range(per_tile + 1)), ruleset="d100"
    )
    with pytest.raises(InvalidAction):
        validate(build(full))


@pytest.mark.rule("d20.size.space")
def test_d20_size_space_small_creatures_fill_their_square() -> None:
    enc = crowd("d20", "small", 1)
    with pytest.raises(IllegalAction):
        apply(enc, MoveCombatant("mover", to=Cell(2, 2)), Random(1))

"""Spaces, cover and flanking played through the engine, in every ruleset: a squeezing
creature's space, cover from several obstacles, flanking answers, and the ids and names an
encounter may carry."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    CoverQuery,
    FlankingQuery,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
)

ROCK = {"name": "rock", "bonus": 5, "damage": "2d6", "kind": "ranged", "range": 60}
CLUB = {"name": "club", "bonus": 5, "damage": "2d6"}
BOW = {"name": "bow", "bonus": 5, "damage": "1d8", "kind": "ranged", "range": 80}


def started(*combatants: dict[str, Any], ruleset: str = "d20", **grid: Any) -> Encounter:
    """In round 1, the first combatant's turn, order as listed."""
    doc = encounter_doc(*combatants, ruleset=ruleset)
    doc["grid"].update(grid)
    ids = [c["id"] for c in combatants]
    doc.update(
        round=1,
        turnOf=ids[0],
        order=[{"combatantId": cid, "initiative": 20 - i} for i, cid in enumerate(ids)],
    )
    return build(doc)


def cells(*pairs: tuple[int, int]) -> list[dict[str, int]]:
    return [{"x": x, "y": y} for x, y in pairs]


# ------------------------------------------------------------------ d20.size.squeeze


def squeeze_scene(ruleset: str, *more: dict[str, Any]) -> Encounter:
    """A Large ogre west of a two-square wall stub at (4, 5)-(4, 6); the hero east of it."""
    return started(
        combatant("ogre", 1, 5, size="large", side="giants", attacks=[ROCK, CLUB], ac=10),
        combatant("hero", 6, 6, kind="pc", attacks=[BOW], ac=10),
        *more,
        ruleset=ruleset,
        blocked=cells((4, 5), (4, 6)),
    )


@pytest.mark.rule("d20.size.squeeze")
@pytest.mark.rule("d100.size.squeeze")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_d20_size_squeeze_the_wall_a_squeezing_ogre_overlaps_still_gives_cover(
    ruleset: str,
) -> None:
    """The ogre squeezes half into the wall; it fills only the two open squares, so its rock
    crosses the wall (half cover, AC 12) and the hero's arrow back does too, with advantage."""
    enc = squeeze_scene(ruleset)
    moved = apply(enc, MoveCombatant("ogre", to=Cell(3, 5)), Random(1))
    assert moved.outcome.squeezing and moved.outcome.cost == 15  # 5 + 5, then 5 squeezing
    ogre_turn = moved.encounter
    throw = ResolveAttack("ogre", "hero", attack_name="rock")
    rock = apply(ogre_turn, throw, ScriptedRandom([6, 15]))
    assert rock.outcome.cover == "half" and rock.outcome.target_ac == 12
    assert rock.outcome.disadvantage_sources == ["attacker-squeezing"]
    assert rock.outcome.natural == 6 and not rock.outcome.hit  # 11 hits AC 10, not 12
    hero_turn = apply(rock.encounter, NextTurn(), Random(1)).encounter
    assert hero_turn.turn_of == "hero"
    arrow = apply(hero_turn, ResolveAttack("hero", "ogre"), ScriptedRandom([3, 6]))
    assert arrow.outcome.advantage_sources == ["target-squeezing"]
    assert arrow.outcome.natural == 6 and arrow.outcome.cover == "half"
    assert arrow.outcome.target_ac == 12 and not arrow.outcome.hit
    assert apply(hero_turn, CoverQuery("hero", "ogre"), Random(1)).outcome.degree == "half"


@pytest.mark.rule("d20.size.squeeze")
@pytest.mark.parametrize("ruleset", ["d20", "d100"])
def test_d20_size_squeeze_a_squeezing_ogre_reaches_only_from_the_cells_it_fills(
    ruleset: str,
) -> None:
    """A goblin just east of the wall is 10 ft from the squares the ogre fills: its club
    (reach 5 ft) can't hit it, and the goblin can't club the ogre either."""
    goblin = combatant("gob", 5, 5, side="party", attacks=[CLUB])
    enc = squeeze_scene(ruleset, goblin)
    moved = apply(enc, MoveCombatant("ogre", to=Cell(3, 5)), Random(1)).encounter
    with pytest.raises(IllegalAction) as refused:
        apply(moved, ResolveAttack("ogre", "gob", attack_name="club"), ScriptedRandom([]))
    assert refused.value.rule == "d20.grid.range" and "10 ft" in refused.value.message
    with pytest.raises(IllegalAction):
        apply(moved, ResolveAttack("gob", "ogre", spend="free"), ScriptedRandom([]))


@pytest.mark.rule("d20.size.squeeze")
def test_d20_size_squeeze_a_giant_may_rest_in_a_wall_only_where_a_large_space_fits() -> None:
    """A squeezing Huge giant's 3x3 space may overlap a wall where a Large (2x2) space fits
    in the rest of it; it then walks out at the plain cost. Where none fits, refused."""
    doc = encounter_doc(
        combatant("giant", 2, 4, size="huge", conditions=[{"name": "squeezing"}]),
        ruleset="d20",
    )
    doc["grid"]["blocked"] = cells((4, 4), (4, 5), (4, 6))
    moved = apply(build(doc), MoveCombatant("giant", path=[Cell(1, 4)]), Random(1))
    assert moved.outcome.cost == 5 and not moved.outcome.squeezing
    assert not moved.encounter.combatant("giant").has("squeezing")
    doc["grid"]["blocked"] = cells((4, 4), (4, 5), (4, 6), (3, 5))
    with pytest.raises(InvalidAction) as e:
        apply(build(doc), MoveCombatant("giant", path=[Cell(1, 4)]), Random(1))
    assert e.value.path[-1] == "position" and "blocked" in e.value.message


@pytest.mark.rule("d20.size.squeeze")
@pytest.mark.rule("d20.grid.hexes")
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_d20_size_squeeze_on_hexes_the_overlapped_wall_gives_cover(orientation: str) -> None:
    """A Large ogre (three hexes) squeezes into a wall hex; the hexes it fills are behind the
    wall from the hero, so its rock gets half cover instead of none."""
    enc = started(
        combatant("ogre", 1, 5, size="large", side="giants", attacks=[ROCK]),
        combatant("hero", 6, 4, kind="pc", ac=10),
        kind="hex",
        hexOrientation=orientation,
        blocked=cells((4, 5), (4, 4)),
    )
    moved = apply(enc, MoveCombatant("ogre", to=Cell(3, 5)), Random(1))
    assert moved.outcome.squeezing
    rock = apply(moved.encounter, ResolveAttack("ogre", "hero"), ScriptedRandom([6, 15]))
    assert rock.outcome.cover == "half" and rock.outcome.target_ac == 12
    assert rock.outcome.disadvantage_sources == ["attacker-squeezing"] and not rock.outcome.hit


# ------------------------------------------------------------------ d20.cover.most

COVER_SCENES = {
    "square": {
        "archer": (1, 1),
        "target": (7, 4),
        "wall": (4, 2),
        "guard": (5, 4),
        "aside": (5, 6),
    },
    "hex": {"archer": (2, 5), "target": (7, 4), "wall": (5, 4), "guard": (6, 5), "aside": (6, 7)},
}


@pytest.mark.rule("d20.cover.most")
@pytest.mark.rule("d20.cover.degrees")
@pytest.mark.rule("d20.cover.creatures")
@pytest.mark.parametrize("ruleset", ["d20", "d100"])
@pytest.mark.parametrize("kind", ["square", "hex"])
def test_d20_cover_most_a_wall_and_a_creature_count_their_lines_together(
    kind: str, ruleset: str
) -> None:
    """The wall blocks two lines and the guard two others: together three-quarters cover
    (+5 AC), where either alone gives half. When the guard steps aside, half is left."""
    scene = COVER_SCENES[kind]
    enc = started(
        combatant("guard", *scene["guard"], side="foes"),
        combatant("archer", *scene["archer"], attacks=[BOW]),
        combatant("target", *scene["target"], side="foes", ac=10),
        ruleset=ruleset,
        kind=kind,
        blocked=cells(scene["wall"]),
    )
    assert apply(enc, CoverQuery("archer", "target"), Random(1)).outcome.degree == "three-quarters"
    moved = apply(enc, MoveCombatant("guard", to=Cell(*scene["aside"])), Random(1))
    archer_turn = apply(moved.encounter, NextTurn(), Random(1)).encounter
    assert archer_turn.turn_of == "archer"
    shot = apply(archer_turn, ResolveAttack("archer", "target"), ScriptedRandom([8, 3]))
    assert shot.outcome.cover == "half" and shot.outcome.target_ac == 12 and shot.outcome.hit
    before = apply(enc, ResolveAttack("archer", "target", spend="free"), ScriptedRandom([8]))
    assert before.outcome.cover == "three-quarters" and before.outcome.target_ac == 15
    assert not before.outcome.hit


# ------------------------------------------------------------------ d20.flank.*


@pytest.mark.rule("d20.flank.count")
@pytest.mark.parametrize("ruleset", ["d20", "d100"])
def test_d20_flank_count_a_huge_target_needs_three_flankers_and_says_so(ruleset: str) -> None:
    """Two Medium fighters stand on opposite sides of a Huge giant: the flanking query says
    the giant needs three, and the attack has no flanking advantage; once a third fighter
    steps next to it, the same attack flanks."""
    extent = 3 if ruleset == "d20" else 4
    enc = started(
        combatant("c", 1, 1, attacks=[CLUB]),
        combatant("a", 5, 5, attacks=[CLUB]),
        combatant("b", 6 + extent, 5, attacks=[CLUB]),
        combatant("giant", 6, 5, size="huge", side="giants", ac=30),
        ruleset=ruleset,
    )
    query = apply(enc, FlankingQuery("a", "giant"), Random(1)).outcome
    assert not query.flanks
    assert "Huge" in query.reason and "need three" in query.reason and "only two" in query.reason
    alone = apply(enc, ResolveAttack("a", "giant", spend="free"), ScriptedRandom([12]))
    assert "flanking" not in alone.outcome.advantage_sources
    third = apply(enc, MoveCombatant("c", to=Cell(6, 4)), Random(1)).encounter
    query = apply(third, FlankingQuery("a", "giant"), Random(1)).outcome
    assert query.flanks and query.partners == ["b"]
    flanked = apply(third, ResolveAttack("a", "giant", spend="free"), ScriptedRandom([12, 3]))
    assert flanked.outcome.advantage_sources == ["flanking"] and flanked.outcome.natural == 12


@pytest.mark.rule("d20.flank.see")
def test_d20_flank_reasons_name_what_is_missing() -> None:
    enc = started(
        combatant("a", 5, 5, conditions=[{"name": "blinded"}]),
        combatant("b", 7, 5),
        combatant("orc", 6, 5, side="orcs"),
        combatant("c", 9, 9),
    )
    assert "can't see Orc" in apply(enc, FlankingQuery("a", "orc"), Random(1)).outcome.reason
    why = apply(enc, FlankingQuery("b", "orc"), Random(1)).outcome.reason
    assert "a can't" in why and "opposite" in why
    assert "not next to" in apply(enc, FlankingQuery("c", "orc"), Random(1)).outcome.reason


# ------------------------------------------------------------------ d20.size.space and surround


@pytest.mark.rule("d20.size.space")
@pytest.mark.parametrize("ruleset", ["d20"])
def test_d20_size_space_four_tiny_share_a_square_a_fifth_cant_end_its_move_there(
    ruleset: str,
) -> None:
    """Three Tiny sprites share (3, 3); a fourth flies in; a fifth can't end its move
    there (it passes over them to (4, 3)), so the next turn still plays."""
    sprites = [combatant(f"s{i}", 3, 3, size="tiny") for i in range(3)]
    enc = started(
        combatant("s3", 1, 3, size="tiny"),
        combatant("s4", 1, 4, size="tiny"),
        *sprites,
        ruleset=ruleset,
    )
    fourth = apply(enc, MoveCombatant("s3", to=Cell(3, 3)), Random(1))
    assert fourth.encounter.combatant("s3").position == Cell(3, 3)
    s4_turn = apply(fourth.encounter, NextTurn(), Random(1)).encounter
    assert s4_turn.turn_of == "s4"
    with pytest.raises(IllegalAction):
        apply(s4_turn, MoveCombatant("s4", to=Cell(3, 3)), Random(1))
    over = apply(s4_turn, MoveCombatant("s4", path=[Cell(2, 3), Cell(3, 3), Cell(4, 3)]), Random(1))
    assert over.encounter.combatant("s4").position == Cell(4, 3)
    apply(over.encounter, NextTurn(), Random(1))


@pytest.mark.rule("d20.size.surround")
def test_d20_size_surround_a_surrounded_creature_has_no_room_for_a_ninth() -> None:
    """Eight goblins around the hero: a ninth finds no square next to it."""
    ring = [(x, y) for x in range(4, 7) for y in range(4, 7) if (x, y) != (5, 5)]
    goblins = [combatant(f"g{i}", x, y, side="gob") for i, (x, y) in enumerate(ring)]
    enc = started(combatant("g9", 9, 9, side="gob"), combatant("hero", 5, 5), *goblins)
    for x, y in ring:
        with pytest.raises(IllegalAction):
            apply(enc, MoveCombatant("g9", to=Cell(x, y)), Random(1))
    moved = apply(enc, MoveCombatant("g9", to=Cell(7, 5)), Random(1))
    assert moved.outcome.cost == 20


@pytest.mark.rule("d20.flank.large")
@pytest.mark.parametrize("kind", ["square", "hex"])
def test_d20_flank_large_a_large_flanker_flanks_when_one_cell_of_its_space_qualifies(
    kind: str,
) -> None:
    """The ogre's space runs past the orc; the cell of it beside the orc stands opposite
    the fighter, so the fighter's attack has flanking advantage (and the ogre's too)."""
    enc = started(
        combatant("fighter", 4, 5, attacks=[CLUB]),
        combatant("ogre", 6, 4, size="large", attacks=[CLUB]),
        combatant("orc", 5, 5, side="orcs", ac=30),
        kind=kind,
    )
    hit = apply(enc, ResolveAttack("fighter", "orc"), ScriptedRandom([4, 9]))
    assert hit.outcome.advantage_sources == ["flanking"] and hit.outcome.natural == 9
    ogre = apply(enc, ResolveAttack("ogre", "orc", spend="free"), ScriptedRandom([4, 9]))
    assert ogre.outcome.advantage_sources == ["flanking"]


@pytest.mark.rule("d20.flank.size-limit")
def test_d20_flank_size_limit_too_small_or_immune_no_flanking() -> None:
    """A Tiny sprite opposite the fighter can't flank a Huge giant (more than two sizes
    larger), so with the third fighter beside the giant there are only two flankers: no
    flanking; a Large bear in the sprite's place makes three; against a giant immune to
    flanking, nobody flanks."""

    def scene(partner: dict[str, Any], **giant: Any) -> Encounter:
        return started(
            combatant("fighter", 4, 5, attacks=[CLUB]),
            partner,
            combatant("c", 6, 3, attacks=[CLUB]),
            combatant("giant", 5, 4, size="huge", side="giants", ac=30, **giant),
        )

    sprite = combatant("partner", 8, 5, size="tiny")
    bear = combatant("partner", 8, 5, size="large")
    with_sprite = apply(scene(sprite), ResolveAttack("fighter", "giant"), ScriptedRandom([4]))
    assert with_sprite.outcome.advantage_sources == []
    with_bear = apply(scene(bear), ResolveAttack("fighter", "giant"), ScriptedRandom([4, 9]))
    assert with_bear.outcome.advantage_sources == ["flanking"]
    immune = scene(bear, immuneToFlanking=True)
    assert (
        apply(
            immune, ResolveAttack("fighter", "giant"), ScriptedRandom([4])
        ).outcome.advantage_sources
        == []
    )
    assert (
        "can't be flanked"
        in apply(immune, FlankingQuery("fighter", "giant"), Random(1)).outcome.reason
    )


@pytest.mark.rule("d20.cover.degrees")
@pytest.mark.rule("d20.cover.most")
def test_d20_cover_degrees_a_guard_in_the_arrow_slit_gives_total_cover() -> None:
    """Behind a wall with one slit the target has three-quarters cover (+5); a guard
    stepping into the slit closes it: total cover, the archer can't target it at all."""
    wall = [(4, y) for y in range(12) if y != 4]
    enc = started(
        combatant("guard", 6, 4, side="foes"),
        combatant("archer", 2, 2, attacks=[BOW]),
        combatant("target", 5, 6, side="foes", ac=10),
        blocked=cells(*wall),
    )
    slit = apply(enc, ResolveAttack("archer", "target", spend="free"), ScriptedRandom([8]))
    assert slit.outcome.cover == "three-quarters" and slit.outcome.target_ac == 15
    closed = apply(enc, MoveCombatant("guard", path=[Cell(5, 4), Cell(4, 4)]), Random(1))
    with pytest.raises(IllegalAction) as refused:
        apply(closed.encounter, ResolveAttack("archer", "target", spend="free"), ScriptedRandom([]))
    assert refused.value.rule == "d20.attack.total-cover"


# ------------------------------------------------------------------ played: cover and flanking


def _arrow(enc: Encounter, attacker: str, target: str, low: list[int]) -> Any:
    """A missed attack (low natural rolls): what it had to meet, and from where."""
    return apply(enc, ResolveAttack(attacker, target), ScriptedRandom(low))


def _turns(enc: Encounter, n: int) -> Encounter:
    for _ in range(n):
        enc = apply(enc, NextTurn(), Random(1)).encounter
    return enc


@pytest.mark.rule("d20.cover.squares")
@pytest.mark.rule("d20.cover.degrees")
def test_d20_cover_squares_a_friend_in_the_line_adds_two_until_it_steps_aside() -> None:
    enc = started(
        combatant("archer", 0, 2, attacks=[BOW]),
        combatant("friend", 2, 2),
        combatant("target", 4, 2, side="foes", ac=12),
    )
    first = _arrow(enc, "archer", "target", [2])
    assert first.outcome.cover == "half" and first.outcome.target_ac == 14
    e = _turns(first.encounter, 1)
    e = apply(e, MoveCombatant("friend", to=Cell(2, 0)), Random(1)).encounter
    e = _turns(e, 2)
    assert e.turn_of == "archer"
    second = _arrow(e, "archer", "target", [2])
    assert second.outcome.cover == "none" and second.outcome.target_ac == 12


@pytest.mark.rule("d20.cover.hexes")
def test_d20_cover_hexes_half_to_the_side_three_quarters_in_the_line_then_none() -> None:
    def scene(friend: tuple[int, int]) -> Encounter:
        enc = started(
            combatant("archer", 0, 2, attacks=[BOW]),
            combatant("friend", *friend),
            combatant("target", 4, 2, side="foes", ac=12),
        )
        enc.grid.kind = "hex"
        return enc

    side = _arrow(scene((4, 1)), "archer", "target", [2]).outcome
    assert side.cover == "half" and side.target_ac == 14
    between = _arrow(scene((3, 2)), "archer", "target", [2])
    assert between.outcome.cover == "three-quarters" and between.outcome.target_ac == 17
    e = _turns(between.encounter, 1)
    e = apply(e, MoveCombatant("friend", to=Cell(3, 0)), Random(1)).encounter
    e = _turns(e, 2)
    assert _arrow(e, "archer", "target", [2]).outcome.cover == "none"


@pytest.mark.rule("d20.flank.squares")
def test_d20_flank_squares_opposite_sides_give_advantage_a_corner_beside_does_not() -> None:
    enc = started(
        combatant("hero", 1, 2, attacks=[CLUB]),
        combatant("ally", 3, 2, attacks=[CLUB]),
        combatant("gob", 2, 2, side="foes", ac=30, hp=50, maxHp=50),
    )
    flanked = apply(enc, ResolveAttack("hero", "gob"), ScriptedRandom([2, 3]))
    assert "flanking" in flanked.outcome.advantage_sources and flanked.outcome.advantage
    e = _turns(flanked.encounter, 1)
    e = apply(e, MoveCombatant("ally", to=Cell(3, 3)), Random(1)).encounter
    e = _turns(e, 2)
    alone = apply(e, ResolveAttack("hero", "gob"), ScriptedRandom([2]))
    assert "flanking" not in alone.outcome.advantage_sources and not alone.outcome.advantage


@pytest.mark.rule("d20.flank.hexes")
def test_d20_flank_hexes_directly_opposite_flank_one_hex_round_does_not() -> None:
    enc = started(
        combatant("hero", 1, 2, attacks=[CLUB]),
        combatant("ally", 3, 2, attacks=[CLUB]),
        combatant("gob", 2, 2, side="foes", ac=30, hp=50, maxHp=50),
    )
    enc.grid.kind = "hex"
    flanked = apply(enc, ResolveAttack("hero", "gob"), ScriptedRandom([2, 3]))
    assert "flanking" in flanked.outcome.advantage_sources
    e = _turns(flanked.encounter, 1)
    e = apply(e, MoveCombatant("ally", to=Cell(2, 1)), Random(1)).encounter
    e = _turns(e, 2)
    alone = apply(e, ResolveAttack("hero", "gob"), ScriptedRandom([2]))
    assert "flanking" not in alone.outcome.advantage_sources

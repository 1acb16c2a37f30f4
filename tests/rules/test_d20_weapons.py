"""Weapons out of hand and disturbed ammunition, played forward (``d20.crit.effects``
decision 4): the attack with the weapon is refused until it is picked up (an object
interaction within reach of where it lies) or its ammunition recovered."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    AttackOdds,
    Interact,
    MoveCombatant,
    NextTurn,
    Ready,
    ResolveAttack,
    TriggerReadied,
)
from service.rules.rulesets.d20.requests import ResolveChoice

SWORD = {"name": "longsword", "bonus": 5, "damage": "1d8+3"}
DAGGER = {"name": "dagger", "bonus": 5, "damage": "1d4+3"}
BOW = {"name": "longbow", "bonus": 5, "damage": "1d8+3", "kind": "ranged", "range": 150}
BOLT = {"name": "bolt", "bonus": 5, "damage": "1d10", "kind": "spell", "range": 120}


def started(grid: str = "square", hero: dict[str, Any] | None = None) -> Encounter:
    """Round 1, the hero's turn; the orc (scimitar, bow) acts next."""
    doc = encounter_doc(
        combatant(
            "hero", 2, 2, **{"kind": "pc", "attacks": [SWORD, DAGGER, BOW, BOLT], **(hero or {})}
        ),
        combatant(
            "orc",
            3,
            2,
            side="orcs",
            ac=13,
            hp=50,
            maxHp=50,
            attacks=[
                {"name": "scimitar", "bonus": 4, "damage": "1d6+2"},
                {"name": "shortbow", "bonus": 4, "damage": "1d6", "kind": "ranged", "range": 80},
            ],
        ),
        round=1,
        turnOf="hero",
        order=[{"combatantId": "hero", "initiative": 20}, {"combatantId": "orc", "initiative": 5}],
    )
    doc["grid"]["kind"] = grid
    return build(doc)


def turns(enc: Encounter, n: int) -> Encounter:
    for _ in range(n):
        enc = apply(enc, NextTurn(), Random(0)).encounter
    return enc


def refused(enc: Encounter, action: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        apply(enc, action, Random(0))
    return e.value


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_dropped_weapon_is_refused_until_picked_up() -> None:
    """Weapon fumble 50-59, the Dexterity check fails: the longsword drops at the hero's
    feet; its next attack with it is refused (and its odds), not with its dagger; an object
    interaction picks it up and the attack works."""
    fumble = play(started(), ResolveAttack("hero", "orc"), [1, 55, 4])
    [moved] = [e for e in fumble.events if e.type == "weapon-moved"]
    assert moved.data["at"] == {"x": 2, "y": 2} and moved.data["weapon"] == "longsword"
    enc = turns(fumble.encounter, 2)  # round 2, the hero's turn
    assert enc.turn_of == "hero"
    no = refused(enc, ResolveAttack("hero", "orc", attack_name="longsword"))
    assert no.rule == "d20.crit.effects" and "not in hand" in no.message
    assert "not in hand" in refused(enc, AttackOdds("hero", "orc")).message
    dagger = play(enc, ResolveAttack("hero", "orc", attack_name="dagger", spend="free"), [15, 2])
    assert dagger.outcome.hit
    picked = apply(enc, Interact("hero", weapon="longsword"), Random(0))
    assert picked.outcome.spent == "free"
    assert picked.encounter.combatant("hero").attacks[0].dropped_at is None
    swing = play(picked.encounter, ResolveAttack("hero", "orc"), [15, 4])
    assert swing.outcome.hit and swing.outcome.attack_name == "longsword"
    with pytest.raises(InvalidAction) as e:
        apply(picked.encounter, Interact("hero", weapon="longsword"), Random(0))
    assert e.value.path == ("weapon",)


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize(
    ("grid", "direction", "lands"),
    [("square", 3, (6, 2)), ("hex", 1, (6, 2))],
    ids=["squares-east", "hexes-east"],
)
def test_d20_crit_effects_a_flung_weapon_must_be_reached_before_it_is_picked_up(
    grid: str, direction: int, lands: tuple[int, int]
) -> None:
    """Spell hit 50-59: the orc's weapon is flung 1d6 x 5 = 15 ft in a random direction.
    The orc can't attack with it, can't pick it up from afar, walks to it, picks it up."""
    hit = play(
        started(grid),
        ResolveAttack("hero", "orc", attack_name="bolt"),
        [20, 3, 4, 55, 3, direction],
    )
    [moved] = [e for e in hit.events if e.type == "weapon-moved"]
    assert moved.data["direction"] == "east" and moved.data["at"] == {"x": lands[0], "y": lands[1]}
    enc = turns(hit.encounter, 1)
    assert "not in hand" in refused(enc, ResolveAttack("orc", "hero")).message
    far = refused(enc, Interact("orc", weapon="scimitar"))
    assert "out of reach" in far.message
    walked = apply(enc, MoveCombatant("orc", to=Cell(lands[0] - 1, lands[1])), Random(0))
    picked = apply(walked.encounter, Interact("orc", weapon="scimitar"), Random(0)).encounter
    assert picked.combatant("orc").attacks[0].dropped_at is None
    back = apply(picked, MoveCombatant("orc", to=Cell(3, 2)), Random(0)).encounter
    assert play(back, ResolveAttack("orc", "hero"), [15, 3]).outcome.hit


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_disarm_that_steals_the_weapon_moves_it_to_the_attacker() -> None:
    """Weapon hit 60-69, accepted, the disarm contest won: with a free hand the hero takes
    the orc's scimitar; the orc no longer has it, the hero attacks with it."""
    enc = play(started(), ResolveAttack("hero", "orc"), [20, 2, 5, 65]).encounter
    won = play(enc, ResolveChoice("choice-1", "accept"), [15, 3]).encounter
    assert [a.name for a in won.combatant("orc").attacks] == ["shortbow"]
    assert "scimitar" in [a.name for a in won.combatant("hero").attacks]
    with pytest.raises(InvalidAction):
        apply(turns(won, 1), ResolveAttack("orc", "hero", attack_name="scimitar"), Random(0))
    assert play(
        won, ResolveAttack("hero", "orc", attack_name="scimitar", spend="free"), [15, 2]
    ).outcome.hit


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_disarm_knocked_away_goes_where_the_dm_says() -> None:
    """Weapon hit 60-69 with both hands in use: the weapon is knocked 20 ft away in a
    direction the DM picks: accepting without naming it is refused; named, it lies there
    (stopped by the edge of the map)."""
    enc = play(
        started(hero={"features": ["both-hands-in-use"]}),
        ResolveAttack("hero", "orc"),
        [20, 2, 5, 66],
    ).encounter
    with pytest.raises(InvalidAction) as e:
        apply(enc, ResolveChoice("choice-1", "accept"), Random(0))
    assert e.value.path == ("detail",) and "north-east" in str(e.value)
    won = play(enc, ResolveChoice("choice-1", "accept", "to the north"), [15, 3])
    [moved] = [e for e in won.events if e.type == "weapon-moved"]
    assert moved.data["at"] == {"x": 3, "y": 0} and moved.data["direction"] == "north"
    orc = won.encounter.combatant("orc")
    assert orc.attacks[0].dropped_at == Cell(3, 0)


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_plain_disarm_drops_the_weapon_at_the_targets_feet() -> None:
    enc = play(started(), ResolveAttack("hero", "orc"), [20, 2, 5, 52]).encounter
    won = play(enc, ResolveChoice("choice-1", "accept"), [15, 3]).encounter
    assert won.combatant("orc").attacks[0].dropped_at == Cell(3, 2)
    enc = turns(won, 1)
    assert "not in hand" in refused(enc, ResolveAttack("orc", "hero")).message
    picked = apply(enc, Interact("orc", weapon="scimitar"), Random(0)).encounter
    assert play(picked, ResolveAttack("orc", "hero"), [15, 3]).outcome.hit


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_spilled_ammunition_needs_a_piece_picked_up_before_each_shot() -> None:
    """Weapon fumble 15-19 with a ranged weapon: the quiver spills. Each shot with the bow
    needs a piece picked up first (the free object interaction, or the action)."""
    fumble = play(started(), ResolveAttack("hero", "orc", attack_name="longbow"), [1, 17])
    assert fumble.encounter.combatant("hero").attacks[2].ammo_problem == "spilled"
    enc = turns(fumble.encounter, 2)
    shot = ResolveAttack("hero", "orc", attack_name="longbow")
    assert "spilled" in refused(enc, shot).message
    assert play(enc, ResolveAttack("hero", "orc", spend="free"), [15, 2]).outcome.hit  # the sword
    picked = apply(enc, Interact("hero", weapon="longbow"), Random(0))
    assert picked.outcome.spent == "free"
    fired = play(picked.encounter, shot, [15, 2])
    assert fired.outcome.attack_name == "longbow"
    again = ResolveAttack("hero", "orc", attack_name="longbow", spend="free")
    assert "spilled" in refused(fired.encounter, again).message
    # the free interaction and the action are both spent this turn
    assert refused(fired.encounter, Interact("hero", weapon="longbow")).rule == "d20.turn.object"
    enc = turns(fired.encounter, 2)
    assert "spilled" in refused(enc, shot).message
    picked = apply(enc, Interact("hero", weapon="longbow"), Random(0)).encounter
    assert play(picked, shot, [15, 2]).outcome.hit


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_lodged_ammunition_takes_an_action_to_free() -> None:
    fumble = play(started(), ResolveAttack("hero", "orc", attack_name="longbow"), [1, 64])
    enc = turns(fumble.encounter, 2)
    shot = ResolveAttack("hero", "orc", attack_name="longbow")
    assert "lodged" in refused(enc, shot).message
    freed = apply(enc, Interact("hero", weapon="longbow"), Random(0))
    assert freed.outcome.spent == "action"
    hero = freed.encounter.combatant("hero")
    assert hero.attacks[2].ammo_problem is None and not hero.budget.action
    assert refused(freed.encounter, shot).rule == "d20.turn.economy"  # no action left
    enc = turns(freed.encounter, 2)
    assert play(enc, shot, [15, 2]).outcome.attack_name == "longbow"


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.ready.trigger")
def test_d20_crit_effects_a_readied_attack_with_a_dropped_weapon_is_refused() -> None:
    enc = play(started(), ResolveAttack("hero", "orc", spend="free"), [1, 55, 4]).encounter
    enc = apply(enc, Ready("hero", "the orc moves", "attack", attack_name="longsword"), Random(0))
    enc = turns(enc.encounter, 1)
    no = refused(enc, TriggerReadied("hero", target_id="orc"))
    assert "not in hand" in no.message and enc.combatant("hero").budget.reaction


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.oa.trigger")
def test_d20_crit_effects_a_dropped_weapon_threatens_no_opportunity_attack() -> None:
    """The orc walks away from a hero whose longsword lies on the ground: the hero's
    opportunity attack is made with its dagger; with no other melee weapon, it can't make
    one (the outcome says why) and the move goes through."""
    enc = play(started(), ResolveAttack("hero", "orc", spend="free"), [1, 55, 4]).encounter
    enc = turns(enc, 1)
    walk = play(enc, MoveCombatant("orc", to=Cell(5, 2)), [15, 2])
    [oa] = walk.outcome.opportunity_attacks
    assert oa.taken and oa.hit
    [roll] = [e for e in walk.events if e.type == "attack-roll"]
    assert "dagger" in roll.message
    alone = started(hero={"attacks": [SWORD, BOW]})
    alone = turns(play(alone, ResolveAttack("hero", "orc", spend="free"), [1, 55, 4]).encounter, 1)
    free = play(alone, MoveCombatant("orc", to=Cell(5, 2)), [])
    [none] = free.outcome.opportunity_attacks
    assert not none.taken and "not in hand" in none.reason and free.outcome.cost == 10

"""Attacks made with the reaction, off the attacker's own turn (``d20.oa.trigger``,
``d20.ready.trigger``): the attack pipeline honours what the request says (a knockout, a
stated cover degree, the caller's advantage) as on the attacker's own turn, and a villain
dropped by one follows the player-character rules."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Attack, Cell, Encounter
from service.rules.model.requests import (
    ApplyDamage,
    AttackOdds,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
)


def on_the_orcs_turn(**orc: Any) -> Encounter:
    """Round 1, the orc's turn; the hero (longsword +5, 1d8+3) stands next to it; another
    orc, far off, keeps the fight going when this one drops."""
    doc = encounter_doc(
        combatant("orc", 3, 2, **{"side": "orcs", "ac": 13, "hp": 6, "maxHp": 30, **orc}),
        combatant("orc2", 11, 11, side="orcs"),
        combatant(
            "hero",
            2,
            2,
            kind="pc",
            attacks=[
                {"name": "longsword", "bonus": 5, "damage": "1d8+3"},
                {"name": "longbow", "bonus": 5, "damage": "1d8+3", "kind": "ranged", "range": 150},
            ],
        ),
        round=1,
        turnOf="orc",
        order=[
            {"combatantId": "orc", "initiative": 20},
            {"combatantId": "hero", "initiative": 5},
            {"combatantId": "orc2", "initiative": 1},
        ],
    )
    return build(doc)


@pytest.mark.rule("d20.death.knockout")
@pytest.mark.rule("d20.oa.trigger")
def test_d20_death_knockout_a_reaction_attack_can_knock_out() -> None:
    """The orc walks away; the hero's reaction attack (resolveAttack, spend: reaction) with
    a knockout drops it unconscious and stable, with the caller's advantage and the cover
    the DM states; its reaction is spent and the orc's turn goes on."""
    enc = on_the_orcs_turn()
    attack = ResolveAttack(
        "hero", "orc", knockout=True, advantage=True, cover="half", spend="reaction"
    )
    result = play(enc, attack, [4, 14, 5])  # advantage: 14 kept + 5 = 19 against AC 15
    out = result.outcome
    assert out.advantage_sources == ["caller"] and out.target_ac == 13 + 2
    assert out.cover == "half" and out.cover_source == "stated" and out.hit
    orc = result.encounter.combatant("orc")
    assert orc.unconscious and orc.stable and not orc.dead
    hero = result.encounter.combatant("hero")
    assert not hero.budget.reaction and result.encounter.turn_of == "orc"
    with pytest.raises(IllegalAction) as again:
        apply(result.encounter, attack, Random(0))
    assert again.value.rule == "d20.turn.economy"  # one reaction a round
    # on the hero's turn the orc makes no death save: it is stable
    turn = apply(result.encounter, NextTurn(), Random(0))
    assert turn.encounter.turn_of == "hero" and turn.encounter.combatant("orc").stable


@pytest.mark.rule("d20.death.monsters")
@pytest.mark.rule("d20.oa.trigger")
def test_d20_death_monsters_an_opportunity_attack_drops_a_villain_unconscious() -> None:
    enc = on_the_orcs_turn(villain=True)
    moved = play(enc, MoveCombatant("orc", to=Cell(5, 2)), [15, 6])
    [oa] = moved.outcome.opportunity_attacks
    assert oa.taken and oa.hit
    orc = moved.encounter.combatant("orc")
    assert orc.unconscious and not orc.dead and not orc.stable
    assert moved.outcome.stopped
    plain = play(on_the_orcs_turn(), MoveCombatant("orc", to=Cell(5, 2)), [15, 6])
    assert plain.encounter.combatant("orc").dead  # a plain monster dies at 0 HP


@pytest.mark.rule("d20.death.knockout")
def test_d20_death_knockout_a_ranged_attack_can_not_knock_out() -> None:
    enc = on_the_orcs_turn()
    bow = ResolveAttack("hero", "orc", attack_name="longbow", knockout=True, spend="reaction")
    with pytest.raises(InvalidAction) as e:
        apply(enc, bow, Random(0))
    assert e.value.path == ("knockout",) and "d20.death.knockout" in e.value.message
    with pytest.raises(InvalidAction):
        apply(enc, AttackOdds("hero", "orc", attack_name="longbow", knockout=True), Random(0))
    inline = Attack("thrown rock", 2, "1d4", kind="ranged", range=20)
    with pytest.raises(InvalidAction):
        apply(enc, ResolveAttack("hero", "orc", attack=inline, knockout=True), Random(0))
    with pytest.raises(InvalidAction) as bad:
        apply(enc, ApplyDamage("orc", 10, knockout=True), Random(0))
    assert bad.value.path == ("knockout",)
    ko = apply(enc, ApplyDamage("orc", 10, knockout=True, melee=True, source_id="hero"), Random(0))
    assert ko.encounter.combatant("orc").stable

"""The DM's edits (issue 26): ``addCombatant``, ``removeCombatant``, ``updateCombatant``,
played forward through the engine: an added goblin takes its turn in the order, a removed
creature's states end with it, a corrected creature fights on as corrected, and a refused
edit changes nothing."""

from __future__ import annotations

import copy
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc, play_exactly, value_of

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import (
    Area,
    Cell,
    Combatant,
    Condition,
    Duration,
    Effect,
    Encounter,
    PendingChoice,
)
from service.rules.model.outcomes import (
    CombatantAddedOutcome,
    CombatantRemovedOutcome,
    CombatantUpdatedOutcome,
    NextTurnOutcome,
)
from service.rules.model.requests import (
    AddCombatant,
    ApplyDamage,
    Dash,
    LowerInitiative,
    MoveCombatant,
    NextTurn,
    RemoveCombatant,
    ResolveAttack,
    RollInitiative,
    UpdateCombatant,
)


def fight(*extra: dict[str, Any], ruleset: str = "d20") -> Encounter:
    """Round 1, the hero's turn: hero 20, ally 15, orc 10, orc2 5."""
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc", hp=24, maxHp=24),
        combatant("ally", 2, 3, kind="pc", hp=24, maxHp=24),
        combatant("orc", 3, 2, side="orcs", hp=30, maxHp=30),
        combatant("orc2", 8, 8, side="orcs", hp=30, maxHp=30),
        *extra,
        ruleset=ruleset,
        round=1,
        turnOf="hero",
    )
    places = [("hero", 20), ("ally", 15), ("orc", 10), ("orc2", 5)]
    places += [(c["id"], 1) for c in extra]
    doc["order"] = [{"combatantId": c, "initiative": n} for c, n in places]
    return build(doc)


def goblin(cid: str = "gob", x: int = 6, y: int = 6, **over: Any) -> Combatant:
    doc = combatant(cid, x, y, **{"side": "orcs", "hp": 7, "maxHp": 7, **over})
    made: Combatant = value_of(Combatant, doc)
    return made


def order(enc: Encounter) -> list[tuple[str, int]]:
    return [(e.combatant_id, e.initiative) for e in enc.order]


def turns(enc: Encounter, n: int) -> tuple[Encounter, list[tuple[int, str | None]]]:
    seen = []
    for _ in range(n):
        result = apply(enc, NextTurn(), Random(0))
        enc = result.encounter
        assert isinstance(result.outcome, NextTurnOutcome)
        seen.append((result.outcome.round, result.outcome.turn_of))
    return enc, seen


def refused(enc: Encounter, act: object) -> InvalidAction:
    """The edit is refused as bad input, and the encounter is as it was."""
    before = copy.deepcopy(enc)
    with pytest.raises(InvalidAction) as e:
        apply(enc, act, Random(0))
    assert enc == before
    return e.value


# ------------------------------------------------------------------ addCombatant


@pytest.mark.rule("d20.order.steps")
def test_an_added_goblin_takes_its_turn_in_the_order() -> None:
    """Added at initiative 12 during the hero's turn, the goblin acts after the ally, this
    round; one added at 25 (before the current turn) first acts in round 2."""
    result = apply(fight(), AddCombatant(goblin(x=1, y=2), initiative=12), Random(0))
    enc, out = result.encounter, result.outcome
    assert isinstance(out, CombatantAddedOutcome)
    assert out.initiative == 12 and out.initiative_from == "request" and out.turn_of == "hero"
    assert order(enc) == [("hero", 20), ("ally", 15), ("gob", 12), ("orc", 10), ("orc2", 5)]
    assert [e.type for e in result.events] == ["combatant-added"]
    enc, seen = turns(enc, 2)
    assert seen == [(1, "ally"), (1, "gob")]
    attack = apply(enc, ResolveAttack("gob", "hero"), Random(3))
    assert attack.outcome.attacker_id == "gob"
    early = apply(fight(), AddCombatant(goblin("scout", 7, 7), initiative=25), Random(0))
    enc, seen = turns(early.encounter, 4)
    assert seen == [(1, "ally"), (1, "orc"), (1, "orc2"), (2, "scout")]


@pytest.mark.rule("d20.init.roll")
def test_an_added_creature_with_no_initiative_rolls_d20_plus_its_bonus() -> None:
    """No count given: it rolls d20 + bonus with the request's random source, logged as an
    initiative roll, and goes after everyone already at its count."""
    result = play_exactly(fight(), AddCombatant(goblin(initiativeBonus=2)), [13])
    out = result.outcome
    assert out.initiative == 15 and out.initiative_from == "rolled"
    assert order(result.encounter)[:3] == [("hero", 20), ("ally", 15), ("gob", 15)]
    roll = next(e for e in result.events if e.type == "roll")
    assert roll.rule == "d20.init.roll" and roll.amount == 15


@pytest.mark.rule("d20.init.companions")
@pytest.mark.rule("d20.init.groups")
def test_an_added_companion_follows_its_controller_and_a_group_member_its_group() -> None:
    enc = fight()
    wolf = goblin("wolf", 1, 1, side="party", controller="hero")
    added = apply(enc, AddCombatant(wolf), Random(0))
    assert added.outcome.initiative_from == "controller"
    assert order(added.encounter)[:2] == [("hero", 20), ("wolf", 20)]
    enc.combatant("orc").group = "band"
    grunt = apply(enc, AddCombatant(goblin(group="band")), Random(0))
    assert grunt.outcome.initiative_from == "group"
    assert order(grunt.encounter)[2:4] == [("orc", 10), ("gob", 10)]


def test_before_initiative_an_added_creature_has_no_place_and_d100_puts_it_last() -> None:
    fresh = build(encounter_doc(combatant("hero", 2, 2)))
    added = apply(fresh, AddCombatant(goblin()), Random(0))
    assert added.outcome.initiative is None and added.encounter.order == []
    assert len(added.encounter.combatants) == 2
    error = refused(fresh, AddCombatant(goblin(), initiative=5))
    assert error.path == ("initiative",)
    d100 = apply(fight(ruleset="d100"), AddCombatant(goblin()), Random(0))
    assert d100.outcome.initiative_from == "bottom"
    assert order(d100.encounter)[-1] == ("gob", 4)


def test_an_impossible_addition_is_refused_with_the_field_path() -> None:
    enc = fight()
    taken = refused(enc, AddCombatant(goblin("orc", 9, 9)))
    assert taken.path == ("combatant", "id")
    shared = refused(enc, AddCombatant(goblin(x=3, y=2)))
    assert shared.path == ("combatant", "position") and "same space" in shared.message
    off = refused(enc, AddCombatant(goblin(x=12, y=2)))
    assert off.path == ("combatant", "position") and "off the" in off.message
    over = refused(enc, AddCombatant(goblin(hp=9)))
    assert over.path == ("combatant", "hp")
    dice = refused(enc, AddCombatant(goblin(attacks=[{"name": "claw", "damage": "1d"}])))
    assert dice.path == ("combatant", "attacks", 0, "damage")
    master = refused(enc, AddCombatant(goblin(controller="heor")))
    assert master.path == ("combatant", "controller") and "did you mean 'hero'" in master.message


# ------------------------------------------------------------------ removeCombatant


@pytest.mark.rule("d20.crit.effects")
def test_removing_a_grappler_frees_the_grappled_creature_to_walk_next_turn() -> None:
    """The orc holds the ally (decision 7: the grappled condition, the orc its source); the
    DM removes the orc on the hero's turn: the grapple ends, and on its turn the ally walks."""
    enc = fight()
    enc.combatant("ally").conditions = [Condition("grappled", source="orc")]
    result = apply(enc, RemoveCombatant("orc"), Random(0))
    out = result.outcome
    assert isinstance(out, CombatantRemovedOutcome)
    assert out.ended == ["grapple:ally"] and out.turn_of == "hero"
    types = [e.type for e in result.events]
    assert types == ["grapple-ended", "speed-changed", "combatant-removed"]
    enc = result.encounter
    assert "orc" not in {c.id for c in enc.combatants}
    assert order(enc) == [("hero", 20), ("ally", 15), ("orc2", 5)]
    assert enc.combatant("ally").conditions == []
    enc, seen = turns(enc, 1)
    assert seen == [(1, "ally")] and enc.combatant("ally").budget.movement == 30
    moved = apply(enc, MoveCombatant("ally", to=Cell(2, 6)), Random(0))
    assert moved.outcome.cost == 15


@pytest.mark.rule("d20.order.steps")
def test_removing_the_creature_whose_turn_it_is_passes_the_turn() -> None:
    result = apply(fight(), RemoveCombatant("hero"), Random(0))
    out = result.outcome
    assert out.turn is not None and out.turn.previous == "hero" and out.turn_of == "ally"
    assert [e.type for e in result.events][:2] == ["turn-end", "turn-start"]
    _, seen = turns(result.encounter, 3)
    assert seen == [(1, "orc"), (1, "orc2"), (2, "ally")]


@pytest.mark.rule("d20.crit.effects")
def test_the_smoke_of_a_removed_caster_ends_on_schedule() -> None:
    """Decision 8: the smoke lasts to the end of the orc's next turn; the orc is removed in
    round 1 before its turn, so the smoke counts one turn of it as round 2 begins, and ends
    there; until then the ally in it is unseen."""
    enc = fight()
    enc.areas.append(Area(center=Cell(2, 3), radius=5, duration=Duration(ends="end", of="orc")))
    enc = apply(enc, RemoveCombatant("orc"), Random(0)).encounter
    assert enc.areas
    enc, seen = turns(enc, 2)
    assert seen == [(1, "ally"), (1, "orc2")] and enc.areas
    result = apply(enc, NextTurn(), Random(0))
    assert result.outcome.round == 2 and result.encounter.areas == []
    assert "area:heavily-obscured" in result.outcome.expired


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.init.companions")
def test_what_a_removed_creature_named_ends_with_it() -> None:
    """Its pending choice lapses, the ally's fear of it ends, an effect against it ends, and
    its wolf rolls for itself from now on."""
    wolf = combatant("wolf", 1, 1, side="orcs", controller="orc")
    enc = fight(wolf)
    enc.combatant("ally").conditions = [Condition("frightened", source="orc")]
    enc.combatant("hero").effects = [Effect("ac-bonus", value=2, against="orc")]
    enc.pending_choices = [
        PendingChoice("choice-1", "dm", "let the orc fall prone?", context={"target": "orc"}),
        PendingChoice("choice-2", "dm", "let the hero fall prone?", context={"target": "hero"}),
    ]
    result = apply(enc, RemoveCombatant("orc"), Random(0))
    out = result.outcome
    assert sorted(out.ended) == sorted(
        [
            "companion:wolf",
            "condition:ally:frightened",
            "effect:hero:ac-bonus",
            "choice:choice-1",
        ]
    )
    enc = result.encounter
    assert enc.combatant("wolf").controller is None
    assert enc.combatant("ally").conditions == [] and enc.combatant("hero").effects == []
    assert [p.id for p in enc.pending_choices] == ["choice-2"]
    assert "choice-lapsed" in [e.type for e in result.events]


def test_removing_an_unknown_creature_is_refused_with_a_guess() -> None:
    error = refused(fight(), RemoveCombatant("orc3"))
    assert error.path == ("combatantId",) and "did you mean" in error.message


# ------------------------------------------------------------------ updateCombatant


@pytest.mark.rule("d20.death.damage-at-zero")
def test_hp_set_to_zero_makes_the_next_damage_a_death_save_failure() -> None:
    enc = fight()
    enc.combatant("ally").conditions = [Condition("unconscious")]
    result = apply(enc, UpdateCombatant("ally", hp=0), Random(0))
    out = result.outcome
    assert isinstance(out, CombatantUpdatedOutcome) and out.changed == ["hp"]
    event = result.events[0]
    assert event.type == "combatant-updated"
    assert event.data == {"fields": ["hp"], "before": {"hp": 24}, "after": {"hp": 0}}
    hit = apply(result.encounter, ApplyDamage("ally", 3), Random(0))
    assert hit.outcome.death_save_failures == 1 and not hit.outcome.died


def test_only_the_fields_given_change() -> None:
    enc = fight()
    result = apply(
        enc,
        UpdateCombatant(
            "orc",
            max_hp=40,
            temp_hp=5,
            position=Cell(5, 5),
            conditions=[Condition("poisoned")],
            features=["see-invisible"],
        ),
        Random(0),
    )
    orc = result.encounter.combatant("orc")
    assert (orc.hp, orc.max_hp, orc.temp_hp) == (30, 40, 5)
    assert orc.position == Cell(5, 5) and [c.name for c in orc.conditions] == ["poisoned"]
    assert orc.features == ["see-invisible"] and orc.attacks == enc.combatant("orc").attacks
    assert result.outcome.changed == ["tempHp", "maxHp", "position", "conditions", "features"]
    assert result.events[0].data["after"]["position"] == {"x": 5, "y": 5}
    assert enc.combatant("orc").max_hp == 30, "the input is untouched"


def test_an_impossible_update_is_refused_with_the_field_path() -> None:
    enc = fight()
    assert refused(enc, UpdateCombatant("orc", hp=31)).path == ("hp",)
    assert refused(enc, UpdateCombatant("orc", max_hp=20)).path == ("maxHp",)
    assert refused(enc, UpdateCombatant("orc", dead=True)).path == ("dead",)
    shared = refused(enc, UpdateCombatant("hero", position=Cell(3, 2)))
    assert shared.path == ("position",) and "same space" in shared.message
    assert refused(enc, UpdateCombatant("hero", position=Cell(0, 40))).path == ("position",)
    untimed = Condition("x", duration=Duration(ends="end"))
    bad = refused(enc, UpdateCombatant("hero", hp=5, conditions=[untimed]))
    assert bad.path == ("conditions", 0, "duration")
    unknown = refused(enc, UpdateCombatant("hreo", hp=3))
    assert unknown.path == ("combatantId",) and "did you mean 'hero'" in unknown.message


@pytest.mark.rule("d20.crit.effects")
def test_a_new_position_out_of_reach_ends_the_grapple() -> None:
    enc = fight()
    enc.combatant("ally").conditions = [Condition("grappled", source="orc")]
    result = apply(enc, UpdateCombatant("ally", position=Cell(6, 3)), Random(0))
    assert result.outcome.ended == ["grapple:orc:ally"]
    assert result.encounter.combatant("ally").conditions == []
    near = apply(enc, UpdateCombatant("ally", position=Cell(3, 3)), Random(0))
    assert near.outcome.ended == [] and near.encounter.combatant("ally").conditions


# ------------------------------------------------------------------ not a turn's act


@pytest.mark.rule("d10.init.ties")
def test_d10_an_edit_during_a_simultaneous_step_is_not_held() -> None:
    """In d10 what a member's turn does to another member of its count is held; a DM's
    correction of a member is not an act of the turn: it counts at once."""
    doc = encounter_doc(
        combatant("a", 1, 1, hp=20, maxHp=20),
        combatant("b", 2, 1, side="foes", hp=20, maxHp=20),
        ruleset="d10",
    )
    enc = play_exactly(build(doc), RollInitiative(), [5, 5]).encounter
    assert enc.step is not None and enc.turn_of == "a"
    healed = apply(enc, UpdateCombatant("b", hp=10, conditions=[Condition("prone")]), Random(0))
    b = healed.encounter.combatant("b")
    assert b.hp == 10 and [c.name for c in b.conditions] == ["prone"]
    assert healed.encounter.step is not None and healed.encounter.step.held == []
    removed = apply(enc, RemoveCombatant("b"), Random(0))
    assert removed.outcome.ended == ["step"]
    assert removed.encounter.step is not None and removed.encounter.step.members == ["a"]


def test_edits_spend_nothing_and_need_no_turn() -> None:
    enc = fight()
    result = apply(enc, UpdateCombatant("orc2", hp=12), Random(0))
    assert result.encounter.combatant("orc2").budget == enc.combatant("orc2").budget
    assert result.encounter.turn_of == "hero"
    with pytest.raises(IllegalAction):
        apply(result.encounter, ResolveAttack("orc2", "hero"), ScriptedRandom([10]))


@pytest.mark.rule("d20.init.lower")
def test_removing_the_creature_a_lowered_turn_resumes_before_keeps_the_order_going() -> None:
    """The hero dashes, then lowers its initiative below the orc: the order is to go on
    with the ally after its turn. The DM removes the ally: the order goes on with the orc."""
    enc = apply(fight(), Dash("hero"), Random(0)).encounter
    enc = apply(enc, LowerInitiative("hero", 7), Random(0)).encounter
    assert order(enc)[:3] == [("ally", 15), ("orc", 10), ("hero", 7)]
    enc = apply(enc, RemoveCombatant("ally"), Random(0)).encounter
    _, seen = turns(enc, 4)
    assert seen == [(1, "orc"), (1, "orc2"), (2, "orc"), (2, "hero")]

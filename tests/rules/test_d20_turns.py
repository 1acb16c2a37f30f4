"""Turns, rounds, initiative groups and companions, lowering initiative, death saves."""

from __future__ import annotations

import copy
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc, skirmish

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Cell, Condition, Encounter
from service.rules.model.requests import (
    Dodge,
    DropProne,
    Heal,
    Interact,
    LowerInitiative,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
    RollInitiative,
    StandUp,
)


def _order(enc: Encounter) -> list[str]:
    return [e.combatant_id for e in enc.order]


def _started(*combatants: dict[str, Any], **over: Any) -> dict[str, Any]:
    """An encounter document already in round 1, order as listed, first one's turn."""
    ids = [c["id"] for c in combatants]
    doc = encounter_doc(*combatants, **over)
    doc.setdefault("round", 1)
    doc.setdefault("turnOf", ids[0])
    doc.setdefault(
        "order", [{"combatantId": cid, "initiative": 20 - i} for i, cid in enumerate(ids)]
    )
    return doc


def _next(enc: Encounter, rolls: list[int] | None = None) -> Any:
    return apply(enc, NextTurn(), ScriptedRandom(rolls or []))


# ---------------------------------------------------------------- d20.order.*


@pytest.mark.rule("d20.order.steps")
def test_d20_order_steps_next_turn_needs_initiative_first() -> None:
    enc = build(skirmish())
    with pytest.raises(IllegalAction) as e:
        apply(enc, NextTurn(), Random(1))
    assert e.value.rule == "d20.order.steps"


@pytest.mark.rule("d20.order.steps")
def test_d20_order_steps_turns_in_order_skip_dead_and_new_round() -> None:
    doc = _started(
        combatant("a", 0, 0),
        combatant("b", 1, 0, hp=0, dead=True),
        combatant("c", 2, 0, side="foes"),
    )
    enc = build(doc)
    one = _next(enc)
    assert one.outcome.previous == "a" and one.outcome.turn_of == "c"
    assert not one.outcome.new_round and one.encounter.round == 1
    two = _next(one.encounter)
    assert two.outcome.turn_of == "a" and two.outcome.new_round
    assert two.encounter.round == 2 and two.outcome.round == 2
    assert any(ev.type == "round-start" for ev in two.events)
    # the input is never mutated
    assert enc == build(doc)


@pytest.mark.rule("d20.order.steps")
def test_d20_order_steps_the_fight_ends_when_one_side_is_defeated() -> None:
    """The hero drops the last foe (a villain, unconscious and dying): the fight is over,
    so nextTurn is refused, until the DM brings the villain back up; a fight of one side
    only (no one defeated) goes on."""
    doc = _started(
        combatant("a", 0, 0, attacks=[{"name": "club", "bonus": 10, "damage": "10"}]),
        combatant("b", 1, 0, side="foes", hp=5, villain=True),
    )
    dropped = apply(build(doc), ResolveAttack("a", "b"), ScriptedRandom([12]))
    assert dropped.outcome.target_dropped and not dropped.outcome.target_died
    over = _next(dropped.encounter)
    assert over.outcome.fight_over and over.outcome.sides_standing == ["party"]
    assert over.outcome.previous == "a" and over.outcome.turn_of is None
    assert over.encounter.turn_of is None and over.outcome.death_save is None
    with pytest.raises(IllegalAction) as e:
        _next(over.encounter)
    assert e.value.rule == "d20.order.steps" and "only party is left standing" in e.value.message
    up = apply(over.encounter, Heal("b", 3), Random(1)).encounter
    again = _next(up)  # the fight goes on from the top of the order
    assert again.outcome.turn_of == "a" and not again.outcome.fight_over
    assert again.outcome.sides_standing == ["foes", "party"]
    assert _next(again.encounter).outcome.turn_of == "b"
    alone = _started(combatant("a", 0, 0), combatant("b", 1, 0, hp=0, dead=True))
    assert _next(build(alone)).outcome.turn_of == "a"


@pytest.mark.rule("d20.order.steps")
def test_d20_order_steps_expected_turn_guard() -> None:
    enc = build(_started(combatant("a", 0, 0), combatant("b", 1, 0)))
    with pytest.raises(IllegalAction):
        apply(enc, NextTurn(expected_turn_of="b"), Random(1))
    assert apply(enc, NextTurn(expected_turn_of="a"), Random(1)).encounter.turn_of == "b"


@pytest.mark.rule("d20.order.steps")
def test_d20_order_steps_durations_expire_at_start_end_and_by_rounds() -> None:
    """Turn durations count the turns of ``of`` that start after them (``d20.crit.effects``
    decision 1): set on a's turn, ``{end, a, 2}`` lasts through a's next two turns;
    ``turns: 0`` ends with the current turn."""
    doc = _started(
        combatant(
            "a",
            0,
            0,
            conditions=[
                {"name": "disengaged", "duration": {"ends": "end", "of": "a", "turns": 0}},
                {"name": "blessed", "duration": {"ends": "end", "of": "a", "turns": 2}},
                {"name": "dodging", "duration": {"ends": "start", "of": "a"}},
                {"name": "slowed", "duration": {"rounds": 1}},
            ],
            effects=[{"kind": "advantage", "duration": {"ends": "start", "of": "b"}}],
        ),
        combatant("b", 1, 0),
        areas=[{"center": {"x": 5, "y": 5}, "radius": 10, "duration": {"rounds": 2}}],
    )
    one = _next(build(doc))  # end of a's turn, start of b's
    a = one.encounter.combatant("a")
    names = [c.name for c in a.conditions]
    assert "disengaged" not in names and "blessed" in names and "dodging" in names
    assert a.effects == []  # ended at the start of b's turn
    two = _next(one.encounter)  # new round 2, start of a's turn
    a = two.encounter.combatant("a")
    assert [c.name for c in a.conditions] == ["blessed"]
    assert a.conditions[0].duration.turns_started == 1  # type: ignore[union-attr]
    assert two.encounter.areas[0].duration.rounds == 1  # type: ignore[union-attr]
    three = _next(_next(two.encounter).encounter)  # end of a's turn; round 3
    assert [c.name for c in three.encounter.combatant("a").conditions] == ["blessed"]
    assert three.encounter.areas == []
    four = _next(three.encounter)  # the end of a's second turn after it was set
    assert four.encounter.combatant("a").conditions == []
    assert "a:blessed" in four.outcome.expired  # type: ignore[attr-defined]


@pytest.mark.rule("d20.order.surprise")
def test_d20_order_surprise_ends_with_first_turn_and_reaction_comes_back() -> None:
    enc = build(skirmish())
    # hero 18+3, gob1 10+2, gob2 5+2; gob1 is surprised
    started = apply(enc, RollInitiative(surprised=["gob1"]), ScriptedRandom([18, 10, 5])).encounter
    assert _order(started) == ["hero", "gob1", "gob2"]
    gob = started.combatant("gob1")
    assert gob.has("surprised") and not gob.budget.reaction
    on_gob = _next(started).encounter
    gob = on_gob.combatant("gob1")
    assert on_gob.turn_of == "gob1"
    assert not gob.budget.action and gob.budget.movement == 0 and not gob.budget.reaction
    after = _next(on_gob)
    gob = after.encounter.combatant("gob1")
    assert not gob.has("surprised") and gob.budget.reaction
    assert any(ev.rule == "d20.order.surprise" for ev in after.events)


@pytest.mark.rule("d20.order.surprise")
def test_d20_order_surprise_no_object_interaction_no_prone_no_move_on_the_first_turn() -> None:
    """On its first turn a surprised creature can't move or act: no free object
    interaction, no dropping prone or standing up, no move, no action, no reaction; when
    that turn ends, everything comes back on its next."""
    enc = build(skirmish())
    started = apply(enc, RollInitiative(surprised=["gob1"]), ScriptedRandom([18, 10, 5])).encounter
    with pytest.raises(IllegalAction) as e:  # during the hero's turn: no reaction
        apply(started, ResolveAttack("gob1", "hero", spend="reaction"), Random(1))
    assert e.value.rule == "d20.order.surprise"
    on_gob = _next(started).encounter
    assert on_gob.turn_of == "gob1" and not on_gob.combatant("gob1").budget.object_interaction
    lying = copy.deepcopy(on_gob)
    lying.combatants[1].conditions.append(Condition("prone"))
    for act, enc_ in (
        (Interact("gob1", "draws a dagger"), on_gob),
        (DropProne("gob1"), on_gob),
        (StandUp("gob1"), lying),
        (MoveCombatant("gob1", to=Cell(4, 2)), on_gob),
        (Dodge("gob1"), on_gob),
        (ResolveAttack("gob1", "hero"), on_gob),
    ):
        with pytest.raises(IllegalAction) as e:
            apply(enc_, act, Random(1))
        assert e.value.rule == "d20.order.surprise", act
    # round 2: its turn comes back whole
    later = on_gob
    for _ in range(3):
        later = _next(later).encounter
    assert later.turn_of == "gob1" and later.round == 2
    assert apply(later, Interact("gob1", "draws a dagger"), Random(1)).outcome.spent == "free"
    assert apply(later, DropProne("gob1"), Random(1)).outcome.prone
    moved = apply(later, MoveCombatant("gob1", to=Cell(4, 2)), Random(1))
    assert moved.outcome.cost == 5


# ---------------------------------------------------------------- d20.init.*


@pytest.mark.rule("d20.init.groups")
def test_d20_init_groups_roll_once_with_first_members_bonus_and_act_together() -> None:
    enc = build(
        encounter_doc(
            combatant("hero", 0, 0, initiativeBonus=2),
            combatant("orc1", 1, 0, side="orcs", group="orcs", initiativeBonus=1),
            combatant("wolf", 2, 0, side="orcs", initiativeBonus=4),
            combatant("orc2", 3, 0, side="orcs", group="orcs", initiativeBonus=5),
        )
    )
    # hero 10+2=12, orcs one roll 14+1=15 (orc1's bonus), wolf 9+4=13
    result = apply(enc, RollInitiative(), ScriptedRandom([10, 14, 9]))
    assert _order(result.encounter) == ["orc1", "orc2", "wolf", "hero"]
    assert [e.initiative for e in result.encounter.order] == [15, 15, 13, 12]
    group_rolls = [ev for ev in result.events if ev.rule == "d20.init.groups"]
    assert len(group_rolls) == 1 and group_rolls[0].data["members"] == ["orc1", "orc2"]
    assert len([ev for ev in result.events if ev.type == "roll"]) == 3


@pytest.mark.rule("d20.init.companions")
def test_d20_init_companions_roll_nothing_and_act_right_after_controller() -> None:
    enc = build(
        encounter_doc(
            combatant("hawk", 0, 0, controller="ranger", initiativeBonus=9),
            combatant("ranger", 1, 0, initiativeBonus=1),
            combatant("gob", 2, 0, side="foes", initiativeBonus=2),
        )
    )
    # ranger 5+1=6, gob 10+2=12; the hawk rolls nothing
    result = apply(enc, RollInitiative(), ScriptedRandom([5, 10]))
    assert _order(result.encounter) == ["gob", "ranger", "hawk"]
    assert result.encounter.order[2].initiative == 6
    assert not any(ev.type == "roll" and ev.actor == "hawk" for ev in result.events)


def test_d20_init_companions_unknown_controller_is_invalid() -> None:
    enc = build(encounter_doc(combatant("hawk", 0, 0, controller="nobody")))
    with pytest.raises(InvalidAction) as e:
        apply(enc, RollInitiative(), Random(1))
    assert e.value.path == ("encounter", "combatants", 0, "controller")


def _lineup() -> dict[str, Any]:
    return _started(
        combatant("a", 0, 0),
        combatant("b", 1, 0, features=["Alert"]),
        combatant("pet", 2, 0, controller="b"),
        combatant("c", 3, 0),
        combatant("d", 4, 0),
    )


@pytest.mark.rule("d20.init.lower")
def test_d20_init_lower_moves_down_with_companions_and_raising_is_refused() -> None:
    enc = build(_lineup())  # a 20, b 19, pet 18, c 17, d 16; a's turn
    lowered = apply(enc, LowerInitiative("b", 10), Random(1))
    assert _order(lowered.encounter) == ["a", "c", "d", "b", "pet"]
    assert lowered.outcome.previous == 19 and not lowered.outcome.raised
    with pytest.raises(IllegalAction) as e:
        apply(lowered.encounter, LowerInitiative("b", 18), Random(1))
    assert e.value.rule == "d20.init.lower"
    with pytest.raises(IllegalAction):
        apply(lowered.encounter, LowerInitiative("b", 18, feature="Lucky"), Random(1))
    raised = apply(lowered.encounter, LowerInitiative("b", 18, feature="Alert"), Random(1))
    assert raised.outcome.raised
    assert _order(raised.encounter) == ["a", "b", "pet", "c", "d"]


@pytest.mark.rule("d20.init.lower")
def test_d20_init_lower_can_not_act_twice_in_a_round() -> None:
    doc = _lineup()
    doc["turnOf"] = "c"
    lowered = apply(build(doc), LowerInitiative("a", 1), Random(1)).encounter
    assert _order(lowered) == ["b", "pet", "c", "d", "a"]
    after_d = _next(_next(lowered).encounter)  # d, then past a: round 2 begins with b
    assert after_d.encounter.turn_of == "b" and after_d.outcome.new_round


@pytest.mark.rule("d20.init.ready-vs-delay")
def test_d20_init_ready_vs_delay_lowering_on_own_turn_passes_it_on() -> None:
    """Delaying is not readying: nothing is held, no reaction is used, the turn moves on
    and the delayer takes its whole turn at its new count."""
    enc = build(_lineup())
    result = apply(enc, LowerInitiative("a", 17), Random(1))
    assert result.encounter.turn_of == "b"
    assert _order(result.encounter) == ["b", "pet", "c", "a", "d"]
    a = result.encounter.combatant("a")
    assert a.readied is None and a.budget.reaction
    enc2 = result.encounter
    for _ in range(3):  # b, pet, c end their turns
        enc2 = _next(enc2).encounter
    assert enc2.turn_of == "a" and enc2.round == 1
    assert enc2.combatant("a").budget.action


# ---------------------------------------------------------------- d20.turn.economy


@pytest.mark.rule("d20.turn.economy")
def test_d20_turn_economy_budget_resets_at_start_of_own_turn() -> None:
    doc = _started(combatant("a", 0, 0), combatant("b", 1, 0))
    doc["combatants"][1]["budget"] = {
        "action": False,
        "bonusAction": False,
        "reaction": False,
        "movement": 0,
        "objectInteraction": False,
    }
    result = _next(build(doc))
    b = result.encounter.combatant("b").budget
    assert b.action and b.bonus_action and b.reaction and b.object_interaction
    assert b.movement == 30


# ---------------------------------------------------------------- d20.ready.expiry


@pytest.mark.rule("d20.ready.expiry")
def test_d20_ready_expiry_lapses_at_start_of_next_turn_with_its_spell() -> None:
    doc = _started(
        combatant(
            "mage",
            1,
            0,
            readied={"trigger": "the door opens", "action": "spell", "spell": "fire bolt"},
            concentration="fire bolt",
        ),
        combatant("a", 0, 0),
        turnOf="a",
    )
    doc["order"] = [
        {"combatantId": "a", "initiative": 20},
        {"combatantId": "mage", "initiative": 5},
    ]
    result = _next(build(doc))
    mage = result.encounter.combatant("mage")
    assert result.outcome.readied_lapsed
    assert mage.readied is None and mage.concentration is None
    assert {ev.rule for ev in result.events} >= {"d20.ready.expiry", "d20.ready.spell"}


# ---------------------------------------------------------------- death saves


def _dying(**over: Any) -> dict[str, Any]:
    pc = combatant("pc", 0, 0, kind="pc", hp=0, maxHp=10, conditions=[{"name": "unconscious"}])
    pc.update(over)
    doc = _started(combatant("ally", 1, 0), pc)
    return doc


@pytest.mark.rule("d20.death.saves")
def test_d20_death_saves_success_and_failure_counts() -> None:
    enc = build(_dying())
    ok = _next(enc, [10])
    assert ok.outcome.death_save.success  # type: ignore[union-attr]
    assert ok.encounter.combatant("pc").death_saves.successes == 1
    bad = _next(enc, [9])
    assert not bad.outcome.death_save.success  # type: ignore[union-attr]
    assert bad.encounter.combatant("pc").death_saves.failures == 1


@pytest.mark.rule("d20.death.saves")
def test_d20_death_saves_three_successes_make_stable() -> None:
    enc = build(_dying(deathSaves={"successes": 2, "failures": 2}))
    result = _next(enc, [15, 3])  # the save, then 1d4 hours
    pc = result.encounter.combatant("pc")
    assert pc.stable and pc.unconscious and pc.hp == 0
    assert pc.death_saves.successes == 0 and pc.death_saves.failures == 0
    assert result.outcome.death_save.hours_to_regain == 3  # type: ignore[union-attr]


@pytest.mark.rule("d20.death.saves")
def test_d20_death_saves_three_failures_kill() -> None:
    enc = build(_dying(deathSaves={"successes": 2, "failures": 2}))
    result = _next(enc, [4])
    assert result.encounter.combatant("pc").dead
    assert result.outcome.death_save.dead  # type: ignore[union-attr]


@pytest.mark.rule("d20.death.nat")
def test_d20_death_nat_one_is_two_failures_twenty_regains_one_hp() -> None:
    enc = build(_dying(deathSaves={"successes": 0, "failures": 1}))
    one = _next(enc, [1])
    assert one.encounter.combatant("pc").dead
    twenty = _next(enc, [20])
    pc = twenty.encounter.combatant("pc")
    assert pc.hp == 1 and not pc.unconscious and pc.death_saves.failures == 0
    assert twenty.outcome.death_save.regained_hp  # type: ignore[union-attr]


@pytest.mark.rule("d20.death.stable")
def test_d20_death_stable_makes_no_death_saves() -> None:
    result = _next(build(_dying(stable=True)))  # no rolls scripted: none may happen
    assert result.outcome.death_save is None
    pc = result.encounter.combatant("pc")
    assert pc.stable and pc.unconscious


@pytest.mark.rule("d20.init.roll")
def test_d20_init_roll_ties_one_roll_off_then_a_shuffle_and_turns_follow_it() -> None:
    """Tied on total and bonus: one d20 roll-off, highest first; the two still tied after
    it are shuffled with the same random source (never re-rolled), and the turns follow."""
    enc = build(
        encounter_doc(
            combatant("a", 0, 0, initiativeBonus=1),
            combatant("b", 1, 0, initiativeBonus=1, side="foes"),
            combatant("c", 2, 0, initiativeBonus=1, side="foes"),
        )
    )
    # initiative 10, 10, 10; roll-off a 7, b 15, c 7; shuffle of [a, c]: j=0 swaps them
    result = apply(enc, RollInitiative(), ScriptedRandom([10, 10, 10, 7, 15, 7, 0]))
    assert _order(result.encounter) == ["b", "c", "a"]
    assert [e.tiebreak for e in result.encounter.order] == [15, 7, 7]
    ties = [ev for ev in result.events if ev.type == "initiative-tie"]
    assert ties[0].data["rolls"] == {"a": 7, "b": 15, "c": 7}
    assert ties[1].data["order"] == ["c", "a"]
    assert result.encounter.turn_of == "b"
    assert _next(result.encounter).encounter.turn_of == "c"


@pytest.mark.rule("d20.init.companions")
def test_d20_init_companions_a_companion_of_a_dead_controller_rolls_for_itself() -> None:
    enc = build(
        encounter_doc(
            combatant("ranger", 0, 0, hp=0, dead=True),
            combatant("hawk", 1, 0, controller="ranger", initiativeBonus=4),
            combatant("gob", 2, 0, side="foes"),
        )
    )
    result = apply(enc, RollInitiative(), ScriptedRandom([10, 12]))  # hawk 14, gob 12
    assert _order(result.encounter) == ["hawk", "gob"]
    assert result.encounter.turn_of == "hawk"
    assert _next(_next(result.encounter).encounter).encounter.turn_of == "hawk"


@pytest.mark.rule("d20.init.individual")
def test_d20_init_individual_a_player_character_in_a_group_rolls_its_own() -> None:
    enc = build(
        encounter_doc(
            combatant("ann", 0, 0, kind="pc", group="party"),
            combatant("bob", 1, 0, kind="pc", group="party"),
            combatant("gob1", 2, 0, side="foes", group="gobs"),
            combatant("gob2", 3, 0, side="foes", group="gobs"),
        )
    )
    result = apply(enc, RollInitiative(), ScriptedRandom([5, 15, 10]))
    assert _order(result.encounter) == ["bob", "gob1", "gob2", "ann"]
    assert [e.initiative for e in result.encounter.order] == [15, 10, 10, 5]
    rules = [ev.rule for ev in result.events if ev.type == "roll"]
    assert rules == ["d20.init.roll", "d20.init.roll", "d20.init.groups"]


@pytest.mark.rule("d20.init.lower")
def test_d20_init_lower_after_acting_takes_effect_next_round_and_never_twice() -> None:
    """RULES.md decision: a combatant that has acted this round may lower its initiative;
    it doesn't act again this round, and from the next round it acts at its new place."""
    enc = build(_lineup())  # a 20, b 19, pet 18, c 17, d 16; a's turn
    on_b = _next(enc).encounter
    lowered = apply(on_b, LowerInitiative("a", 10), Random(1))
    assert _order(lowered.encounter) == ["b", "pet", "c", "d", "a"]
    assert any(ev.type == "initiative-waits" for ev in lowered.events)
    turns = []
    e = lowered.encounter
    for _ in range(6):
        r = _next(e)
        e = r.encounter
        turns.append((e.round, e.turn_of))
    assert turns == [(1, "pet"), (1, "c"), (1, "d"), (2, "b"), (2, "pet"), (2, "c")]
    e = _next(_next(e).encounter).encounter
    assert (e.round, e.turn_of) == (2, "a")
    assert not any(x.source == "d20.init.lower" for x in e.combatant("a").effects)


@pytest.mark.rule("d20.init.lower")
def test_d20_init_lower_raising_above_the_turn_before_acting_is_refused() -> None:
    enc = build(_lineup())
    with pytest.raises(IllegalAction) as e:  # d has not acted: raising above a skips it
        apply(_next(enc).encounter, LowerInitiative("d", 25, feature="Alert"), Random(1))
    assert e.value.rule == "d20.init.lower"


@pytest.mark.rule("d20.init.lower")
@pytest.mark.parametrize("ruleset", ["d20", "d10"])
def test_d20_init_lower_on_its_own_turn_before_acting_whatever_its_budget(ruleset: str) -> None:
    """A d10 creature has no bonus action and a slowed one 15 ft: neither has 'acted' by
    that; lowering passes the turn on, and it takes its turn at its new place."""
    doc = _started(
        combatant("a", 0, 0, effects=[{"kind": "speed-halved"}]),
        combatant("b", 1, 0, side="foes"),
        combatant("c", 2, 0, side="foes"),
        ruleset=ruleset,
    )
    enc = build(doc)
    for _ in range(3):  # a fresh turn for a (round 2)
        enc = _next(enc).encounter
    assert enc.turn_of == "a" and enc.combatant("a").budget.movement == 15
    lowered = apply(enc, LowerInitiative("a", 5), Random(1))
    assert lowered.encounter.turn_of == "b"
    e = _next(_next(lowered.encounter).encounter).encounter
    assert e.turn_of == "a" and e.round == 2 and e.combatant("a").budget.movement == 15


@pytest.mark.rule("d20.init.lower")
@pytest.mark.parametrize("ruleset", ["d20", "d10"])
def test_d20_init_lower_on_its_own_turn_after_acting_counts_from_the_next_round(
    ruleset: str,
) -> None:
    """Having acted (it dropped prone and stood up), a lowers its initiative on its own
    turn: its turn goes on (it still has its action), the order goes on from its old place
    (b, c), it does not act again in round 1, and from round 2 it acts at its new place,
    after c."""
    doc = _started(
        combatant("a", 0, 0),
        combatant("b", 1, 0, side="foes"),
        combatant("c", 2, 0, side="foes"),
        ruleset=ruleset,
    )
    enc = build(doc)
    stood = apply(apply(enc, DropProne("a"), Random(1)).encounter, StandUp("a"), Random(1))
    lowered = apply(stood.encounter, LowerInitiative("a", 1), Random(1))
    assert lowered.encounter.turn_of == "a" and lowered.encounter.combatant("a").budget.action
    assert _order(lowered.encounter) == ["b", "c", "a"]
    turns = []
    e = lowered.encounter
    for _ in range(4):
        e = _next(e).encounter
        turns.append((e.round, e.turn_of))
    assert turns == [(1, "b"), (1, "c"), (2, "b"), (2, "c")]
    e = _next(e).encounter
    assert (e.round, e.turn_of) == (2, "a")


@pytest.mark.rule("d20.init.lower")
@pytest.mark.rule("d20.init.ready-vs-delay")
def test_d20_init_lower_a_delay_passes_over_one_that_waits_for_next_round() -> None:
    """a acts, then lowers to just after b (it waits for round 2); on b's turn b delays, and
    its pet moves with it: the turn passes over a to c, then d, b and the pet; a acts in
    round 2."""
    enc = build(_lineup())  # a 20, b 19, pet 18, c 17, d 16
    on_b = _next(enc).encounter
    waiting = apply(on_b, LowerInitiative("a", 19), Random(1)).encounter
    assert _order(waiting) == ["b", "a", "pet", "c", "d"]
    delayed = apply(waiting, LowerInitiative("b", 10), Random(1)).encounter
    assert _order(delayed) == ["a", "c", "d", "b", "pet"] and delayed.turn_of == "c"
    turns = []
    e = delayed
    for _ in range(4):
        e = _next(e).encounter
        turns.append((e.round, e.turn_of))
    assert turns == [(1, "d"), (1, "b"), (1, "pet"), (2, "a")]


@pytest.mark.rule("d20.init.lower")
def test_d20_init_lower_not_while_its_companion_takes_its_turn() -> None:
    doc = _lineup()  # a 20, b 19, pet 18 (b's), c 17, d 16
    doc["turnOf"] = "pet"
    with pytest.raises(IllegalAction) as e:
        apply(build(doc), LowerInitiative("b", 10), Random(1))
    assert e.value.rule == "d20.init.lower" and "Pet" in e.value.message
    after = _next(build(doc)).encounter  # c's turn: b may lower now, with its pet
    lowered = apply(after, LowerInitiative("b", 10), Random(1)).encounter
    assert _order(lowered) == ["a", "c", "d", "b", "pet"]
    assert [_next(lowered).encounter.turn_of] == ["d"]

"""The d10 ruleset (seed 003): initiative, awareness, simultaneous ties, the turn."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, apply
from service.rules.model import Attack, Cell, Encounter
from service.rules.model.requests import (
    ApplyDamage,
    Interact,
    MoveCombatant,
    NextTurn,
    PathCost,
    ResolveAttack,
    RollInitiative,
)
from service.rules.rulesets.d10 import D10

RULES = D10()


def d10(*combatants: dict[str, Any], **over: Any) -> Encounter:
    return build(encounter_doc(*combatants, ruleset="d10", **over))


def fighter(cid: str, x: int, y: int, **over: Any) -> dict[str, Any]:
    over.setdefault("attacks", [{"name": "axe", "bonus": 20, "damage": "10"}])
    return combatant(cid, x, y, **over)


def duel(**over: Any) -> Encounter:
    """Two hostile fighters side by side, both aware, bonus +2; a slow unaware third."""
    return d10(
        fighter("a", 1, 1, side="red", initiativeBonus=2, hp=8, maxHp=8, aware=True, **over),
        fighter("b", 2, 1, side="blue", initiativeBonus=2, hp=8, maxHp=8, aware=True, **over),
        fighter("c", 5, 5, side="blue", aware=False),
    )


def ids(enc: Encounter) -> list[str]:
    return [e.combatant_id for e in enc.order]


def hit(enc: Encounter, attacker: str, target: str, **kw: Any) -> Any:
    return apply(enc, ResolveAttack(attacker, target, **kw), ScriptedRandom([15]))


# ---------------------------------------------------------------- order and initiative


@pytest.mark.rule("d10.order.steps")
def test_d10_order_steps_initiative_then_turns_then_next_round() -> None:
    enc = d10(
        fighter("a", 0, 0, aware=True, initiativeBonus=1),
        fighter("b", 2, 0, aware=True, side="foe"),
        fighter("c", 4, 0, aware=True, side="foe"),
    )
    started = apply(enc, RollInitiative(surprised=["c"]), ScriptedRandom([5, 9, 2]))
    e = started.encounter
    assert e.round == 1 and ids(e) == ["b", "a", "c"] and e.turn_of == "b"
    assert [x.initiative for x in e.order] == [9, 6, 2]
    e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "a"
    r = apply(e, NextTurn(), Random(1))
    assert r.encounter.turn_of == "c"
    surprised = r.encounter.combatant("c")
    assert not surprised.budget.action and surprised.budget.movement == 0
    r = apply(r.encounter, NextTurn(), Random(1))
    assert r.outcome.new_round and r.encounter.round == 2 and r.encounter.turn_of == "b"


@pytest.mark.rule("d10.init.roll")
def test_d10_init_roll_is_1d10_plus_bonus_for_every_aware_creature() -> None:
    enc = d10(
        fighter("a", 0, 0, aware=True, initiativeBonus=3),
        fighter("b", 2, 0, aware=True, initiativeBonus=-1, side="foe"),
    )
    result = apply(enc, RollInitiative(), ScriptedRandom([10, 1]))
    rolls = [ev for ev in result.events if ev.type == "roll"]
    assert [r.actor for r in rolls] == ["a", "b"]
    assert all(r.roll and r.roll.dice[0].sides == 10 for r in rolls)
    assert all(r.rule == "d10.init.roll" for r in rolls)
    assert [(x.combatant_id, x.initiative) for x in result.encounter.order] == [
        ("a", 13),
        ("b", 0),
    ]


@pytest.mark.rule("d10.init.roll")
def test_d10_init_roll_with_no_initiator_everyone_is_aware_and_rolls() -> None:
    enc = d10(fighter("a", 0, 0), fighter("b", 2, 0, side="foe"))
    result = apply(enc, RollInitiative(), ScriptedRandom([4, 6]))
    assert [x.initiative for x in result.encounter.order] == [6, 4]
    assert all(c.aware for c in result.encounter.combatants)


@pytest.mark.rule("d10.init.aware")
def test_d10_init_aware_unaware_is_one_plus_bonus_without_a_roll() -> None:
    enc = d10(
        fighter("a", 0, 0, aware=True, initiativeBonus=0),
        fighter("sleeper", 4, 4, aware=False, initiativeBonus=3, side="foe"),
    )
    # only one die is scripted: the unaware creature rolls nothing
    result = apply(enc, RollInitiative(), ScriptedRandom([2]))
    order = {x.combatant_id: x.initiative for x in result.encounter.order}
    assert order == {"a": 2, "sleeper": 4}
    assert result.encounter.turn_of == "sleeper"
    unaware = [ev for ev in result.events if ev.type == "initiative-unaware"]
    assert [ev.actor for ev in unaware] == ["sleeper"]
    # it becomes aware at the start of its first turn
    assert result.encounter.combatant("sleeper").aware is True
    assert any(ev.type == "aware" and ev.rule == "d10.init.aware" for ev in result.events)


@pytest.mark.rule("d10.init.aware")
def test_d10_init_aware_stays_unaware_until_its_first_turn() -> None:
    enc = d10(
        fighter("a", 0, 0, aware=True, initiativeBonus=5),
        fighter("sleeper", 4, 4, aware=False, side="foe"),
    )
    e = apply(enc, RollInitiative(), ScriptedRandom([3])).encounter
    assert e.turn_of == "a" and e.combatant("sleeper").aware is False
    e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "sleeper" and e.combatant("sleeper").aware is True


@pytest.mark.rule("d10.init.aware")
def test_d10_init_aware_derived_from_line_of_sight_and_hearing() -> None:
    # a wall on column 5 hides the right side from the initiator at (1, 1)
    wall = [{"x": 5, "y": y} for y in range(12)]
    enc = d10(
        fighter("init", 1, 1, initiativeBonus=0),
        fighter("seer", 3, 8, side="foe", initiativeBonus=0),
        fighter("deaf", 8, 1, side="foe", initiativeBonus=0),
        fighter("hearer", 8, 8, side="foe", initiativeBonus=0),
        fighter("told", 10, 10, side="foe", initiativeBonus=0, aware=True),
        grid={"kind": "square", "width": 12, "height": 12, "blocked": wall},
    )
    result = apply(
        enc,
        RollInitiative(initiator_id="init", heard_by=["hearer"]),
        ScriptedRandom([7, 7, 7, 7]),
    )
    e = result.encounter
    order = {x.combatant_id: x.initiative for x in e.order}
    assert order == {"init": 7, "seer": 7, "hearer": 7, "told": 7, "deaf": 1}
    assert e.combatant("deaf").aware is False
    assert all(e.combatant(c).aware for c in ("init", "seer", "hearer", "told"))


@pytest.mark.rule("d10.init.aware")
def test_d10_init_aware_a_blinded_creature_or_an_unseen_initiator_is_not_seen() -> None:
    """In plain sight but blinded, or facing an invisible initiator: unaware (1 + bonus, no
    roll), until the creature's first turn; one that hears the initiator is aware."""
    enc = d10(
        fighter("init", 1, 1, initiativeBonus=0),
        fighter("blind", 3, 1, side="foe", conditions=[{"name": "blinded"}]),
        fighter("hearer", 3, 3, side="foe", conditions=[{"name": "blinded"}]),
        fighter("seer", 5, 1, side="foe"),
    )
    result = apply(
        enc, RollInitiative(initiator_id="init", heard_by=["hearer"]), ScriptedRandom([6, 6, 6])
    )
    e = result.encounter
    assert {x.combatant_id: x.initiative for x in e.order} == {
        "init": 6,
        "hearer": 6,
        "seer": 6,
        "blind": 1,
    }
    assert e.combatant("blind").aware is False
    ghost = d10(
        fighter("init", 1, 1, initiativeBonus=0, conditions=[{"name": "invisible"}]),
        fighter("seer", 3, 1, side="foe"),
    )
    unseen = apply(ghost, RollInitiative(initiator_id="init"), ScriptedRandom([6])).encounter
    assert unseen.combatant("seer").aware is False
    on_seer = apply(unseen, NextTurn(), Random(1))
    assert on_seer.encounter.turn_of == "seer" and on_seer.encounter.combatant("seer").aware


@pytest.mark.rule("d10.init.start")
def test_d10_init_start_declaring_does_not_let_the_initiator_go_first() -> None:
    enc = d10(
        fighter("init", 0, 0, initiativeBonus=0),
        fighter("b", 2, 0, side="foe", initiativeBonus=0),
    )
    result = apply(enc, RollInitiative(initiator_id="init"), ScriptedRandom([3, 8]))
    assert ids(result.encounter) == ["b", "init"] and result.encounter.turn_of == "b"
    assert any(ev.type == "combat-start" and ev.rule == "d10.init.start" for ev in result.events)
    # on an equal count the initiator gains no precedence either: a simultaneous step
    tied = apply(enc, RollInitiative(initiator_id="init"), ScriptedRandom([5, 5])).encounter
    assert tied.step is not None and sorted(tied.step.members) == ["b", "init"]


@pytest.mark.rule("d10.init.start")
def test_d10_init_start_unknown_initiator_is_invalid() -> None:
    from service.rules import InvalidAction

    with pytest.raises(InvalidAction) as e:
        apply(duel(), RollInitiative(initiator_id="nobody"), Random(1))
    assert e.value.path == ("initiatorId",)
    with pytest.raises(InvalidAction) as e:
        apply(duel(), RollInitiative(initiator_id="a", heard_by=["x"]), Random(1))
    assert e.value.path == ("heardBy", 0)


# ---------------------------------------------------------------- simultaneous ties


def tied_duel() -> Encounter:
    """a and b both on 7 (5 + 2), c unaware on 1: a step of a and b opens."""
    return apply(duel(), RollInitiative(), ScriptedRandom([5, 5])).encounter


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_no_roll_off_and_a_step_opens() -> None:
    result = apply(duel(), RollInitiative(), ScriptedRandom([5, 5]))
    e = result.encounter
    assert [(x.combatant_id, x.initiative, x.tiebreak) for x in e.order] == [
        ("a", 7, 0),
        ("b", 7, 0),
        ("c", 1, 0),
    ]
    assert e.step is not None and e.step.members == ["a", "b"] and e.step.initiative == 7
    assert e.turn_of == "a"
    assert any(ev.type == "step-opened" for ev in result.events)


@pytest.mark.rule("d10.init.ties")
@pytest.mark.rule("d10.order.steps")
def test_d10_init_ties_a_creature_killed_on_its_count_still_acts_then_dies() -> None:
    e = tied_duel()
    first = hit(e, "a", "b")
    assert first.outcome.hit and first.outcome.damage == 10
    e = first.encounter
    assert e.combatant("b").hp == 8 and not e.combatant("b").dead
    deferred = [ev for ev in first.events if ev.type == "deferred"]
    assert len(deferred) == 1 and deferred[0].target == "b" and deferred[0].amount == 10
    assert e.step is not None and [d.target_id for d in e.step.deferred] == ["b"]

    moved = apply(e, NextTurn(), Random(1))
    e = moved.encounter
    assert e.turn_of == "b" and e.step is not None and e.step.acted == ["a"]
    # b, already "killed", still takes its turn against a as it stood
    second = hit(e, "b", "a")
    assert second.outcome.hit
    e = second.encounter
    assert e.combatant("a").hp == 8 and len(e.step.deferred) == 2  # type: ignore[union-attr]

    closed = apply(e, NextTurn(), Random(1))
    e = closed.encounter
    assert e.step is None
    assert e.combatant("a").dead and e.combatant("b").dead
    types = [ev.type for ev in closed.events]
    assert types.count("deferred-applied") == 2 and types.count("death") == 2
    # d10.order.steps: red is gone when the count ends: the fight is over, no more turns
    assert types.index("step-closed") < types.index("fight-over")
    assert closed.outcome.fight_over and closed.outcome.sides_standing == ["blue"]
    assert e.turn_of is None and "turn-start" not in types
    with pytest.raises(IllegalAction) as err:
        apply(e, NextTurn(), Random(1))
    assert err.value.rule == "d20.order.steps"


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_the_order_of_listing_does_not_matter() -> None:
    def play(first: str, second: str) -> Encounter:
        doc = encounter_doc(
            fighter("a", 1, 1, side="red", initiativeBonus=2, hp=8, maxHp=8, aware=True),
            fighter("b", 2, 1, side="blue", initiativeBonus=2, hp=30, maxHp=30, aware=True),
            ruleset="d10",
        )
        if first == "b":
            doc["combatants"].reverse()
        e = apply(build(doc), RollInitiative(), ScriptedRandom([5, 5])).encounter
        assert e.turn_of == first
        for who in (first, second):
            target = "b" if who == "a" else "a"
            e = hit(e, who, target).encounter
            e = apply(e, NextTurn(), Random(1)).encounter
        return e

    one, two = play("a", "b"), play("b", "a")
    for cid in ("a", "b"):
        assert one.combatant(cid).hp == two.combatant(cid).hp
        assert one.combatant(cid).dead == two.combatant(cid).dead
    assert one.combatant("a").dead and one.combatant("b").hp == 20


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_damage_from_outside_the_step_lands_at_once() -> None:
    e = tied_duel()
    # c is not on the count: its damage (or the DM's) is not deferred
    r = apply(e, ApplyDamage("a", 3, source_id="c"), Random(1))
    assert r.encounter.combatant("a").hp == 5 and not any(ev.type == "deferred" for ev in r.events)
    r = apply(e, ApplyDamage("a", 3), Random(1))
    assert r.encounter.combatant("a").hp == 5
    # damage a member does to itself is its own turn's effect
    r = apply(e, ApplyDamage("a", 3, source_id="a"), Random(1))
    assert r.encounter.combatant("a").hp == 5


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_a_whole_round_on_one_count_closes_before_the_next_round() -> None:
    enc = d10(
        fighter("a", 1, 1, side="red", aware=True, hp=8, maxHp=8),
        fighter("b", 2, 1, side="blue", aware=True, hp=30, maxHp=30),
    )
    e = apply(enc, RollInitiative(), ScriptedRandom([4, 4])).encounter
    e = hit(e, "a", "b").encounter
    e = apply(e, NextTurn(), Random(1)).encounter
    r = apply(e, NextTurn(), Random(1))
    e = r.encounter
    assert r.outcome.new_round and e.turn_of == "a"
    assert e.combatant("b").hp == 20
    # a new step for round 2
    assert e.step is not None and e.step.acted == [] and e.step.deferred == []


# ---------------------------------------------------------------- the turn


@pytest.mark.rule("d10.turn.move-action")
def test_d10_turn_move_action_doing_nothing_is_allowed() -> None:
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    assert e.turn_of == "a"
    r = apply(e, NextTurn(), Random(1))
    assert r.encounter.turn_of == "b"
    assert r.encounter.combatant("a").budget.action  # nothing was spent


@pytest.mark.rule("d10.turn.move-action")
def test_d10_turn_move_action_the_action_leaves_movement_for_after() -> None:
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    budget = e.combatant("a").budget
    assert budget.action and budget.movement == 30
    e = hit(e, "a", "b", apply_damage=False).encounter
    budget = e.combatant("a").budget
    assert not budget.action and budget.movement == 30  # still free to move after acting
    with pytest.raises(IllegalAction):
        hit(e, "a", "b", apply_damage=False)  # one action


def _walker(**over: Any) -> Encounter:
    """Round 1, the walker's turn; a climb strip at x=1, water at x=2, mud at (3, 0)."""
    doc = encounter_doc(
        combatant("kit", 0, 0, **over),
        combatant("foe", 9, 9, side="foe"),
        ruleset="d10",
        round=1,
        turnOf="kit",
        order=[{"combatantId": "kit", "initiative": 9}, {"combatantId": "foe", "initiative": 5}],
    )
    doc["grid"]["climb"] = [{"x": 1, "y": y} for y in range(12)]
    doc["grid"]["swim"] = [{"x": 2, "y": y} for y in range(12)]
    doc["grid"]["difficult"] = [{"x": 1, "y": 1}]
    return build(doc)


def _path(*cells: tuple[int, int], fly: bool = False) -> MoveCombatant:
    return MoveCombatant("kit", path=[Cell(*c) for c in cells], fly=fly)


@pytest.mark.rule("d10.turn.speeds")
def test_d10_turn_speeds_flying_only_with_a_device() -> None:
    """A fly speed alone doesn't fly in d10; with a flying device the creature flies at its
    fly speed (the walking speed without one), over climb, swim and difficult cells as
    over open ground, and the flight uses its share of the turn."""
    with pytest.raises(IllegalAction) as e:
        apply(_walker(flySpeed=60), _path((1, 0), fly=True), Random(1))
    assert e.value.rule == "d10.turn.speeds" and "device" in e.value.message
    winged = _walker(flySpeed=60, features=["device:flying"])
    over = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
    flown = apply(winged, _path(*over, fly=True), Random(1))
    assert flown.outcome.cost == 15 and flown.outcome.movement_left == 15  # 30 ft at 60 ft
    rest = apply(flown.encounter, _path(*[(6, y) for y in range(2, 8)], fly=True), Random(1))
    assert rest.outcome.movement_left == 0
    with pytest.raises(IllegalAction):
        apply(rest.encounter, _path((6, 8), fly=True), Random(1))
    # the same cells walked: climb, swim, difficult climb... priced as the ground asks
    walked = apply(winged, _path((1, 0), (2, 0)), Random(1))
    assert walked.outcome.cost == 20
    # a jetpack with no stated fly speed flies at the walking speed
    pack = _walker(features=["device:flying:jetpack"])
    assert apply(pack, _path(*over, fly=True), Random(1)).outcome.cost == 30
    query = apply(pack, PathCost("kit", path=[Cell(*c) for c in over], fly=True), Random(1))
    assert query.outcome.legal and query.outcome.cost == 30
    prone = _walker(features=["device:flying"], conditions=[{"name": "prone"}])
    with pytest.raises(IllegalAction):
        apply(prone, _path((1, 0), fly=True), Random(1))


@pytest.mark.rule("d10.turn.speeds")
@pytest.mark.parametrize(
    "climb, costs",
    [(None, [10, 15]), (15, [10, 15]), (10, [15, 20]), (20, [8, 13]), (30, [5, 10]), (60, [5, 10])],
)
def test_d10_turn_speeds_climbing_is_priced_by_the_climbing_speed(
    climb: int | None, costs: list[int]
) -> None:
    """5 ft of climbing at 15 ft out of a 30 ft walk costs 10 ft, at 30 ft 5 ft; a difficult
    climb cell adds 5 ft; then the rest of the movement is walked."""
    over = {} if climb is None else {"climbSpeed": climb}
    up = apply(_walker(**over), _path((1, 0)), Random(1))
    assert up.outcome.cost == costs[0]
    if sum(costs) > 30:
        with pytest.raises(IllegalAction) as e:
            apply(up.encounter, _path((1, 1)), Random(1))
        assert e.value.rule == "d20.grid.enter"
        return
    rough = apply(up.encounter, _path((1, 1)), Random(1))
    assert rough.outcome.cost == costs[1]
    left = rough.outcome.movement_left
    assert left == 30 - sum(costs)
    steps = [(0, y) for y in range(2, 2 + left // 5)]
    assert apply(rough.encounter, _path(*steps), Random(1)).outcome.movement_left == left % 5


@pytest.mark.rule("d10.turn.speeds")
def test_d10_turn_speeds_no_swimming_speed_means_no_entry() -> None:
    enc = _walker(swimSpeed=0)
    with pytest.raises(IllegalAction):
        apply(enc, _path((1, 0), (2, 0)), Random(1))
    with pytest.raises(IllegalAction):
        apply(enc, MoveCombatant("kit", to=Cell(2, 0)), Random(1))
    fast = apply(_walker(swimSpeed=30), _path((1, 0), (2, 0)), Random(1))
    assert fast.outcome.cost == 15


@pytest.mark.rule("d10.turn.bonus")
def test_d10_turn_bonus_none_without_a_grant() -> None:
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    assert not e.combatant("a").budget.bonus_action
    with pytest.raises(IllegalAction) as err:
        hit(e, "a", "b", spend="bonus-action", apply_damage=False)
    assert err.value.rule == "d10.turn.bonus"


@pytest.mark.rule("d10.turn.bonus")
def test_d10_turn_bonus_one_a_turn_with_a_grant() -> None:
    e = apply(
        duel(features=["bonus-action:quick-strike"]), RollInitiative(), ScriptedRandom([9, 2])
    ).encounter
    assert e.combatant("a").budget.bonus_action
    e = hit(e, "a", "b", spend="bonus-action", apply_damage=False).encounter
    with pytest.raises(IllegalAction) as err:
        hit(e, "a", "b", spend="bonus-action", apply_damage=False)
    assert err.value.rule == "d10.turn.bonus"
    # the action is still there
    hit(e, "a", "b", apply_damage=False)
    # and the bonus action comes back on its next turn
    for _ in range(3):
        e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "a" and e.combatant("a").budget.bonus_action


@pytest.mark.rule("d10.turn.object")
def test_d10_turn_object_one_free_interaction_each_turn() -> None:
    """Spent on a's turn, the free interaction is back on a's next turn (per turn, not per
    round), while b's own stays free on b's turn in between."""
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    assert e.turn_of == "a"
    e = apply(e, Interact("a", "draws a sword"), Random(1)).encounter
    assert not e.combatant("a").budget.object_interaction
    e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "b"
    assert apply(e, Interact("b", "opens a door"), Random(1)).outcome.spent == "free"
    for _ in range(2):
        e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "a"
    assert apply(e, Interact("a", "sheathes it"), Random(1)).outcome.spent == "free"


@pytest.mark.rule("d10.turn.reaction")
def test_d10_turn_reaction_comes_back_at_the_next_round_not_the_next_turn() -> None:
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    assert e.turn_of == "a"
    # b reacts during a's turn
    e = hit(e, "b", "a", spend="reaction", apply_damage=False).encounter
    assert not e.combatant("b").budget.reaction
    with pytest.raises(IllegalAction):
        hit(e, "b", "a", spend="reaction", apply_damage=False)
    r = apply(e, NextTurn(), Random(1))
    e = r.encounter
    assert e.turn_of == "b" and not e.combatant("b").budget.reaction  # not at its turn
    e = apply(e, NextTurn(), Random(1)).encounter  # c
    r = apply(e, NextTurn(), Random(1))  # round 2
    assert r.outcome.new_round and r.encounter.turn_of == "a"
    assert r.encounter.combatant("b").budget.reaction
    assert any(
        ev.type == "reactions-restored" and ev.rule == "d10.turn.reaction" for ev in r.events
    )


@pytest.mark.rule("d10.turn.reaction")
def test_d10_turn_reaction_used_on_its_own_turn_stays_spent_for_the_round() -> None:
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    e = hit(e, "a", "b", spend="reaction", apply_damage=False).encounter
    e = apply(e, NextTurn(), Random(1)).encounter
    e = hit(e, "b", "a", apply_damage=False).encounter
    assert not e.combatant("a").budget.reaction


def test_d10_has_no_critical_tables() -> None:
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    r = apply(
        e,
        ResolveAttack("a", "b", attack=Attack("club", 0, "1d4"), apply_damage=False),
        ScriptedRandom([20, 2, 3]),
    )
    assert r.outcome.critical and r.outcome.damage == 5
    assert not r.encounter.pending_choices
    assert not any("crit" in (ev.rule or "") and "table" in (ev.rule or "") for ev in r.events)


@pytest.mark.rule("d10.turn.object")
def test_d10_turn_object_second_interaction_takes_the_action() -> None:
    e = apply(duel(), RollInitiative(), ScriptedRandom([9, 2])).encounter
    first = apply(e, Interact("a", "draws a sword"), Random(1))
    assert first.outcome.spent == "free" and first.encounter.combatant("a").budget.action
    second = apply(first.encounter, Interact("a", "opens a door"), Random(1))
    assert second.outcome.spent == "action" and not second.encounter.combatant("a").budget.action
    with pytest.raises(IllegalAction) as err:
        apply(second.encounter, Interact("a", "pulls a lever"), Random(1))
    assert err.value.rule == "d10.turn.object"
    # the free one comes back on a's next turn
    e = second.encounter
    for _ in range(3):
        e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "a"
    assert apply(e, Interact("a", "sheathes"), Random(1)).outcome.spent == "free"


@pytest.mark.rule("d10.turn.object")
def test_d10_turn_object_a_device_can_need_an_action() -> None:
    e = apply(
        duel(features=["device-action:console"]), RollInitiative(), ScriptedRandom([9, 2])
    ).encounter
    use = Interact("a", "types a password", device="console")
    used = apply(e, use, Random(1))
    a = used.encounter.combatant("a")
    assert used.outcome.spent == "action" and not a.budget.action and a.budget.object_interaction
    assert [ev.rule for ev in used.events if ev.type == "interact"] == ["d10.turn.object"]
    with pytest.raises(IllegalAction) as err:
        apply(used.encounter, use, Random(1))
    assert err.value.rule == "d10.turn.object"
    # an ordinary object is still free, and so is one the console owner doesn't name
    door = Interact("a", "opens a door", device="door")
    assert apply(e, door, Random(1)).outcome.spent == "free"


@pytest.mark.rule("d10.turn.speeds")
def test_d10_turn_speeds_climbing_and_swimming_cost_double_through_move() -> None:
    from service.rules.model import Cell as StateCell
    from service.rules.model.requests import MoveCombatant

    doc = encounter_doc(combatant("kit", 0, 0), ruleset="d10")
    doc["grid"]["climb"] = [{"x": 1, "y": 0}]
    doc["grid"]["swim"] = [{"x": 2, "y": 0}]
    enc = build(doc)
    moved = apply(enc, MoveCombatant("kit", path=[StateCell(1, 0), StateCell(2, 0)]), Random(1))
    assert moved.outcome.cost == 20
    doc["combatants"][0]["climbSpeed"] = 30
    doc["combatants"][0]["swimSpeed"] = 30
    fast = apply(
        build(doc), MoveCombatant("kit", path=[StateCell(1, 0), StateCell(2, 0)]), Random(1)
    )
    assert fast.outcome.cost == 10

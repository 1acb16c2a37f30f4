"""Issue 22: states that outlived what made them (the property hunt of
``tests/properties/test_prop_ends.py``): a readied action across a new initiative order, the
marks lowering initiative leaves, a d10 step's holds, and squeezing held past the move that
ended it. Each test plays the rule forward and checks what a player sees."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, apply
from service.rules.model import Cell, Cond, Encounter
from service.rules.model.requests import (
    ApplyDamage,
    Dodge,
    Help,
    LowerInitiative,
    MoveCombatant,
    NextTurn,
    Ready,
    ResolveAttack,
    RollInitiative,
    TriggerReadied,
)

CLUB = {"name": "club", "bonus": 5, "damage": "2d6"}


def started(*combatants: dict[str, Any], ruleset: str = "d20", **doc: Any) -> Encounter:
    """Round 1, the first combatant's turn, the order as listed (counts 20, 19...) unless
    ``order`` says otherwise."""
    ids = [c["id"] for c in combatants]
    body = encounter_doc(*combatants, ruleset=ruleset, **doc)
    body.setdefault("round", 1)
    body.setdefault("turnOf", ids[0])
    body.setdefault(
        "order", [{"combatantId": cid, "initiative": 20 - i} for i, cid in enumerate(ids)]
    )
    return build(body)


def next_turn(enc: Encounter) -> Encounter:
    return apply(enc, NextTurn(), Random(0)).encounter


def turns(enc: Encounter, n: int) -> tuple[Encounter, list[tuple[int, str | None]]]:
    """``n`` times ``nextTurn``: the state, and each (round, whose turn) it reached."""
    seen = []
    for _ in range(n):
        enc = next_turn(enc)
        seen.append((enc.round, enc.turn_of))
    return enc, seen


def lowered_marks(enc: Encounter, cid: str) -> list[str]:
    """The marks lowering its initiative left on ``cid``: shown in its effects."""
    sources = [e.source or "" for e in enc.combatant(cid).effects]
    return [s for s in sources if s.startswith("d20.init.lower")]


def acts_then_lowers(enc: Encounter, cid: str, initiative: int) -> Encounter:
    """``cid`` dodges on its turn, then lowers its initiative: it waits for the next round."""
    dodged = apply(enc, Dodge(cid), Random(0)).encounter
    return apply(dodged, LowerInitiative(cid, initiative), Random(0)).encounter


# ------------------------------------------------------------------ d20.ready.expiry


@pytest.mark.rule("d20.ready.expiry")
def test_d20_ready_expiry_a_new_initiative_order_s_first_turn_is_the_readier_s_next() -> None:
    """The archer readies a shot; the DM rolls initiative again and the archer comes first:
    that turn is its next turn, so the readied shot lapses as it starts, and when the orc
    walks up on its turn there is nothing to trigger."""
    enc = started(
        combatant("archer", 0, 0, initiativeBonus=5),
        combatant("orc", 5, 0, side="orcs", attacks=[CLUB]),
    )
    enc = apply(enc, Ready("archer", "the orc comes near", action="attack"), Random(0)).encounter
    assert enc.combatant("archer").readied is not None
    again = apply(enc, RollInitiative(), ScriptedRandom([15, 3]))
    assert again.encounter.turn_of == "archer"
    assert again.encounter.combatant("archer").readied is None
    assert any(ev.rule == "d20.ready.expiry" for ev in again.events)
    orcs_turn = next_turn(again.encounter)
    assert orcs_turn.turn_of == "orc"
    near = apply(orcs_turn, MoveCombatant("orc", to=Cell(1, 0)), Random(0)).encounter
    with pytest.raises(IllegalAction) as refused:
        apply(near, TriggerReadied("archer", target_id="orc"), Random(0))
    assert refused.value.rule == "d20.ready.trigger"


@pytest.mark.rule("d20.ready.expiry")
@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize("ruleset", ["d20", "d10"])
def test_d20_ready_expiry_a_dead_creature_s_readied_action_lapses_at_its_place(
    ruleset: str,
) -> None:
    """The archer readies a shot and is killed before its next turn: it has no next turn,
    and (as decision 8 counts the turns of the dead at their place) its readied action
    lapses when its place in the order comes round, with the event that says so."""
    enc = started(
        combatant("archer", 0, 0),
        combatant("orc", 5, 0, side="orcs", attacks=[CLUB]),
        combatant("ally", 9, 9),
        ruleset=ruleset,
    )
    ready = apply(enc, Ready("archer", "the orc comes near", action="attack"), Random(0))
    on_orc = next_turn(ready.encounter)
    dead = apply(on_orc, ApplyDamage("archer", 200), Random(0)).encounter
    assert dead.combatant("archer").dead and dead.combatant("archer").readied is not None
    on_ally = next_turn(dead)
    assert on_ally.combatant("archer").readied is not None
    round_2 = apply(on_ally, NextTurn(), Random(0))
    assert (round_2.encounter.round, round_2.encounter.turn_of) == (2, "orc")
    assert round_2.encounter.combatant("archer").readied is None
    assert any(ev.type == "readied-lapsed" for ev in round_2.events)


# ------------------------------------------------------------------ d20.init.lower


@pytest.mark.rule("d20.init.lower")
def test_d20_init_lower_a_new_order_takes_no_wait_from_the_old_one() -> None:
    """a acts, then lowers its initiative: it waits for round 2 of this fight. The DM rolls
    initiative again (b first, then a): in round 1 of the new fight a takes its turn after
    b's, and no mark of the old order is left on it."""
    enc = started(combatant("a", 0, 0), combatant("b", 1, 0, side="foes"))
    on_b = next_turn(enc)
    waiting = apply(on_b, LowerInitiative("a", 1), Random(0)).encounter
    assert lowered_marks(waiting, "a")
    again = apply(waiting, RollInitiative(), ScriptedRandom([3, 15])).encounter
    assert [e.combatant_id for e in again.order] == ["b", "a"]
    assert lowered_marks(again, "a") == []
    _, seen = turns(again, 2)
    assert seen == [(1, "a"), (2, "b")]


@pytest.mark.rule("d20.init.lower")
@pytest.mark.rule("d20.ready.expiry")
def test_d20_init_lower_a_delay_of_the_old_order_does_not_resume_in_the_new_one() -> None:
    """a delays its turn (lowers before acting). Before its new place comes up the DM rolls
    initiative again, a second: its first turn of the new fight starts as a turn (its
    start-of-turn durations end: the poison it had until the start of its next turn), not
    as the old delayed one resuming."""
    poisoned = {"name": "poisoned", "duration": {"ends": "start", "of": "a", "turns": 1}}
    enc = started(
        combatant("a", 0, 0, conditions=[poisoned]),
        combatant("b", 1, 0, side="foes"),
        combatant("c", 2, 0, side="foes"),
    )
    delayed = apply(enc, LowerInitiative("a", 1), Random(0)).encounter
    assert delayed.turn_of == "b"
    again = apply(delayed, RollInitiative(), ScriptedRandom([3, 15, 10])).encounter
    assert [e.combatant_id for e in again.order] == ["b", "c", "a"]
    assert lowered_marks(again, "a") == []
    a_turn, seen = turns(again, 2)
    assert seen[-1] == (1, "a")
    assert not a_turn.combatant("a").has(Cond.POISONED)


@pytest.mark.rule("d20.init.lower")
@pytest.mark.rule("d20.order.steps")
def test_d20_init_lower_those_waiting_open_the_next_round_when_the_turn_s_creature_dies() -> None:
    """q and r each act, then lower their initiative below p's: both wait for round 2. The
    DM kills p on its turn; the next turn is round 2's first, q's (not "every combatant in
    the order is dead" with two alive), then r's."""
    enc = started(
        combatant("q", 0, 0),
        combatant("r", 4, 0, side="foes"),
        combatant("p", 8, 0, side="third"),
    )
    q_waits = apply(apply(enc, Dodge("q"), Random(0)).encounter, LowerInitiative("q", 1), Random(0))
    on_r = next_turn(q_waits.encounter)
    r_waits = apply(
        apply(on_r, Dodge("r"), Random(0)).encounter, LowerInitiative("r", 0), Random(0)
    )
    on_p = next_turn(r_waits.encounter)
    assert on_p.turn_of == "p" and [e.combatant_id for e in on_p.order] == ["p", "q", "r"]
    p_dead = apply(on_p, ApplyDamage("p", 200), Random(0)).encounter
    _, seen = turns(p_dead, 2)
    assert seen == [(2, "q"), (2, "r")]


# ------------------------------------------------------------------ d10.init.ties


def d10_count(*combatants: dict[str, Any], order: list[tuple[str, int]], **doc: Any) -> Encounter:
    """d10, round 1, the first of ``order``'s turn."""
    return started(
        *combatants,
        ruleset="d10",
        order=[{"combatantId": cid, "initiative": n} for cid, n in order],
        turnOf=order[0][0],
        **doc,
    )


@pytest.mark.rule("d10.init.ties")
@pytest.mark.rule("d20.init.lower")
def test_d10_init_ties_a_creature_waiting_for_next_round_is_not_on_the_count() -> None:
    """c acts first (it dodges), then lowers its initiative to the count a and b share: it waits for
    round 2, so the step of count 10 is a and b only. a helps b: b's advantage lands when b's
    turn ends (the count's last), and lasts "until the start of a's next turn", which is
    a's turn of round 2."""
    enc = d10_count(
        combatant("a", 0, 0),
        combatant("b", 1, 0),
        combatant("c", 2, 0, side="foes"),
        order=[("c", 12), ("a", 10), ("b", 10)],
    )
    waiting = acts_then_lowers(enc, "c", 10)
    assert waiting.turn_of == "c" and lowered_marks(waiting, "c")
    on_a = next_turn(waiting)
    assert on_a.turn_of == "a" and on_a.step is not None
    assert on_a.step.members == ["a", "b"]
    helped = apply(on_a, Help("a", "b"), Random(0)).encounter
    on_b = next_turn(helped)
    assert on_b.turn_of == "b" and not on_b.combatant("b").effects
    round_2 = next_turn(on_b)
    assert (round_2.round, round_2.turn_of) == (2, "a")
    assert round_2.combatant("b").effects == []


@pytest.mark.rule("d10.init.ties")
@pytest.mark.rule("d20.init.lower")
def test_d10_init_ties_a_member_that_acted_and_lowers_waits_at_once() -> None:
    """a, b and c share count 10. a's turn is over; on b's turn the DM lowers a's
    initiative to 5: a has acted this round, so it waits for round 2 at once (a change of
    place is not held with the step's changes), and does not act again in round 1."""
    enc = d10_count(
        combatant("d", 5, 5, side="foes"),
        combatant("a", 0, 0),
        combatant("b", 1, 0),
        combatant("c", 2, 0, side="foes"),
        order=[("d", 12), ("a", 10), ("b", 10), ("c", 10)],
    )
    on_b = next_turn(next_turn(enc))
    assert on_b.turn_of == "b"
    lowered = apply(on_b, LowerInitiative("a", 5), Random(0)).encounter
    assert lowered_marks(lowered, "a")
    _, seen = turns(lowered, 3)
    assert seen == [(1, "c"), (2, "d"), (2, "b")]


@pytest.mark.rule("d10.init.ties")
@pytest.mark.rule("d20.ready.expiry")
def test_d10_init_ties_a_delayer_and_a_waiter_on_one_count_both_take_their_turns() -> None:
    """c0 and c1 roll 7 (one step). c0 delays to -5; c1 readies, then lowers to -5 too (it
    has acted: it waits for round 2). c0's delayed turn comes; in round 2 c0's turn, then
    c1's at -5, where its readied action lapses; from then on both take their turns."""
    doc = encounter_doc(
        combatant("c0", 0, 0, aware=True, initiativeBonus=0),
        combatant("c1", 1, 0, side="foes", aware=True, initiativeBonus=0),
        ruleset="d10",
    )
    on_c0 = apply(build(doc), RollInitiative(), ScriptedRandom([7, 7])).encounter
    assert on_c0.turn_of == "c0" and on_c0.step is not None
    delayed = apply(on_c0, LowerInitiative("c0", -5), Random(0)).encounter
    assert delayed.turn_of == "c1"
    ready = apply(delayed, Ready("c1", "a foe comes near", action="move"), Random(0)).encounter
    lowered = apply(ready, LowerInitiative("c1", -5), Random(0)).encounter
    later, seen = turns(lowered, 5)
    assert seen == [(1, "c0"), (2, "c0"), (2, "c1"), (3, "c0"), (3, "c1")]
    assert later.combatant("c1").readied is None
    assert lowered_marks(later, "c1") == []


@pytest.mark.rule("d10.init.ties")
@pytest.mark.rule("d20.size.squeeze")
def test_d10_init_ties_a_held_squeeze_lands_only_with_its_move() -> None:
    """Hero and ogre share count 10. On the hero's turn the DM forces the Large ogre into a
    gap in the wall (squeezing, held till the count ends). On its own turn the ogre walks
    off elsewhere, out in the open; when the count ends the forced move can't land (it has
    moved since), and the squeeze doesn't either: its club swing next round has no
    disadvantage from squeezing."""
    enc = d10_count(
        combatant("gob", 12, 4, side="giants"),
        combatant("hero", 2, 3, kind="pc"),
        combatant("ogre", 0, 1, size="large", side="giants", attacks=[CLUB]),
        order=[("gob", 15), ("hero", 10), ("ogre", 10)],
        width=14,
        height=5,
        grid={"kind": "square", "width": 14, "height": 5,
              "blocked": [{"x": 3, "y": y} for y in range(5) if y != 1]},
    )  # fmt: skip
    on_hero = next_turn(enc)
    forced = apply(on_hero, MoveCombatant("ogre", to=Cell(3, 1), forced=True), Random(0))
    assert forced.outcome.squeezing  # type: ignore[attr-defined]
    on_ogre = next_turn(forced.encounter)
    walked = apply(on_ogre, MoveCombatant("ogre", to=Cell(0, 3)), Random(0))
    assert not walked.outcome.squeezing  # type: ignore[attr-defined]
    closed = next_turn(walked.encounter)
    ogre = closed.combatant("ogre")
    assert ogre.position == Cell(0, 3) and not ogre.has(Cond.SQUEEZING)
    round_2, _ = turns(closed, 2)
    assert round_2.turn_of == "ogre"
    swing = apply(round_2, ResolveAttack("ogre", "hero"), Random(0)).outcome
    assert "attacker-squeezing" not in swing.disadvantage_sources  # type: ignore[attr-defined]

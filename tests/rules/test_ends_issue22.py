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
    LowerInitiative,
    MoveCombatant,
    NextTurn,
    Ready,
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

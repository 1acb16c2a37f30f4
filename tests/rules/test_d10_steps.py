"""``d10.init.ties``: a step of equal counts holds what its turns do to each other until it
ends, and the odds play steps exactly as resolution does."""

from __future__ import annotations

import math
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc, play_exactly

from service.rules import apply
from service.rules.model import Cell, Cond, Encounter
from service.rules.model.outcomes import (
    AttackOutcome,
    EncounterOddsOutcome,
    HealOutcome,
    NextTurnOutcome,
)
from service.rules.model.requests import (
    ApplyDamage,
    Dodge,
    EncounterOdds,
    Heal,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
    RollInitiative,
)

BOUND = 4.5
"""Standard errors a frequency may stray from its probability."""


def fighter(cid: str, x: int, y: int, **over: Any) -> dict[str, Any]:
    over.setdefault("attacks", [{"name": "axe", "bonus": 20, "damage": "3"}])
    over.setdefault("aware", True)
    over.setdefault("initiativeBonus", 2)
    return combatant(cid, x, y, **over)


def rolled(*combatants: dict[str, Any], rolls: list[int]) -> Encounter:
    doc = encounter_doc(*combatants, ruleset="d10")
    return apply(build(doc), RollInitiative(), ScriptedRandom(rolls)).encounter


def attack(enc: Encounter, attacker: str, target: str, *dice: int) -> tuple[Encounter, Any]:
    r = apply(enc, ResolveAttack(attacker, target), ScriptedRandom(list(dice)))
    assert isinstance(r.outcome, AttackOutcome)
    return r.encounter, r.outcome


def next_turn(enc: Encounter, rolls: list[int] | None = None) -> tuple[Encounter, Any]:
    r = apply(enc, NextTurn(), ScriptedRandom(rolls) if rolls else Random(0))
    assert isinstance(r.outcome, NextTurnOutcome)
    return r.encounter, r


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_a_dodge_on_the_count_waits_for_its_end() -> None:
    """Finding 11: b's attack on its own count ignores a's Dodge; c, on a later count, meets
    it, and it ends at the start of a's next turn."""
    e = rolled(
        fighter("a", 1, 1, side="red", hp=30, maxHp=30),
        fighter("b", 2, 1, side="blue", hp=30, maxHp=30),
        fighter("c", 1, 2, side="blue", hp=30, maxHp=30, initiativeBonus=0),
        rolls=[5, 5, 1],
    )
    assert e.turn_of == "a" and e.step is not None and e.step.members == ["a", "b"]
    dodged = apply(e, Dodge("a"), Random(0))
    e = dodged.encounter
    assert "held" in [ev.type for ev in dodged.events]
    assert not e.combatant("a").has(Cond.DODGING)
    e, _ = next_turn(e)
    assert e.turn_of == "b"
    e, out = attack(e, "b", "a", 5)
    assert not out.disadvantage and "dodging" not in " ".join(out.disadvantage_sources)
    e, closed = next_turn(e)
    assert e.step is None and e.turn_of == "c"
    assert "held-applied" in [ev.type for ev in closed.events]
    assert e.combatant("a").has(Cond.DODGING) and e.combatant("a").hp == 27
    e, out = attack(e, "c", "a", 15, 3)
    assert out.disadvantage
    e, _ = next_turn(e)
    assert e.turn_of == "a" and not e.combatant("a").has(Cond.DODGING)


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_healing_on_the_count_waits_so_the_dying_still_saves() -> None:
    """A dying PC healed by an ally earlier on its own count starts its turn at 0 HP and
    rolls its death save; the heal's answer says so (7 HP to come, 0 HP and unconscious now);
    the healing lands when the count ends and wakes it."""
    e = rolled(
        fighter("d", 3, 3, side="red", hp=20, maxHp=20),
        fighter(
            "p", 4, 3, side="red", kind="pc", hp=0, maxHp=20, conditions=[{"name": "unconscious"}]
        ),
        fighter("x", 9, 9, side="blue", hp=20, maxHp=20, initiativeBonus=0),
        rolls=[5, 5, 1],
    )
    assert e.turn_of == "d" and e.step is not None and e.step.members == ["d", "p"]
    healed = apply(e, Heal("p", 7, source_id="d"), Random(0))
    e = healed.encounter
    assert e.combatant("p").hp == 0 and e.combatant("p").has(Cond.UNCONSCIOUS)
    assert isinstance(healed.outcome, HealOutcome)
    assert (healed.outcome.healed, healed.outcome.hp, healed.outcome.conscious) == (7, 0, False)
    e, started = next_turn(e, [4])
    assert e.turn_of == "p"
    save = started.outcome.death_save
    assert save is not None and not save.success
    assert e.combatant("p").death_saves.failures == 1 and e.combatant("p").hp == 0
    e, closed = next_turn(e)
    assert e.step is None and e.turn_of == "x"
    p = e.combatant("p")
    assert p.hp == 7 and not p.has(Cond.UNCONSCIOUS) and p.death_saves.failures == 0
    types = [ev.type for ev in closed.events]
    assert types.index("held-applied") < types.index("conscious") < types.index("step-closed")
    e, _ = next_turn(e)
    e, again = next_turn(e)
    assert e.turn_of == "p" and again.outcome.death_save is None


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_held_damage_and_healing_land_in_the_order_they_were_done() -> None:
    """b hits dying p, then its ally heals it: at the count's end the damage lands first (a
    failed death save at 0 HP), then the healing wakes it."""
    e = rolled(
        fighter("b", 1, 1, side="blue", hp=20, maxHp=20),
        fighter("d", 3, 3, side="red", hp=20, maxHp=20),
        fighter(
            "p", 2, 1, side="red", kind="pc", hp=0, maxHp=20, conditions=[{"name": "unconscious"}]
        ),
        rolls=[5, 5, 5],
    )
    assert e.step is not None and e.step.members == ["b", "d", "p"]
    e, out = attack(e, "b", "p", 15, 15)
    assert out.hit and e.combatant("p").death_saves.failures == 0
    e, _ = next_turn(e)
    e = apply(e, Heal("p", 5, source_id="d"), Random(0)).encounter
    e, _ = next_turn(e, [12])
    assert e.turn_of == "p" and e.combatant("p").death_saves.successes == 1
    e, closed = next_turn(e)
    p = e.combatant("p")
    assert closed.outcome.new_round and e.turn_of == "b"
    assert e.step is not None and e.step.deferred == [] and e.step.held == []
    assert p.hp == 5 and not p.dead and p.death_saves.failures == 0
    types = [ev.type for ev in closed.events]
    assert types.index("deferred-applied") < types.index("held-applied")


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_an_opportunity_attack_on_the_count_is_held_too() -> None:
    """a dodges, then walks away from b, both on one count: b's opportunity attack meets a
    as it stood when the count began (one d20, no disadvantage) and its damage waits; b's
    reaction is spent for its own turn; everything lands when the count ends, in order."""
    e = rolled(
        fighter("a", 1, 1, side="red", hp=30, maxHp=30),
        fighter("b", 2, 1, side="blue", hp=30, maxHp=30),
        rolls=[5, 5],
    )
    e = apply(e, Dodge("a"), Random(0)).encounter
    moved = play_exactly(e, MoveCombatant("a", path=[Cell(1, 1), Cell(0, 1)]), [15])
    (oa,) = moved.outcome.opportunity_attacks
    assert oa.reactor_id == "b" and oa.taken and oa.hit and oa.damage == 3
    e = moved.encounter
    assert e.combatant("a").hp == 30 and e.combatant("a").position == Cell(0, 1)
    e, _ = next_turn(e)
    assert e.turn_of == "b" and not e.combatant("b").budget.reaction
    e, closed = next_turn(e)
    assert e.combatant("a").hp == 27
    types = [ev.type for ev in closed.events]
    assert types.index("held-applied") < types.index("deferred-applied")
    assert types.index("deferred-applied") < types.index("step-closed")
    # the held Dodge landed, and ends as its duration says: at the start of a's next turn
    assert closed.outcome.new_round and e.turn_of == "a" and "a:dodging" in closed.outcome.expired


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_a_forced_move_on_the_count_lands_when_it_ends() -> None:
    """On a's turn b is pushed 5 ft away: b takes its turn where it stood (its axe still
    reaches a), and is moved when the count ends; one pushed that walked off stays put."""

    def start() -> Encounter:
        e = rolled(
            fighter("a", 1, 1, side="red", hp=30, maxHp=30),
            fighter("b", 2, 1, side="blue", hp=30, maxHp=30),
            fighter("c", 9, 9, side="blue", hp=30, maxHp=30, initiativeBonus=0),
            rolls=[5, 5, 1],
        )
        pushed = apply(e, MoveCombatant("b", path=[Cell(2, 1), Cell(3, 1)], forced=True), Random(0))
        assert "held" in [ev.type for ev in pushed.events]
        e, _ = next_turn(pushed.encounter)
        assert e.turn_of == "b" and e.combatant("b").position == Cell(2, 1)
        return e

    e, out = attack(start(), "b", "a", 15)
    assert out.hit
    e, _ = next_turn(e)
    assert e.step is None and e.turn_of == "c"
    assert e.combatant("b").position == Cell(3, 1) and e.combatant("a").hp == 27

    walked = apply(start(), MoveCombatant("b", path=[Cell(2, 1), Cell(2, 2)]), Random(0))
    e, closed = next_turn(walked.encounter)
    assert e.combatant("b").position == Cell(2, 2)
    assert "no-effect" in [ev.type for ev in closed.events]


# ------------------------------------------------------------------ the odds


def mutual_duel(**over: Any) -> Encounter:
    """Two monsters on one count, each hitting half the time (AC 11, +0) for 10 against 8
    HP: a step of both, a's turn."""
    stats: dict[str, Any] = {"hp": 8, "maxHp": 8, "ac": 11}
    stats["attacks"] = [{"name": "axe", "bonus": 0, "damage": "10"}]
    e = rolled(
        fighter("a", 1, 1, side="red", **stats, **over),
        fighter("b", 2, 1, side="blue", **stats, **over),
        rolls=[5, 5],
    )
    assert e.step is not None and e.step.members == ["a", "b"] and e.turn_of == "a"
    return e


def resolve_fight(enc: Encounter, rng: Random) -> str | None:
    """Play the fight through resolveAttack and nextTurn: the side left, None if both fall."""
    e = enc
    for _ in range(200):
        me = e.turn_of
        assert me is not None
        other = "b" if me == "a" else "a"
        e = apply(e, ResolveAttack(me, other), rng).encounter
        r = apply(e, NextTurn(), rng)
        assert isinstance(r.outcome, NextTurnOutcome)
        e = r.encounter
        if r.outcome.fight_over or all(c.dead for c in e.combatants):
            standing = r.outcome.sides_standing
            return standing[0] if standing else None
    raise AssertionError("the fight did not end")


def within(count: int, n: int, p: float) -> bool:
    return abs(count / n - p) <= BOUND * math.sqrt(p * (1 - p) / n) + 1e-12


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_encounter_odds_and_resolution_agree_on_a_mutual_kill() -> None:
    """Finding 7: each round both hit (both die), one hits, or neither: red, blue and nobody
    each win with 1/3, in the simulation as in seeded resolution."""
    enc = mutual_duel()
    n = 300
    results = [resolve_fight(enc, Random(seed)) for seed in range(n)]
    odds = apply(enc, EncounterOdds(runs=300, max_rounds=6), Random(3)).outcome
    assert isinstance(odds, EncounterOddsOutcome)
    wins = {s.side: s.wins for s in odds.sides}
    for side in ("red", "blue"):
        assert within(results.count(side), n, 1 / 3), side
        assert within(wins[side], odds.runs, 1 / 3), side
    assert within(results.count(None), n, 1 / 3)
    assert within(round(odds.unfinished * odds.runs), odds.runs, 1 / 3)
    both = results.count(None) / n
    diff = abs(both - odds.unfinished)
    assert diff <= BOUND * math.sqrt((1 / 3) * (2 / 3) * (1 / n + 1 / odds.runs))


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_encounter_odds_asked_mid_step_keeps_the_held_damage() -> None:
    """a has hit b for a killing blow that waits for the count's end: b still takes its turn
    in every run and dies when the count ends; blue never wins, red half the time."""
    e, out = attack(mutual_duel(), "a", "b", 15)
    assert out.hit and e.step is not None and len(e.step.deferred) == 1
    odds = apply(e, EncounterOdds(runs=300, max_rounds=6), Random(5)).outcome
    assert isinstance(odds, EncounterOddsOutcome)
    wins = {s.side: s.wins for s in odds.sides}
    assert wins["blue"] == 0
    assert within(wins["red"], odds.runs, 1 / 2)
    assert odds.rounds_mean == 1
    e, _ = next_turn(e)
    e, _ = attack(e, "b", "a", 2)
    e, r = next_turn(e)
    assert e.combatant("b").dead and not e.combatant("a").dead
    assert r.outcome.fight_over and r.outcome.sides_standing == ["red"]


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_damage_from_outside_the_step_lands_with_its_consequences() -> None:
    """The DM's damage (no source on the count) lands at once on b, whose turn is on a's
    count: b dies, and its death is not taken back as if it were something a's turn did
    (it was left dead with its hit points, which the next call refused as invalid)."""
    e = rolled(
        fighter("a", 1, 1, side="red", hp=30, maxHp=30),
        fighter(
            "b",
            2,
            1,
            side="blue",
            hp=3,
            maxHp=30,
            effects=[{"kind": "advantage", "duration": {"untilDamaged": True}}],
        ),
        fighter("c", 1, 2, side="blue", hp=30, maxHp=30, initiativeBonus=0),
        rolls=[5, 5, 1],
    )
    assert e.turn_of == "a" and e.step is not None and e.step.members == ["a", "b"]
    hit = apply(e, ApplyDamage("b", 40), Random(0))
    b = hit.encounter.combatant("b")
    assert b.dead and b.hp == 0 and "held" not in [ev.type for ev in hit.events]
    e, _ = next_turn(hit.encounter)
    assert e.turn_of == "c" and e.step is None


@pytest.mark.rule("d10.init.ties")
def test_d10_init_ties_rolling_initiative_again_lands_what_the_step_held() -> None:
    """a hits b and heals its ally c on their shared count, then the DM rolls initiative
    again: the step closes first, so b takes the 3 damage and c the healing, and the new
    order's first turn meets them as they now stand."""
    e = rolled(
        fighter("a", 1, 1, side="red", hp=20, maxHp=20),
        fighter("b", 2, 1, side="blue", hp=20, maxHp=20),
        fighter("c", 1, 2, side="red", hp=10, maxHp=20),
        rolls=[5, 5, 5],
    )
    assert e.step is not None and e.turn_of == "a"
    e, out = attack(e, "a", "b", 15, 15)
    assert out.hit and e.combatant("b").hp == 20
    e = apply(e, Heal("c", 5, source_id="a"), Random(0)).encounter
    assert e.combatant("c").hp == 10
    again = apply(e, RollInitiative(), ScriptedRandom([9, 1, 1]))
    types = [ev.type for ev in again.events]
    assert types.index("step-closed") < types.index("turn-start")
    e = again.encounter
    assert e.combatant("b").hp == 17 and e.combatant("c").hp == 15
    assert e.step is None and e.turn_of == "a"
    b_turn, _ = next_turn(e)
    assert b_turn.turn_of in ("b", "c") and b_turn.combatant("b").hp == 17

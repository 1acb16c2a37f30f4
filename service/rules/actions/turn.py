"""Turns and rounds: ``nextTurn``, and how a turn starts and ends.

The turn pipeline, in order (:func:`next_turn`):

1. :func:`end_turn` of the creature whose turn it was: its end-of-turn durations count
   down, a surprised creature's first turn is over (it can react again), then the
   ruleset's ``after_turn_end`` hook (d20: a critical table's move to the top of the order;
   d10: the simultaneous step);
2. the next living creature in the order (the places of the dead count their turns for the
   durations tied to them, :func:`pass_place`); past the last one, :func:`begin_round`: the
   round number grows, ``rounds`` durations count down, those tied to a creature with no
   place in the order count a turn, reactions come back where they
   return with the round (d10), then the ruleset's ``after_round_start`` hook (d20: moves to
   the bottom of the order);
3. :func:`begin_turn` of that creature: its start-of-turn durations end, its readied action
   lapses (``d20.ready.expiry``), :func:`start_turn` gives it a fresh budget (the
   ``before_turn`` and ``after_turn_start`` hooks around it), and a creature dying at 0 HP
   rolls its death save (``d20.death.saves``);
4. the sides still standing (``d20.order.steps``); when at most one is left after step 1,
   the fight is over instead of steps 2 and 3.

Decision (``d20.order.steps``, "the fight ends when one side is defeated"): when a fight
between two or more sides has at most one side standing (alive and conscious) once the
current turn has ended, ``nextTurn`` ends the fight instead of starting a turn: it answers
``fightOver`` with the sides standing, and it is nobody's turn (``turnOf`` null). A
further ``nextTurn`` is refused with a rule violation that says so while the fight stays
decided (the DM may still heal or stabilize, which lets it go on, or roll initiative for a
new fight).
"""

from __future__ import annotations

from random import Random

from .. import dice
from ..errors import IllegalAction
from ..events import EventLog
from ..limits import LAST_ROUND
from ..mechanics import economy
from ..mechanics.checks import roll_check
from ..mechanics.damage import add_death_save_failures, heal
from ..mechanics.durations import expire_at_turn, placeless, tick_rounds
from ..mechanics.initiative import MOVED, resume_delayed, resumes_at, waits_for_next_round
from ..model import Combatant, Cond, Draft
from ..model.outcomes import DeathSave, NextTurnOutcome
from ..model.requests import NextTurn
from ..registry import action
from ..ruleset import Ruleset


@action(
    "nextTurn",
    summary="End the current turn and start the next: durations, readied actions, death saves.",
    order=40,
)
def next_turn(
    ruleset: Ruleset, draft: Draft, act: NextTurn, rng: Random, log: EventLog
) -> NextTurnOutcome:
    """``d20.order.steps``: take turns in initiative order; after the last, the next round."""
    enc = draft.encounter
    previous = enc.turn_of
    _check_turns(draft, act.expected_turn_of)
    idx = _place_of(draft, previous)
    expired: list[str] = []
    if previous is not None:
        idx = _end_current_turn(ruleset, draft, previous, idx, rng, log, expired)
    if fight_over(draft):
        return _end_fight(draft, previous, expired, log)
    nxt, new_round = _find_next(ruleset, draft, idx, rng, log, expired)
    outcome = NextTurnOutcome(
        previous=previous, turn_of=None, round=enc.round, new_round=new_round, expired=expired
    )
    if nxt is None:
        enc.turn_of = None
        log.note("no-turn", "every combatant in the order is dead", rule="d20.order.steps")
    else:
        lapsed, save = begin_turn(ruleset, draft, nxt, rng, log, expired)
        outcome.readied_lapsed = lapsed
        outcome.death_save = save
    outcome.turn_of = enc.turn_of
    outcome.round = enc.round
    outcome.sides_standing = sides_standing(draft)
    return outcome


def _check_turns(draft: Draft, expected_turn_of: str | None) -> None:
    """Refuse a turn before initiative, on another creature's turn than the one the caller
    expects, or once the fight is over."""
    enc = draft.encounter
    if enc.round == 0 or not enc.order:
        raise IllegalAction(
            "roll initiative before taking turns (surprise, positions, initiative, turns)",
            "d20.order.steps",
        )
    previous = enc.turn_of
    if expected_turn_of is not None and expected_turn_of != previous:
        raise IllegalAction(
            f"it is {previous!r}'s turn, not {expected_turn_of!r}'s", "d20.order.steps"
        )
    if previous is None and fight_over(draft):
        standing = sides_standing(draft)
        who = f"only {standing[0]} is" if standing else "no side is"
        raise IllegalAction(
            f"the fight is over: {who} left standing (roll initiative to start a new fight)",
            "d20.order.steps",
        )


def _place_of(draft: Draft, previous: str | None) -> int:
    """The index in the order the next turn counts from: the current turn's place (-1
    between turns), or, for a creature that moved its place during this turn, where it
    was."""
    order = draft.encounter.order
    idx = next((i for i, e in enumerate(order) if e.combatant_id == previous), -1)
    if previous is None or (resumes := resumes_at(draft.get(previous))) is None:
        return idx
    if resumes == previous:
        return len(order) - 1
    return next(i for i, e in enumerate(order) if e.combatant_id == resumes) - 1


def _end_current_turn(
    ruleset: Ruleset,
    draft: Draft,
    previous: str,
    idx: int,
    rng: Random,
    log: EventLog,
    expired: list[str],
) -> int:
    """:func:`end_turn`; answers the index the next turn counts from: where places
    changed as the turn ended, the place before the first that came after it and did not
    move."""
    order = draft.encounter.order
    before = [e.combatant_id for e in order]
    draft.memo.pop(MOVED, None)
    end_turn(ruleset, draft, previous, rng, log, expired)
    moved = draft.memo.pop(MOVED, set())
    if not moved or idx < 0:
        return idx
    ahead = [cid for cid in before[idx + 1 :] if cid not in moved]
    ids = [e.combatant_id for e in order]
    return ids.index(ahead[0]) - 1 if ahead else len(order) - 1


def _end_fight(
    draft: Draft, previous: str | None, expired: list[str], log: EventLog
) -> NextTurnOutcome:
    """At most one side stands: nobody's turn, the fight is over."""
    enc = draft.encounter
    enc.turn_of = None
    standing = sides_standing(draft)
    log.note(
        "fight-over",
        "the fight is over: "
        + (f"only {standing[0]} is left standing" if standing else "no side is left standing"),
        rule="d20.order.steps",
        sides=standing,
    )
    return NextTurnOutcome(
        previous=previous,
        turn_of=None,
        round=enc.round,
        new_round=False,
        expired=expired,
        sides_standing=standing,
        fight_over=True,
    )


def _find_next(
    ruleset: Ruleset, draft: Draft, idx: int, rng: Random, log: EventLog, expired: list[str]
) -> tuple[str | None, bool]:
    """The next living creature after place ``idx`` that does not wait for the next round
    (None when every one is dead), passing the places of the dead; past the last place,
    :func:`begin_round`, and then the whole of the new round's order (those that waited
    take their turns in it). Answers it, and whether a round began."""
    order = draft.encounter.order
    new_round = False
    for j in range(idx + 1, 2 * len(order)):
        if j >= len(order) and not new_round:
            new_round = True
            begin_round(ruleset, draft, rng, log, expired)
        candidate = draft.get(order[j % len(order)].combatant_id)
        if not candidate.dead and not (not new_round and waits_for_next_round(candidate)):
            return candidate.id, new_round
        if candidate.dead:
            pass_place(draft, candidate.id, log, expired)
    return None, new_round


def sides_standing(draft: Draft) -> list[str]:
    """The sides with a combatant still up: alive, conscious, above 0 HP."""
    return sorted({c.side for c in draft if not c.dead and not c.unconscious and c.hp > 0})


def fight_over(draft: Draft) -> bool:
    """``d20.order.steps``: a fight between two or more sides is over when at most one
    side is left standing (a lone side, with no one to defeat, fights on)."""
    return len({c.side for c in draft}) > 1 and len(sides_standing(draft)) <= 1


def pass_place(draft: Draft, combatant_id: str, log: EventLog, expired: list[str]) -> None:
    """``d20.crit.effects`` decision 8: the place of a creature that no longer acts (dead)
    is passed over, but durations counted in its turns count the turn it would have had
    there (its start, then its end), so a smoke area or a window it made ends on schedule;
    a readied action it held lapses there, at the start of the turn it has no more
    (``d20.ready.expiry``). A creature with no place in the order (removed) counts one such
    turn as each new round begins."""
    expire_at_turn(draft, "start", combatant_id, log, expired)
    if combatant_id in draft:
        lapse_readied(draft, combatant_id, log)
    expire_at_turn(draft, "end", combatant_id, log, expired)


def end_turn(
    ruleset: Ruleset,
    draft: Draft,
    combatant_id: str,
    rng: Random,
    log: EventLog,
    expired: list[str],
) -> None:
    """End-of-turn durations count down; a surprised creature's first turn is over, so it
    can react again (``d20.order.surprise``); then the ``after_turn_end`` hook."""
    was_surprised = draft.get(combatant_id).has(Cond.SURPRISED)
    expire_at_turn(draft, "end", combatant_id, log, expired)
    c = draft.get(combatant_id)
    if was_surprised and not c.has(Cond.SURPRISED):
        c = draft.edit(combatant_id)
        c.budget.reaction = True
        log.note(
            "surprise-over",
            f"{c.name} is no longer surprised and can react",
            target=c.id,
            rule="d20.order.surprise",
        )
    log.note("turn-end", f"{c.name}'s turn ends", actor=c.id, rule="d20.order.steps")
    ruleset.after_turn_end(draft, combatant_id, rng, log)


def begin_round(
    ruleset: Ruleset, draft: Draft, rng: Random, log: EventLog, expired: list[str]
) -> None:
    """A new round: ``rounds`` durations count down; reactions come back where they return
    with the round; then the ``after_round_start`` hook. Refused past the last round
    (``last-round``)."""
    enc = draft.encounter
    LAST_ROUND.check(enc.round + 1, "the next round")
    enc.round += 1
    log.note("round-start", f"round {enc.round} begins", rule="d20.order.steps")
    tick_rounds(draft, log, expired)
    for of in placeless(draft):
        pass_place(draft, of, log, expired)
    ruleset.after_round_start(draft, rng, log)
    if ruleset.reaction_returns == "round":
        restored = []
        for c in draft:
            if c.dead or c.budget.reaction:
                continue
            draft.edit(c.id).budget.reaction = True
            restored.append(c.id)
        if restored:
            log.note(
                "reactions-restored",
                f"round {enc.round}: reactions come back",
                rule="d10.turn.reaction",
                combatants=restored,
            )


def begin_turn(
    ruleset: Ruleset,
    draft: Draft,
    combatant_id: str,
    rng: Random,
    log: EventLog,
    expired: list[str],
) -> tuple[bool, DeathSave | None]:
    """Start-of-turn durations end, the readied action lapses, the budget comes back, and a
    creature dying at 0 HP rolls its death save. A delayed turn resuming
    (``d20.init.lower``) does not start again: its start-of-turn durations counted it
    already, and its readied action had lapsed."""
    if resume_delayed(draft, combatant_id):
        start_turn(ruleset, draft, combatant_id, rng, log)
        return False, None
    expire_at_turn(draft, "start", combatant_id, log, expired)
    lapsed = lapse_readied(draft, combatant_id, log)
    start_turn(ruleset, draft, combatant_id, rng, log)
    save = None
    c = draft.get(combatant_id)
    if c.hp == 0 and not c.dead and not c.stable and c.unconscious:
        save = death_save(draft, combatant_id, rng, log)
    return lapsed, save


def start_turn(
    ruleset: Ruleset, draft: Draft, combatant_id: str, rng: Random, log: EventLog
) -> None:
    """It is now ``combatant_id``'s turn: a fresh budget; a surprised creature can't move
    or act, not even its free object interaction (``d20.order.surprise``)."""
    ruleset.before_turn(draft, combatant_id, rng, log)
    draft.encounter.turn_of = combatant_id
    c = draft.edit(combatant_id)
    economy.reset_budget(ruleset, draft, c)
    if c.has(Cond.SURPRISED):
        c.budget.action = c.budget.bonus_action = c.budget.object_interaction = False
        c.budget.movement = 0
        c.budget.reaction = False
    log.note(
        "turn-start",
        f"round {draft.encounter.round}: {c.name}'s turn",
        actor=combatant_id,
        rule="d20.order.steps",
    )
    ruleset.after_turn_start(draft, combatant_id, rng, log)


def lapse_readied(draft: Draft, combatant_id: str, log: EventLog) -> bool:
    """``d20.ready.expiry``: a readied action lasts until the start of your next turn; a
    readied spell's held energy (and its concentration) is lost with it."""
    c = draft.get(combatant_id)
    if c.readied is None:
        return False
    c = draft.edit(combatant_id)
    readied = c.readied
    assert readied is not None
    c.readied = None
    log.note(
        "readied-lapsed",
        f"{c.name}'s readied {readied.action} ({readied.trigger}) lapses",
        actor=c.id,
        rule="d20.ready.expiry",
    )
    if readied.spell is not None and c.concentration == readied.spell:
        c.concentration = None
        log.note(
            "concentration-ended",
            f"{c.name} stops holding {readied.spell}: the spell is lost",
            actor=c.id,
            rule="d20.ready.spell",
        )
    return True


def death_save(draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> DeathSave:
    """``d20.death.saves`` and ``d20.death.nat``."""
    c = draft.edit(combatant_id)
    roll = roll_check(draft, combatant_id, "save", 0, rng, log, "death-save").roll
    natural = roll.natural
    regained = False
    hours = None
    if natural == 20:
        log.rolled(
            roll, f"{c.name} rolls a natural 20 on a death save", actor=c.id, rule="d20.death.nat"
        )
        heal(c, log, 1, None)
        regained = True
        success = True
    elif natural == 1:
        log.rolled(
            roll,
            f"{c.name} rolls a natural 1 on a death save: two failures",
            actor=c.id,
            rule="d20.death.nat",
        )
        add_death_save_failures(c, log, 2, "d20.death.nat")
        success = False
    elif roll.total >= 10:
        success = True
        c.death_saves.successes = min(3, c.death_saves.successes + 1)
        log.rolled(
            roll,
            f"{c.name} succeeds on a death save ({c.death_saves.successes}/3)",
            actor=c.id,
            rule="d20.death.saves",
        )
        if c.death_saves.successes >= 3:
            hours = stabilize_creature(c, rng, log, "d20.death.saves")
    else:
        success = False
        log.rolled(roll, f"{c.name} fails a death save", actor=c.id, rule="d20.death.saves")
        add_death_save_failures(c, log, 1, "d20.death.saves")
    return DeathSave(
        combatant_id=c.id,
        natural=natural,
        success=success,
        successes=c.death_saves.successes,
        failures=c.death_saves.failures,
        stable=c.stable,
        dead=c.dead,
        regained_hp=regained,
        hours_to_regain=hours,
    )


def stabilize_creature(c: Combatant, rng: Random, log: EventLog, rule: str) -> int:
    """Make ``c`` stable (counts reset, still unconscious); roll and report the 1d4 hours
    after which it would regain 1 HP (``d20.death.stable``: reported, not applied)."""
    c.stable = True
    c.death_saves.successes = 0
    c.death_saves.failures = 0
    log.note("stable", f"{c.name} is stable", target=c.id, rule=rule)
    roll = dice.roll("1d4", rng, "stable-recovery-hours")
    log.rolled(
        roll,
        f"{c.name} regains 1 HP after {roll.total} hours unless healed first",
        target=c.id,
        rule="d20.death.stable",
        hours=roll.total,
    )
    return roll.total

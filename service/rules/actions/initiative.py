"""Initiative: ``rollInitiative`` and ``lowerInitiative``.

Rolling initiative, in order (:func:`roll_initiative`): check the surprised are known; the
ruleset's ``order_of_combat`` hook decides the order (d20: rolled, groups and companions;
d100: from positions; d10: 1d10, unaware creatures, shared counts); then
:func:`begin_combat`: the order is set, round 1 begins with fresh budgets, the surprised are
marked, and the first turn starts.

``d20.init.lower`` (decisions): a combatant moves with the creatures that act with it (its
companions and its group, :func:`~service.rules.mechanics.initiative.acting_with`), after
everyone already at its new count, through the one function every change of place uses
(:func:`~service.rules.mechanics.initiative.move_place`, a critical band's move too).
During its own turn before it has acted (nothing of its fresh turn spent) it delays: the
turn passes on, and it takes that same turn at its new place, where the turn does not start
again (durations counted in its turns count it once). A combatant that has already acted
this round, on its own turn too, may still lower its initiative (RULES.md): when its new
place comes after the current turn, it (with those of the others that have acted) skips
that place for the rest of this round (an ``other`` effect from ``d20.init.lower`` lasting
until the next round begins), so it never acts twice in a round; on its own turn, its turn
goes on and the order then goes on from its old place. Raising (with a named feature)
above the current turn is refused for a combatant that has not acted yet this round (it
would lose its turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..mechanics import economy
from ..mechanics.durations import expire_at_turn
from ..mechanics.initiative import (
    acted_this_round,
    acting_with,
    clear_order_marks,
    delayed_turn,
    move_place,
    waits_for_next_round,
)
from ..model import Combatant, Draft, InitiativeEntry
from ..model.outcomes import InitiativeOutcome, LowerInitiativeOutcome
from ..model.requests import LowerInitiative, RollInitiative
from ..registry import action
from ..ruleset import Ruleset
from .turn import begin_turn, lapse_readied, pass_place, start_turn


@action(
    "rollInitiative",
    summary="Roll initiative, set round 1 and start the first turn.",
    order=10,
)
def roll_initiative(
    ruleset: Ruleset, draft: Draft, act: RollInitiative, rng: Random, log: EventLog
) -> InitiativeOutcome:
    """``d20.order.steps``: surprise, positions, initiative, then the first turn."""
    for i, cid in enumerate(act.surprised):
        if cid not in draft:
            raise InvalidAction(f"no combatant with id {cid!r}", ("surprised", i))
    ruleset.before_combat(draft, rng, log)
    entries = ruleset.order_of_combat(draft, act, rng, log)
    return begin_combat(ruleset, draft, entries, act.surprised, rng, log)


def begin_combat(
    ruleset: Ruleset,
    draft: Draft,
    entries: list[InitiativeEntry],
    surprised: list[str],
    rng: Random,
    log: EventLog,
) -> InitiativeOutcome:
    """Set the order, round 1 and fresh budgets, mark the surprised, start the first turn:
    what every way of deciding the order ends with. The marks of places in an earlier order
    end (``d20.init.lower``), and the first turn starts as any turn does: its start-of-turn
    durations end and its readied action lapses (``d20.ready.expiry``)."""
    enc = draft.encounter
    clear_order_marks(draft)
    enc.order = entries
    enc.round = 1
    enc.turn_of = None
    enc.step = None
    for c in draft:
        fresh = draft.edit(c.id)
        economy.reset_budget(ruleset, draft, fresh)
        fresh.budget.reaction = True
        if c.id in surprised:
            economy.surprise(fresh, log)
    if entries:
        expire_at_turn(draft, "start", entries[0].combatant_id, log, [])
        lapse_readied(draft, entries[0].combatant_id, log)
        start_turn(ruleset, draft, entries[0].combatant_id, rng, log)
    return InitiativeOutcome(list(entries), enc.round, enc.turn_of)


@dataclass(frozen=True, slots=True)
class _Move:
    """A change of place about to be made: who moves, from where, and the turn it is made in."""

    mover: Combatant
    place: int
    """The mover's index in the order before the move."""
    previous: int
    initiative: int
    feature: str | None
    current: int | None
    """The index of the current turn's entry, before the move (None between turns)."""
    own_turn: bool
    delaying: bool
    """On its own turn, before it has acted: the turn passes on (``d20.init.ready-vs-delay``)."""
    together: set[str]
    """The creatures whose place moves with the mover's (:func:`acting_with`)."""
    before: list[str]
    """The order's ids before the move."""

    @property
    def raised(self) -> bool:
        return self.initiative > self.previous


@action(
    "lowerInitiative",
    summary="Move a combatant down the initiative order (raising needs a named feature).",
    order=50,
)
def lower_initiative(
    ruleset: Ruleset, draft: Draft, act: LowerInitiative, rng: Random, log: EventLog
) -> LowerInitiativeOutcome:
    """``d20.init.lower``: act later from now on. Not a readied action
    (``d20.init.ready-vs-delay``): nothing is held, no reaction is used."""
    c = draft.combatant(act.combatant_id, "combatantId")
    change = _plan_move(ruleset, draft, c, act)
    _check_raise(change)
    _check_not_mid_turn(draft, change)
    _check_keeps_turn(draft.encounter.order, draft.encounter.turn_of, change)
    moved = move_place(draft, change.together, change.initiative)
    _log_move(log, change, moved)
    if change.current is not None and not change.delaying:
        _wait_for_next_round(draft, change, change.current, moved, log)
    if change.delaying:
        _delay_turn(ruleset, draft, change, rng, log)
    enc = draft.encounter
    return LowerInitiativeOutcome(
        combatant_id=c.id,
        previous=change.previous,
        initiative=change.initiative,
        raised=change.raised,
        order=list(enc.order),
        turn_of=enc.turn_of,
    )


def _plan_move(ruleset: Ruleset, draft: Draft, c: Combatant, act: LowerInitiative) -> _Move:
    """Refuse a change of place before the fight or by a creature that can't act; where
    the creature stands and the turn the change is made in."""
    enc = draft.encounter
    if enc.round == 0 or not enc.order:
        raise IllegalAction("roll initiative first", "d20.order.steps")
    if c.dead or c.incapacitated:
        raise IllegalAction(f"{c.name} can't act and can't change its place", "d20.init.lower")
    order = enc.order
    place = next((i for i, e in enumerate(order) if e.combatant_id == c.id), None)
    if place is None:
        raise InvalidAction(f"{c.name} is not in the initiative order", ("combatantId",))
    own_turn = enc.turn_of == c.id
    return _Move(
        mover=c,
        place=place,
        previous=order[place].initiative,
        initiative=act.initiative,
        feature=act.feature,
        current=next((i for i, e in enumerate(order) if e.combatant_id == enc.turn_of), None),
        own_turn=own_turn,
        delaying=own_turn and not _has_acted(ruleset, draft, c),
        together=acting_with(draft, c.id),
        before=[e.combatant_id for e in order],
    )


def _check_raise(change: _Move) -> None:
    """Raising needs a named feature the creature has."""
    c = change.mover
    if not change.raised:
        return
    if change.feature is None:
        raise IllegalAction(
            f"{c.name} can't raise its initiative ({change.previous} to {change.initiative}) "
            "without a named feature or magic",
            "d20.init.lower",
        )
    if change.feature not in c.features:
        raise IllegalAction(
            f"{c.name} has no feature {change.feature!r} "
            f"(it has: {', '.join(c.features) or 'none'})",
            "d20.init.lower",
        )


def _check_not_mid_turn(draft: Draft, change: _Move) -> None:
    """No change of place while a creature that acts with the mover takes its turn."""
    if change.current is None or change.own_turn:
        return
    taking = change.before[change.current]
    if taking in change.together:
        raise IllegalAction(
            f"{draft.get(taking).name}, who acts with {change.mover.name}, is taking "
            f"its turn: {change.mover.name} may change its place on its own turn or after "
            "this one",
            "d20.init.lower",
        )


def _check_keeps_turn(order: list[InitiativeEntry], turn_of: str | None, change: _Move) -> None:
    """A creature that has not acted yet this round can't be raised above the current
    turn: it would lose its turn."""
    if change.current is None or not change.raised or change.own_turn:
        return
    if change.place <= change.current:
        return
    rest = [e for e in order if e.combatant_id not in change.together]
    pos = next((i for i, e in enumerate(rest) if e.initiative < change.initiative), len(rest))
    cur_in_rest = next(i for i, e in enumerate(rest) if e.combatant_id == turn_of)
    if pos <= cur_in_rest:
        raise IllegalAction(
            f"{change.mover.name} has not acted yet this round: raising it above the current "
            "turn would skip its turn (raise it on its own turn, or once it has acted)",
            "d20.init.lower",
        )


def _log_move(log: EventLog, change: _Move, moved: list[InitiativeEntry]) -> None:
    c = change.mover
    verb = "raises" if change.raised else "lowers"
    log.note(
        "initiative-changed",
        f"{c.name} {verb} its initiative from {change.previous} to {change.initiative}"
        + (f" ({change.feature})" if change.raised else ""),
        actor=c.id,
        rule="d20.init.lower",
        previous=change.previous,
        initiative=change.initiative,
        feature=change.feature,
        moved=[e.combatant_id for e in moved],
    )


def _wait_for_next_round(
    draft: Draft, change: _Move, current: int, moved: list[InitiativeEntry], log: EventLog
) -> None:
    """The moved creatures that have acted this round (at or before the ``current`` turn)
    and now stand at or after it skip their new place until the next round begins; on the
    mover's own turn, the order goes on from its old place."""
    enc = draft.encounter
    c = change.mover
    waiting = _acted_and_ahead(enc.order, enc.turn_of, change, current, moved)
    after_block = next(
        (cid for cid in change.before[change.place + 1 :] if cid not in change.together), c.id
    )
    for cid in waiting:
        w = draft.edit(cid)
        resumes = after_block if change.own_turn and cid == c.id else None
        w.effects = [*w.effects, acted_this_round(enc.round, resumes)]
    if waiting:
        log.note(
            "initiative-waits",
            f"{c.name} has acted this round: its new place counts from round {enc.round + 1}",
            actor=c.id,
            rule="d20.init.lower",
            combatants=waiting,
        )


def _acted_and_ahead(
    order: list[InitiativeEntry],
    turn_of: str | None,
    change: _Move,
    current: int,
    moved: list[InitiativeEntry],
) -> list[str]:
    """The moved creatures that stood at or before the current turn and now stand at or
    after it; on the mover's own turn, not those of its block that had not acted."""
    before = change.before
    now = order.index(next(e for e in order if e.combatant_id == turn_of))
    return [
        e.combatant_id
        for e in moved
        if before.index(e.combatant_id) <= current
        and order.index(e) >= now
        and not (
            change.own_turn
            and e.combatant_id != change.mover.id
            and before.index(e.combatant_id) > change.place
        )
    ]


def _delay_turn(ruleset: Ruleset, draft: Draft, change: _Move, rng: Random, log: EventLog) -> None:
    """The turn passes to the first living combatant now at or after the mover's old
    place; the mover takes the rest of its turn when its new count comes up."""
    enc = draft.encounter
    c = change.mover
    nxt = next(
        (
            e.combatant_id
            for e in enc.order[change.place :]
            if not draft.get(e.combatant_id).dead
            and not waits_for_next_round(draft.get(e.combatant_id))
        ),
        c.id,
    )
    if nxt == c.id:
        return
    log.note(
        "turn-delayed",
        f"{c.name} delays its turn to initiative {change.initiative}",
        actor=c.id,
        rule="d20.init.ready-vs-delay",
    )
    d = draft.edit(c.id)
    d.effects = [*d.effects, delayed_turn()]
    ids = [e.combatant_id for e in enc.order]
    for passed in ids[change.place : ids.index(nxt)]:
        if draft.get(passed).dead:
            pass_place(draft, passed, log, [])
    begin_turn(ruleset, draft, nxt, rng, log, [])


def _has_acted(ruleset: Ruleset, draft: Draft, c: Combatant) -> bool:
    """Whether anything of the creature's fresh turn is spent (an action, an attack, its
    bonus action where it has one, its free interaction, some movement)."""
    b = c.budget
    fresh_bonus = economy.has_bonus_action(ruleset, c)
    moved = b.movement is not None and b.movement != ruleset.turn_speed(draft, c)
    spent_bonus = fresh_bonus and not b.bonus_action
    return not b.action or spent_bonus or not b.object_interaction or moved or b.attacks_left > 0

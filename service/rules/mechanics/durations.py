"""How long conditions, effects and areas last: counted at turn boundaries and new rounds.

A :class:`~service.rules.model.Duration` tied to ``of``'s turns (``ends`` + ``of`` +
``turns``) counts the turns of ``of`` that start after it began (``turns_started``, ticked
as each of them starts), and ends at the ``ends`` boundary of the turn that brings the count
to ``turns``: "until the end of your next turn", begun during your own turn, lasts through
your following turn (``d20.crit.effects`` decision 1). ``rounds`` durations count down as
each new round begins. Both end "until damaged" durations too (see
:func:`~service.rules.mechanics.damage.end_until_damaged`). :func:`duration_problem` finds
a duration that is not set exactly one way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Literal, TypeVar

from ..errors import InvalidAction
from ..events import EventLog
from ..model import Area, Combatant, Condition, Draft, Duration, Effect, Encounter

T = TypeVar("T", Condition, Effect, Area)

RULE = "d20.order.steps"


def expire_at_turn(
    draft: Draft,
    ends: Literal["start", "end"],
    of: str,
    log: EventLog,
    expired: list[str],
) -> None:
    """The ``ends`` boundary of ``of``'s turn. At a start, every duration tied to ``of``
    counts the turn; then those that end at this boundary and have counted their ``turns``
    end (conditions, effects and areas)."""
    enc = draft.encounter
    whose = draft.get(of).name if of in draft else of
    for c in draft:
        if not any(_tied(d, of) for d in _durations(c)):
            continue
        e = draft.edit(c.id)
        before = len(expired)
        e.conditions = _at_boundary(e.conditions, ends, of, e.id, expired)
        e.effects = _at_boundary(e.effects, ends, of, e.id, expired)
        for name in expired[before:]:
            log.note(
                "condition-ended",
                f"{e.name}'s {name.split(':', 1)[1]} ends at the {ends} of {whose}'s turn",
                target=e.id,
                rule=RULE,
            )
    if any(_tied(a.duration, of) for a in enc.areas):
        before = len(expired)
        enc.areas = _at_boundary(enc.areas, ends, of, "area", expired)
        for name in expired[before:]:
            log.note(
                "area-ended",
                f"the {name.split(':', 1)[1]} area ends at the {ends} of {whose}'s turn",
                rule=RULE,
            )


def mark_cast(draft: Draft, caster_id: str) -> None:
    """``caster_id`` casts a spell: each duration ``while_casting`` of it now ends at the end
    of its next turn to start, not the current one, so it lasts while the caster casts a spell
    each turn and ends at the end of the first turn without one (or after the caster's death,
    which casts nothing)."""
    for c in draft:
        if not any(d is not None and d.while_casting and d.of == caster_id for d in _durations(c)):
            continue
        e = draft.edit(c.id)
        e.conditions = [_renewed(x, caster_id) for x in e.conditions]
        e.effects = [_renewed(x, caster_id) for x in e.effects]
    areas = draft.encounter.areas
    if any(a.duration is not None and a.duration.while_casting for a in areas):
        draft.encounter.areas = [_renewed(a, caster_id) for a in areas]


def _renewed(item: T, caster_id: str) -> T:
    d = item.duration
    if d is None or not d.while_casting or d.of != caster_id:
        return item
    turns = min(1000, d.turns_started + 1)
    return (
        item
        if turns == d.turns
        else dataclasses.replace(item, duration=dataclasses.replace(d, turns=turns))
    )


def placeless(draft: Draft) -> list[str]:
    """The creatures that durations count the turns of but that have no place in the order
    (removed from the encounter, or never given a place): ``d20.crit.effects`` decision 8
    counts one turn of theirs as each new round begins."""
    enc = draft.encounter
    placed = {e.combatant_id for e in enc.order}
    ties = [d.of for c in draft for d in _durations(c) if d is not None and d.ends is not None]
    ties += [a.duration.of for a in enc.areas if a.duration is not None and a.duration.ends]
    return [of for of in dict.fromkeys(ties) if of is not None and of not in placed]


def tick_rounds(draft: Draft, log: EventLog, expired: list[str]) -> None:
    """A new round has begun: ``rounds`` durations count down on conditions, effects and
    areas; at 0 they end."""
    enc = draft.encounter
    before = len(expired)
    for c in draft:
        if not any(d is not None and d.rounds is not None for d in _durations(c)):
            continue
        e = draft.edit(c.id)
        e.conditions = _tick_rounds(e.conditions, e.id, expired)
        e.effects = _tick_rounds(e.effects, e.id, expired)
    enc.areas = _tick_rounds(enc.areas, "area", expired)
    if len(expired) > before:
        log.note(
            "durations-ended",
            f"round {enc.round}: {', '.join(expired[before:])} ended",
            rule="d20.order.steps",
            expired=expired[before:],
        )


def check_durations(enc: Encounter) -> None:
    """Refuse a duration that is not set exactly one way, naming its field."""
    if not enc.areas and not any([c.conditions or c.effects for c in enc.combatants]):
        return
    for problem, path in duration_problems(enc):
        raise InvalidAction(problem, path)


def duration_problems(enc: Encounter) -> Iterator[tuple[str, tuple[str | int, ...]]]:
    """Every duration of the encounter that is not set exactly one way
    (:meth:`Duration.problem`), with the path of its field."""
    for i, c in enumerate(enc.combatants):
        for j, condition in enumerate(c.conditions):
            problem = condition.duration.problem() if condition.duration is not None else None
            if problem is not None:
                yield problem, ("encounter", "combatants", i, "conditions", j, "duration")
        for j, effect in enumerate(c.effects):
            problem = effect.duration.problem() if effect.duration is not None else None
            if problem is not None:
                yield problem, ("encounter", "combatants", i, "effects", j, "duration")
    for k, area in enumerate(enc.areas):
        problem = area.duration.problem() if area.duration is not None else None
        if problem is not None:
            yield problem, ("encounter", "areas", k, "duration")


def _durations(c: Combatant) -> list[Duration | None]:
    return [x.duration for x in c.conditions] + [x.duration for x in c.effects]


def _tied(d: Duration | None, of: str) -> bool:
    return d is not None and d.ends is not None and d.of == of


def _at_boundary(items: list[T], ends: str, of: str, holder: str, expired: list[str]) -> list[T]:
    out: list[T] = []
    for item in items:
        d = item.duration
        if d is not None and _tied(d, of):
            if ends == "start":
                d = dataclasses.replace(d, turns_started=min(1000, d.turns_started + 1))
                item = dataclasses.replace(item, duration=d)
            if d.ends == ends and d.turns_started >= d.turns:
                expired.append(f"{holder}:{_label(item)}")
                continue
        out.append(item)
    return out


def _tick_rounds(items: list[T], holder: str, expired: list[str]) -> list[T]:
    out: list[T] = []
    for item in items:
        d = item.duration
        if d is not None and d.rounds is not None:
            if d.rounds <= 1:
                expired.append(f"{holder}:{_label(item)}")
                continue
            item = dataclasses.replace(item, duration=dataclasses.replace(d, rounds=d.rounds - 1))
        out.append(item)
    return out


def _label(item: Condition | Effect | Area) -> str:
    if isinstance(item, Condition):
        return item.name
    return item.kind

"""How long conditions, effects and areas last: counted at turn boundaries and new rounds.

A :class:`~service.rules.model.Duration` is tied to the start or end of one creature's
turns (``ends`` + ``of`` + ``turns``), or counts ``rounds`` as each new round begins; both
end "until damaged" durations too (see :func:`~service.rules.mechanics.damage.end_until_damaged`).
"""

from __future__ import annotations

import dataclasses
from typing import Literal, TypeVar

from ..events import EventLog
from ..model import Area, Combatant, Condition, Draft, Duration, Effect

T = TypeVar("T", Condition, Effect)


def expire_at_turn(
    draft: Draft,
    ends: Literal["start", "end"],
    of: str,
    log: EventLog,
    expired: list[str],
) -> None:
    """Durations that end at the ``ends`` of ``of``'s turn count down; at 0 they end."""
    enc = draft.encounter
    for c in draft:
        if not any(_tied_to(d, ends, of) for d in _durations(c)):
            continue
        e = draft.edit(c.id)
        before = len(expired)
        e.conditions = _tick_turns(e.conditions, ends, of, e.id, expired)
        e.effects = _tick_turns(e.effects, ends, of, e.id, expired)
        for name in expired[before:]:
            log.note(
                "condition-ended",
                f"{e.name}'s {name.split(':', 1)[1]} ends at the {ends} of "
                f"{draft.get(of).name}'s turn",
                target=e.id,
                rule="d20.order.steps",
            )
    areas: list[Area] = []
    for area in enc.areas:
        d = area.duration
        if _tied_to(d, ends, of):
            assert d is not None
            if d.turns <= 1:
                expired.append(f"area:{area.kind}")
                continue
            area = dataclasses.replace(area, duration=dataclasses.replace(d, turns=d.turns - 1))
        areas.append(area)
    enc.areas = areas


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
    if len(expired) > before:
        log.note(
            "durations-ended",
            f"round {enc.round}: {', '.join(expired[before:])} ended",
            rule="d20.order.steps",
            expired=expired[before:],
        )
    areas: list[Area] = []
    for area in enc.areas:
        d = area.duration
        if d is not None and d.rounds is not None:
            if d.rounds <= 1:
                expired.append(f"area:{area.kind}")
                continue
            area = dataclasses.replace(area, duration=dataclasses.replace(d, rounds=d.rounds - 1))
        areas.append(area)
    enc.areas = areas


def _durations(c: Combatant) -> list[Duration | None]:
    return [x.duration for x in c.conditions] + [x.duration for x in c.effects]


def _tied_to(d: Duration | None, ends: str, of: str) -> bool:
    return d is not None and d.ends == ends and d.of == of


def _tick_turns(items: list[T], ends: str, of: str, holder: str, expired: list[str]) -> list[T]:
    out: list[T] = []
    for item in items:
        d = item.duration
        if d is not None and _tied_to(d, ends, of):
            if d.turns <= 1:
                expired.append(f"{holder}:{_label(item)}")
                continue
            item = dataclasses.replace(item, duration=dataclasses.replace(d, turns=d.turns - 1))
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


def _label(item: Condition | Effect) -> str:
    return item.name if isinstance(item, Condition) else item.kind

"""What happened: the event log an action returns, every roll and decision in order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Die:
    """One die rolled: its number of sides, the face it showed, and whether it counted."""

    sides: int
    value: int
    kept: bool = True


@dataclass(slots=True)
class Roll:
    """A roll of a dice expression: what for, the notation, each die, the modifier, the total."""

    purpose: str
    expression: str
    dice: list[Die]
    modifier: int
    total: int

    @property
    def natural(self) -> int:
        """The face of the first kept die (the natural roll of a d20 or d100 test)."""
        for die in self.dice:
            if die.kept:
                return die.value
        return 0


@dataclass(slots=True)
class Event:
    """One entry of the log.

    ``type`` is a short kebab-case word (``roll``, ``attack-hit``, ``damage``, ``death``...);
    ``rule`` names the RULES.md id that decided it, where one did; ``data`` carries the
    type's own details.
    """

    type: str
    message: str
    actor: str | None = None
    target: str | None = None
    roll: Roll | None = None
    amount: int | None = None
    rule: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


class EventLog:
    """An append-only list of events, with a shorthand for each common kind."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def note(
        self,
        type: str,
        message: str,
        *,
        actor: str | None = None,
        target: str | None = None,
        amount: int | None = None,
        rule: str | None = None,
        **data: Any,
    ) -> Event:
        return self.add(Event(type, message, actor, target, None, amount, rule, data))

    def rolled(
        self,
        roll: Roll,
        message: str,
        *,
        actor: str | None = None,
        target: str | None = None,
        rule: str | None = None,
        **data: Any,
    ) -> Roll:
        self.events.append(Event("roll", message, actor, target, roll, roll.total, rule, data))
        return roll

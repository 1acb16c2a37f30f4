"""How long a band's effects last, as the data writes it, and the distances and damage rolls
it names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, TypeAlias

from annotated_types import Ge, Le

from .... import dice
from ....limits import LAST_ROUND
from ....model import Duration as StateDuration
from ..loader import Dice
from .play import (
    Play,
)
from .vocabulary import (
    RULE,
    Party,
)


@dataclass(frozen=True, kw_only=True)
class TurnBoundary:
    """``{"ends": "start"|"end", "of": party, "turns": n}``: lasts until the start (or the
    end) of the ``turns``-th turn of ``of`` that begins after the band is applied; from the
    band on, the rest of the current turn included ("until the end of your next turn",
    ``d20.crit.effects`` decision 6). With ``"from_next_turn": true`` it applies only from
    the start of ``of``'s next turn ("next turn": that turn only)."""

    ends: Literal["start", "end"]
    of: Party
    turns: Annotated[int, Ge(1), Le(100)] = 1
    from_next_turn: bool = False

    def to_json(self) -> dict[str, str | int | bool]:
        out: dict[str, str | int | bool] = {"ends": self.ends, "of": self.of, "turns": self.turns}
        if self.from_next_turn:
            out["from_next_turn"] = True
        return out

    def resolve(self, play: Play, holder: str) -> tuple[StateDuration | None, int | None]:
        duration = StateDuration(
            ends=self.ends,
            of=play.party(self.of),
            turns=self.turns,
            from_next_turn=self.from_next_turn,
        )
        return duration, None


@dataclass(frozen=True, kw_only=True)
class Rounds:
    """``{"rounds": n}``: lasts ``n`` rounds (one minute is 10 rounds of about 6 seconds):
    ``n`` turns of the creature that has it (for an area, of the creature it was centred
    on), to the end of its ``n``-th turn that starts after the band."""

    rounds: Annotated[int, Ge(1), Le(10_000)]

    def to_json(self) -> dict[str, int]:
        return {"rounds": self.rounds}

    def resolve(self, play: Play, holder: str) -> tuple[StateDuration | None, int | None]:
        return StateDuration(ends="end", of=holder, turns=min(1000, self.rounds)), None


@dataclass(frozen=True, kw_only=True)
class RoundsDice:
    """``{"rounds_dice": "1d4", "until_damaged": true}``: the service rolls ``rounds_dice``
    when it applies the effect and the result lasts that many rounds (turns of its holder,
    as :class:`Rounds`); with ``until_damaged`` it also ends as soon as its holder takes
    damage from any source (damage dealt earlier in the same band does not count)."""

    rounds_dice: Dice
    until_damaged: bool = False

    def to_json(self) -> dict[str, str | bool]:
        return {"rounds_dice": self.rounds_dice, "until_damaged": self.until_damaged}

    def resolve(self, play: Play, holder: str) -> tuple[StateDuration | None, int | None]:
        roll = dice.roll(self.rounds_dice, play.rng, "duration")
        rounds = min(1000, max(1, roll.total))
        play.log.rolled(
            roll,
            f"lasts {rounds} rounds (to the end of {holder}'s {_nth(rounds)} turn from now)"
            + (" or until damaged" if self.until_damaged else ""),
            actor=play.attacker_id,
            rule=RULE,
        )
        duration = StateDuration(
            ends="end", of=holder, turns=rounds, until_damaged=self.until_damaged
        )
        return duration, None


@dataclass(frozen=True, kw_only=True)
class NextRound:
    """``"next round"``: a window that opens at the start of the next round and closes at
    its end (not the rest of the current round)."""

    def to_json(self) -> str:
        return "next round"

    @classmethod
    def from_json(cls, raw: object) -> NextRound | None:
        return cls() if raw == "next round" else None

    def resolve(self, play: Play, holder: str) -> tuple[StateDuration | None, int | None]:
        starts = play.draft.encounter.round + 1
        LAST_ROUND.check(starts, "a window that opens next round")
        return StateDuration(rounds=2), starts


@dataclass(frozen=True, kw_only=True)
class UntilTurnWithoutSpell:
    """``{"until": "turn_without_spell", "of": party}``: lasts until the end of the first
    later turn of ``of`` in which it casts no spell ("until you stop casting magic"), or
    ``of``'s death: a duration ``while_casting`` that each spell attack or readied spell of
    ``of`` carries on to its next turn."""

    until: Literal["turn_without_spell"]
    of: Party

    def to_json(self) -> dict[str, str]:
        return {"until": "turn_without_spell", "of": self.of}

    def resolve(self, play: Play, holder: str) -> tuple[StateDuration | None, int | None]:
        of = play.party(self.of)
        return StateDuration(ends="end", of=of, turns=1, while_casting=True), None


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


Duration: TypeAlias = TurnBoundary | Rounds | RoundsDice | NextRound | UntilTurnWithoutSpell


@dataclass(frozen=True, kw_only=True)
class Distance:
    """``{"feet": 20}`` (a fixed distance) or ``{"dice": "1d6", "feet_each": 5}`` (the
    service rolls the dice and multiplies: 1d6 x 5 feet)."""

    feet: Annotated[int, Ge(0), Le(10_000)] | None = None
    dice: Dice | None = None
    feet_each: Annotated[int, Ge(1), Le(1000)] | None = None

    def __post_init__(self) -> None:
        if (self.feet is None) == (self.dice is None) or (self.dice is None) != (
            self.feet_each is None
        ):
            raise ValueError("a distance is 'feet', or 'dice' with 'feet_each'")


@dataclass(frozen=True, kw_only=True)
class DamageRoll:
    """``{"dice": "1d6", "damage_type": "thunder"}``; ``damage_type`` null: the seed names
    no type (untyped damage: no resistance or vulnerability applies)."""

    dice: Dice
    damage_type: str | None = None


def resolve_duration(
    d: Duration | None, play: Play, holder: str
) -> tuple[StateDuration | None, int | None]:
    """The state duration and ``starts_round`` of a table duration for ``holder``."""
    return (None, None) if d is None else d.resolve(play, holder)

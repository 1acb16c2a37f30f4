"""Effects on rolls: advantage or disadvantage windows, an AC bonus."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Ge, Le

from ....model import Effect as StateEffect
from .durations import (
    Duration,
    resolve_duration,
)
from .play import (
    Base,
    Play,
)
from .vocabulary import (
    Party,
    Who,
)


@dataclass(frozen=True, kw_only=True)
class RollMode(Base):
    """``roll_mode``: ``who`` rolls with ``mode`` (advantage or disadvantage).

    ``roll`` says which rolls: ``attack`` (attack rolls), ``spell_attack`` (spell attack
    rolls only), ``save`` (saving throws against effects that originate from ``against``),
    ``spell_save`` (saving throws against spells cast by ``against``). ``against`` is the
    creature attacked (for attacks) or the source (for saves): ``attacker``, ``target`` or
    ``any``. ``rolls``: ``all`` qualifying rolls while the window lasts, or only the ``next``
    one (each creature in ``who`` uses up its own). ``duration`` is the window; ``None``
    (only with ``rolls="next"``): no time limit, it lasts until used.
    """

    type: Literal["roll_mode"] = field(default="roll_mode", init=False)
    who: Who
    mode: Literal["advantage", "disadvantage"]
    roll: Literal["attack", "spell_attack", "save", "spell_save"]
    against: Literal["attacker", "target", "any"]
    rolls: Literal["all", "next"]
    duration: Duration | None = None

    def __post_init__(self) -> None:
        if self.duration is None and self.rolls == "all":
            raise ValueError("rolls 'all' needs a duration")

    def offer(self, names: Mapping[str, str]) -> str:
        rolls = {
            "attack": "attack rolls",
            "spell_attack": "spell attack rolls",
            "save": "saving throws",
            "spell_save": "saving throws against spells",
        }[self.roll]
        which = "its next" if self.rolls == "next" else ""
        return (
            f"{self.mode} for {names[self.who]} on {which} {rolls}".replace("  ", " ")
            + f" against {names[self.against]}"
        )

    def apply(self, play: Play) -> None:
        against = None if self.against == "any" else play.party(self.against)
        roll = {
            "attack": "attack",
            "spell_attack": "spell-attack",
            "save": "save",
            "spell_save": "spell-save",
        }[self.roll]
        holders = play.who(self.who)
        for holder in holders:
            duration, starts = resolve_duration(self.duration, play, holder)
            play.give(
                holder,
                StateEffect(
                    kind=self.mode,
                    roll=roll,
                    against=against,
                    uses=1 if self.rolls == "next" else None,
                    starts_round=starts,
                    duration=duration,
                    source=play.source,
                ),
            )
        which = "the next" if self.rolls == "next" else "all"
        play.done(
            f"{', '.join(holders) or 'no one'}: {self.mode} on {which} {roll} rolls"
            + (f" against {against}" if against else "")
        )


@dataclass(frozen=True, kw_only=True)
class AcBonus(Base):
    """``ac_bonus``: ``who`` adds ``bonus`` to its AC against attacks made by ``against``
    (only those), while ``duration`` lasts."""

    type: Literal["ac_bonus"] = field(default="ac_bonus", init=False)
    who: Party
    bonus: Annotated[int, Ge(-20), Le(20)]
    against: Party
    duration: Duration

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        duration, starts = resolve_duration(self.duration, play, holder)
        play.give(
            holder,
            StateEffect(
                kind="ac-bonus",
                against=play.party(self.against),
                value=self.bonus,
                starts_round=starts,
                duration=duration,
                source=play.source,
            ),
        )
        play.done(f"+{self.bonus} AC for {holder} against {play.target_id}")

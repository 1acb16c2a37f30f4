"""Effects that leave a state: conditions, exhaustion, movement, an obscured area."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Ge, Le

from .... import dice
from ....mechanics import concentration, exhaustion
from ....model import Area, Cond
from ....model import Condition as StateCondition
from ....model import Effect as StateEffect
from ..loader import Dice
from .durations import (
    Duration,
    UntilTurnWithoutSpell,
    resolve_duration,
)
from .play import (
    Base,
    Play,
)
from .vocabulary import (
    RULE,
    ConditionName,
    Party,
)


@dataclass(frozen=True, kw_only=True)
class Condition(Base):
    """``condition``: ``who`` gains the condition ``condition`` for ``duration``.

    ``duration`` ``None``: until removed by the usual means (prone: until it stands up).
    ``source``: the creature the condition is tied to ("frightened by you").
    ``hp_below_roll``: the service rolls these dice and the condition applies only if
    ``who``'s current hit points (after the attack's damage) are lower than the total; the
    response shows the roll either way. ``surprised``: the creature can't move or act and
    can't take reactions until the duration ends (``d20.order.surprise``).
    """

    type: Literal["condition"] = field(default="condition", init=False)
    who: Party
    condition: ConditionName
    duration: Duration | None = None
    source: Party | None = None
    hp_below_roll: Dice | None = None

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        if self.hp_below_roll is not None:
            roll = dice.roll(self.hp_below_roll, play.rng, "condition-threshold")
            hp = play.draft.get(cid).hp
            play.log.rolled(
                roll,
                f"{self.hp_below_roll} for {self.condition}: {roll.total} against {hp} HP",
                actor=play.attacker_id,
                target=cid,
                rule=RULE,
            )
            if not hp < roll.total:
                play.done(f"{cid} does not fall {self.condition} ({hp} HP)")
                return
        duration, _ = resolve_duration(self.duration, play, cid)
        source = play.party(self.source) if self.source else None
        c = play.draft.edit(cid)
        c.conditions = [
            *(x for x in c.conditions if x.name != self.condition),
            StateCondition(self.condition, source, duration),
        ]
        if self.condition == Cond.SURPRISED.value:
            c.budget.reaction = False
        concentration.end_if_incapacitated(play.draft, cid, play.log)
        suffix = ""
        if isinstance(self.duration, UntilTurnWithoutSpell):
            suffix = f" until {play.party(self.duration.of)} ends a turn without casting a spell"
        play.done(f"{cid} is {self.condition}{suffix}", condition=self.condition)


@dataclass(frozen=True, kw_only=True)
class Exhaustion(Base):
    """``exhaustion``: ``who`` gains ``levels`` levels ("units") of exhaustion."""

    type: Literal["exhaustion"] = field(default="exhaustion", init=False)
    who: Party
    levels: Annotated[int, Ge(1), Le(6)]

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        level = exhaustion.gain(play.draft, cid, self.levels, play.log)
        play.done(f"{cid} gains {self.levels} exhaustion (now {level})")


@dataclass(frozen=True, kw_only=True)
class Movement(Base):
    """``movement``: ``speed_halved``: ``who``'s speed is halved (rounded down to 5 ft)
    while ``duration`` lasts. ``no_movement_left``: ``who``'s remaining movement for the
    current turn becomes 0 (so a prone creature can't stand up this turn); ``duration`` is
    ``None`` and nothing happens outside ``who``'s own turn."""

    type: Literal["movement"] = field(default="movement", init=False)
    who: Party
    mode: Literal["speed_halved", "no_movement_left"]
    duration: Duration | None = None

    def __post_init__(self) -> None:
        if (self.mode == "speed_halved") != (self.duration is not None):
            raise ValueError("speed_halved needs a duration, no_movement_left none")

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        if self.mode == "speed_halved":
            duration, starts = resolve_duration(self.duration, play, cid)
            play.give(
                cid,
                StateEffect(
                    kind="speed-halved", duration=duration, starts_round=starts, source=play.source
                ),
            )
            play.done(f"{cid}'s speed is halved")
            return
        if play.draft.encounter.turn_of not in (None, cid):
            return
        play.draft.edit(cid).budget.movement = 0
        play.done(f"{cid} has no movement left this turn")


@dataclass(frozen=True, kw_only=True)
class ObscuredArea(Base):
    """``obscured_area``: a sphere of ``radius_ft`` around ``center``'s position when the
    band applies (it does not move with it) is ``degree`` obscured for ``duration``; a
    strong wind disperses it in ``strong_wind_clears_in_rounds`` rounds."""

    type: Literal["obscured_area"] = field(default="obscured_area", init=False)
    center: Party
    radius_ft: Annotated[int, Ge(5), Le(1000)]
    degree: Literal["lightly", "heavily"]
    duration: Duration
    strong_wind_clears_in_rounds: Annotated[int, Ge(1), Le(100)] | None = None

    def apply(self, play: Play) -> None:
        centre = play.draft.get(play.party(self.center)).position
        duration, _ = resolve_duration(self.duration, play, play.party(self.center))
        play.draft.encounter.areas.append(
            Area(
                center=centre,
                radius=self.radius_ft,
                kind=f"{self.degree}-obscured",
                duration=duration,
            )
        )
        play.done(
            f"{self.degree} obscured area, {self.radius_ft} ft around ({centre.x}, {centre.y})"
        )

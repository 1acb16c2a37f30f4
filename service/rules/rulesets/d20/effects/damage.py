"""Effects that deal damage: extra dice, typed damage, permanent injuries, hitting yourself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Ge, Le

from .... import dice
from ....mechanics.distributions import (
    DamageDist,
    clamp_counts,
    dice_only,
    expression_dist,
    summed,
)
from ....model import Attack
from ....model import Effect as StateEffect
from .durations import (
    DamageRoll,
    Duration,
)
from .play import (
    Base,
    Play,
)
from .vocabulary import (
    RULE,
    Party,
)


@dataclass(frozen=True, kw_only=True)
class ExtraDamageDice(Base):
    """``extra_damage_dice``: roll ``sets`` more sets of the attack's damage dice (every die
    of the attack's damage, including extra dice that are part of it, as ``d20.crit.damage``
    doubles; no modifier). For the attack's target they are part of the attack's own damage,
    one instance with it ("above and beyond your normal critical roll", ``d20.crit.effects``
    decision 3: rolled by :meth:`roll` before that damage lands); anyone else takes them as
    damage of their own."""

    type: Literal["extra_damage_dice"] = field(default="extra_damage_dice", init=False)
    who: Party
    sets: Annotated[int, Ge(1), Le(10)] = 1

    def roll(self, play: Play) -> int:
        """Roll the extra sets and log them: the damage they add."""
        cid = play.party(self.who)
        parsed = dice.parse(play.attack.damage)
        if not parsed.terms:
            return 0
        only_dice = dice.DiceExpression(
            "+".join(
                f"{'-' if t.sign < 0 else ''}{t.count}d{t.sides}" for t in parsed.terms
            ).replace("+-", "-")
            or "0",
            parsed.terms,
            0,
        )
        roll = dice.roll(only_dice, play.rng, "damage", dice_multiplier=self.sets)
        amount = max(0, roll.total)
        play.log.rolled(
            roll,
            f"an extra set of {play.attack.name}'s damage dice: {amount}",
            type="damage-roll",
            actor=play.attacker_id,
            target=cid,
            rule=RULE,
        )
        play.done(f"{cid} takes {amount} extra damage with the attack's own", amount=amount)
        return amount

    def apply(self, play: Play) -> None:
        amount = self.roll(play)
        if amount:
            play.deal(play.party(self.who), amount, True)

    def damage_odds(self, attack: Attack) -> DamageDist | None:
        if self.who != "target":
            return None
        parsed = dice.parse(attack.damage)
        if not parsed.terms:
            return None
        return DamageDist.of(clamp_counts(expression_dist(dice_only(parsed), self.sets)), True)

    def odds_excluded(self) -> str | None:
        if self.who != "target":
            return "extra damage dice a critical-table band deals the attacker"
        return None


@dataclass(frozen=True, kw_only=True)
class Damage(Base):
    """``damage``: the service rolls every entry of ``rolls`` and deals the damage to
    ``who`` (each entry with its own type). ``half``: halve the total, rounded down (the
    "on success take half damage" branch of a :class:`Check`)."""

    type: Literal["damage"] = field(default="damage", init=False)
    who: Party
    rolls: tuple[DamageRoll, ...]
    half: bool = False

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        total = 0
        for part in self.rolls:
            roll = dice.roll(part.dice, play.rng, "damage")
            play.log.rolled(
                roll,
                f"{part.dice} {part.damage_type or 'untyped'} damage: {roll.total}",
                type="damage-roll",
                actor=play.attacker_id,
                target=cid,
                rule=RULE,
                damage_type=part.damage_type,
            )
            total += max(0, roll.total)
        if self.half:
            total //= 2
        play.deal(cid, total, False)
        play.done(f"{cid} takes {total} damage" + (" (half)" if self.half else ""), amount=total)

    def damage_odds(self, attack: Attack) -> DamageDist | None:
        if self.who != "target":
            return None
        counts = summed([clamp_counts(expression_dist(dice.parse(p.dice))) for p in self.rolls])
        if self.half:
            halved: dict[int, int] = {}
            for v, w in counts.items():
                halved[v // 2] = halved.get(v // 2, 0) + w
            counts = halved
        return DamageDist.of(counts, False)

    def odds_excluded(self) -> str | None:
        if self.who != "target":
            return "damage critical-fumble bands deal to the attacker"
        return None


@dataclass(frozen=True, kw_only=True)
class PermanentInjury(Base):
    """``permanent_injury``: ``who`` gets a permanent injury that the DM chooses (always
    ``choice="dm"``: the DM's answer names the injury and any mechanical effect). It heals
    with an extended rest whose length the DM sets, and leaves a scar; the engine records
    it and applies nothing else by itself."""

    type: Literal["permanent_injury"] = field(default="permanent_injury", init=False)
    who: Party

    def __post_init__(self) -> None:
        if self.choice != "dm":
            raise ValueError("a permanent injury is chosen by the DM (choice 'dm')")

    def offer(self, names: Mapping[str, str]) -> str:
        return f"a permanent injury to {names[self.who]}"

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        injury = play.detail or "a permanent injury"
        play.give(
            holder,
            StateEffect(kind="other", source=play.source, note=f"permanent injury: {injury}"),
        )
        play.done(f"{holder} suffers a permanent injury: {injury}")


@dataclass(frozen=True, kw_only=True)
class SelfHit(Base):
    """``self_hit``: the spell hits ``who`` (its caster) instead: ``who`` is the target of an
    ordinary hit (damage not doubled) and takes the spell's full effect. If the spell needs
    concentration, its effect on ``who`` lasts for ``concentration_duration`` (needing no
    concentration) instead."""

    type: Literal["self_hit"] = field(default="self_hit", init=False)
    who: Party
    concentration_duration: Duration

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        roll = dice.roll(play.attack.damage, play.rng, "damage")
        amount = max(0, roll.total)
        play.log.rolled(
            roll,
            f"{play.attack.name} hits its caster: {amount} damage",
            type="damage-roll",
            actor=play.attacker_id,
            target=cid,
            rule=RULE,
        )
        play.deal(cid, amount, False)
        play.done(
            f"{cid} is hit by its own spell ({amount} damage); the spell's other effects "
            "apply to it, a concentration effect lasting until the end of its next turn"
        )

    def odds_excluded(self) -> str | None:
        return "damage critical-fumble bands deal to the attacker"

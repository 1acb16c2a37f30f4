"""The effects of the critical tables' bands: one class per effect kind, each applying itself.

A band's ``effects`` are a list drawn from this closed vocabulary (the ``type`` of each JSON
object names its class). Parties are named relative to the attack: ``"attacker"`` is the
creature that rolled the natural 20 or natural 1; ``"target"`` the creature the attack was
aimed at; ``"enemies"`` every creature hostile to the attacker (the target included).

Every effect may carry:

* ``applies_to`` (``"melee"`` / ``"ranged"``): the weapon fumble bands 15-19, 60-69 and
  70-79 hold a melee and a ranged variant in one list; an effect tagged with ``applies_to``
  is applied only to an attack of that kind, an untagged one to every attack;
* ``requires`` (``"free_hand"`` / ``"both_hands_in_use"``): the effect applies only if the
  attacker has a free hand / has both hands in use (a ``both-hands-in-use`` feature);
* ``choice``: the seed leaves a decision to a person (``d20.crit.effects``):
  ``"attacker"`` ("you can choose ..."): all the effects of one band marked ``"attacker"``
  form **one** offer, accepted or declined as a whole; ``"dm"`` ("chosen by DM"): the DM
  supplies the detail the effect names. A choice becomes a pending choice in the encounter
  that ``resolveChoice`` accepts or declines.

Durations are data too: ``{"ends": "start"|"end", "of": party, "turns": n}``,
``{"rounds": n}``, ``{"rounds_dice": "1d4", "until_damaged": true}``, ``"next round"`` and
``{"until": "turn_without_spell", "of": party}``. Dice are in the engine's notation
(``"1d6"``), rolled with the encounter's random source when the effect applies. How they
count (``d20.crit.effects`` decisions 1 and 2): "until the end of your next turn" ends at
the end of the first turn of that creature that *starts after* the band (applied during its
own turn, it lasts through its following turn); "for N rounds" and "1 minute" (10 rounds)
cover N turns of the creature that has the effect, ending at the end of its Nth turn that
starts after the band.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Annotated, Any, Literal, TypeAlias

from annotated_types import Ge, Le

from ... import dice
from ...events import EventLog
from ...grid import Geometry
from ...mechanics import concentration, exhaustion
from ...mechanics.checks import roll_check
from ...mechanics.distributions import (
    DamageDist,
    clamp_counts,
    dice_only,
    expression_dist,
    summed,
)
from ...mechanics.weapons import find_weapon, landing, set_weapon
from ...model import Area, Attack, Cell, Cond, Draft, PendingChoice
from ...model import Condition as StateCondition
from ...model import Duration as StateDuration
from ...model import Effect as StateEffect
from ...ruleset import Hit, Ruleset
from .loader import Dice, camel, to_wire

RULE = "d20.crit.effects"

AttackKind: TypeAlias = Literal["melee", "ranged", "spell"]
Party: TypeAlias = Literal["attacker", "target"]
Who: TypeAlias = Literal["attacker", "target", "enemies"]
Chooser: TypeAlias = Literal["attacker", "dm"]
WeaponKind: TypeAlias = Literal["melee", "ranged"]
HandsNeeded: TypeAlias = Literal["free_hand", "both_hands_in_use"]
Ability: TypeAlias = Literal[
    "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"
]
ConditionName: TypeAlias = Literal[
    "prone", "surprised", "blinded", "frightened", "incapacitated", "stunned", "asleep"
]

SQUARE_DIRECTIONS = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)
SQUARE_STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
HEX_DIRECTIONS = ("east", "south-east", "south-west", "west", "north-west", "north-east")
HEX_STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""Axial steps; on flat-top hexes the names are kept for the same six steps."""


# --------------------------------------------------------------------------------------
# Durations


@dataclass(frozen=True, kw_only=True)
class TurnBoundary:
    """``{"ends": "start"|"end", "of": party, "turns": n}``: lasts until the start (or the
    end) of the ``turns``-th turn of ``of`` that begins after the band is applied."""

    ends: Literal["start", "end"]
    of: Party
    turns: Annotated[int, Ge(1), Le(100)] = 1

    def to_json(self) -> dict[str, str | int]:
        return {"ends": self.ends, "of": self.of, "turns": self.turns}

    def resolve(self, play: Play, holder: str) -> tuple[StateDuration | None, int | None]:
        return StateDuration(ends=self.ends, of=play.party(self.of), turns=self.turns), None


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
        return StateDuration(rounds=2), play.draft.encounter.round + 1


@dataclass(frozen=True, kw_only=True)
class UntilTurnWithoutSpell:
    """``{"until": "turn_without_spell", "of": party}``: lasts until the end of the first
    later turn of ``of`` in which it casts no spell ("until you stop casting magic"), or
    until the encounter ends. The service has no spellcasting to watch: the condition lasts
    until removed, and the event says so."""

    until: Literal["turn_without_spell"]
    of: Party

    def to_json(self) -> dict[str, str]:
        return {"until": "turn_without_spell", "of": self.of}

    def resolve(self, play: Play, holder: str) -> tuple[StateDuration | None, int | None]:
        return None, None


def _modes(advantage: list[str], disadvantage: list[str]) -> dict[str, Any]:
    """The sources of advantage and disadvantage of a check, for its event (when any)."""
    out: dict[str, Any] = {}
    if advantage:
        out["advantage"] = advantage
    if disadvantage:
        out["disadvantage"] = disadvantage
    return out


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


# --------------------------------------------------------------------------------------
# Applying a band


@dataclass
class Play:
    """One band being applied: the attack it follows, and what applying it produced."""

    ruleset: Ruleset
    draft: Draft
    rng: Random
    log: EventLog
    attacker_id: str
    target_id: str
    attack: Attack
    source: str
    """``weapon-hit 75-79``: names the band in effects, sources and choices."""
    prompt: str
    detail: str | None = None
    applied: list[str] = field(default_factory=list)
    offered: list[str] = field(default_factory=list)

    def party(self, who: str) -> str:
        return self.attacker_id if who == "attacker" else self.target_id

    def who(self, who: Who) -> list[str]:
        if who != "enemies":
            return [self.party(who)]
        attacker = self.draft.get(self.attacker_id)
        return [
            c.id for c in self.draft.encounter.combatants if not c.dead and c.side != attacker.side
        ]

    def done(self, message: str, **data: Any) -> None:
        self.applied.append(message)
        self.log.note("critical-effect", message, actor=self.attacker_id, rule=RULE, **data)

    def give(self, holder: str, effect: StateEffect) -> None:
        c = self.draft.edit(holder)
        c.effects = [*c.effects, effect]

    def duration(self, d: Duration | None, holder: str) -> tuple[StateDuration | None, int | None]:
        """The state duration and ``starts_round`` of a table duration for ``holder``."""
        return (None, None) if d is None else d.resolve(self, holder)

    def deal(self, target: str, amount: int, critical: bool) -> None:
        hit = Hit(
            target,
            amount,
            critical=critical,
            source_id=self.attacker_id,
            melee=self.attack.kind == "melee",
        )
        self.ruleset.deal_damage(self.draft, hit, self.rng, self.log)

    def hands_ok(self, requires: str | None) -> bool:
        if requires is None:
            return True
        both = "both-hands-in-use" in self.draft.get(self.attacker_id).features
        return both if requires == "both_hands_in_use" else not both

    def apply_list(self, effects: Sequence[Effect]) -> None:
        """Apply in order; the attacker's choices of one list form one offer, DM choices
        and opportunity attacks one offer each."""
        attacker_choice = [e for e in effects if e.choice == "attacker"]
        offered = False
        for effect in effects:
            if effect.choice == "attacker":
                if not offered:
                    self.offer(attacker_choice, self.attacker_id)
                    offered = True
            elif effect.choice == "dm" and not effect.settled_without_asking(self):
                self.offer([effect], "dm")
            elif isinstance(effect, OpportunityAttack):
                owner = self.draft.get(self.party(effect.who))
                if not owner.budget.reaction or owner.incapacitated:
                    self.log.note(
                        "no-effect",
                        f"{owner.name} has no reaction for an opportunity attack",
                        actor=owner.id,
                        rule=RULE,
                    )
                else:
                    self.offer([effect], owner.id)
            else:
                self.apply(effect)

    def apply(self, effect: Effect) -> None:
        """One effect, unless its hands don't fit or the creature it is for is dead."""
        if not self.hands_ok(effect.requires):
            return
        who = getattr(effect, "who", None)
        if who in ("attacker", "target") and self.draft.get(self.party(who)).dead:
            self.log.note(
                "no-effect",
                f"{self.party(who)} is dead: {effect.type.replace('_', ' ')} does not apply",
                actor=self.attacker_id,
                target=self.party(who),
                rule=RULE,
            )
            return
        effect.apply(self)

    def offer(self, effects: Sequence[Effect], owner: str) -> None:
        enc = self.draft.encounter
        taken = {c.id for c in enc.pending_choices}
        n = len(enc.pending_choices) + 1
        while f"choice-{n}" in taken:
            n += 1
        choice = PendingChoice(
            id=f"choice-{n}",
            owner=owner,
            prompt=self.prompt,
            options=["accept", "decline"],
            source=self.source,
            effects=[to_wire(effect_json(e)) for e in effects],
            context={
                "attacker": self.attacker_id,
                "target": self.target_id,
                "attack": attack_json(self.attack),
            },
        )
        enc.pending_choices.append(choice)
        self.offered.append(choice.id)
        kinds = ", ".join(e.type.replace("_", " ") for e in effects)
        self.log.note(
            "choice-offered",
            f"{self.source}: {owner} may accept or decline ({kinds})",
            actor=self.attacker_id,
            target=None if owner == "dm" else owner,
            rule=RULE,
            choice_id=choice.id,
            owner=owner,
        )

    def contest(self, what: str) -> bool:
        """The attacker's Athletics against the target's Athletics or Acrobatics."""
        a = self.draft.get(self.attacker_id)
        t = self.draft.get(self.target_id)
        mine = roll_check(
            self.draft,
            a.id,
            "check",
            a.skill("athletics", "strength"),
            self.rng,
            self.log,
            "check",
            against=t.id,
        ).roll
        best = max(t.skill("athletics", "strength"), t.skill("acrobatics", "dexterity"))
        theirs = roll_check(
            self.draft, t.id, "check", best, self.rng, self.log, "check", against=a.id
        ).roll
        won = mine.total > theirs.total
        self.log.rolled(
            mine, f"{a.name}'s Athletics for the {what}: {mine.total}", actor=a.id, rule=RULE
        )
        self.log.rolled(
            theirs,
            f"{t.name} resists the {what}: {theirs.total}; "
            + ("the attacker wins" if won else "the target holds"),
            actor=t.id,
            rule=RULE,
        )
        return won


# --------------------------------------------------------------------------------------
# Effects


@dataclass(frozen=True, kw_only=True)
class _Base:
    """What every effect may carry (see the module docstring)."""

    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None

    def apply(self, play: Play) -> None:
        raise NotImplementedError

    def settled_without_asking(self, play: Play) -> bool:
        """A DM choice with only one option needs no asking."""
        return False

    def damage_odds(self, attack: Attack) -> DamageDist | None:
        """For the odds: the damage this effect deals the target at once, if any."""
        return None

    def odds_excluded(self) -> str | None:
        """For the odds: what of this effect's damage they leave out, if any."""
        nested = ("damage", "extra_damage_dice", "self_hit")
        if any(e.type in nested for e in iter_effects(self.children())):
            return "damage from saves and checks nested in critical-table bands"
        return None

    def children(self) -> tuple[Effect, ...]:
        """Effects nested in this one."""
        return ()


@dataclass(frozen=True, kw_only=True)
class RollMode(_Base):
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
            duration, starts = play.duration(self.duration, holder)
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
class AcBonus(_Base):
    """``ac_bonus``: ``who`` adds ``bonus`` to its AC against attacks made by ``against``
    (only those), while ``duration`` lasts."""

    type: Literal["ac_bonus"] = field(default="ac_bonus", init=False)
    who: Party
    bonus: Annotated[int, Ge(-20), Le(20)]
    against: Party
    duration: Duration

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        duration, starts = play.duration(self.duration, holder)
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


@dataclass(frozen=True, kw_only=True)
class Condition(_Base):
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
        duration, _ = play.duration(self.duration, cid)
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
            suffix = " until its source ends a turn without casting a spell (remove it then)"
        play.done(f"{cid} is {self.condition}{suffix}", condition=self.condition)


@dataclass(frozen=True, kw_only=True)
class Exhaustion(_Base):
    """``exhaustion``: ``who`` gains ``levels`` levels ("units") of exhaustion."""

    type: Literal["exhaustion"] = field(default="exhaustion", init=False)
    who: Party
    levels: Annotated[int, Ge(1), Le(6)]

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        level = exhaustion.gain(play.draft, cid, self.levels, play.log)
        play.done(f"{cid} gains {self.levels} exhaustion (now {level})")


@dataclass(frozen=True, kw_only=True)
class Movement(_Base):
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
            duration, starts = play.duration(self.duration, cid)
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
class Initiative(_Base):
    """``initiative``: ``who`` moves to the ``top`` (or ``bottom``) of the initiative order.

    ``at="end_of_turn"``: when ``who``'s turn ends (the current one if the attack was made
    on it, else its next one), so it acts first from the next round on.
    ``at="start_of_next_round"``: when the next round starts, so it acts last in it. This is
    a named feature (``d20.init.lower`` allows raising initiative only so).
    """

    type: Literal["initiative"] = field(default="initiative", init=False)
    who: Party
    position: Literal["top", "bottom"]
    at: Literal["end_of_turn", "start_of_next_round"]

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        when = "when its turn ends" if self.at == "end_of_turn" else "as the next round starts"
        play.give(
            cid,
            StateEffect(
                kind=f"initiative-{self.position}",
                source=play.source,
                note=f"moves to the {self.position} of the order {when}",
            ),
        )
        play.done(f"{cid} moves to the {self.position} of the order {when}")


@dataclass(frozen=True, kw_only=True)
class EndTurn(_Base):
    """``end_turn``: ``who``'s current turn ends at once (unused movement, action and bonus
    action are lost). If it is not ``who``'s turn (the attack was a reaction), nothing."""

    type: Literal["end_turn"] = field(default="end_turn", init=False)
    who: Party

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        if play.draft.encounter.turn_of not in (None, cid):
            return
        b = play.draft.edit(cid).budget
        b.action = b.bonus_action = b.object_interaction = False
        b.movement = 0
        b.attacks_left = 0
        play.applied.append(f"{cid}'s turn ends")
        play.log.note(
            "end-turn",
            f"{play.draft.get(cid).name}'s turn ends now",
            actor=cid,
            rule=RULE,
            end_turn=True,
        )


@dataclass(frozen=True, kw_only=True)
class ExtraDamageDice(_Base):
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
class Damage(_Base):
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
class Check(_Base):
    """``check``: the service rolls ``who``'s ``roll`` (an ability check or a saving throw)
    of ``ability`` against ``dc`` from its own bonuses (``d20.crit.effects``), then applies
    ``on_fail`` (total below ``dc``) or ``on_success``, in order."""

    type: Literal["check"] = field(default="check", init=False)
    who: Party
    roll: Literal["ability_check", "saving_throw"]
    ability: Ability
    dc: Annotated[int, Ge(1), Le(40)]
    on_fail: tuple[Effect, ...] = ()
    on_success: tuple[Effect, ...] = ()

    def children(self) -> tuple[Effect, ...]:
        return (*self.on_fail, *self.on_success)

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        c = play.draft.get(cid)
        saving = self.roll == "saving_throw"
        bonus = c.save_bonus(self.ability) if saving else c.abilities.get(self.ability)
        source = None if cid == play.attacker_id else play.attacker_id
        kind: Literal["check", "save"] = "save" if saving else "check"
        check = roll_check(play.draft, cid, kind, bonus, play.rng, play.log, kind, against=source)
        roll = check.roll
        success = roll.total >= self.dc
        what = "saving throw" if saving else "check"
        play.log.rolled(
            roll,
            f"{c.name}: DC {self.dc} {self.ability.title()} {what}: {roll.total}, "
            + ("success" if success else "failure"),
            actor=cid,
            rule=RULE,
            dc=self.dc,
            success=success,
            **_modes(check.advantage, check.disadvantage),
        )
        play.applied.append(
            f"{cid} {'succeeds' if success else 'fails'} a DC {self.dc} {self.ability} {what}"
        )
        play.apply_list(self.on_success if success else self.on_fail)


@dataclass(frozen=True, kw_only=True)
class WeaponMoved(_Base):
    """``weapon_moved``: the weapon ``who`` holds (the attacker: the one it attacked with)
    leaves its hand and goes ``to``: ``own_feet`` (dropped in ``who``'s space),
    ``target_space`` (a DM choice picks the square of a Large or larger target),
    ``attacker_hand`` (stolen into the attacker's free hand), or ``away``: ``distance`` from
    ``who``'s space in ``direction`` (``random``: the service rolls one of the grid's
    directions; ``dm``: the DM picks it). Nothing happens if ``who`` holds no weapon."""

    type: Literal["weapon_moved"] = field(default="weapon_moved", init=False)
    who: Party
    to: Literal["own_feet", "target_space", "attacker_hand", "away"]
    distance: Distance | None = None
    direction: Literal["random", "dm"] | None = None

    def __post_init__(self) -> None:
        if (self.to == "away") != (self.distance is not None and self.direction is not None):
            raise ValueError("distance and direction go with to='away', only")

    def settled_without_asking(self, play: Play) -> bool:
        """Thrown into the space of a target that fills one square: only one place."""
        if self.to == "target_space":
            return play.ruleset.square_extent.get(play.draft.get(play.target_id).size, 1) <= 1
        return False

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        holder = play.draft.get(cid)
        index = find_weapon(holder, play.attack.name if cid == play.attacker_id else None)
        if index is None and cid != play.attacker_id:
            play.log.note(
                "no-effect",
                f"{holder.name} holds no weapon: nothing leaves its hand",
                actor=play.attacker_id,
                target=cid,
                rule=RULE,
            )
            return
        weapon = play.attack if index is None else holder.attacks[index]
        data: dict[str, Any] = {"to": self.to, "holder": cid, "weapon": weapon.name}
        where = {
            "own_feet": "drops at its feet",
            "target_space": f"lands in {play.target_id}'s space",
            "attacker_hand": f"is taken by {play.attacker_id}",
            "away": "flies away",
        }[self.to]
        feet = 0
        if self.distance is not None:
            feet = self.distance.feet or 0
            if self.distance.dice is not None:
                roll = dice.roll(self.distance.dice, play.rng, "distance")
                play.log.rolled(
                    roll, f"distance {self.distance.dice}", actor=play.attacker_id, rule=RULE
                )
                feet = roll.total * (self.distance.feet_each or 5)
            data["distance_ft"] = feet
            where += f" {feet} ft"
        direction = None
        if self.direction == "random":
            names = directions(play)
            roll = dice.roll_die(len(names), play.rng, "direction")
            direction = names[roll.total - 1]
            play.log.rolled(roll, f"direction: {direction}", actor=play.attacker_id, rule=RULE)
        elif self.direction == "dm":
            direction = direction_in(play.detail, play)
        if direction is not None:
            data["direction"] = direction
            where += f" to the {direction}"
        elif play.detail:
            data["detail"] = play.detail
            where += f" ({play.detail})"
        if index is None:
            where += " (an attack described inline: where it lies is not kept)"
        elif self.to == "attacker_hand":
            self._steal(play, cid, index)
        else:
            cell = self._cell(play, holder.position, feet, direction)
            set_weapon(play.draft, cid, index, dropped_at=cell)
            data["at"] = {"x": cell.x, "y": cell.y}
            where += f", at ({cell.x}, {cell.y})"
        play.applied.append(f"{cid}'s {weapon.name} {where}")
        play.log.note(
            "weapon-moved",
            f"{holder.name}'s {weapon.name} {where}",
            actor=play.attacker_id,
            target=cid,
            rule=RULE,
            **data,
        )

    def _cell(self, play: Play, start: Cell, feet: int, direction: str | None) -> Cell:
        board = play.ruleset.board(play.draft)
        if self.to == "target_space":
            target = play.draft.get(play.target_id)
            chosen = cell_in(play.detail)
            cells = board.cells(target)
            return chosen if chosen is not None and chosen.key() in cells else target.position
        if self.to == "away" and direction is not None:
            names = directions(play)
            steps = HEX_STEPS if names is HEX_DIRECTIONS else SQUARE_STEPS
            return landing(board, start, steps[names.index(direction)], feet)
        return start

    def _steal(self, play: Play, cid: str, index: int) -> None:
        """The weapon leaves its holder's attacks for the attacker's (renamed if the
        attacker has one of the same name)."""
        holder = play.draft.edit(cid)
        weapon = holder.attacks.pop(index)
        thief = play.draft.edit(play.attacker_id)
        taken = {a.name for a in thief.attacks}
        name = weapon.name if weapon.name not in taken else f"{weapon.name} of {holder.name}"
        thief.attacks.append(dataclasses.replace(weapon, name=name[:80], dropped_at=None))


def _push(play: Play, shover: str, pushed: str) -> None:
    """A shove's push: ``pushed`` moves 5 ft (one cell) straight away from ``shover``, to
    the free cell farthest from it; moved by another, it provokes no opportunity attack
    (``d20.oa.exempt``). With no free cell away, it stays."""
    board = play.ruleset.board(play.draft)
    geometry = board.geometry
    them = play.draft.get(pushed)
    mine = board.cells(play.draft.get(shover))
    taken = {
        cell
        for c in play.draft.encounter.combatants
        if c.id != pushed and not c.dead
        for cell in board.cells(c)
    }
    here = geometry.space_distance(mine, board.cells(them))
    ox, oy = _centre(geometry, play.draft.get(shover).position.key())
    tx, ty = _centre(geometry, them.position.key())
    best: tuple[int, float, Cell] | None = None
    for dx, dy in geometry.steps:
        anchor = (them.position.x + dx, them.position.y + dy)
        cells = board.cells_at(them, anchor)
        if not geometry.fits(cells) or any(cell in taken for cell in cells):
            continue
        away = geometry.space_distance(mine, cells)
        ax, ay = _centre(geometry, anchor)
        # how straight the step is: the cosine between it and the line from the shover
        straight = ((ax - tx) * (tx - ox) + (ay - ty) * (ty - oy)) / (
            math.hypot(ax - tx, ay - ty) * (math.hypot(tx - ox, ty - oy) or 1.0)
        )
        if away > here and (best is None or (away, straight) > best[:2]):
            best = (away, straight, Cell(*anchor))
    if best is None:
        play.done(f"{pushed} can't be pushed away from {shover}: no free space behind it")
        return
    cell = best[2]
    play.draft.edit(pushed).position = cell
    play.done(
        f"{pushed} is pushed 5 ft away from {shover}, to ({cell.x}, {cell.y})",
        to={"x": cell.x, "y": cell.y},
    )


def _centre(geometry: Geometry, cell: tuple[int, int]) -> tuple[float, float]:
    """Where a cell's centre is drawn, for the direction of a push."""
    x, y = cell
    if geometry.kind.value == "square":
        return float(x), float(y)
    if geometry.orientation.value == "flat":
        return x * 1.5, (y + x / 2) * math.sqrt(3)
    return (x + y / 2) * math.sqrt(3), y * 1.5


def directions(play: Play) -> tuple[str, ...]:
    """The direction names of the encounter's grid, in the order of its steps."""
    return HEX_DIRECTIONS if play.draft.encounter.grid.kind == "hex" else SQUARE_DIRECTIONS


def direction_in(text: str | None, play: Play) -> str | None:
    """The direction a DM's answer names (``north-east``, ``west``...), if any."""
    if not text:
        return None
    words = text.lower().replace("_", "-").replace(" ", "-")
    for name in sorted(directions(play), key=len, reverse=True):
        if name in words:
            return name
    return None


def cell_in(text: str | None) -> Cell | None:
    """The cell a DM's answer names (``3,4`` or ``(3, 4)``), if any."""
    if not text:
        return None
    found = re.search(r"(-?\d+)\s*,\s*(-?\d+)", text)
    return Cell(int(found.group(1)), int(found.group(2))) if found else None


@dataclass(frozen=True, kw_only=True)
class GrantAction(_Base):
    """``grant_action``: ``who`` may take ``action`` right after the attack, without using
    its action, bonus action or reaction. ``automatic``: it succeeds without a contest (the
    automatic grapple or shove). ``on_success``: effects that replace the action's usual
    result when it succeeds (a disarm that steals the weapon or knocks it 20 ft away)."""

    type: Literal["grant_action"] = field(default="grant_action", init=False)
    who: Party
    action: Literal["disengage", "dodge", "disarm", "grapple", "shove"]
    automatic: bool = False
    on_success: tuple[Effect, ...] = ()

    def children(self) -> tuple[Effect, ...]:
        return self.on_success

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        other = play.target_id if cid == play.attacker_id else play.attacker_id
        if self.action in ("disengage", "dodge"):
            # Disengage lasts to the end of the current turn; Dodge to the start of your next
            if self.action == "disengage":
                name = Cond.DISENGAGED
                now = play.draft.encounter.turn_of or cid
                lasts = StateDuration(ends="end", of=now, turns=0)
            else:
                name = Cond.DODGING
                lasts = StateDuration(ends="start", of=cid, turns=1)
            c = play.draft.edit(cid)
            c.conditions = [
                *(x for x in c.conditions if x.name != name),
                StateCondition(name, None, lasts),
            ]
            play.done(f"{cid} takes the {self.action.title()} action", condition=name)
            return
        won = self.automatic or play.contest(self.action)
        if not won:
            play.applied.append(f"{cid}'s {self.action} fails")
            return
        if self.action == "grapple":
            t = play.draft.edit(other)
            t.conditions = [
                *(x for x in t.conditions if x.name != Cond.GRAPPLED),
                StateCondition(Cond.GRAPPLED, cid),
            ]
            play.done(f"{other} is grappled by {cid}", condition=Cond.GRAPPLED)
        elif self.action == "shove":
            if play.detail and "push" in play.detail.lower():
                _push(play, cid, other)
            else:
                t = play.draft.edit(other)
                t.conditions = [
                    *(x for x in t.conditions if x.name != Cond.PRONE),
                    StateCondition(Cond.PRONE),
                ]
                play.done(f"{other} is shoved prone", condition=Cond.PRONE)
        elif self.on_success:
            play.apply_list(self.on_success)
        else:
            party: Party = "target" if other == play.target_id else "attacker"
            play.apply(WeaponMoved(who=party, to="own_feet"))


@dataclass(frozen=True, kw_only=True)
class OpportunityAttack(_Base):
    """``opportunity_attack``: ``who`` may use its reaction (if it has one) for one melee
    attack against ``against``: the ``attacker``, or ``ally_near_target``, one ally of the
    attacker within ``who``'s melee reach (``who`` picks which). Offered like any reaction:
    it fires or is declined by ``who``'s side."""

    type: Literal["opportunity_attack"] = field(default="opportunity_attack", init=False)
    who: Party
    against: Literal["attacker", "ally_near_target"]

    def apply(self, play: Play) -> None:
        who = play.party(self.who)
        at = play.attacker_id if self.against == "attacker" else "an ally of the attacker"
        detail = f" ({play.detail})" if play.detail else ""
        play.done(
            f"{who} may use its reaction for one melee attack against {at}{detail}: "
            "resolveAttack with spend 'reaction'"
        )


@dataclass(frozen=True, kw_only=True)
class ObscuredArea(_Base):
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
        duration, _ = play.duration(self.duration, play.party(self.center))
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


@dataclass(frozen=True, kw_only=True)
class ComponentsBlocked(_Base):
    """``components_blocked``: while ``duration`` lasts ``who`` can't provide ``component``
    components, so it can't cast spells that need them (``material`` includes using a
    spellcasting focus in their place)."""

    type: Literal["components_blocked"] = field(default="components_blocked", init=False)
    who: Party
    component: Literal["verbal", "somatic", "material"]
    duration: Duration

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        duration, starts = play.duration(self.duration, holder)
        play.give(
            holder,
            StateEffect(
                kind="blocked-component",
                roll="spell",
                starts_round=starts,
                duration=duration,
                source=play.source,
                note=self.component,
            ),
        )
        play.done(f"{holder} can't provide {self.component} components")


@dataclass(frozen=True, kw_only=True)
class PermanentInjury(_Base):
    """``permanent_injury``: ``who`` gets a permanent injury that the DM chooses (always
    ``choice="dm"``: the DM's answer names the injury and any mechanical effect). It heals
    with an extended rest whose length the DM sets, and leaves a scar; the engine records
    it and applies nothing else by itself."""

    type: Literal["permanent_injury"] = field(default="permanent_injury", init=False)
    who: Party

    def __post_init__(self) -> None:
        if self.choice != "dm":
            raise ValueError("a permanent injury is chosen by the DM (choice 'dm')")

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        injury = play.detail or "a permanent injury"
        play.give(
            holder,
            StateEffect(kind="other", source=play.source, note=f"permanent injury: {injury}"),
        )
        play.done(f"{holder} suffers a permanent injury: {injury}")


@dataclass(frozen=True, kw_only=True)
class Ammunition(_Base):
    """``ammunition``: ``who``'s ammunition is disturbed. ``spilled`` (``every_shot``): before
    each ranged attack with it ``who`` must pick a piece up with its free object interaction
    or the Use an Object action (``recover_with`` =
    ``object_interaction_or_use_an_object``). ``lodged``: before its next ranged attack
    ``who`` must spend an action (``recover_with="action"``) once."""

    type: Literal["ammunition"] = field(default="ammunition", init=False)
    who: Party
    problem: Literal["spilled", "lodged"]
    recover_with: Literal["object_interaction_or_use_an_object", "action"]
    every_shot: bool

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        c = play.draft.get(holder)
        index = find_weapon(c, play.attack.name if holder == play.attacker_id else None)
        note = (
            "pick up a piece before each ranged attack (object interaction or Use an Object)"
            if self.problem == "spilled"
            else "spend an action freeing it before the next ranged attack"
        )
        if index is None:
            # an attack described inline is not kept: a note is all the state can hold
            text = f"ammunition {self.problem} ({play.attack.name}): {note}"
            play.give(holder, StateEffect(kind="other", source=play.source, note=text))
            play.done(f"{holder}: {text}")
            return
        weapon = set_weapon(play.draft, holder, index, ammo_problem=self.problem)
        play.done(
            f"{holder}'s ammunition for {weapon.name} is {self.problem}: {note}",
            weapon=weapon.name,
            problem=self.problem,
        )


@dataclass(frozen=True, kw_only=True)
class SelfHit(_Base):
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


Effect: TypeAlias = (
    RollMode
    | AcBonus
    | Condition
    | Exhaustion
    | Movement
    | Initiative
    | EndTurn
    | ExtraDamageDice
    | Damage
    | Check
    | WeaponMoved
    | GrantAction
    | OpportunityAttack
    | ObscuredArea
    | ComponentsBlocked
    | PermanentInjury
    | Ammunition
    | SelfHit
)


def iter_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect, depth first, including those nested in ``on_fail`` / ``on_success``."""
    for effect in effects:
        yield effect
        yield from iter_effects(effect.children())


_COMMON = ("choice", "applies_to", "requires")


WEAPON_STATE = ("dropped_at", "ammo_problem")
"""Fields of an attack that say what happened to the weapon, not what it is."""


def attack_json(attack: Attack) -> dict[str, Any]:
    """The weapon a pending choice's effects will use, on the wire (camelCase keys): its
    profile, without what has happened to it and without empty fields."""
    profile = {
        f.name: getattr(attack, f.name)
        for f in dataclasses.fields(attack)
        if f.name not in WEAPON_STATE and getattr(attack, f.name) is not None
    }
    return {camel(k): v for k, v in profile.items()}


def effect_json(effect: Effect) -> dict[str, Any]:
    """An effect in the data files' JSON shape (snake_case; a pending choice stores it in
    camelCase, :func:`~.loader.to_wire`): its type, its own fields, then the fields every
    effect may carry."""
    out: dict[str, Any] = {"type": effect.type}
    names = [f.name for f in dataclasses.fields(effect) if f.name not in ("type", *_COMMON)]
    for name in (*names, *_COMMON):
        value = getattr(effect, name)
        if value is not None:
            out[name] = _json_value(value)
    return out


def _json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "type"):
            return effect_json(value)  # type: ignore[arg-type]
        return {
            f.name: getattr(value, f.name)
            for f in dataclasses.fields(value)
            if getattr(value, f.name) is not None
        }
    return value

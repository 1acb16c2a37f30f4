"""The d100 Critical Hit and Critical Fumble tables of the ``d20`` ruleset, as typed data.

Rules: ``d20.crit.tables`` (which table a natural 20 or natural 1 rolls on),
``d20.crit.effects`` (each band's effects are applied mechanically; "you can choose" and
"chosen by DM" become pending choices) and ``d20.crit.table-gap`` (the spell Critical Hit
table's 96-99 band is read as 95-99).

The four tables live in ``service/rules/rulesets/data/*.json``. Each band has ``low``,
``high``, ``title`` (the seed's Description column), ``text`` (its Effect column), an
optional ``note`` (a reading decision) and ``effects``: a list drawn from the closed
vocabulary below. The files are read once, on first use, and validated as a whole: every
roll 1..100 falls in exactly one band, every effect has a known ``type`` with exactly its
fields, or :class:`CritTableError` says what is wrong and where.

How the engine applies a band
-----------------------------
* Effects apply in list order, after the attack's own (critical) damage.
* Parties are named relative to the attack: ``"attacker"`` is the creature that rolled the
  natural 20 or natural 1; ``"target"`` the creature the attack was aimed at; ``"enemies"``
  every creature hostile to the attacker (the target included).
* ``applies_to`` (``"melee"`` / ``"ranged"``): the weapon fumble bands 15-19, 60-69 and
  70-79 hold a melee and a ranged variant in one list; an effect tagged with
  ``applies_to`` is applied only to an attack of that kind, an untagged one to every
  attack. :meth:`Band.effects_for` does the filtering.
* ``requires`` (``"free_hand"`` / ``"both_hands_in_use"``): the effect applies only if the
  attacker has at least one free hand / has both hands in use when the band is applied.
* ``choice``: the seed leaves a decision to a person; the engine records a pending choice
  instead of applying the effect at once (``d20.crit.effects``).

  - ``"attacker"`` ("you can choose ..."): all the effects of one band marked
    ``"attacker"`` form **one** offer that the attacker accepts or declines as a whole
    (the seed sells them as a bargain: "... but if you do, all enemies have advantage").
  - ``"dm"`` ("chosen by DM", "DM's choice"): the DM supplies the detail that the effect's
    docstring names (which permanent injury, which square...). The engine may settle a
    DM choice without asking when only one option exists.

  A choice on an effect nested in a :class:`Check` or :class:`GrantAction` branch arises
  only when that branch happens.

Durations (:data:`Duration`) are data too, in the engine's shape:
``{"ends": "start"|"end", "of": "attacker"|"target", "turns": n}``, ``{"rounds": n}``,
``{"rounds_dice": "1d4", "until_damaged": true}``, ``"next round"`` and
``{"until": "turn_without_spell", "of": "attacker"}``. Each duration class has
``to_json()`` giving that shape back.

Dice are in the engine's dice notation (``"1d6"``); the service rolls them with the
encounter's random generator when it applies the effect.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Final, Literal, TypeAlias, TypeVar, get_args

__all__ = [
    "EFFECT_TYPES",
    "AcBonus",
    "Ammunition",
    "AttackKind",
    "Band",
    "Check",
    "Chooser",
    "ComponentsBlocked",
    "Condition",
    "ConditionName",
    "CritTable",
    "CritTableError",
    "Damage",
    "DamageRoll",
    "Distance",
    "Duration",
    "Effect",
    "EndTurn",
    "Exhaustion",
    "ExtraDamageDice",
    "GrantAction",
    "Initiative",
    "Movement",
    "NextRound",
    "ObscuredArea",
    "OpportunityAttack",
    "Party",
    "PermanentInjury",
    "RollMode",
    "Rounds",
    "RoundsDice",
    "SelfHit",
    "Table",
    "TurnBoundary",
    "UntilTurnWithoutSpell",
    "WeaponKind",
    "WeaponMoved",
    "Who",
    "band",
    "iter_effects",
    "load_table",
    "parse_table",
    "table_for",
]


class CritTableError(ValueError):
    """A critical table file (or dict) is malformed: a gap, an overlap, an unknown effect."""


# --------------------------------------------------------------------------------------
# Small vocabularies
# --------------------------------------------------------------------------------------

AttackKind: TypeAlias = Literal["melee", "ranged", "spell"]
"""The kind of attack that rolled the natural 20 or 1 (picks the table)."""
Party: TypeAlias = Literal["attacker", "target"]
"""One creature, relative to the attack."""
Who: TypeAlias = Literal["attacker", "target", "enemies"]
"""One creature or a group, relative to the attack (``enemies``: all enemies of the attacker)."""
Chooser: TypeAlias = Literal["attacker", "dm"]
WeaponKind: TypeAlias = Literal["melee", "ranged"]
HandsNeeded: TypeAlias = Literal["free_hand", "both_hands_in_use"]
Ability: TypeAlias = Literal[
    "strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"
]
ConditionName: TypeAlias = Literal[
    "prone", "surprised", "blinded", "frightened", "incapacitated", "stunned", "asleep"
]

_DICE: Final = re.compile(r"^[1-9][0-9]*d[1-9][0-9]*$")

# --------------------------------------------------------------------------------------
# Durations
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TurnBoundary:
    """``{"ends": "start"|"end", "of": party, "turns": n}``: lasts until the start (or the
    end) of the ``turns``-th turn of ``of`` that begins after the band is applied.

    "Until the end of your next turn" is ``ends=end, of=attacker, turns=1``; "until your
    next turn" is ``ends=start, of=attacker, turns=1``; "for their next 2 turns" is
    ``ends=end, of=target, turns=2``. The engine maps ``of`` to that combatant's id.
    """

    ends: Literal["start", "end"]
    of: Party
    turns: int = 1

    def to_json(self) -> dict[str, str | int]:
        return {"ends": self.ends, "of": self.of, "turns": self.turns}


@dataclass(frozen=True, kw_only=True)
class Rounds:
    """``{"rounds": n}``: lasts ``n`` rounds (one minute is 10 rounds of about 6 seconds)."""

    rounds: int

    def to_json(self) -> dict[str, int]:
        return {"rounds": self.rounds}


@dataclass(frozen=True, kw_only=True)
class RoundsDice:
    """``{"rounds_dice": "1d4", "until_damaged": true}``: the service rolls ``rounds_dice``
    when it applies the effect and the result lasts that many rounds; with
    ``until_damaged`` it also ends as soon as its holder takes damage from any source
    (damage dealt earlier in the same band does not count)."""

    rounds_dice: str
    until_damaged: bool = False

    def to_json(self) -> dict[str, str | bool]:
        return {"rounds_dice": self.rounds_dice, "until_damaged": self.until_damaged}


@dataclass(frozen=True, kw_only=True)
class NextRound:
    """``"next round"``: a window that opens at the start of the next round and closes at
    its end (not the rest of the current round)."""

    def to_json(self) -> str:
        return "next round"


@dataclass(frozen=True, kw_only=True)
class UntilTurnWithoutSpell:
    """``{"until": "turn_without_spell", "of": party}``: lasts until the end of the first
    later turn of ``of`` in which it casts no spell ("until you stop casting magic"), or
    until the encounter ends."""

    of: Party

    def to_json(self) -> dict[str, str]:
        return {"until": "turn_without_spell", "of": self.of}


Duration: TypeAlias = TurnBoundary | Rounds | RoundsDice | NextRound | UntilTurnWithoutSpell


@dataclass(frozen=True, kw_only=True)
class Distance:
    """``{"feet": 20}`` (a fixed distance) or ``{"dice": "1d6", "feet_each": 5}`` (the
    service rolls the dice and multiplies: 1d6 x 5 feet)."""

    feet: int | None = None
    dice: str | None = None
    feet_each: int | None = None


@dataclass(frozen=True, kw_only=True)
class DamageRoll:
    """``{"dice": "1d6", "damage_type": "thunder"}``; ``damage_type`` null: the seed names
    no type (untyped damage: no resistance or vulnerability applies)."""

    dice: str
    damage_type: str | None = None


# --------------------------------------------------------------------------------------
# Effects
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RollMode:
    """``roll_mode``: ``who`` rolls with ``mode`` (advantage or disadvantage).

    ``roll`` says which rolls: ``attack`` (attack rolls), ``spell_attack`` (spell attack
    rolls only), ``save`` (saving throws against effects that originate from
    ``against``), ``spell_save`` (saving throws against spells cast by ``against``).
    ``against`` is the creature attacked (for attacks) or the source (for saves):
    ``attacker``, ``target`` or ``any``. ``rolls``: ``all`` qualifying rolls while the
    window lasts, or only the ``next`` one (each creature in ``who`` uses up its own).
    ``duration`` is the window; ``None`` (only with ``rolls="next"``): no time limit, it
    lasts until used. The engine lists the band as a source of advantage/disadvantage on
    the roll it affects (``d20.attack.sources``).
    """

    type: Literal["roll_mode"] = field(default="roll_mode", init=False)
    who: Who
    mode: Literal["advantage", "disadvantage"]
    roll: Literal["attack", "spell_attack", "save", "spell_save"]
    against: Literal["attacker", "target", "any"]
    rolls: Literal["all", "next"]
    duration: Duration | None
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class AcBonus:
    """``ac_bonus``: ``who`` adds ``bonus`` to its AC against attacks made by ``against``
    (only those), while ``duration`` lasts."""

    type: Literal["ac_bonus"] = field(default="ac_bonus", init=False)
    who: Party
    bonus: int
    against: Party
    duration: Duration
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Condition:
    """``condition``: ``who`` gains the condition ``condition`` for ``duration``.

    ``duration`` ``None``: until removed by the usual means (prone: until it stands up).
    ``source``: the creature the condition is tied to ("frightened by you").
    ``hp_below_roll``: the service rolls these dice and the condition applies only if
    ``who``'s current hit points (after the attack's damage) are lower than the total;
    the response shows the roll either way.
    ``surprised``: the creature can't move or act and can't take reactions until the
    duration ends (``d20.order.surprise``).
    """

    type: Literal["condition"] = field(default="condition", init=False)
    who: Party
    condition: ConditionName
    duration: Duration | None = None
    source: Party | None = None
    hp_below_roll: str | None = None
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Exhaustion:
    """``exhaustion``: ``who`` gains ``levels`` levels ("units") of exhaustion."""

    type: Literal["exhaustion"] = field(default="exhaustion", init=False)
    who: Party
    levels: int
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Movement:
    """``movement``: ``speed_halved``: ``who``'s speed is halved (rounded down to 5 ft)
    while ``duration`` lasts. ``no_movement_left``: ``who``'s remaining movement for the
    current turn becomes 0 (so a prone creature can't stand up this turn); ``duration``
    is ``None`` and nothing happens outside ``who``'s own turn."""

    type: Literal["movement"] = field(default="movement", init=False)
    who: Party
    mode: Literal["speed_halved", "no_movement_left"]
    duration: Duration | None = None
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Initiative:
    """``initiative``: ``who`` moves to the ``top`` (or ``bottom``) of the initiative order.

    ``at="end_of_turn"``: when ``who``'s turn ends (the current one if the attack was made
    on it, else its next one), so it acts first from the next round on.
    ``at="start_of_next_round"``: when the next round starts, so it acts last in it.
    This is a named feature (``d20.init.lower`` allows raising initiative only so).
    """

    type: Literal["initiative"] = field(default="initiative", init=False)
    who: Party
    position: Literal["top", "bottom"]
    at: Literal["end_of_turn", "start_of_next_round"]
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class EndTurn:
    """``end_turn``: ``who``'s current turn ends at once (unused movement, action and bonus
    action are lost). If it is not ``who``'s turn (the attack was a reaction), nothing."""

    type: Literal["end_turn"] = field(default="end_turn", init=False)
    who: Party
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class ExtraDamageDice:
    """``extra_damage_dice``: roll ``sets`` more sets of the attack's damage dice (every
    die of the attack's damage, including extra dice that are part of it, as
    ``d20.crit.damage`` doubles; no modifier) and deal them to ``who`` with the attack's
    damage type."""

    type: Literal["extra_damage_dice"] = field(default="extra_damage_dice", init=False)
    who: Party
    sets: int = 1
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Damage:
    """``damage``: the service rolls every entry of ``rolls`` and deals the damage to
    ``who`` (each entry with its own type). ``half``: halve the total, rounded down (the
    "on success take half damage" branch of a :class:`Check`)."""

    type: Literal["damage"] = field(default="damage", init=False)
    who: Party
    rolls: tuple[DamageRoll, ...]
    half: bool = False
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Check:
    """``check``: the service rolls ``who``'s ``roll`` (an ability check or a saving throw)
    of ``ability`` against ``dc`` from its own bonuses (``d20.crit.effects``), then applies
    ``on_fail`` (total below ``dc``) or ``on_success``, both lists of effects in this
    vocabulary, in order."""

    type: Literal["check"] = field(default="check", init=False)
    who: Party
    roll: Literal["ability_check", "saving_throw"]
    ability: Ability
    dc: int
    on_fail: tuple[Effect, ...] = ()
    on_success: tuple[Effect, ...] = ()
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class WeaponMoved:
    """``weapon_moved``: the weapon ``who`` holds (the attacker: the one it attacked with)
    leaves its hand and goes ``to``:

    * ``own_feet``: dropped in ``who``'s space;
    * ``target_space``: lands in the target's space (a DM choice picks the square of a
      Large or larger target);
    * ``attacker_hand``: the attacker takes it into its free hand (stolen);
    * ``away``: flies ``distance`` from ``who``'s space in ``direction`` (``random``: the
      service rolls one of the grid's directions; ``dm``: the DM picks it, a pending
      choice), stopping at the first wall or obstacle.

    Nothing happens if ``who`` holds no weapon.
    """

    type: Literal["weapon_moved"] = field(default="weapon_moved", init=False)
    who: Party
    to: Literal["own_feet", "target_space", "attacker_hand", "away"]
    distance: Distance | None = None
    direction: Literal["random", "dm"] | None = None
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class GrantAction:
    """``grant_action``: ``who`` may take ``action`` right after the attack, without using
    its action, bonus action or reaction (offered as a pending choice when marked
    ``choice="attacker"``). ``automatic``: it succeeds without a contest (the automatic
    grapple or shove). ``on_success``: effects that replace the action's usual result
    when it succeeds (a disarm that steals the weapon or knocks it 20 ft away)."""

    type: Literal["grant_action"] = field(default="grant_action", init=False)
    who: Party
    action: Literal["disengage", "dodge", "disarm", "grapple", "shove"]
    automatic: bool = False
    on_success: tuple[Effect, ...] = ()
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class OpportunityAttack:
    """``opportunity_attack``: ``who`` may use its reaction (if it has one) for one melee
    attack against ``against``: the ``attacker``, or ``ally_near_target``, one ally of the
    attacker within ``who``'s melee reach (``who`` picks which). Offered like any
    reaction: it fires or is declined by ``who``'s side."""

    type: Literal["opportunity_attack"] = field(default="opportunity_attack", init=False)
    who: Party
    against: Literal["attacker", "ally_near_target"]
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class ObscuredArea:
    """``obscured_area``: a sphere of ``radius_ft`` around ``center``'s position when the
    band applies (it does not move with it) is ``degree`` obscured for ``duration``; a
    strong wind disperses it in ``strong_wind_clears_in_rounds`` rounds."""

    type: Literal["obscured_area"] = field(default="obscured_area", init=False)
    center: Party
    radius_ft: int
    degree: Literal["lightly", "heavily"]
    duration: Duration
    strong_wind_clears_in_rounds: int | None = None
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class ComponentsBlocked:
    """``components_blocked``: while ``duration`` lasts ``who`` can't provide
    ``component`` components, so it can't cast spells that need them (``material``
    includes using a spellcasting focus in their place)."""

    type: Literal["components_blocked"] = field(default="components_blocked", init=False)
    who: Party
    component: Literal["verbal", "somatic", "material"]
    duration: Duration
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class PermanentInjury:
    """``permanent_injury``: ``who`` gets a permanent injury that the DM chooses (always
    ``choice="dm"``: the DM's answer names the injury and any mechanical effect). It heals
    with an extended rest whose length the DM sets, and leaves a scar; the engine records
    it and applies nothing else by itself."""

    type: Literal["permanent_injury"] = field(default="permanent_injury", init=False)
    who: Party
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class Ammunition:
    """``ammunition``: ``who``'s ammunition is disturbed.

    ``spilled`` (``every_shot``): for the rest of the encounter, before each ranged
    attack with that ammunition ``who`` must pick a piece up with its free object
    interaction or the Use an Object action (``recover_with`` =
    ``object_interaction_or_use_an_object``). ``lodged``: before its next ranged attack
    ``who`` must spend an action (``recover_with="action"``) once.
    """

    type: Literal["ammunition"] = field(default="ammunition", init=False)
    who: Party
    problem: Literal["spilled", "lodged"]
    recover_with: Literal["object_interaction_or_use_an_object", "action"]
    every_shot: bool
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


@dataclass(frozen=True, kw_only=True)
class SelfHit:
    """``self_hit``: the spell hits ``who`` (its caster) instead: ``who`` is the target of
    an ordinary hit (damage not doubled) and takes the spell's full effect. If the spell
    needs concentration, its effect on ``who`` lasts for ``concentration_duration``
    (needing no concentration) instead."""

    type: Literal["self_hit"] = field(default="self_hit", init=False)
    who: Party
    concentration_duration: Duration
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None


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
        if isinstance(effect, Check):
            yield from iter_effects(effect.on_fail)
            yield from iter_effects(effect.on_success)
        elif isinstance(effect, GrantAction):
            yield from iter_effects(effect.on_success)


# --------------------------------------------------------------------------------------
# Bands and tables
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Band:
    """One row of a table: rolls ``low``..``high`` inclusive."""

    low: int
    high: int
    title: str
    """The seed's Description column."""
    text: str
    """The seed's Effect column."""
    effects: tuple[Effect, ...]
    note: str | None = None
    """A reading decision made for this band, if any."""

    def __contains__(self, roll: object) -> bool:
        return isinstance(roll, int) and self.low <= roll <= self.high

    def effects_for(self, kind: AttackKind) -> tuple[Effect, ...]:
        """The top-level effects that apply to an attack of ``kind``: untagged effects and
        those whose ``applies_to`` is ``kind``."""
        return tuple(e for e in self.effects if e.applies_to in (None, kind))

    @property
    def choices(self) -> tuple[Effect, ...]:
        """Every effect (nested included) that needs a person's decision."""
        return tuple(e for e in iter_effects(self.effects) if e.choice is not None)


class CritTable(enum.Enum):
    """The four d100 tables (``d20.crit.tables``); the value is the data file's stem."""

    WEAPON_HIT = "weapon_hit"
    WEAPON_FUMBLE = "weapon_fumble"
    SPELL_HIT = "spell_hit"
    SPELL_FUMBLE = "spell_fumble"

    @property
    def critical_hit(self) -> bool:
        """A Critical Hit table (natural 20), else a Critical Fumble table (natural 1)."""
        return self in (CritTable.WEAPON_HIT, CritTable.SPELL_HIT)

    @property
    def spell(self) -> bool:
        return self in (CritTable.SPELL_HIT, CritTable.SPELL_FUMBLE)


@dataclass(frozen=True, kw_only=True)
class Table:
    """A whole validated table: its bands in roll order, and a roll -> band index."""

    table: CritTable
    title: str
    """The seed's heading for the table."""
    source: str | None
    """Where in the seeds the table comes from."""
    bands: tuple[Band, ...]
    _by_roll: tuple[Band, ...] = field(repr=False, compare=False)

    def band(self, roll: int) -> Band:
        """The band holding ``roll`` (1..100)."""
        if isinstance(roll, bool) or not isinstance(roll, int) or not 1 <= roll <= 100:
            raise ValueError(f"a d100 roll is an integer from 1 to 100, not {roll!r}")
        return self._by_roll[roll - 1]


def table_for(kind: AttackKind, critical: bool) -> CritTable:
    """``d20.crit.tables``: the table a natural 20 (``critical=True``, Critical Hit table)
    or a natural 1 (``critical=False``, Critical Fumble table) rolls on. Weapon attacks
    (``melee``, ``ranged``) use the weapon tables, spell attacks the spell tables."""
    if kind == "spell":
        return CritTable.SPELL_HIT if critical else CritTable.SPELL_FUMBLE
    if kind in ("melee", "ranged"):
        return CritTable.WEAPON_HIT if critical else CritTable.WEAPON_FUMBLE
    raise ValueError(f"unknown attack kind {kind!r}: expected melee, ranged or spell")


def band(table: CritTable, roll: int) -> Band:
    """The band of ``table`` that a d100 ``roll`` (1..100) lands in."""
    return load_table(table).band(roll)


@functools.cache
def load_table(table: CritTable) -> Table:
    """The packaged table, read and validated once (:class:`CritTableError` if broken)."""
    resource = files("service.rules.rulesets") / "data" / f"{table.value}.json"
    try:
        raw: object = json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CritTableError(f"{table.value}.json: cannot be read as JSON: {exc}") from exc
    return parse_table(raw, table)


# --------------------------------------------------------------------------------------
# Parsing and validation
# --------------------------------------------------------------------------------------

_T = TypeVar("_T", bound=str)


class _Obj:
    """A JSON object being read: typed getters, and a check that no key is left unread."""

    def __init__(self, raw: object, path: str) -> None:
        if not isinstance(raw, Mapping) or not all(isinstance(k, str) for k in raw):
            raise CritTableError(f"{path}: expected a JSON object, got {_show(raw)}")
        self.raw: Mapping[str, object] = raw
        self.path = path
        self._read: set[str] = set()

    def at(self, key: str) -> str:
        return f"{self.path}.{key}"

    def has(self, key: str) -> bool:
        return key in self.raw

    def get(self, key: str) -> object:
        self._read.add(key)
        if key not in self.raw:
            raise CritTableError(f"{self.path}: missing field {key!r}")
        return self.raw[key]

    def opt(self, key: str) -> object:
        self._read.add(key)
        return self.raw.get(key)

    def str_(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str) or not value.strip():
            raise CritTableError(f"{self.at(key)}: expected a non-empty string, got {_show(value)}")
        return value

    def opt_str(self, key: str) -> str | None:
        return self.str_(key) if self.opt(key) is not None else None

    def int_(self, key: str, low: int, high: int) -> int:
        return _int(self.get(key), self.at(key), low, high)

    def opt_int(self, key: str, low: int, high: int) -> int | None:
        value = self.opt(key)
        return None if value is None else _int(value, self.at(key), low, high)

    def bool_(self, key: str, default: bool) -> bool:
        value = self.opt(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise CritTableError(f"{self.at(key)}: expected true or false, got {_show(value)}")
        return value

    def dice(self, key: str) -> str:
        value = self.str_(key)
        if not _DICE.match(value):
            raise CritTableError(f"{self.at(key)}: expected dice such as '1d6', got {value!r}")
        return value

    def opt_dice(self, key: str) -> str | None:
        return self.dice(key) if self.opt(key) is not None else None

    def one_of(self, key: str, allowed: tuple[_T, ...]) -> _T:
        return _one_of(self.get(key), allowed, self.at(key))

    def opt_one_of(self, key: str, allowed: tuple[_T, ...]) -> _T | None:
        value = self.opt(key)
        return None if value is None else _one_of(value, allowed, self.at(key))

    def done(self) -> None:
        extra = sorted(set(self.raw) - self._read)
        if extra:
            raise CritTableError(f"{self.path}: unknown field(s) {', '.join(map(repr, extra))}")


def _show(value: object) -> str:
    text = (
        json.dumps(value) if isinstance(value, str | int | float | bool) else type(value).__name__
    )
    return text if len(text) <= 60 else text[:57] + "..."


def _int(value: object, path: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CritTableError(
            f"{path}: expected an integer from {low} to {high}, got {_show(value)}"
        )
    return value


def _one_of(value: object, allowed: tuple[_T, ...], path: str) -> _T:
    for option in allowed:
        if value == option:
            return option
    raise CritTableError(
        f"{path}: expected one of {', '.join(map(repr, allowed))}, got {_show(value)}"
    )


_PARTY: Final[tuple[Party, ...]] = get_args(Party)
_WHO: Final[tuple[Who, ...]] = get_args(Who)
_CHOOSER: Final[tuple[Chooser, ...]] = get_args(Chooser)
_WEAPON_KIND: Final[tuple[WeaponKind, ...]] = get_args(WeaponKind)
_HANDS: Final[tuple[HandsNeeded, ...]] = get_args(HandsNeeded)
_ABILITY: Final[tuple[Ability, ...]] = get_args(Ability)
_CONDITION: Final[tuple[ConditionName, ...]] = get_args(ConditionName)


def _duration(raw: object, path: str) -> Duration:
    if raw == "next round":
        return NextRound()
    obj = _Obj(raw, path)
    result: Duration
    if obj.has("ends"):
        result = TurnBoundary(
            ends=obj.one_of("ends", ("start", "end")),
            of=obj.one_of("of", _PARTY),
            turns=obj.int_("turns", 1, 100),
        )
    elif obj.has("rounds"):
        result = Rounds(rounds=obj.int_("rounds", 1, 10_000))
    elif obj.has("rounds_dice"):
        result = RoundsDice(
            rounds_dice=obj.dice("rounds_dice"),
            until_damaged=obj.bool_("until_damaged", False),
        )
    elif obj.has("until"):
        obj.one_of("until", ("turn_without_spell",))
        result = UntilTurnWithoutSpell(of=obj.one_of("of", _PARTY))
    else:
        raise CritTableError(
            f"{path}: a duration is 'next round' or an object with 'ends', 'rounds', "
            "'rounds_dice' or 'until'"
        )
    obj.done()
    return result


def _opt_duration(obj: _Obj, key: str) -> Duration | None:
    raw = obj.opt(key)
    return None if raw is None else _duration(raw, obj.at(key))


def _req_duration(obj: _Obj, key: str) -> Duration:
    return _duration(obj.get(key), obj.at(key))


def _effects(raw: object, path: str) -> tuple[Effect, ...]:
    if not isinstance(raw, list):
        raise CritTableError(f"{path}: expected a list of effects, got {_show(raw)}")
    return tuple(_effect(item, f"{path}[{i}]") for i, item in enumerate(raw))


def _opt_effects(obj: _Obj, key: str) -> tuple[Effect, ...]:
    raw = obj.opt(key)
    return () if raw is None else _effects(raw, obj.at(key))


def _distance(raw: object, path: str) -> Distance:
    obj = _Obj(raw, path)
    if obj.has("dice"):
        result = Distance(dice=obj.dice("dice"), feet_each=obj.int_("feet_each", 1, 1000))
    else:
        result = Distance(feet=obj.int_("feet", 0, 10_000))
    obj.done()
    return result


def _damage_roll(raw: object, path: str) -> DamageRoll:
    obj = _Obj(raw, path)
    result = DamageRoll(dice=obj.dice("dice"), damage_type=obj.opt_str("damage_type"))
    obj.done()
    return result


def _roll_mode(o: _Obj) -> RollMode:
    e = RollMode(
        who=o.one_of("who", _WHO),
        mode=o.one_of("mode", ("advantage", "disadvantage")),
        roll=o.one_of("roll", ("attack", "spell_attack", "save", "spell_save")),
        against=o.one_of("against", ("attacker", "target", "any")),
        rolls=o.one_of("rolls", ("all", "next")),
        duration=_opt_duration(o, "duration"),
    )
    if e.duration is None and e.rolls == "all":
        raise CritTableError(f"{o.path}: rolls 'all' needs a duration")
    return e


def _ac_bonus(o: _Obj) -> AcBonus:
    return AcBonus(
        who=o.one_of("who", _PARTY),
        bonus=o.int_("bonus", -20, 20),
        against=o.one_of("against", _PARTY),
        duration=_req_duration(o, "duration"),
    )


def _condition(o: _Obj) -> Condition:
    return Condition(
        who=o.one_of("who", _PARTY),
        condition=o.one_of("condition", _CONDITION),
        duration=_opt_duration(o, "duration"),
        source=o.opt_one_of("source", _PARTY),
        hp_below_roll=o.opt_dice("hp_below_roll"),
    )


def _exhaustion(o: _Obj) -> Exhaustion:
    return Exhaustion(who=o.one_of("who", _PARTY), levels=o.int_("levels", 1, 6))


def _movement(o: _Obj) -> Movement:
    e = Movement(
        who=o.one_of("who", _PARTY),
        mode=o.one_of("mode", ("speed_halved", "no_movement_left")),
        duration=_opt_duration(o, "duration"),
    )
    if (e.mode == "speed_halved") != (e.duration is not None):
        raise CritTableError(f"{o.path}: speed_halved needs a duration, no_movement_left none")
    return e


def _initiative(o: _Obj) -> Initiative:
    return Initiative(
        who=o.one_of("who", _PARTY),
        position=o.one_of("position", ("top", "bottom")),
        at=o.one_of("at", ("end_of_turn", "start_of_next_round")),
    )


def _end_turn(o: _Obj) -> EndTurn:
    return EndTurn(who=o.one_of("who", _PARTY))


def _extra_damage_dice(o: _Obj) -> ExtraDamageDice:
    return ExtraDamageDice(who=o.one_of("who", _PARTY), sets=o.int_("sets", 1, 10))


def _damage(o: _Obj) -> Damage:
    raw = o.get("rolls")
    if not isinstance(raw, list) or not raw:
        raise CritTableError(f"{o.at('rolls')}: expected a non-empty list, got {_show(raw)}")
    rolls = tuple(_damage_roll(r, f"{o.at('rolls')}[{i}]") for i, r in enumerate(raw))
    return Damage(who=o.one_of("who", _PARTY), rolls=rolls, half=o.bool_("half", False))


def _check(o: _Obj) -> Check:
    e = Check(
        who=o.one_of("who", _PARTY),
        roll=o.one_of("roll", ("ability_check", "saving_throw")),
        ability=o.one_of("ability", _ABILITY),
        dc=o.int_("dc", 1, 40),
        on_fail=_opt_effects(o, "on_fail"),
        on_success=_opt_effects(o, "on_success"),
    )
    if not e.on_fail and not e.on_success:
        raise CritTableError(f"{o.path}: a check needs on_fail or on_success effects")
    return e


def _weapon_moved(o: _Obj) -> WeaponMoved:
    raw = o.opt("distance")
    e = WeaponMoved(
        who=o.one_of("who", _PARTY),
        to=o.one_of("to", ("own_feet", "target_space", "attacker_hand", "away")),
        distance=None if raw is None else _distance(raw, o.at("distance")),
        direction=o.opt_one_of("direction", ("random", "dm")),
    )
    if (e.to == "away") != (e.distance is not None and e.direction is not None):
        raise CritTableError(f"{o.path}: distance and direction go with to='away', only")
    return e


def _grant_action(o: _Obj) -> GrantAction:
    return GrantAction(
        who=o.one_of("who", _PARTY),
        action=o.one_of("action", ("disengage", "dodge", "disarm", "grapple", "shove")),
        automatic=o.bool_("automatic", False),
        on_success=_opt_effects(o, "on_success"),
    )


def _opportunity_attack(o: _Obj) -> OpportunityAttack:
    return OpportunityAttack(
        who=o.one_of("who", _PARTY),
        against=o.one_of("against", ("attacker", "ally_near_target")),
    )


def _obscured_area(o: _Obj) -> ObscuredArea:
    return ObscuredArea(
        center=o.one_of("center", _PARTY),
        radius_ft=o.int_("radius_ft", 5, 1000),
        degree=o.one_of("degree", ("lightly", "heavily")),
        duration=_req_duration(o, "duration"),
        strong_wind_clears_in_rounds=o.opt_int("strong_wind_clears_in_rounds", 1, 100),
    )


def _components_blocked(o: _Obj) -> ComponentsBlocked:
    return ComponentsBlocked(
        who=o.one_of("who", _PARTY),
        component=o.one_of("component", ("verbal", "somatic", "material")),
        duration=_req_duration(o, "duration"),
    )


def _permanent_injury(o: _Obj) -> PermanentInjury:
    if o.opt("choice") != "dm":
        raise CritTableError(f"{o.path}: a permanent injury is always choice 'dm'")
    return PermanentInjury(who=o.one_of("who", _PARTY))


def _ammunition(o: _Obj) -> Ammunition:
    return Ammunition(
        who=o.one_of("who", _PARTY),
        problem=o.one_of("problem", ("spilled", "lodged")),
        recover_with=o.one_of("recover_with", ("object_interaction_or_use_an_object", "action")),
        every_shot=o.bool_("every_shot", False),
    )


def _self_hit(o: _Obj) -> SelfHit:
    return SelfHit(
        who=o.one_of("who", _PARTY),
        concentration_duration=_req_duration(o, "concentration_duration"),
    )


_PARSERS: Final[Mapping[str, Callable[[_Obj], Effect]]] = {
    "roll_mode": _roll_mode,
    "ac_bonus": _ac_bonus,
    "condition": _condition,
    "exhaustion": _exhaustion,
    "movement": _movement,
    "initiative": _initiative,
    "end_turn": _end_turn,
    "extra_damage_dice": _extra_damage_dice,
    "damage": _damage,
    "check": _check,
    "weapon_moved": _weapon_moved,
    "grant_action": _grant_action,
    "opportunity_attack": _opportunity_attack,
    "obscured_area": _obscured_area,
    "components_blocked": _components_blocked,
    "permanent_injury": _permanent_injury,
    "ammunition": _ammunition,
    "self_hit": _self_hit,
}

EFFECT_TYPES: Final[frozenset[str]] = frozenset(_PARSERS)
"""The closed vocabulary: every ``type`` an effect may have."""


def _effect(raw: object, path: str) -> Effect:
    obj = _Obj(raw, path)
    kind = obj.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise CritTableError(
            f"{obj.at('type')}: unknown effect type {_show(kind)}; "
            f"known: {', '.join(sorted(EFFECT_TYPES))}"
        )
    effect = parser(obj)
    effect = dataclasses.replace(
        effect,
        choice=obj.opt_one_of("choice", _CHOOSER),
        applies_to=obj.opt_one_of("applies_to", _WEAPON_KIND),
        requires=obj.opt_one_of("requires", _HANDS),
    )
    obj.done()
    return effect


def _band(raw: object, path: str) -> Band:
    obj = _Obj(raw, path)
    result = Band(
        low=obj.int_("low", 1, 100),
        high=obj.int_("high", 1, 100),
        title=obj.str_("title"),
        text=obj.str_("text"),
        effects=_effects(obj.get("effects"), obj.at("effects")),
        note=obj.opt_str("note"),
    )
    obj.done()
    if result.low > result.high:
        raise CritTableError(f"{path}: low {result.low} is above high {result.high}")
    return result


def _ranges(rolls: Sequence[int]) -> str:
    """``[1, 2, 3, 7]`` -> ``"1-3, 7"``."""
    parts: list[str] = []
    start = prev = rolls[0]
    for roll in [*rolls[1:], None]:
        if roll is not None and roll == prev + 1:
            prev = roll
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if roll is not None:
            start = prev = roll
    return ", ".join(parts)


def parse_table(raw: object, expected: CritTable | None = None) -> Table:
    """Validate a table's JSON value and build it.

    Raises :class:`CritTableError` naming the place of the first problem: a field missing,
    unknown or of the wrong type, an unknown effect type, or rolls 1..100 that no band or
    more than one band covers (``d20.crit.tables``).
    """
    name = expected.value if expected else "table"
    obj = _Obj(raw, name)
    table = CritTable(obj.one_of("table", tuple(t.value for t in CritTable)))
    if expected is not None and table is not expected:
        raise CritTableError(f"{name}: holds the {table.value!r} table")
    title = obj.str_("title")
    source = obj.opt_str("source")
    raw_bands = obj.get("bands")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise CritTableError(f"{obj.at('bands')}: expected a non-empty list of bands")
    bands = tuple(_band(b, f"{obj.at('bands')}[{i}]") for i, b in enumerate(raw_bands))
    obj.done()

    holders: dict[int, list[Band]] = {roll: [] for roll in range(1, 101)}
    for b in bands:
        for roll in range(b.low, b.high + 1):
            holders[roll].append(b)
    gaps = [roll for roll, found in holders.items() if not found]
    if gaps:
        raise CritTableError(f"{name}: roll(s) {_ranges(gaps)} fall in no band")
    overlaps = [roll for roll, found in holders.items() if len(found) > 1]
    if overlaps:
        culprits = sorted({(b.low, b.high) for roll in overlaps for b in holders[roll]})
        raise CritTableError(
            f"{name}: roll(s) {_ranges(overlaps)} fall in more than one band "
            f"({', '.join(f'{lo}-{hi}' for lo, hi in culprits)})"
        )
    ordered = tuple(sorted(bands, key=lambda b: b.low))
    return Table(
        table=table,
        title=title,
        source=source,
        bands=ordered,
        _by_roll=tuple(holders[roll][0] for roll in range(1, 101)),
    )

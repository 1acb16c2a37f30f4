"""The d100 Critical Hit and Critical Fumble tables of the ``d20`` ruleset, as typed data.

Rules: ``d20.crit.tables`` (which table a natural 20 or natural 1 rolls on),
``d20.crit.effects`` (each band's effects are applied mechanically) and
``d20.crit.table-gap`` (the spell Critical Hit table's 96-99 band is read as 95-99).

The four tables live in ``data/*.json`` beside this file. Each band has ``low``, ``high``,
``title`` (the seed's Description column), ``text`` (its Effect column), an optional
``note`` (a reading decision) and ``effects`` (see :mod:`.effects`). The files are read once,
on first use, by :func:`~.loader.load` from the dataclasses below, and checked as a whole:
every roll 1..100 falls in exactly one band, or :class:`~.loader.LoadError` says where.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Annotated

from annotated_types import Ge, Le

from .effects import AttackKind, Effect, iter_effects
from .loader import LoadError, load


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


Roll = Annotated[int, Ge(1), Le(100)]


@dataclass(frozen=True, kw_only=True)
class Band:
    """One row of a table: rolls ``low``..``high`` inclusive."""

    low: Roll
    high: Roll
    title: str
    """The seed's Description column."""
    text: str
    """The seed's Effect column."""
    effects: tuple[Effect, ...]
    note: str | None = None
    """A reading decision made for this band, if any."""

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError(f"low {self.low} is above high {self.high}")

    def __contains__(self, roll: object) -> bool:
        return isinstance(roll, int) and self.low <= roll <= self.high

    @property
    def span(self) -> str:
        """``75-79``, or ``1`` for a one-roll band."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def effects_for(self, kind: AttackKind) -> tuple[Effect, ...]:
        """The top-level effects that apply to an attack of ``kind``: untagged effects and
        those whose ``applies_to`` is ``kind``."""
        return tuple(e for e in self.effects if e.applies_to in (None, kind))

    @property
    def choices(self) -> tuple[Effect, ...]:
        """Every effect (nested included) that needs a person's decision."""
        return tuple(e for e in iter_effects(self.effects) if e.choice is not None)


@dataclass(frozen=True, kw_only=True)
class TableFile:
    """A table file as written: which table, its heading, its source, its bands."""

    table: str
    title: str
    source: str | None = None
    bands: tuple[Band, ...]


@dataclass(frozen=True, kw_only=True)
class Table:
    """A whole checked table: its bands in roll order, and a roll -> band index."""

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
    return CritTable.WEAPON_HIT if critical else CritTable.WEAPON_FUMBLE


@functools.cache
def load_table(table: CritTable) -> Table:
    """The packaged table, read and checked once (:class:`LoadError` if broken)."""
    resource = files(__package__) / "data" / f"{table.value}.json"
    try:
        raw: object = json.loads(resource.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LoadError(f"{table.value}.json: cannot be read as JSON: {exc}") from exc
    return parse_table(raw, table)


def parse_table(raw: object, expected: CritTable | None = None) -> Table:
    """Check a table's JSON value and build it: every field as its type says, and every
    roll 1..100 in exactly one band (``d20.crit.tables``)."""
    name = expected.value if expected else "table"
    doc = load(TableFile, raw, name)
    try:
        table = CritTable(doc.table)
    except ValueError:
        known = ", ".join(repr(t.value) for t in CritTable)
        raise LoadError(f"{name}.table: expected one of {known}, got {doc.table!r}") from None
    if expected is not None and table is not expected:
        raise LoadError(f"{name}: holds the {table.value!r} table")
    if not doc.bands:
        raise LoadError(f"{name}.bands: expected a non-empty list of bands")
    holders: dict[int, list[Band]] = {roll: [] for roll in range(1, 101)}
    for b in doc.bands:
        for roll in range(b.low, b.high + 1):
            holders[roll].append(b)
    gaps = [roll for roll, found in holders.items() if not found]
    if gaps:
        raise LoadError(f"{name}: roll(s) {_ranges(gaps)} fall in no band")
    overlaps = [roll for roll, found in holders.items() if len(found) > 1]
    if overlaps:
        culprits = sorted({(b.low, b.high) for roll in overlaps for b in holders[roll]})
        raise LoadError(
            f"{name}: roll(s) {_ranges(overlaps)} fall in more than one band "
            f"({', '.join(f'{lo}-{hi}' for lo, hi in culprits)})"
        )
    return Table(
        table=table,
        title=doc.title,
        source=doc.source,
        bands=tuple(sorted(doc.bands, key=lambda b: b.low)),
        _by_roll=tuple(holders[roll][0] for roll in range(1, 101)),
    )


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

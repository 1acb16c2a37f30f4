"""What the d100 ruleset's own actions take and answer: reload, repair, shove, grapple,
escape, release (search is a base action now: :class:`~service.rules.model.requests.Search`,
re-exported here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le, Len

from ...model import Cell, Id, Spend
from ...model.outcomes import SearchOutcome as SearchOutcome
from ...model.requests import Search as Search


@dataclass(slots=True)
class Reload:
    """``d100.action.reload``: one action reloads one gun or energy weapon from carried rounds."""

    combatant_id: Id
    """The creature reloading: it spends its action (``d100.action.reload``)."""
    attack_name: Annotated[str, Len(1, 80)]
    """The weapon: one of the combatant's attacks with ``ammo`` and ``ammoType``."""


@dataclass(slots=True, kw_only=True)
class ReloadOutcome:
    """How many rounds went in, what the weapon holds and what is left in the pouch."""

    combatant_id: str
    attack_name: str
    loaded: int
    ammo: int
    capacity: int
    carried_left: int


@dataclass(slots=True)
class Repair:
    """``d100.action.repair``: a repair check (d20 + repair skill, or Intelligence) against
    ``dc``; success restores the weapon's condition to its maximum, or by ``amount``."""

    combatant_id: Id
    """The creature repairing: it spends its action (``d100.action.repair``)."""
    attack_name: Annotated[str, Len(1, 80)]
    """The weapon to repair: one of the combatant's attacks with a tracked ``condition``."""
    dc: Annotated[int, Ge(0), Le(100)] = 10
    """The DC the DM sets for the repair check."""
    amount: Annotated[int, Ge(1), Le(1000)] | None = None
    """Condition restored on a success (capped at ``maxCondition``); omitted: all of it."""


@dataclass(slots=True, kw_only=True)
class RepairOutcome:
    """The repair check and the weapon's condition after it."""

    combatant_id: str
    attack_name: str
    success: bool
    total: int
    dc: int
    condition: int
    max_condition: int | None


@dataclass(slots=True)
class Shove:
    """``d100.shove``: replaces one attack of the Attack action; knock prone or push 5 ft."""

    attacker_id: Id
    """The shover: the target must be within its reach and at most one size larger
    (``d100.shove``)."""
    target_id: Id
    """The creature shoved; an incapacitated one is shoved without a contest."""
    mode: Literal["prone", "push"] = "prone"
    """``prone`` knocks the target prone; ``push`` moves it 5 ft straight away from the shover,
    unless a wall, a creature or the map's edge is there (it then stays: ``push-blocked``)."""
    spend: Spend = "action"
    """Like an attack: one attack of the Attack action by default."""


@dataclass(slots=True)
class Grapple:
    """``d100.grapple``: replaces one attack; needs a free hand; success: grappled."""

    attacker_id: Id
    """The grappler: the target must be within its reach and at most one size larger
    (``d100.grapple``)."""
    target_id: Id
    """The creature to grapple: on a success it is ``grappled`` by the attacker, its speed 0
    (``d100.grapple.move``)."""
    free_hand: bool = True
    """Whether the grappler has a hand free; false is refused."""
    spend: Spend = "action"
    """Like an attack: one attack of the Attack action by default; ``bonus-action``, ``reaction`` or
    ``free`` as in ``resolveAttack``."""


@dataclass(slots=True)
class EscapeGrapple:
    """``d100.grapple.escape``: the grappled creature's action, unarmed against unarmed."""

    combatant_id: Id
    """The grappled creature: it spends its action (``d100.grapple.escape``)."""
    grappler_id: Id | None = None
    """Which grapple to break; omitted: the only one (refused when there are several)."""


@dataclass(slots=True)
class ReleaseGrapple:
    """``d100.grapple``: the grappler lets go, no action required."""

    grappler_id: Id
    """The grappler that lets go (no action: ``d100.grapple``)."""
    target_id: Id
    """The creature it grapples."""


@dataclass(slots=True, kw_only=True)
class ContestOutcome:
    """A shove, grapple, escape or release: the contest (if any) and what it did."""

    actor_id: str
    target_id: str
    success: bool
    automatic: bool
    """Decided without rolls (an incapacitated target or grappler, or a release)."""
    actor_total: int | None
    target_total: int | None
    result: str
    """``prone``, ``pushed``, ``push-blocked``, ``grappled``, ``escaped``, ``released`` or
    ``failed``."""
    position: Cell | None = None
    """Where a pushed target ended up."""

"""The d100 critical hit and fumble tables applied to the encounter (``d20.crit.*``)."""

from __future__ import annotations

from .core import RulesetCore


class CriticalRules(RulesetCore):
    """Rolls on the critical tables after a natural 20 or 1, and applies the effects."""

    uses_critical_tables = False

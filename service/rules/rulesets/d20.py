"""The ``d20`` ruleset (seed 000): the base rules plus the d100 critical tables."""

from __future__ import annotations

from ..ruleset import Ruleset


class D20(Ruleset):
    id = "d20"
    title = "d20 combat with critical hit and fumble tables"
    uses_critical_tables = True

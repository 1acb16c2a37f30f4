"""The rulesets this service hosts, registered by id."""

from __future__ import annotations

from ..ruleset import Unsupported, register
from .d20 import D20


class _D100(Unsupported):
    id = "d100"
    title = "percentile combat"


class _D10(Unsupported):
    id = "d10"
    title = "d10 initiative with simultaneous ties"


D20_RULES = register(D20())
register(_D100())
register(_D10())

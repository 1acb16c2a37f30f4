"""The rulesets this service hosts, registered by id."""

from __future__ import annotations

from ..ruleset import register
from .d10 import D10
from .d20 import D20
from .d100 import D100

D20_RULES = register(D20())
D100_RULES = register(D100())
D10_RULES = register(D10())

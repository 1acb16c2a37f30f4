"""The rulesets this service hosts, each a package: its flags, hooks and own actions."""

from ..registry import register_ruleset
from .d10 import D10
from .d20 import D20
from .d100 import D100

for _ruleset in (D20, D100, D10):
    register_ruleset(_ruleset)

__all__ = ["D10", "D20", "D100"]

"""The rules engine: pure functions of (encounter, action, random source).

``apply(encounter, action, rng) -> Result(encounter, events, outcome)`` is the one entry
point; it never mutates its input and does no I/O.
"""

from __future__ import annotations

from . import rulesets as _rulesets  # noqa: F401  (registers the rulesets)
from .actions import ACTIONS, ActionSpec
from .errors import IllegalAction, InvalidAction, NotSupported, RulesError, UnknownRuleset
from .ruleset import REGISTRY, Result, Ruleset, apply, find_ruleset

__all__ = [
    "ACTIONS",
    "REGISTRY",
    "ActionSpec",
    "IllegalAction",
    "InvalidAction",
    "NotSupported",
    "Result",
    "RulesError",
    "Ruleset",
    "UnknownRuleset",
    "apply",
    "find_ruleset",
]

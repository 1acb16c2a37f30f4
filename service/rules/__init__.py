"""The rules engine: pure functions of (encounter, action, random source).

``apply(encounter, action, rng) -> Result(encounter, events, outcome)`` is the one entry
point; it never mutates its input and does no I/O. ``docs/architecture.md`` is the map.
"""

from __future__ import annotations

from . import actions as _actions  # noqa: F401  (registers the base actions)
from . import rulesets as _rulesets  # noqa: F401  (registers the rulesets and their actions)
from .acting import Decision, decisions
from .engine import Result, apply, validate
from .errors import (
    IllegalAction,
    InvalidAction,
    LimitExceeded,
    NotSupported,
    RulesError,
    UnknownRuleset,
)
from .events import Event
from .model import Encounter
from .registry import ACTIONS, ACTIONS_BY_TYPE, REGISTRY, ActionSpec, find_ruleset
from .ruleset import Ruleset

__all__ = [
    "ACTIONS",
    "ACTIONS_BY_TYPE",
    "REGISTRY",
    "ActionSpec",
    "Decision",
    "Encounter",
    "Event",
    "IllegalAction",
    "InvalidAction",
    "LimitExceeded",
    "NotSupported",
    "Result",
    "RulesError",
    "Ruleset",
    "UnknownRuleset",
    "apply",
    "decisions",
    "find_ruleset",
    "validate",
]

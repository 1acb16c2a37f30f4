"""The base ruleset, the registry of rulesets, and :func:`apply`, the engine's one entry point.

The base ruleset implements the ``d20`` rules that the other rulesets inherit (RULES.md:
"where a seed is silent, the d20 rules are the base"). A ruleset changes behaviour by
overriding class flags (dice, thresholds, size ladder) and hook methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from .actions import ACTIONS_BY_TYPE, Outcome
from .attacks import AttackRules
from .combat_actions import ActionRules
from .conditions import ModifierRules
from .core import RulesetCore
from .criticals import CriticalRules
from .errors import InvalidAction, NotSupported, UnknownRuleset
from .events import Event, EventLog
from .movement import MovementRules
from .odds import OddsRules
from .state import Draft, Encounter
from .turns import TurnRules
from .validate import validate_encounter


@dataclass(slots=True)
class Result:
    """What an action produced: the new encounter, the log, and a summary."""

    encounter: Encounter
    events: list[Event]
    outcome: Outcome


class Ruleset(
    CriticalRules,
    ModifierRules,
    AttackRules,
    MovementRules,
    ActionRules,
    TurnRules,
    OddsRules,
    RulesetCore,
):
    """The d20 base. Subclasses set ``id`` and override flags and hooks."""


REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    REGISTRY[ruleset.id] = ruleset
    return ruleset


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The registered ruleset with this id; :class:`UnknownRuleset` names the known ones."""
    try:
        return REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise UnknownRuleset(
            f"unknown ruleset {ruleset_id!r}; known rulesets: {known}", ("ruleset",)
        ) from None


def apply(encounter: Encounter, action: object, rng: Random) -> Result:
    """Apply ``action`` to ``encounter`` with random numbers from ``rng``.

    Pure: ``encounter`` is left untouched; the result holds a new one. Raises
    :class:`InvalidAction` (paths relative to the request: ``encounter.…`` for the state,
    the action's own field names otherwise) or :class:`IllegalAction`.
    """
    try:
        ruleset = find_ruleset(encounter.ruleset)
    except InvalidAction as e:
        raise e.at("encounter") from None
    spec = ACTIONS_BY_TYPE[type(action)]
    if not ruleset.supported:
        raise NotSupported(
            f"the {ruleset.id} ruleset ({ruleset.title}) is not supported yet",
            ("encounter", "ruleset"),
        )
    draft = Draft(encounter)
    validate_encounter(encounter, ruleset, ruleset.board(draft))
    handler: Callable[[Draft, Any, Random, EventLog], Outcome] | None = getattr(
        ruleset, spec.method, None
    )
    if handler is None:
        raise NotSupported(
            f"{spec.name} is not an action of the {ruleset.id} ruleset", ("encounter", "ruleset")
        )
    log = EventLog()
    outcome = handler(draft, action, rng, log)
    return Result(encounter if spec.query else draft.finish(), log.events, outcome)

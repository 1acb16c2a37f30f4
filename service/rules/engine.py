"""The engine's one entry point: :func:`apply`."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from .errors import InvalidAction, NotSupported
from .events import Event, EventLog
from .mechanics.space import board_for, board_of
from .mechanics.validation import validate_encounter
from .model import Draft, Encounter
from .registry import ACTIONS_BY_TYPE, find_ruleset


@dataclass(slots=True)
class Result:
    """What an action produced: the new encounter, the log, and a summary."""

    encounter: Encounter
    events: list[Event]
    outcome: object


def apply(encounter: Encounter, action: object, rng: Random, *, trusted: bool = False) -> Result:
    """Apply ``action`` to ``encounter`` with random numbers from ``rng``.

    Pure: ``encounter`` is left untouched; the result holds a new one (for a query, the same
    one). Raises :class:`InvalidAction` (paths relative to the request: ``encounter.…`` for
    the state, the action's own field names otherwise) or :class:`IllegalAction`.

    ``trusted``: the encounter is one this engine answered (a session's stored state, kept
    in this process): its consistency checks are skipped. An encounter from anywhere else
    must be checked.
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
    if not trusted:
        validate_encounter(draft.encounter, board_of(draft, ruleset))
    if not spec.available_in(ruleset.id):
        raise NotSupported(
            f"{spec.name} is not an action of the {ruleset.id} ruleset", ("encounter", "ruleset")
        )
    log = EventLog()
    outcome = spec.handler(ruleset, draft, action, rng, log)
    if not (spec.query or spec.edit):
        ruleset.after_action(draft, encounter, log)
    return Result(encounter if spec.query else draft.finish(), log.events, outcome)


def validate(encounter: Encounter) -> None:
    """Refuse an encounter whose types are right but whose contents are not (an unknown
    ruleset, two creatures in one cell, a size its ruleset doesn't know...)."""
    try:
        ruleset = find_ruleset(encounter.ruleset)
    except InvalidAction as e:
        raise e.at("encounter") from None
    validate_encounter(encounter, board_for(encounter.grid, ruleset))

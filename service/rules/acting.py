"""Whom an action decides for: the creatures a request acts as, each with the field that
names it (what a seat may do is checked against this: docs/seats.md).

- an edit (``addCombatant``...) and ``rollInitiative`` are the DM's alone;
- a query decides nothing (it reads);
- ``nextTurn`` ends the turn of the creature whose turn it is;
- ``resolveChoice`` is decided by the choice's owner (``dm``: the DM's);
- ``applyDamage`` and ``heal`` act as their ``sourceId`` (none: the DM's);
- any other action acts as the first of its ``combatantId``, ``attackerId``,
  ``grapplerId``;
- a move (and a readied move) also decides for each reactor it lists in
  ``opportunityAttacks``, and, with ``otherReactors: decline``, for every reactor not
  listed: the DM's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .model import Encounter
from .registry import ActionSpec

__all__ = ["Decision", "decisions", "is_the_dms"]

_ACTOR_FIELDS = (
    ("combatant_id", "combatantId"),
    ("attacker_id", "attackerId"),
    ("grappler_id", "grapplerId"),
)
_DM_ALONE = frozenset({"rollInitiative"})
_SOURCE_ACTS = frozenset({"applyDamage", "heal"})


@dataclass(frozen=True, slots=True)
class Decision:
    """One creature a request decides for (``None``: a decision that is the DM's alone),
    and where the request says so (a path of camelCase fields and list indices)."""

    combatant_id: str | None
    path: tuple[str | int, ...]


def is_the_dms(spec: ActionSpec) -> bool:
    """Whether an action is the DM's alone, whatever it is asked (edits, initiative)."""
    return spec.edit or spec.name in _DM_ALONE


def decisions(spec: ActionSpec, request: Any, encounter: Encounter) -> list[Decision]:
    """Every decision ``request`` (of action ``spec``) takes in ``encounter``."""
    if spec.query:
        return []
    if is_the_dms(spec):
        return [Decision(None, ())]
    if spec.name == "nextTurn":
        return [Decision(encounter.turn_of, ("expectedTurnOf",))]
    if spec.name == "resolveChoice":
        return _choice_owner(request.choice_id, encounter)
    if spec.name in _SOURCE_ACTS:
        return [Decision(request.source_id, ("sourceId",))]
    found = [
        Decision(getattr(request, name), (wire,))
        for name, wire in _ACTOR_FIELDS
        if getattr(request, name, None) is not None
    ][:1]
    for i, choice in enumerate(getattr(request, "opportunity_attacks", None) or ()):
        found.append(Decision(choice.reactor_id, ("opportunityAttacks", i, "reactorId")))
    if getattr(request, "other_reactors", "take") != "take":
        found.append(Decision(None, ("otherReactors",)))
    return found or [Decision(None, ())]


def _choice_owner(choice_id: str, encounter: Encounter) -> list[Decision]:
    for choice in encounter.pending_choices:
        if choice.id == choice_id:
            owner = None if choice.owner == "dm" else choice.owner
            return [Decision(owner, ("choiceId",))]
    return []  # no such choice: the engine says so

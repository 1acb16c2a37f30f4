"""A copy-on-write view of an encounter, the one thing an action changes."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

from ..errors import InvalidAction
from .combatant import Combatant
from .encounter import Encounter


def clone_combatant(c: Combatant) -> Combatant:
    """A copy whose mutable parts (lists, saves, budget, attacks) can be changed safely.

    Items inside the lists are shared: replace an item, don't mutate it in place.
    """
    new = copy.copy(c)
    new.conditions = list(c.conditions)
    new.effects = list(c.effects)
    new.attacks = list(c.attacks)
    new.ammunition = dict(c.ammunition)
    new.death_saves = copy.copy(c.death_saves)
    new.budget = copy.copy(c.budget)
    return new


class Draft:
    """An encounter being changed by one action: edit combatants freely, then :meth:`finish`.

    Only the combatants that are edited are copied, so an action on a 100-creature
    encounter does not pay for copying all of them, and the input is never mutated.

    Contract: :meth:`get` returns a combatant as it stands now, which may be shared with the
    input encounter: read it, never change it. :meth:`edit` returns the combatant's private
    copy (the same object on every call, and what :meth:`get` returns from then on). A
    reference taken with :meth:`get` before an :meth:`edit` of the same combatant is the old
    state: call :meth:`edit` first when a step will both read and change a creature, and pass
    ids, not combatants, to helpers that may change them.
    """

    __slots__ = ("_edited", "_index", "encounter", "memo")

    def __init__(self, encounter: Encounter) -> None:
        step = encounter.step
        self.encounter = Encounter(
            encounter.ruleset,
            encounter.grid,
            list(encounter.combatants),
            encounter.round,
            encounter.turn_of,
            list(encounter.order),
            list(encounter.pending_choices),
            list(encounter.areas),
            None if step is None else copy.deepcopy(step),
        )
        self._index = {c.id: i for i, c in enumerate(self.encounter.combatants)}
        self._edited: set[str] = set()
        self.memo: dict[str, Any] = {}
        """Per-action caches of the layers above (the map's geometry, lines of sight already
        traced): an action never changes the grid, so they hold for the whole action."""

    def get(self, combatant_id: str) -> Combatant:
        """The combatant as it stands now, read-only; :class:`InvalidAction` if unknown."""
        i = self._index.get(combatant_id)
        if i is None:
            raise InvalidAction(f"no combatant with id {combatant_id!r}")
        return self.encounter.combatants[i]

    def edit(self, combatant_id: str) -> Combatant:
        """The combatant's private copy, which may be changed."""
        i = self._index.get(combatant_id)
        if i is None:
            raise InvalidAction(f"no combatant with id {combatant_id!r}")
        c = self.encounter.combatants[i]
        if combatant_id not in self._edited:
            c = clone_combatant(c)
            self.encounter.combatants[i] = c
            self._edited.add(combatant_id)
        return c

    def __contains__(self, combatant_id: object) -> bool:
        return combatant_id in self._index

    def __iter__(self) -> Iterator[Combatant]:
        return iter(list(self.encounter.combatants))

    def finish(self) -> Encounter:
        return self.encounter

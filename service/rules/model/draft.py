"""A copy-on-write view of an encounter, the one thing an action changes."""

from __future__ import annotations

import copy
import dataclasses
import operator
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ..errors import IllegalAction, InvalidAction, known_names
from .combatant import Combatant, DeathSaves, TurnBudget
from .encounter import Encounter

T = TypeVar("T")


def shallow_copier(cls: type[T]) -> Callable[[T], T]:
    """A shallow copy of instances of the dataclass ``cls``: its constructor called on the
    instance's own field values (``copy.copy`` of a slots dataclass goes through
    ``__reduce_ex__`` and costs about five times as much). ``cls`` must take every field
    in its constructor, positionally, and have no ``__post_init__``."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if any(not f.init or f.kw_only for f in fields) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} can't be copied through its constructor")
    names = [f.name for f in fields]
    if len(names) == 1:
        (name,) = names
        return lambda obj: cls(getattr(obj, name))  # type: ignore[call-arg]
    values = operator.attrgetter(*names)
    return lambda obj: cls(*values(obj))


_copy_combatant = shallow_copier(Combatant)
_copy_death_saves = shallow_copier(DeathSaves)
_copy_budget = shallow_copier(TurnBudget)
_copy_encounter = shallow_copier(Encounter)


def clone_combatant(c: Combatant) -> Combatant:
    """A copy whose mutable parts (lists, saves, budget, attacks) can be changed safely.

    Items inside the lists are shared: replace an item, don't mutate it in place.
    """
    new = _copy_combatant(c)
    new.conditions = list(c.conditions)
    new.effects = list(c.effects)
    new.attacks = list(c.attacks)
    new.ammunition = dict(c.ammunition)
    new.death_saves = _copy_death_saves(c.death_saves)
    new.budget = _copy_budget(c.budget)
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
        self.encounter = _copy_encounter(encounter)
        self.encounter.combatants = list(encounter.combatants)
        self.encounter.order = list(encounter.order)
        self.encounter.pending_choices = list(encounter.pending_choices)
        self.encounter.areas = list(encounter.areas)
        if encounter.step is not None:
            self.encounter.step = copy.deepcopy(encounter.step)
        self._index = {c.id: i for i, c in enumerate(self.encounter.combatants)}
        self._edited: set[str] = set()
        self.memo: dict[str, Any] = {}
        """Per-action caches of the layers above (the map's geometry, lines of sight already
        traced): an action never changes the grid, so they hold for the whole action."""

    def get(self, combatant_id: str) -> Combatant:
        """The combatant as it stands now, read-only; :class:`InvalidAction` if unknown."""
        i = self._index.get(combatant_id)
        if i is None:
            ids = [c.id for c in self.encounter.combatants]
            known = known_names(combatant_id, ids, "the encounter")
            raise InvalidAction(f"no combatant with id {combatant_id!r} ({known})")
        return self.encounter.combatants[i]

    def combatant(self, combatant_id: str, field: str) -> Combatant:
        """The combatant, as :meth:`get` returns it, or an :class:`InvalidAction` at the
        request's ``field``."""
        try:
            return self.get(combatant_id)
        except InvalidAction as e:
            raise e.at(field) from None

    def actor(self, combatant_id: str, field: str = "combatantId") -> Combatant:
        """A combatant about to act (:meth:`combatant`): refused when dead or incapacitated."""
        c = self.combatant(combatant_id, field)
        if c.dead or c.incapacitated:
            state = "dead" if c.dead else "incapacitated"
            raise IllegalAction(f"{c.name} is {state} and can't act", "d20.hp.zero")
        return c

    def edit(self, combatant_id: str) -> Combatant:
        """The combatant's private copy, which may be changed."""
        i = self._index.get(combatant_id)
        if i is None:
            ids = [c.id for c in self.encounter.combatants]
            known = known_names(combatant_id, ids, "the encounter")
            raise InvalidAction(f"no combatant with id {combatant_id!r} ({known})")
        c = self.encounter.combatants[i]
        if combatant_id not in self._edited:
            c = clone_combatant(c)
            self.encounter.combatants[i] = c
            self._edited.add(combatant_id)
        return c

    def add(self, c: Combatant) -> None:
        """Put ``c`` into the encounter, last; it is the draft's own (``c`` must be a new
        object, not one of another encounter's)."""
        self._index[c.id] = len(self.encounter.combatants)
        self.encounter.combatants.append(c)
        self._edited.add(c.id)

    def remove(self, combatant_id: str) -> Combatant:
        """Take the combatant out of the encounter (only the list of combatants: what else
        names it is the caller's to end); answers it as it stood."""
        c = self.get(combatant_id)
        self.encounter.combatants = [o for o in self.encounter.combatants if o.id != c.id]
        self._index = {o.id: i for i, o in enumerate(self.encounter.combatants)}
        self._edited.discard(c.id)
        return c

    def __contains__(self, combatant_id: object) -> bool:
        return combatant_id in self._index

    def __iter__(self) -> Iterator[Combatant]:
        return iter(list(self.encounter.combatants))

    def finish(self) -> Encounter:
        return self.encounter

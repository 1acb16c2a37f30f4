"""The registries: every action the engine answers, and every ruleset it hosts, by id.

An action is a function ``handler(ruleset, draft, params, rng, log) -> outcome`` registered
with :func:`action`; its parameter and outcome types are read from its annotations. Both
doors (REST routes, GraphQL fields, the playground's examples, the OpenAPI document) are
derived from :data:`ACTIONS`, so a new action needs no transport code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from random import Random
from typing import Any, TypeVar, get_type_hints

from .errors import UnknownRuleset
from .events import EventLog
from .model import Draft
from .ruleset import Ruleset

Handler = Callable[[Ruleset, Draft, Any, Random, EventLog], Any]
H = TypeVar("H", bound=Handler)
R = TypeVar("R", bound=type[Ruleset])


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionSpec:
    """How an action is named at each door, what it takes and answers, and who runs it."""

    name: str
    """camelCase: the GraphQL field name."""
    slug: str
    """kebab-case: the REST route, ``POST /v1/<slug>``."""
    params: type
    outcome: type
    handler: Handler
    summary: str
    query: bool = False
    """A query reads the encounter and changes nothing (REST: no ``encounter`` in the
    response; GraphQL: a Query field)."""
    rulesets: frozenset[str] | None = None
    """The rulesets that have this action; None: every ruleset."""
    order: int = 0
    """Where it stands in the contract (routes, schema and examples are listed in order)."""
    edit: bool = False
    """A DM's edit of the state (``addCombatant``...): no act of anyone's turn, so the
    ruleset's ``after_action`` hook doesn't run after it (d10 holds nothing back of it)."""

    def available_in(self, ruleset_id: str) -> bool:
        return self.rulesets is None or ruleset_id in self.rulesets


ACTIONS: list[ActionSpec] = []
"""Every action and query, in contract order."""
ACTIONS_BY_TYPE: dict[type, ActionSpec] = {}
REGISTRY: dict[str, Ruleset] = {}
"""Every hosted ruleset, by id."""


def _slug(name: str) -> str:
    return "".join("-" + ch.lower() if ch.isupper() else ch for ch in name)


def action(
    name: str,
    *,
    summary: str,
    order: int,
    query: bool = False,
    rulesets: Iterable[str] | None = None,
    edit: bool = False,
) -> Callable[[H], H]:
    """Register the decorated handler as the action ``name`` (camelCase); the parameter type
    is its third argument's annotation, the outcome its return annotation."""

    def register(handler: H) -> H:
        hints = get_type_hints(handler)
        params = hints[handler.__code__.co_varnames[2]]
        spec = ActionSpec(
            name=name,
            slug=_slug(name),
            params=params,
            outcome=hints["return"],
            handler=handler,
            summary=summary,
            query=query,
            rulesets=None if rulesets is None else frozenset(rulesets),
            order=order,
            edit=edit,
        )
        if any(s.name == name for s in ACTIONS):
            raise ValueError(f"action {name!r} is registered twice")
        if params in ACTIONS_BY_TYPE:
            raise ValueError(
                f"{name!r} reuses the parameters of {ACTIONS_BY_TYPE[params].name!r}: each "
                "action needs its own parameter type (actions are found by it)"
            )
        ACTIONS.append(spec)
        ACTIONS.sort(key=lambda s: s.order)
        ACTIONS_BY_TYPE[params] = spec
        return handler

    return register


def register_ruleset(cls: R) -> R:
    """Class decorator: host an instance of ``cls`` under its ``id``."""
    if cls.id in REGISTRY:
        raise ValueError(f"ruleset {cls.id!r} is registered twice")
    REGISTRY[cls.id] = cls()
    return cls


def find_ruleset(ruleset_id: str) -> Ruleset:
    """The registered ruleset with this id; :class:`UnknownRuleset` names the known ones."""
    try:
        return REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(REGISTRY))
        raise UnknownRuleset(
            f"unknown ruleset {ruleset_id!r}; known rulesets: {known}", ("ruleset",)
        ) from None

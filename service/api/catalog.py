"""What the service hosts, as data: its rulesets and their flags, and every rule of RULES.md.

``rules.json`` beside this module is generated from ``docs/RULES.md`` by
``scripts/rules_catalog.py`` (and checked by the test suite): each rule's text, the decision
RULES.md takes, its ruleset, and the seed and section it comes from. Every ``rule`` an event
or a rule violation names is one of these ids.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Annotated

from pydantic import Field, TypeAdapter

from service.api.models import CONFIG
from service.rules import REGISTRY, Ruleset


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of the inventory (``docs/RULES.md``)."""

    id: str
    """Its id (``d20.crit.effects``): what events and rule violations name."""
    ruleset: str
    """The ruleset it belongs to (``d20``, ``d100``, ``d10``)."""
    section: str | None
    """The RULES.md section it is listed under."""
    text: str
    """What the rule says, as RULES.md states it."""
    decision: str | None
    """What RULES.md decides where the seed is silent or ambiguous."""
    source: str
    """The source document (``seeds/…``)."""
    source_section: str | None
    """The heading of the source document's section it comes from; null for a d20 base
    rule the document does not write out."""
    seed: Annotated[str, Field(deprecated="The same as `source`; it read like a dice seed.")]
    """Deprecated: the same as ``source``."""
    seed_section: Annotated[
        str | None, Field(deprecated="The same as `sourceSection`; it read like a dice seed.")
    ]
    """Deprecated: the same as ``sourceSection``."""


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """A ruleset the service hosts, and what sets it apart."""

    id: str
    """The id an encounter's ``ruleset`` names."""
    title: str
    """Its name, in words."""
    supported: bool
    """Whether the service adjudicates fights in it."""
    attack_die: int
    """The die an attack rolls: 20 or 100."""
    initiative_die: int | None
    """The die initiative rolls; null where the order comes from positions (d100)."""
    critical_min: int
    """A natural roll at or above this is a critical hit."""
    fumble_max: int
    """A natural roll at or below this misses (a fumble)."""
    critical_damage: str
    """``double-dice`` (every damage die twice) or ``half-again`` (50% more)."""
    critical_tables: bool
    """Whether a critical hit or fumble rolls on the d100 critical tables."""
    instant_death_multiplier: int
    """Instant death when the damage left at 0 HP is at least this many times max HP."""
    sizes: list[str]
    """Its size ladder, smallest first."""
    reaction_returns: str
    """When a used reaction comes back: at the start of its owner's ``turn``, or each ``round``."""
    bonus_action_needs_grant: bool
    """Whether a creature has a bonus action only when a feature grants one."""
    rules: list[str]
    """The ids of its own rules (it follows the d20 base where it has none)."""


@cache
def rules() -> dict[str, Rule]:
    """Every rule of the inventory, by id."""
    raw = json.loads((files(__package__) / "rules.json").read_text(encoding="utf-8"))
    return {
        rule_id: Rule(
            id=e["id"],
            ruleset=e["ruleset"],
            section=e["section"],
            text=e["text"],
            decision=e["decision"],
            source=e["seed"],
            source_section=e["seedSection"],
            seed=e["seed"],
            seed_section=e["seedSection"],
        )
        for rule_id, e in raw.items()
    }


def _info(r: Ruleset) -> RulesetInfo:
    own = sorted(rule_id for rule_id, rule in rules().items() if rule.ruleset == r.id)
    return RulesetInfo(
        r.id,
        r.title,
        r.supported,
        r.attack_die,
        r.initiative_die,
        r.critical_min,
        r.fumble_max,
        r.critical_damage,
        r.uses_critical_tables,
        r.instant_death_multiplier,
        list(r.sizes),
        r.reaction_returns,
        r.bonus_action_needs_grant,
        own,
    )


def rulesets() -> list[RulesetInfo]:
    """The hosted rulesets, in the registry's order."""
    return [_info(r) for r in REGISTRY.values()]


for _cls in (Rule, RulesetInfo):
    _cls.__pydantic_config__ = CONFIG  # type: ignore[union-attr]

RULESETS = TypeAdapter(list[RulesetInfo])
RULE = TypeAdapter(Rule)

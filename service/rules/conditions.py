"""Advantage and disadvantage that the state gives an attack (``d20.attack.sources``)."""

from __future__ import annotations

from .core import RulesetCore


class ModifierRules(RulesetCore):
    """Reads conditions and effects to find every source of advantage and disadvantage."""

"""The actions in combat: dash, disengage, dodge, help, hide, ready, stabilize, potions..."""

from __future__ import annotations

from .core import RulesetCore


class ActionRules(RulesetCore):
    """Actions other than attacking and moving."""

"""The pipelines of every base action and query, one module per family, each registered
with :func:`~service.rules.registry.action`:

* :mod:`.attack`: ``resolveAttack``, ``applyDamage``;
* :mod:`.initiative`: ``rollInitiative``, ``lowerInitiative``;
* :mod:`.turn`: ``nextTurn`` (and how turns and rounds start and end);
* :mod:`.combat`: dash, disengage, dodge, help, hide, ready, triggerReadied, stabilize,
  drinkPotion, interact, heal;
* :mod:`.movement`: ``moveCombatant``, ``standUp``, ``dropProne``;
* :mod:`.queries`: ``pathCost``, ``cover``, ``flanking``, ``reach``;
* :mod:`.odds`: ``attackOdds``, ``encounterOdds``.
"""

from . import attack, combat, initiative, movement, odds, queries, turn

__all__ = ["attack", "combat", "initiative", "movement", "odds", "queries", "turn"]

"""The pipelines of every base action and query, one module per family, each registered
with :func:`~service.rules.registry.action`:

* :mod:`.attack`: ``resolveAttack``, ``applyDamage``;
* :mod:`.initiative`: ``rollInitiative``, ``lowerInitiative``;
* :mod:`.turn`: ``nextTurn`` (and how turns and rounds start and end);
* :mod:`.tactics`: ``dash``, ``disengage``, ``dodge``, ``help``, ``hide``;
* :mod:`.readied`: ``ready``, ``triggerReadied``;
* :mod:`.healing`: ``stabilize``, ``drinkPotion``, ``heal``;
* :mod:`.objects`: ``interact``;
* :mod:`.movement`: ``moveCombatant``, ``standUp``, ``dropProne``;
* :mod:`.queries`: ``pathCost``, ``cover``, ``flanking``, ``reach``;
* :mod:`.odds`: ``attackOdds``, ``encounterOdds``;
* :mod:`.checks`: ``rollSave``, ``rollCheck``, ``rollDice``, ``search``;
* :mod:`.edits`: ``addCombatant``, ``removeCombatant``, ``updateCombatant`` (the DM's edits).
"""

from . import (
    attack,
    checks,
    edits,
    healing,
    initiative,
    movement,
    objects,
    odds,
    queries,
    readied,
    tactics,
    turn,
)

__all__ = [
    "attack",
    "checks",
    "edits",
    "healing",
    "initiative",
    "movement",
    "objects",
    "odds",
    "queries",
    "readied",
    "tactics",
    "turn",
]

"""The ``d20`` ruleset (seed 000): the base rules plus the d100 critical hit and fumble tables.

Everything but the tables is the base (:class:`~service.rules.ruleset.Ruleset`). The tables
hook in once an attack is judged, before its damage lands (:func:`.criticals.roll_band`: a
band's extra dice are part of that damage), in the odds
(:func:`.criticals.band_odds`), and at the turn and round boundaries where a band moved a
creature in the order (:func:`.criticals.move_in_order`).
"""

from __future__ import annotations

from random import Random

from ...events import EventLog
from ...model import Attack, Combatant, Draft
from ...model.outcomes import AttackOutcome
from ...ruleset import AttackSetup, BandOdds, CriticalRoll, Ruleset
from . import criticals


class D20(Ruleset):
    id = "d20"
    title = "d20 combat with critical hit and fumble tables"
    uses_critical_tables = True

    def critical_table(
        self, draft: Draft, setup: AttackSetup, outcome: AttackOutcome, rng: Random, log: EventLog
    ) -> CriticalRoll | None:
        """``d20.crit.tables``: a natural 20 or natural 1 rolls on its table."""
        return criticals.roll_band(self, draft, setup, outcome, rng, log)

    def critical_band_odds(
        self, draft: Draft, attacker: Combatant, attack: Attack, critical: bool, excludes: list[str]
    ) -> list[BandOdds]:
        return criticals.band_odds(attacker.features, attack, critical, excludes)

    def after_turn_end(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Pending choices of the turn lapse (``d20.crit.effects`` decision 5); 'after your
        turn you move to the top of the initiative order'."""
        criticals.lapse_choices(draft, combatant_id, log)
        criticals.move_in_order(draft, combatant_id, "top", log)

    def after_round_start(self, draft: Draft, rng: Random, log: EventLog) -> None:
        """'Move to the bottom of the initiative order at the start of the next round.'"""
        for entry in list(draft.encounter.order):
            criticals.move_in_order(draft, entry.combatant_id, "bottom", log)

"""Initiative and turns (``d20.init.*``, ``d20.order.*``)."""

from __future__ import annotations

from random import Random

from . import dice
from .actions import InitiativeOutcome, RollInitiative
from .core import RulesetCore
from .errors import InvalidAction
from .events import EventLog
from .state import Combatant, Draft, InitiativeEntry


class TurnRules(RulesetCore):
    """Rolling initiative, starting and ending turns."""

    def roll_initiative(
        self, draft: Draft, action: RollInitiative, rng: Random, log: EventLog
    ) -> InitiativeOutcome:
        """``d20.init.roll``: d20 + initiative bonus each; ties by higher bonus, then a roll-off."""
        enc = draft.encounter
        for i, cid in enumerate(action.surprised):
            if not any(c.id == cid for c in enc.combatants):
                raise InvalidAction(f"no combatant with id {cid!r}", ("surprised", i))
        rolled: list[tuple[int, int, Combatant]] = []
        for c in enc.combatants:
            if c.dead:
                continue
            roll = dice.roll_die(self.initiative_die, rng, "initiative", c.initiative_bonus)
            log.rolled(
                roll,
                f"{c.name} rolls {roll.total} for initiative",
                actor=c.id,
                rule="d20.init.roll",
            )
            rolled.append((roll.total, c.initiative_bonus, c))
        entries = self._order(rolled, rng, log)
        enc.order = entries
        enc.round = 1
        enc.turn_of = None
        for c in list(draft):
            fresh = draft.edit(c.id)
            self.reset_budget(fresh)
            if c.id in action.surprised:
                self.surprise(fresh, log)
        if entries:
            self.start_turn(draft, entries[0].combatant_id, log)
        return InitiativeOutcome(list(entries), enc.round, enc.turn_of)

    def _order(
        self, rolled: list[tuple[int, int, Combatant]], rng: Random, log: EventLog
    ) -> list[InitiativeEntry]:
        """Sort by total, then bonus; a roll-off (d20, again until distinct) breaks the rest."""
        rolled.sort(key=lambda t: (-t[0], -t[1]))
        entries: list[InitiativeEntry] = []
        i = 0
        while i < len(rolled):
            j = i
            while j < len(rolled) and rolled[j][:2] == rolled[i][:2]:
                j += 1
            tied = [t[2] for t in rolled[i:j]]
            for c, tiebreak in self._roll_off(tied, rng, log):
                entries.append(InitiativeEntry(c.id, rolled[i][0], tiebreak))
            i = j
        return entries

    def _roll_off(
        self, tied: list[Combatant], rng: Random, log: EventLog
    ) -> list[tuple[Combatant, int]]:
        if len(tied) == 1:
            return [(tied[0], 0)]
        while True:
            rolls = [(rng.randint(1, 20), c) for c in tied]
            if len({r for r, _ in rolls}) == len(rolls):
                break
        names = ", ".join(f"{c.name} {r}" for r, c in rolls)
        log.note(
            "initiative-tie",
            f"roll-off for a tie: {names}",
            rule="d20.init.roll",
            rolls={c.id: r for r, c in rolls},
        )
        rolls.sort(key=lambda t: -t[0])
        return [(c, r) for r, c in rolls]

"""The ``d10`` ruleset (seed 003): 1d10 initiative, unaware creatures, simultaneous ties,
reactions that come back each round, walk 30 / climb and swim 15.

Everything else follows the d20 base without the critical tables (RULES.md, d10 section).

Decisions and names (RULES.md leaves them open):

* ``d10.init.roll`` / ``d10.init.aware``: every living combatant gets its own count (the
  d20 groups and companions don't apply: "every aware creature rolls"). A combatant's
  ``aware`` flag wins when set; otherwise, when ``RollInitiative.initiator_id`` names the
  creature that started the fight, a creature is aware if it is the initiator, is listed in
  ``heard_by``, or can see the initiator (a line of sight, blocked cells obstructing and
  creatures not, and nothing that stops sight: blinded, invisible, hidden, heavily
  obscured). With no initiator everyone is aware. The flag is written into the state and an
  unaware creature becomes aware at the start of its first turn.
* ``d10.init.start``: the initiator rolls like everyone else; declaring gives no precedence.
* ``d10.init.ties``: no roll-off; entries on one count stay in encounter order and share the
  count; their turns form a simultaneous step (:mod:`.step`).
* ``d10.turn.reaction``: a creature's reaction is not restored when its turn starts; every
  living creature's reaction comes back when a new round begins.
* ``d10.turn.speeds``: see :mod:`.speeds`.
* ``d10.turn.bonus``: a feature starting with ``bonus-action:`` (``bonus-action:quick-draw``)
  grants a bonus action; without one the budget has none and spending one is refused.
* ``d10.turn.object``: one free object interaction a turn; a device that needs an action to
  use is named by a feature ``device-action:<device>``, and ``interact`` spends the action
  for it when the request names that device.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from ... import dice
from ...errors import InvalidAction
from ...events import EventLog
from ...grid import Occupant
from ...mechanics.space import board_of
from ...model import Combatant, Draft, Encounter, InitiativeEntry, Spend
from ...model.outcomes import DamageOutcome
from ...model.requests import RollInitiative
from ...ruleset import Hit, RuleIds, Ruleset
from . import step
from .speeds import speed_for, terrain_occupants

ACTION_DEVICE = "device-action:"
"""A feature whose name starts with this is a device that takes an action to use."""


class D10(Ruleset):
    id = "d10"
    title = "d10 initiative with simultaneous ties"
    initiative_die = 10
    reaction_returns = "round"
    bonus_action_needs_grant = True
    rule_ids = RuleIds(object_interaction="d10.turn.object", bonus_action="d10.turn.bonus")

    def order_of_combat(
        self, draft: Draft, request: RollInitiative, rng: Random, log: EventLog
    ) -> list[InitiativeEntry]:
        """``d10.init.roll``, ``d10.init.aware``, ``d10.init.start``, ``d10.init.ties``."""
        initiator = request.initiator_id
        if initiator is not None and initiator not in draft:
            raise InvalidAction(f"no combatant with id {initiator!r}", ("initiatorId",))
        for i, cid in enumerate(request.heard_by):
            if cid not in draft:
                raise InvalidAction(f"no combatant with id {cid!r}", ("heardBy", i))
        if initiator is not None:
            log.note(
                "combat-start",
                f"{draft.get(initiator).name} declares a hostile action: combat begins "
                "(declaring does not let it go first)",
                actor=initiator,
                rule="d10.init.start",
            )
        entries: list[InitiativeEntry] = []
        for c in draft.encounter.combatants:
            if c.dead:
                continue
            aware = self.is_aware(draft, c, initiator, request.heard_by)
            if aware:
                roll = dice.roll_die(self.initiative_die, rng, "initiative", c.initiative_bonus)
                log.rolled(
                    roll,
                    f"{c.name} rolls {roll.total} for initiative",
                    actor=c.id,
                    rule="d10.init.roll",
                )
                total = roll.total
            else:
                total = 1 + c.initiative_bonus
                log.note(
                    "initiative-unaware",
                    f"{c.name} is unaware that combat has begun: initiative {total} "
                    "(1 + its bonus, no roll)",
                    actor=c.id,
                    amount=total,
                    rule="d10.init.aware",
                )
            if c.aware is not aware:
                draft.edit(c.id).aware = aware
            entries.append(InitiativeEntry(c.id, total, 0))
        entries.sort(key=lambda e: -e.initiative)
        for count in sorted({e.initiative for e in entries}, reverse=True):
            tied = [e.combatant_id for e in entries if e.initiative == count]
            if len(tied) > 1:
                log.note(
                    "initiative-tie",
                    f"{', '.join(draft.get(t).name for t in tied)} share initiative {count}: "
                    "their turns are simultaneous",
                    rule="d10.init.ties",
                    initiative=count,
                    members=tied,
                )
        return entries

    def is_aware(
        self, draft: Draft, c: Combatant, initiator: str | None, heard_by: list[str]
    ) -> bool:
        """``d10.init.aware``: the stated flag, else sees or hears the initiator. Seeing is
        the base rule's (``can_see``): a line of sight between the two spaces (walls
        obstruct, creatures don't), and neither blinded, nor unconscious, nor facing an
        invisible or hidden initiator, nor in a heavily obscured area."""
        if c.aware is not None:
            return c.aware
        if initiator is None or c.id == initiator or c.id in heard_by:
            return True
        return board_of(draft, self).can_see(draft.encounter, c, draft.get(initiator))

    def before_combat(self, draft: Draft, rng: Random, log: EventLog) -> None:
        """``d10.init.ties``: initiative rolled again ends the open step: what it held lands."""
        step.close(self, draft, rng, log)

    def before_turn(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """``d10.init.ties``: close a finished step, open one on a shared count."""
        step.before_turn(self, draft, combatant_id, rng, log)

    def after_turn_start(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """``d10.init.aware``: an unaware creature becomes aware on its first turn."""
        c = draft.get(combatant_id)
        if c.aware is False:
            c = draft.edit(combatant_id)
            c.aware = True
            log.note(
                "aware",
                f"{c.name} becomes aware of the combat on its first turn",
                actor=c.id,
                rule="d10.init.aware",
            )

    def after_turn_end(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """When the last living member of the open step is done, it closes."""
        step.after_turn(self, draft, combatant_id, rng, log)

    def after_action(self, draft: Draft, before: Encounter, log: EventLog) -> None:
        """``d10.init.ties``: what a member's turn did to the members waits for the step's end."""
        step.hold(draft, before, log)

    def holds(self, draft: Draft, target_id: str) -> bool:
        """``d10.init.ties``: what a member's turn does to another member waits."""
        return step.holds(draft, target_id)

    def deal_damage(self, draft: Draft, hit: Hit, rng: Random, log: EventLog) -> DamageOutcome:
        """``d10.init.ties``: damage among the members of the open step waits for its end."""
        held = step.defer(draft, hit, log)
        if held is not None:
            return held
        return super().deal_damage(draft, hit, rng, log)

    def terrain(self, draft: Draft, mover: Combatant) -> Iterable[Occupant]:
        """``d10.turn.speeds``: climb and swim cells priced by the mover's speeds there."""
        return terrain_occupants(draft.encounter.grid, mover)

    def flying_speed(self, c: Combatant) -> int:
        """``d10.turn.speeds``: flying only with a device that grants it."""
        return speed_for(c, "fly")

    def interaction_cost(self, c: Combatant, device: str | None) -> Spend | None:
        """``d10.turn.object``: a device listed as ``device-action:<device>`` takes an action."""
        if device is not None and f"{ACTION_DEVICE}{device}" in c.features:
            return "action"
        return None

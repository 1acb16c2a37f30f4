"""The ``d10`` ruleset (seed 003): 1d10 initiative, unaware creatures, simultaneous ties,
reactions that come back each round, walk 30 / climb and swim 15.

Everything else follows the d20 base without the critical tables (RULES.md, d10 section).

Decisions and names (RULES.md leaves them open):

* ``d10.init.roll`` / ``d10.init.aware``: every living combatant gets its own count (the
  d20 groups and companions don't apply: "every aware creature rolls"). A combatant's
  ``aware`` flag wins when set; otherwise, when ``RollInitiative.initiator_id`` names the
  creature that started the fight, a creature is aware if it is the initiator, is listed in
  ``heard_by``, or has a line of sight to the initiator (blocked cells obstruct, creatures
  don't). With no initiator everyone is aware. The flag is written into the state and an
  unaware creature becomes aware at the start of its first turn.
* ``d10.init.start``: the initiator rolls like everyone else; declaring gives no precedence.
* ``d10.init.ties``: no roll-off; entries on one count stay in encounter order and share the
  count. When a turn starts on a count held by several living combatants, a
  :class:`~service.rules.state.Step` opens (``encounter.step``). Damage that one member deals
  to another (``source_id`` a member, target another member) is recorded in
  ``step.deferred`` with a ``deferred`` event instead of landing. ``nextTurn`` moves among the
  members (``step.acted`` records whose turn has ended); when the last living member's turn
  ends, the deferred damage is dealt in order (``deferred-applied`` events, then the usual
  damage and death events) and the step closes (``step-closed``). Only damage is deferred:
  healing and conditions a member gives another still land at once.
* ``d10.turn.reaction``: a creature's reaction is not restored when its turn starts; every
  living creature's reaction comes back when a new round begins.
* ``d10.turn.speeds``: ``speed`` is the walking speed (30 ft by default); climbing and
  swimming default to 15 ft unless ``climb_speed`` / ``swim_speed`` say otherwise; flying
  needs a feature starting with ``device:flying`` (``fly_speed``, or the walking speed when
  it gives none). :meth:`D10.speed_for`, :meth:`D10.terrain_mode` and
  :meth:`D10.movement_cost` are the helpers movement uses.
* ``d10.turn.bonus``: a feature starting with ``bonus-action:`` (``bonus-action:quick-draw``)
  grants a bonus action; without one the budget has none and spending one is refused.
* ``d10.turn.object``: one free object interaction a turn (the budget's
  ``object_interaction`` comes back at the start of each of the creature's turns; refusals
  name ``d10.turn.object``); a device that needs an action to use is named by a feature
  ``device-action:<device>``, and ``interact`` spends the action for it when the request
  names that device (``Interact.device``, read with ``getattr`` until the field exists).
"""

from __future__ import annotations

import math
from random import Random
from typing import Literal

from .. import dice
from ..actions import DamageOutcome, InitiativeOutcome, RollInitiative
from ..combat_actions import Interact, TurnActionOutcome
from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..grid import Geometry, Occupant
from ..ruleset import Ruleset
from ..state import Cell, Combatant, DeferredDamage, Draft, Grid, InitiativeEntry, Spend, Step

MoveMode = Literal["walk", "climb", "swim", "fly"]

FLYING_DEVICE = "device:flying"
"""A feature whose name starts with this grants a flying speed."""
BONUS_ACTION_GRANT = "bonus-action:"
"""A feature whose name starts with this grants a bonus action."""
ACTION_DEVICE = "device-action:"
"""A feature whose name starts with this is a device that takes an action to use."""
DEFAULT_CLIMB_SWIM = 15


class D10(Ruleset):
    id = "d10"
    title = "d10 initiative with simultaneous ties"
    uses_critical_tables = False
    initiative_die = 10

    # ---------------------------------------------------------------- initiative

    def roll_initiative(
        self, draft: Draft, action: RollInitiative, rng: Random, log: EventLog
    ) -> InitiativeOutcome:
        """``d10.init.roll``, ``d10.init.aware``, ``d10.init.start``, ``d10.init.ties``."""
        enc = draft.encounter
        ids = {c.id for c in enc.combatants}
        for i, cid in enumerate(action.surprised):
            if cid not in ids:
                raise InvalidAction(f"no combatant with id {cid!r}", ("surprised", i))
        initiator: str | None = getattr(action, "initiator_id", None)
        heard_by: list[str] = list(getattr(action, "heard_by", None) or [])
        if initiator is not None and initiator not in ids:
            raise InvalidAction(f"no combatant with id {initiator!r}", ("initiatorId",))
        for i, cid in enumerate(heard_by):
            if cid not in ids:
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
        for c in enc.combatants:
            if c.dead:
                continue
            aware = self.is_aware(draft, c, initiator, heard_by)
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
        # stable sort: ties keep encounter order and share the count (no roll-off)
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
        return self.begin_combat(draft, entries, action.surprised, log)

    def is_aware(
        self, draft: Draft, c: Combatant, initiator: str | None, heard_by: list[str]
    ) -> bool:
        """``d10.init.aware``: the stated flag, else sees or hears the initiator."""
        if c.aware is not None:
            return c.aware
        if initiator is None or c.id == initiator or c.id in heard_by:
            return True
        return self.can_see(draft, c, draft.get(initiator))

    def can_see(self, draft: Draft, a: Combatant, b: Combatant) -> bool:
        """A line of sight between the two spaces: blocked cells obstruct, creatures don't."""
        grid = draft.encounter.grid
        core = self.geometry(grid)
        geometry = Geometry(
            grid.kind,
            grid.width,
            grid.height,
            blocked=[cell.key() for cell in grid.blocked],
            orientation=grid.hex_orientation,
        )
        return geometry.has_line_of_sight(self.space(core, a), self.space(core, b))

    # ---------------------------------------------------------------- turns and steps

    def start_turn(self, draft: Draft, combatant_id: str, log: EventLog) -> None:
        """Close a finished step, open one on a shared count; the unaware become aware."""
        enc = draft.encounter
        step = enc.step
        if step is not None and (
            not self._on_step(draft, step, combatant_id) or combatant_id in step.acted
        ):
            self.close_step(draft, log)
        if enc.step is None:
            self._open_step(draft, combatant_id, log)
        super().start_turn(draft, combatant_id, log)
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

    def _open_step(self, draft: Draft, combatant_id: str, log: EventLog) -> None:
        enc = draft.encounter
        entry = next((e for e in enc.order if e.combatant_id == combatant_id), None)
        if entry is None:
            return
        members = [
            e.combatant_id
            for e in enc.order
            if e.initiative == entry.initiative and not draft.get(e.combatant_id).dead
        ]
        if len(members) < 2 or combatant_id not in members:
            return
        enc.step = Step(entry.initiative, members)
        log.note(
            "step-opened",
            f"initiative {entry.initiative}: {', '.join(draft.get(m).name for m in members)} "
            "act simultaneously; damage among them lands when the count ends",
            rule="d10.init.ties",
            initiative=entry.initiative,
            members=members,
        )

    def _on_step(self, draft: Draft, step: Step, combatant_id: str) -> bool:
        """A member still on the step's count (it may have lowered its initiative since)."""
        if combatant_id not in step.members:
            return False
        entry = next((e for e in draft.encounter.order if e.combatant_id == combatant_id), None)
        return entry is not None and entry.initiative == step.initiative

    def end_turn(self, draft: Draft, combatant_id: str, log: EventLog, expired: list[str]) -> None:
        """The turn ends; when the last living member of the open step is done, it closes."""
        super().end_turn(draft, combatant_id, log, expired)
        step = draft.encounter.step
        if step is None or combatant_id not in step.members:
            return
        if combatant_id not in step.acted:
            step.acted = [*step.acted, combatant_id]
        waiting = [
            m
            for m in step.members
            if m not in step.acted and not draft.get(m).dead and self._on_step(draft, step, m)
        ]
        if not waiting:
            self.close_step(draft, log)

    def close_step(self, draft: Draft, log: EventLog) -> None:
        """The count ends: deal the deferred damage in order, through the base damage."""
        enc = draft.encounter
        step = enc.step
        if step is None:
            return
        enc.step = None
        for held in step.deferred:
            log.note(
                "deferred-applied",
                f"initiative {step.initiative} ends: {draft.get(held.target_id).name} takes "
                f"the {held.amount} damage held from "
                f"{draft.get(held.source_id).name if held.source_id else 'its attacker'}",
                actor=held.source_id,
                target=held.target_id,
                amount=held.amount,
                rule="d10.init.ties",
            )
            super().damage(
                draft,
                log,
                held.target_id,
                held.amount,
                critical=held.critical,
                source_id=held.source_id,
                melee=held.melee,
                knockout=held.knockout,
            )
        log.note(
            "step-closed",
            f"initiative {step.initiative} ends",
            rule="d10.init.ties",
            initiative=step.initiative,
            members=list(step.members),
            applied=len(step.deferred),
        )

    def damage(
        self,
        draft: Draft,
        log: EventLog,
        target_id: str,
        amount: int,
        *,
        critical: bool = False,
        source_id: str | None = None,
        melee: bool = False,
        knockout: bool = False,
    ) -> DamageOutcome:
        """``d10.init.ties``: damage among the members of the open step waits for its end."""
        step = draft.encounter.step
        if (
            step is not None
            and amount > 0
            and source_id is not None
            and source_id != target_id
            and source_id in step.members
            and target_id in step.members
        ):
            held = DeferredDamage(target_id, amount, source_id, critical, melee, knockout)
            step.deferred = [*step.deferred, held]
            target = draft.get(target_id)
            log.note(
                "deferred",
                f"{target.name} takes {amount} damage from {draft.get(source_id).name} when "
                f"initiative {step.initiative} ends (simultaneous turns)",
                actor=source_id,
                target=target_id,
                amount=amount,
                rule="d10.init.ties",
                initiative=step.initiative,
            )
            return DamageOutcome(
                target_id,
                amount,
                0,
                0,
                target.hp,
                False,
                target.dead,
                False,
                target.unconscious and not target.dead,
                target.death_saves.failures,
            )
        return super().damage(
            draft,
            log,
            target_id,
            amount,
            critical=critical,
            source_id=source_id,
            melee=melee,
            knockout=knockout,
        )

    # ---------------------------------------------------------------- reactions

    def reset_budget(self, c: Combatant) -> None:
        """``d10.turn.reaction``: the reaction is not restored at the turn's start;
        ``d10.turn.bonus``: a bonus action only with a grant."""
        reaction = c.budget.reaction
        super().reset_budget(c)
        c.budget.reaction = reaction
        c.budget.bonus_action = self.has_bonus_action(c)

    def begin_round(self, draft: Draft, log: EventLog, expired: list[str]) -> None:
        """``d10.turn.reaction``: everyone's reaction comes back when a new round begins."""
        super().begin_round(draft, log, expired)
        restored = []
        for c in list(draft):
            if c.dead or c.budget.reaction:
                continue
            draft.edit(c.id).budget.reaction = True
            restored.append(c.id)
        if restored:
            log.note(
                "reactions-restored",
                f"round {draft.encounter.round}: reactions come back",
                rule="d10.turn.reaction",
                combatants=restored,
            )

    # ---------------------------------------------------------------- economy

    def has_bonus_action(self, c: Combatant) -> bool:
        return any(f.startswith(BONUS_ACTION_GRANT) for f in c.features)

    def spend(self, draft: Draft, combatant_id: str, what: Spend, log: EventLog) -> None:
        """``d10.turn.bonus``: only with a grant, at most one a turn."""
        if what == "bonus-action":
            c = draft.get(combatant_id)
            enc = draft.encounter
            if not self.has_bonus_action(c):
                raise IllegalAction(
                    f"{c.name} has no bonus action: only a feature or device that grants one "
                    f"(a '{BONUS_ACTION_GRANT}…' feature) gives one",
                    "d10.turn.bonus",
                )
            own_turn = enc.turn_of is None or enc.turn_of == combatant_id
            if own_turn and c.incapacitated:
                raise IllegalAction(
                    f"{c.name} can't take actions, so it can't take a bonus action",
                    "d10.turn.bonus",
                )
            if own_turn and not c.budget.bonus_action:
                raise IllegalAction(
                    f"{c.name} has already taken its bonus action this turn", "d10.turn.bonus"
                )
        super().spend(draft, combatant_id, what, log)

    def needs_action(self, c: Combatant, device: str) -> bool:
        """``d10.turn.object``: a device listed as ``device-action:<device>`` takes an action."""
        return f"{ACTION_DEVICE}{device}" in c.features

    def interact(
        self, draft: Draft, action: Interact, rng: Random, log: EventLog
    ) -> TurnActionOutcome:
        """``d10.turn.object``: one free interaction a turn, a second takes the action; a
        device that needs an action (``Interact.device``, when the parameter exists) always
        takes it."""
        device: str | None = getattr(action, "device", None)
        c = self._actor(draft, action.combatant_id)
        if device is not None and self.needs_action(c, device):
            enc = draft.encounter
            if enc.turn_of is not None and enc.turn_of != c.id:
                raise IllegalAction(f"it is not {c.name}'s turn", "d20.turn.economy")
            if not c.budget.action:
                raise IllegalAction(
                    f"{c.name} needs its action to use {device} and has none left",
                    "d10.turn.object",
                )
            self.spend(draft, c.id, "action", log)
            c = draft.get(c.id)
            log.note(
                "interact",
                f"{c.name} uses {device} (its action)",
                actor=c.id,
                rule="d10.turn.object",
                device=device,
            )
            return TurnActionOutcome(c.id, "interact", "action", c.budget.movement)
        try:
            return super().interact(draft, action, rng, log)
        except IllegalAction as e:
            if e.rule == "d20.turn.object":
                raise IllegalAction(e.message, "d10.turn.object") from None
            raise

    # ---------------------------------------------------------------- speeds

    def has_flying_device(self, c: Combatant) -> bool:
        return any(f.startswith(FLYING_DEVICE) for f in c.features)

    def speed_for(self, c: Combatant, mode: str) -> int:
        """``d10.turn.speeds``: walk ``speed`` (30), climb and swim 15 unless stated, fly
        only with a device."""
        if mode == "walk":
            return c.speed
        if mode == "climb":
            return c.climb_speed if c.climb_speed is not None else DEFAULT_CLIMB_SWIM
        if mode == "swim":
            return c.swim_speed if c.swim_speed is not None else DEFAULT_CLIMB_SWIM
        if mode == "fly":
            if not self.has_flying_device(c):
                raise IllegalAction(
                    f"{c.name} can't fly: flying needs a device that grants it "
                    f"(a '{FLYING_DEVICE}' feature)",
                    "d10.turn.speeds",
                )
            return c.fly_speed if c.fly_speed is not None else c.speed
        raise InvalidAction(f"unknown movement mode {mode!r}: walk, climb, swim or fly", ("mode",))

    def terrain_mode(self, grid: Grid, cell: Cell | tuple[int, int]) -> MoveMode:
        """The speed a cell asks for: ``swim`` in water, ``climb`` on climb cells, else walk."""
        key = cell.key() if isinstance(cell, Cell) else cell
        if any(c.key() == key for c in grid.swim):
            return "swim"
        if any(c.key() == key for c in grid.climb):
            return "climb"
        return "walk"

    def occupants(self, draft: Draft, mover: Combatant) -> list[Occupant]:
        """Other creatures, plus climb and swim cells as the mover meets them: where its
        climbing or swimming speed is below its walking speed (15 against 30 by default),
        each 5 ft there costs 10, like difficult terrain (``d10.turn.speeds``). A creature
        with no such speed can't enter them."""
        out = super().occupants(draft, mover)
        grid = draft.encounter.grid
        for mode, cells in (("climb", grid.climb), ("swim", grid.swim)):
            if not cells:
                continue
            speed = self.speed_for(mover, mode)
            keys = [cell.key() for cell in cells]
            out.append(Occupant(keys, speed > 0, 0 < speed < mover.speed, True))
        return out

    def movement_cost(self, c: Combatant, mode: str, feet: int) -> int:
        """Feet of the turn's (walking) movement that ``feet`` moved at ``mode`` use up: the
        matching speed governs, so 5 ft of climbing at 15 ft out of 30 costs 10 ft."""
        speed = self.speed_for(c, mode)
        if speed <= 0:
            raise IllegalAction(f"{c.name} has no {mode} speed", "d10.turn.speeds")
        return math.ceil(feet * c.speed / speed)

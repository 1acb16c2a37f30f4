"""The d100 critical hit and fumble tables applied to the encounter (``d20.crit.*``).

After a natural 20 (critical hit) or a natural 1 (fumble), a ruleset whose
``uses_critical_tables`` flag is set rolls d100 on the matching table
(``d20.crit.tables``), logs the band, and applies the band's effects in order
(``d20.crit.effects``). Effects the seed leaves to a person ("you can choose", "chosen by
DM") and opportunity attacks become :class:`~service.rules.state.PendingChoice` entries that
the ``resolveChoice`` action accepts or declines.

Reading decisions (where the state has no exact shape for a table's wording):

* "next round" windows become an effect with ``starts_round = round + 1`` and
  ``Duration(rounds=2)`` (rounds are counted down as each round begins, so it lives through
  the whole next round and ends when the one after starts).
* "until you stop casting magic" has no state duration: the condition lasts until removed
  (``duration`` null) and the event says so.
* Initiative moves are recorded as an effect (``initiative-top`` / ``initiative-bottom``)
  and carried out by :meth:`CriticalRules.on_turn_end` / :meth:`CriticalRules.on_round_start`,
  which the turn rules call; the order is not changed in the middle of a round.
* Hands: a combatant has a free hand unless its ``features`` name ``both-hands-in-use``.
* Ending a turn empties the combatant's turn budget and logs an ``end-turn`` event; the
  turn itself is advanced by ``nextTurn`` as usual.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Annotated, Any, ClassVar, Literal

from annotated_types import Len

from . import crit_tables as ct
from . import dice
from .actions import ActionSpec, AttackOutcome, register_action
from .core import RulesetCore
from .damage import deal_damage
from .errors import InvalidAction
from .events import EventLog
from .state import (
    Area,
    Attack,
    Combatant,
    Condition,
    Draft,
    Duration,
    Effect,
    Id,
    PendingChoice,
)

RULE = "d20.crit.effects"
TABLE_RULE = "d20.crit.tables"


@dataclass(slots=True)
class ResolveChoice:
    """Accept or decline a pending choice: a "you can choose" or "chosen by DM" critical
    table effect, or an opportunity attack a fumble offered."""

    choice_id: Id
    """The ``id`` of one of the encounter's ``pendingChoices``."""
    decision: Literal["accept", "decline"]
    detail: Annotated[str, Len(1, 400)] | None = None
    """The DM's answer where the choice needs one (which permanent injury, which square or
    direction...)."""


@dataclass(slots=True)
class ChoiceOutcome:
    """What resolving a pending choice did."""

    choice_id: str
    decision: str
    owner: str
    """Who decided: a combatant id, or ``dm``."""
    applied: list[str] = field(default_factory=list)
    """One line for each effect applied (empty when declined)."""
    offered: list[str] = field(default_factory=list)
    """Ids of new pending choices the accepted effects raised (a check's DM choice...)."""


register_action(
    ActionSpec(
        "resolveChoice",
        "resolve-choice",
        ResolveChoice,
        ChoiceOutcome,
        "resolve_choice",
        "Accept or decline a pending choice (a critical table effect left to a person).",
    )
)


@dataclass(slots=True)
class _Ctx:
    """The attack a band applies to, and what applying it produced."""

    attacker_id: str
    target_id: str
    attack: Attack
    source: str
    """``weapon-hit 75-79``: names the band in effects, sources and choices."""
    prompt: str
    detail: str | None = None
    applied: list[str] = field(default_factory=list)
    offered: list[str] = field(default_factory=list)

    def party(self, who: str) -> str:
        return self.attacker_id if who == "attacker" else self.target_id


class CriticalRules(RulesetCore):
    """Rolls on the critical tables after a natural 20 or 1, and applies the effects."""

    uses_critical_tables: ClassVar[bool] = False

    # ------------------------------------------------------------------ the roll

    def after_attack(
        self,
        draft: Draft,
        attacker: Combatant,
        target: Combatant,
        attack: Attack,
        outcome: AttackOutcome,
        rng: Random,
        log: EventLog,
    ) -> None:
        super().after_attack(draft, attacker, target, attack, outcome, rng, log)
        if not self.uses_critical_tables:
            return
        if outcome.critical:
            critical = True
        elif outcome.natural <= self.fumble_max and not outcome.hit:
            critical = False
        else:
            return
        table = ct.table_for(attack.kind, critical)
        loaded = ct.load_table(table)
        roll = dice.roll_die(100, rng, "critical-table")
        log.rolled(
            roll,
            f"{'critical hit' if critical else 'critical fumble'}: d100 on the "
            f"{loaded.title} table: {roll.total}",
            actor=attacker.id,
            target=target.id,
            rule=TABLE_RULE,
            table=table.value,
        )
        band = loaded.band(roll.total)
        source = f"{table.value.replace('_', '-')} {_span(band)}"
        log.note(
            "critical-band",
            f"{source}: {band.title} {band.text}",
            actor=attacker.id,
            target=target.id,
            rule=TABLE_RULE,
            table=table.value,
            band=_span(band),
            title=band.title,
            text=band.text,
        )
        ctx = _Ctx(attacker.id, target.id, attack, source, f"{band.title} {band.text}"[:1000])
        self._crit_apply_list(draft, band.effects_for(attack.kind), ctx, rng, log)
        log.note(
            "critical-applied",
            f"{source} applied: " + ("; ".join(ctx.applied) or "nothing mechanical"),
            actor=attacker.id,
            target=target.id,
            rule=RULE,
            applied=list(ctx.applied),
            offered=list(ctx.offered),
        )

    # ------------------------------------------------------------------ resolveChoice

    def resolve_choice(
        self, draft: Draft, action: ResolveChoice, rng: Random, log: EventLog
    ) -> ChoiceOutcome:
        enc = draft.encounter
        index = next(
            (i for i, c in enumerate(enc.pending_choices) if c.id == action.choice_id), None
        )
        if index is None:
            known = ", ".join(c.id for c in enc.pending_choices) or "none"
            raise InvalidAction(
                f"no pending choice with id {action.choice_id!r} (pending: {known})",
                ("choiceId",),
            )
        choice = enc.pending_choices[index]
        if action.decision not in choice.options:
            raise InvalidAction(
                f"choice {choice.id!r} takes one of {', '.join(choice.options)}", ("decision",)
            )
        where = ("encounter", "pendingChoices", index)
        effects = _parse_effects(choice.effects, (*where, "effects"))
        ctx = _context(draft, choice, action.detail, (*where, "context"))
        if (
            action.decision == "accept"
            and action.detail is None
            and any(isinstance(e, ct.PermanentInjury) for e in effects)
        ):
            raise InvalidAction("the DM's choice needs a detail: name the injury", ("detail",))
        enc.pending_choices = [c for c in enc.pending_choices if c.id != choice.id]
        outcome = ChoiceOutcome(choice.id, action.decision, choice.owner)
        if action.decision == "decline":
            log.note(
                "choice-declined",
                f"{choice.owner} declines: {choice.prompt}",
                actor=ctx.attacker_id,
                rule=RULE,
                choice_id=choice.id,
            )
            return outcome
        log.note(
            "choice-accepted",
            f"{choice.owner} accepts: {choice.prompt}"
            + (f" ({action.detail})" if action.detail else ""),
            actor=ctx.attacker_id,
            rule=RULE,
            choice_id=choice.id,
            detail=action.detail,
        )
        for effect in effects:
            self._crit_apply_effect(draft, effect, ctx, rng, log)
        outcome.applied = list(ctx.applied)
        outcome.offered = list(ctx.offered)
        return outcome

    # ------------------------------------------------------------------ turn hooks

    def end_turn(self, draft: Draft, combatant_id: str, log: EventLog, expired: list[str]) -> None:
        """The turn rules' end of turn, then :meth:`on_turn_end`."""
        super().end_turn(draft, combatant_id, log, expired)
        self.on_turn_end(draft, combatant_id, log)

    def begin_round(self, draft: Draft, log: EventLog, expired: list[str]) -> None:
        """The turn rules' new round, then :meth:`on_round_start`."""
        super().begin_round(draft, log, expired)
        self.on_round_start(draft, log)

    def on_turn_end(self, draft: Draft, combatant_id: str, log: EventLog) -> None:
        """When ``combatant_id``'s turn ends: an ``initiative-top`` effect moves it to the
        top of the order ('after your turn you move to the top'). The order list is changed
        in place so that a ``nextTurn`` in progress goes on with the right creature."""
        self._crit_move_in_order(draft, combatant_id, "top", log)

    def on_round_start(self, draft: Draft, log: EventLog) -> None:
        """When a new round starts, before its first turn: ``initiative-bottom`` effects move
        their holders to the bottom of the order."""
        for entry in list(draft.encounter.order):
            self._crit_move_in_order(draft, entry.combatant_id, "bottom", log)

    def _crit_move_in_order(self, draft: Draft, cid: str, position: str, log: EventLog) -> None:
        c = draft.get(cid)
        if not any(e.kind == f"initiative-{position}" for e in c.effects):
            return
        c = draft.edit(cid)
        c.effects = [e for e in c.effects if e.kind != f"initiative-{position}"]
        order = draft.encounter.order
        entry = next((e for e in order if e.combatant_id == cid), None)
        if entry is None:
            return
        rest = [e for e in order if e.combatant_id != cid]
        if not rest:
            return
        if position == "top":
            moved = dataclasses.replace(entry, initiative=min(1000, rest[0].initiative + 1))
            order[:] = [moved, *rest]
        else:
            moved = dataclasses.replace(entry, initiative=max(-1000, rest[-1].initiative - 1))
            order[:] = [*rest, moved]
        log.note(
            "initiative-moved",
            f"{c.name} moves to the {position} of the initiative order",
            actor=cid,
            rule=RULE,
            position=position,
        )

    # ------------------------------------------------------------------ applying effects

    def _crit_apply_list(
        self, draft: Draft, effects: Sequence[ct.Effect], ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        """Apply in order; the attacker's choices of one list form one offer, DM choices
        and opportunity attacks one offer each."""
        attacker_choice = [e for e in effects if e.choice == "attacker"]
        offered = False
        for effect in effects:
            if effect.choice == "attacker":
                if not offered:
                    self._crit_offer(draft, attacker_choice, ctx.attacker_id, ctx, log)
                    offered = True
            elif effect.choice == "dm" and not self._crit_dm_settles(draft, effect, ctx):
                self._crit_offer(draft, [effect], "dm", ctx, log)
            elif isinstance(effect, ct.OpportunityAttack):
                owner = ctx.party(effect.who)
                if not draft.get(owner).budget.reaction or draft.get(owner).incapacitated:
                    log.note(
                        "no-effect",
                        f"{draft.get(owner).name} has no reaction for an opportunity attack",
                        actor=owner,
                        rule=RULE,
                    )
                else:
                    self._crit_offer(draft, [effect], owner, ctx, log)
            else:
                self._crit_apply_effect(draft, effect, ctx, rng, log)

    def _crit_dm_settles(self, draft: Draft, effect: ct.Effect, ctx: _Ctx) -> bool:
        """A DM choice with only one option needs no asking: a weapon thrown into the space
        of a target that fills one square."""
        if isinstance(effect, ct.WeaponMoved) and effect.to == "target_space":
            return self.square_extent.get(draft.get(ctx.target_id).size, 1) <= 1
        return False

    def _crit_offer(
        self, draft: Draft, effects: Sequence[ct.Effect], owner: str, ctx: _Ctx, log: EventLog
    ) -> None:
        enc = draft.encounter
        taken = {c.id for c in enc.pending_choices}
        n = len(enc.pending_choices) + 1
        while f"choice-{n}" in taken:
            n += 1
        choice = PendingChoice(
            id=f"choice-{n}",
            owner=owner,
            prompt=ctx.prompt,
            options=["accept", "decline"],
            source=ctx.source,
            effects=[effect_json(e) for e in effects],
            context={
                "attacker": ctx.attacker_id,
                "target": ctx.target_id,
                "attack": dataclasses.asdict(ctx.attack),
            },
        )
        enc.pending_choices.append(choice)
        ctx.offered.append(choice.id)
        kinds = ", ".join(e.type.replace("_", " ") for e in effects)
        log.note(
            "choice-offered",
            f"{ctx.source}: {owner} may accept or decline ({kinds})",
            actor=ctx.attacker_id,
            target=None if owner == "dm" else owner,
            rule=RULE,
            choice_id=choice.id,
            owner=owner,
        )

    def _crit_hands_ok(self, draft: Draft, ctx: _Ctx, requires: str | None) -> bool:
        if requires is None:
            return True
        both = "both-hands-in-use" in draft.get(ctx.attacker_id).features
        return both if requires == "both_hands_in_use" else not both

    def _crit_apply_effect(
        self, draft: Draft, effect: ct.Effect, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        if not self._crit_hands_ok(draft, ctx, effect.requires):
            return
        who = getattr(effect, "who", None)
        if who in ("attacker", "target") and draft.get(ctx.party(who)).dead:
            log.note(
                "no-effect",
                f"{ctx.party(who)} is dead: {effect.type.replace('_', ' ')} does not apply",
                actor=ctx.attacker_id,
                target=ctx.party(who),
                rule=RULE,
            )
            return
        if isinstance(effect, ct.RollMode):
            self._crit_roll_mode(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.AcBonus):
            duration, starts = self._crit_duration(draft, effect.duration, ctx, rng, log)
            holder = ctx.party(effect.who)
            self._crit_add_effect(
                draft,
                holder,
                Effect(
                    kind="ac-bonus",
                    against=ctx.party(effect.against),
                    value=effect.bonus,
                    starts_round=starts,
                    duration=duration,
                    source=ctx.source,
                ),
            )
            self._crit_done(ctx, log, f"+{effect.bonus} AC for {holder} against {ctx.target_id}")
        elif isinstance(effect, ct.Condition):
            self._crit_condition(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.Exhaustion):
            c = draft.edit(ctx.party(effect.who))
            c.exhaustion = min(6, c.exhaustion + effect.levels)
            self._crit_done(
                ctx, log, f"{c.id} gains {effect.levels} exhaustion (now {c.exhaustion})"
            )
        elif isinstance(effect, ct.Movement):
            self._crit_movement(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.Initiative):
            cid = ctx.party(effect.who)
            when = (
                "when its turn ends" if effect.at == "end_of_turn" else "as the next round starts"
            )
            self._crit_add_effect(
                draft,
                cid,
                Effect(
                    kind=f"initiative-{effect.position}",
                    source=ctx.source,
                    note=f"moves to the {effect.position} of the order {when}",
                ),
            )
            self._crit_done(ctx, log, f"{cid} moves to the {effect.position} of the order {when}")
        elif isinstance(effect, ct.EndTurn):
            self._crit_end_turn(draft, ctx.party(effect.who), ctx, log)
        elif isinstance(effect, ct.ExtraDamageDice):
            self._crit_extra_dice(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.Damage):
            self._crit_damage(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.Check):
            self._crit_check(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.WeaponMoved):
            self._crit_weapon_moved(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.GrantAction):
            self._crit_grant_action(draft, effect, ctx, rng, log)
        elif isinstance(effect, ct.OpportunityAttack):
            who = ctx.party(effect.who)
            at = ctx.attacker_id if effect.against == "attacker" else "an ally of the attacker"
            detail = f" ({ctx.detail})" if ctx.detail else ""
            self._crit_done(
                ctx,
                log,
                f"{who} may use its reaction for one melee attack against {at}{detail}: "
                "resolveAttack with spend 'reaction'",
            )
        elif isinstance(effect, ct.ObscuredArea):
            centre = draft.get(ctx.party(effect.center)).position
            duration, _ = self._crit_duration(draft, effect.duration, ctx, rng, log)
            draft.encounter.areas.append(
                Area(
                    center=centre,
                    radius=effect.radius_ft,
                    kind=f"{effect.degree}-obscured",
                    duration=duration,
                )
            )
            self._crit_done(
                ctx,
                log,
                f"{effect.degree} obscured area, {effect.radius_ft} ft around "
                f"({centre.x}, {centre.y})",
            )
        elif isinstance(effect, ct.ComponentsBlocked):
            holder = ctx.party(effect.who)
            duration, starts = self._crit_duration(draft, effect.duration, ctx, rng, log)
            self._crit_add_effect(
                draft,
                holder,
                Effect(
                    kind="blocked-component",
                    roll="spell",
                    starts_round=starts,
                    duration=duration,
                    source=ctx.source,
                    note=effect.component,
                ),
            )
            self._crit_done(ctx, log, f"{holder} can't provide {effect.component} components")
        elif isinstance(effect, ct.PermanentInjury):
            holder = ctx.party(effect.who)
            injury = ctx.detail or "a permanent injury"
            self._crit_add_effect(
                draft,
                holder,
                Effect(kind="other", source=ctx.source, note=f"permanent injury: {injury}"),
            )
            self._crit_done(ctx, log, f"{holder} suffers a permanent injury: {injury}")
        elif isinstance(effect, ct.Ammunition):
            holder = ctx.party(effect.who)
            note = (
                "ammunition spilled: pick up each piece (object interaction or Use an Object)"
                if effect.problem == "spilled"
                else "ammunition lodged: spend an action before the next ranged attack"
            )
            self._crit_add_effect(draft, holder, Effect(kind="other", source=ctx.source, note=note))
            self._crit_done(ctx, log, f"{holder}: {note}")
        elif isinstance(effect, ct.SelfHit):
            self._crit_self_hit(draft, effect, ctx, rng, log)

    def _crit_done(self, ctx: _Ctx, log: EventLog, message: str, **data: Any) -> None:
        ctx.applied.append(message)
        log.note("critical-effect", message, actor=ctx.attacker_id, rule=RULE, **data)

    def _crit_add_effect(self, draft: Draft, holder: str, effect: Effect) -> None:
        c = draft.edit(holder)
        c.effects = [*c.effects, effect]

    def _crit_who(self, draft: Draft, ctx: _Ctx, who: str) -> list[str]:
        if who != "enemies":
            return [ctx.party(who)]
        attacker = draft.get(ctx.attacker_id)
        return [
            c.id
            for c in draft.encounter.combatants
            if not c.dead and draft.encounter.hostile(attacker, c)
        ]

    def _crit_duration(
        self, draft: Draft, d: ct.Duration | None, ctx: _Ctx, rng: Random, log: EventLog
    ) -> tuple[Duration | None, int | None]:
        """The state duration and ``starts_round`` for a table duration."""
        if d is None or isinstance(d, ct.UntilTurnWithoutSpell):
            return None, None
        if isinstance(d, ct.TurnBoundary):
            return Duration(ends=d.ends, of=ctx.party(d.of), turns=d.turns), None
        if isinstance(d, ct.Rounds):
            return Duration(rounds=d.rounds), None
        if isinstance(d, ct.RoundsDice):
            roll = dice.roll(d.rounds_dice, rng, "duration")
            log.rolled(
                roll,
                f"lasts {max(1, roll.total)} rounds"
                + (" or until damaged" if d.until_damaged else ""),
                actor=ctx.attacker_id,
                rule=RULE,
            )
            return Duration(rounds=max(1, roll.total), until_damaged=d.until_damaged), None
        return Duration(rounds=2), draft.encounter.round + 1  # NextRound

    def _crit_roll_mode(
        self, draft: Draft, e: ct.RollMode, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        against = None if e.against == "any" else ctx.party(e.against)
        roll = {
            "attack": "attack",
            "spell_attack": "spell-attack",
            "save": "save",
            "spell_save": "spell-save",
        }[e.roll]
        duration, starts = self._crit_duration(draft, e.duration, ctx, rng, log)
        holders = self._crit_who(draft, ctx, e.who)
        for holder in holders:
            self._crit_add_effect(
                draft,
                holder,
                Effect(
                    kind=e.mode,
                    roll=roll,
                    against=against,
                    uses=1 if e.rolls == "next" else None,
                    starts_round=starts,
                    duration=duration,
                    source=ctx.source,
                ),
            )
        which = "the next" if e.rolls == "next" else "all"
        self._crit_done(
            ctx,
            log,
            f"{', '.join(holders) or 'no one'}: {e.mode} on {which} {roll} rolls"
            + (f" against {against}" if against else ""),
        )

    def _crit_condition(
        self, draft: Draft, e: ct.Condition, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        cid = ctx.party(e.who)
        if e.hp_below_roll is not None:
            roll = dice.roll(e.hp_below_roll, rng, "condition-threshold")
            hp = draft.get(cid).hp
            log.rolled(
                roll,
                f"{e.hp_below_roll} for {e.condition}: {roll.total} against {hp} HP",
                actor=ctx.attacker_id,
                target=cid,
                rule=RULE,
            )
            if not hp < roll.total:
                self._crit_done(ctx, log, f"{cid} does not fall {e.condition} ({hp} HP)")
                return
        duration, _ = self._crit_duration(draft, e.duration, ctx, rng, log)
        source = ctx.party(e.source) if e.source else None
        c = draft.edit(cid)
        c.conditions = [
            *(x for x in c.conditions if x.name != e.condition),
            Condition(e.condition, source, duration),
        ]
        if e.condition == "surprised":
            c.budget.reaction = False
        suffix = ""
        if isinstance(e.duration, ct.UntilTurnWithoutSpell):
            suffix = " until its source ends a turn without casting a spell (remove it then)"
        self._crit_done(ctx, log, f"{cid} is {e.condition}{suffix}", condition=e.condition)

    def _crit_movement(
        self, draft: Draft, e: ct.Movement, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        cid = ctx.party(e.who)
        if e.mode == "speed_halved":
            duration, starts = self._crit_duration(draft, e.duration, ctx, rng, log)
            self._crit_add_effect(
                draft,
                cid,
                Effect(
                    kind="speed-halved", duration=duration, starts_round=starts, source=ctx.source
                ),
            )
            self._crit_done(ctx, log, f"{cid}'s speed is halved")
            return
        if draft.encounter.turn_of not in (None, cid):
            return
        draft.edit(cid).budget.movement = 0
        self._crit_done(ctx, log, f"{cid} has no movement left this turn")

    def _crit_end_turn(self, draft: Draft, cid: str, ctx: _Ctx, log: EventLog) -> None:
        if draft.encounter.turn_of not in (None, cid):
            return
        b = draft.edit(cid).budget
        b.action = b.bonus_action = b.object_interaction = False
        b.movement = 0
        b.attacks_left = 0
        ctx.applied.append(f"{cid}'s turn ends")
        log.note(
            "end-turn",
            f"{draft.get(cid).name}'s turn ends now",
            actor=cid,
            rule=RULE,
            end_turn=True,
        )

    def _crit_deal(
        self, draft: Draft, ctx: _Ctx, target: str, amount: int, critical: bool, log: EventLog
    ) -> None:
        deal_damage(
            self,
            draft,
            log,
            target,
            amount,
            critical=critical,
            source_id=ctx.attacker_id,
            melee=ctx.attack.kind == "melee",
        )

    def _crit_extra_dice(
        self, draft: Draft, e: ct.ExtraDamageDice, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        cid = ctx.party(e.who)
        parsed = dice.parse(ctx.attack.damage)
        only_dice = dice.DiceExpression(
            "+".join(
                f"{'-' if t.sign < 0 else ''}{t.count}d{t.sides}" for t in parsed.terms
            ).replace("+-", "-")
            or "0",
            parsed.terms,
            0,
        )
        if not parsed.terms:
            return
        roll = dice.roll(only_dice, rng, "damage", dice_multiplier=e.sets)
        amount = max(0, roll.total)
        log.rolled(
            roll,
            f"an extra set of {ctx.attack.name}'s damage dice: {amount}",
            actor=ctx.attacker_id,
            target=cid,
            rule=RULE,
        )
        self._crit_deal(draft, ctx, cid, amount, True, log)
        self._crit_done(ctx, log, f"{cid} takes {amount} extra damage", amount=amount)

    def _crit_damage(
        self, draft: Draft, e: ct.Damage, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        cid = ctx.party(e.who)
        total = 0
        for part in e.rolls:
            roll = dice.roll(part.dice, rng, "damage")
            log.rolled(
                roll,
                f"{part.dice} {part.damage_type or 'untyped'} damage: {roll.total}",
                actor=ctx.attacker_id,
                target=cid,
                rule=RULE,
                damage_type=part.damage_type,
            )
            total += max(0, roll.total)
        if e.half:
            total //= 2
        self._crit_deal(draft, ctx, cid, total, False, log)
        self._crit_done(
            ctx, log, f"{cid} takes {total} damage" + (" (half)" if e.half else ""), amount=total
        )

    def _crit_check(self, draft: Draft, e: ct.Check, ctx: _Ctx, rng: Random, log: EventLog) -> None:
        cid = ctx.party(e.who)
        c = draft.get(cid)
        saving = e.roll == "saving_throw"
        bonus = c.save_bonus(e.ability) if saving else c.abilities.get(e.ability)
        roll = dice.roll_die(20, rng, "save" if saving else "check", bonus)
        success = roll.total >= e.dc
        what = "saving throw" if saving else "check"
        log.rolled(
            roll,
            f"{c.name}: DC {e.dc} {e.ability.title()} {what}: {roll.total}, "
            + ("success" if success else "failure"),
            actor=cid,
            rule=RULE,
            dc=e.dc,
            success=success,
        )
        ctx.applied.append(
            f"{cid} {'succeeds' if success else 'fails'} a DC {e.dc} {e.ability} {what}"
        )
        self._crit_apply_list(draft, e.on_success if success else e.on_fail, ctx, rng, log)

    def _crit_weapon_moved(
        self, draft: Draft, e: ct.WeaponMoved, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        cid = ctx.party(e.who)
        data: dict[str, Any] = {"to": e.to, "holder": cid}
        where = {
            "own_feet": "drops at its feet",
            "target_space": f"lands in {ctx.target_id}'s space",
            "attacker_hand": f"is taken by {ctx.attacker_id}",
            "away": "flies away",
        }[e.to]
        if e.distance is not None:
            feet = e.distance.feet or 0
            if e.distance.dice is not None:
                roll = dice.roll(e.distance.dice, rng, "distance")
                log.rolled(roll, f"distance {e.distance.dice}", actor=ctx.attacker_id, rule=RULE)
                feet = roll.total * (e.distance.feet_each or 5)
            data["distance_ft"] = feet
            where += f" {feet} ft"
        if e.direction == "random":
            hexes = draft.encounter.grid.kind == "hex"
            names = HEX_DIRECTIONS if hexes else SQUARE_DIRECTIONS
            roll = dice.roll_die(len(names), rng, "direction")
            log.rolled(
                roll, f"direction: {names[roll.total - 1]}", actor=ctx.attacker_id, rule=RULE
            )
            data["direction"] = names[roll.total - 1]
            where += f" to the {names[roll.total - 1]}"
        elif ctx.detail:
            data["detail"] = ctx.detail
            where += f" ({ctx.detail})"
        ctx.applied.append(f"{cid}'s weapon {where}")
        log.note(
            "weapon-moved",
            f"{cid}'s weapon {where}",
            actor=ctx.attacker_id,
            target=cid,
            rule=RULE,
            **data,
        )

    def _crit_contest(self, draft: Draft, ctx: _Ctx, rng: Random, log: EventLog, what: str) -> bool:
        a = draft.get(ctx.attacker_id)
        t = draft.get(ctx.target_id)
        mine = dice.roll_die(20, rng, "check", a.skill("athletics", "strength"))
        best = max(t.skill("athletics", "strength"), t.skill("acrobatics", "dexterity"))
        theirs = dice.roll_die(20, rng, "check", best)
        won = mine.total > theirs.total
        log.rolled(
            mine, f"{a.name}'s Athletics for the {what}: {mine.total}", actor=a.id, rule=RULE
        )
        log.rolled(
            theirs,
            f"{t.name} resists the {what}: {theirs.total}; "
            + ("the attacker wins" if won else "the target holds"),
            actor=t.id,
            rule=RULE,
        )
        return won

    def _crit_grant_action(
        self, draft: Draft, e: ct.GrantAction, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        cid = ctx.party(e.who)
        other = ctx.target_id if cid == ctx.attacker_id else ctx.attacker_id
        if e.action in ("disengage", "dodge"):
            name = "disengaged" if e.action == "disengage" else "dodging"
            c = draft.edit(cid)
            c.conditions = [
                *(x for x in c.conditions if x.name != name),
                Condition(name, None, Duration(ends="start", of=cid, turns=1)),
            ]
            self._crit_done(ctx, log, f"{cid} takes the {e.action.title()} action", condition=name)
            return
        won = e.automatic or self._crit_contest(draft, ctx, rng, log, e.action)
        if not won:
            ctx.applied.append(f"{cid}'s {e.action} fails")
            return
        if e.action == "grapple":
            t = draft.edit(other)
            t.conditions = [
                *(x for x in t.conditions if x.name != "grappled"),
                Condition("grappled", cid),
            ]
            self._crit_done(ctx, log, f"{other} is grappled by {cid}", condition="grappled")
        elif e.action == "shove":
            if ctx.detail and "push" in ctx.detail.lower():
                self._crit_done(ctx, log, f"{other} is pushed 5 ft away from {cid}")
            else:
                t = draft.edit(other)
                t.conditions = [*(x for x in t.conditions if x.name != "prone"), Condition("prone")]
                self._crit_done(ctx, log, f"{other} is shoved prone", condition="prone")
        elif e.on_success:
            self._crit_apply_list(draft, e.on_success, ctx, rng, log)
        else:
            self._crit_done(ctx, log, f"{other} is disarmed: its weapon drops at its feet")

    def _crit_self_hit(
        self, draft: Draft, e: ct.SelfHit, ctx: _Ctx, rng: Random, log: EventLog
    ) -> None:
        cid = ctx.party(e.who)
        roll = dice.roll(ctx.attack.damage, rng, "damage")
        amount = max(0, roll.total)
        log.rolled(
            roll,
            f"{ctx.attack.name} hits its caster: {amount} damage",
            actor=ctx.attacker_id,
            target=cid,
            rule=RULE,
        )
        self._crit_deal(draft, ctx, cid, amount, False, log)
        self._crit_done(
            ctx,
            log,
            f"{cid} is hit by its own spell ({amount} damage); the spell's other effects "
            "apply to it, a concentration effect lasting until the end of its next turn",
        )


SQUARE_DIRECTIONS = (
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west",
)
HEX_DIRECTIONS = ("east", "south-east", "south-west", "west", "north-west", "north-east")


def _span(band: ct.Band) -> str:
    return str(band.low) if band.low == band.high else f"{band.low}-{band.high}"


def effect_json(effect: ct.Effect) -> dict[str, Any]:
    """An effect in the data files' JSON shape (what a pending choice stores)."""
    out: dict[str, Any] = {"type": effect.type}
    for f in dataclasses.fields(effect):
        value = getattr(effect, f.name)
        if f.name != "type" and value is not None:
            out[f.name] = _json_value(value)
    return out


def _json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "type"):
            return effect_json(value)  # type: ignore[arg-type]
        return {
            f.name: getattr(value, f.name)
            for f in dataclasses.fields(value)
            if getattr(value, f.name) is not None
        }
    return value


def _parse_effects(raw: list[dict[str, Any]], path: tuple[str | int, ...]) -> tuple[ct.Effect, ...]:
    """Effects back from a pending choice, validated as strictly as the data files."""
    doc = {
        "table": ct.CritTable.WEAPON_HIT.value,
        "title": "pending choice",
        "bands": [{"low": 1, "high": 100, "title": "choice", "text": "choice", "effects": raw}],
    }
    try:
        return ct.parse_table(doc).bands[0].effects
    except ct.CritTableError as exc:
        raise InvalidAction(f"the pending choice's effects are malformed: {exc}", path) from None


def _context(
    draft: Draft, choice: PendingChoice, detail: str | None, path: tuple[str | int, ...]
) -> _Ctx:
    ctx = choice.context
    attacker, target, attack = ctx.get("attacker"), ctx.get("target"), ctx.get("attack")
    if not isinstance(attacker, str) or not isinstance(target, str):
        raise InvalidAction("a pending choice's context names its attacker and target", path)
    for cid, key in ((attacker, "attacker"), (target, "target")):
        try:
            draft.get(cid)
        except InvalidAction as e:
            raise e.at(*path, key) from None
    names = {f.name for f in dataclasses.fields(Attack)}
    try:
        if not isinstance(attack, dict):
            raise TypeError("not an object")
        weapon = Attack(**{k: v for k, v in attack.items() if k in names})
        dice.parse(weapon.damage)
    except (TypeError, InvalidAction) as exc:
        raise InvalidAction(
            f"the pending choice's attack is malformed: {exc}", (*path, "attack")
        ) from None
    return _Ctx(attacker, target, weapon, choice.source or "choice", choice.prompt, detail)

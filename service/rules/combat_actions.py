"""The actions in combat: dash, disengage, dodge, help, hide, ready, stabilize, potions...

Each spends its part of the turn budget (``d20.turn.economy``) and never touches movement
already spent or left, so movement can be split around it (``d20.turn.break-move``).
Nothing here depends on where a creature faces (``d20.facing.none``).
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Annotated, Literal

from annotated_types import Ge, Le, Len

from . import dice
from .actions import ActionSpec, AttackOutcome, ResolveAttack, register_action
from .core import RulesetCore
from .damage import heal
from .errors import IllegalAction, InvalidAction
from .events import EventLog
from .state import Combatant, Condition, Draft, Duration, Effect, Id, ReadiedAction, Spend
from .turns import stabilize_creature
from .validate import check_dice

Text = Annotated[str, Len(1, 400)]
PotionSource = Literal["hand", "pouch", "belt", "backpack"]
STABILIZE_DC = 10


# ---------------------------------------------------------------- parameters


@dataclass(slots=True)
class Dash:
    """Extra movement equal to your speed this turn."""

    combatant_id: Id
    spend: Spend = "action"
    """The action, or a bonus action a feature grants."""


@dataclass(slots=True)
class Disengage:
    """Your movement provokes no opportunity attacks until the end of this turn."""

    combatant_id: Id
    spend: Spend = "action"


@dataclass(slots=True)
class Dodge:
    """Until the start of your next turn you are ``dodging``."""

    combatant_id: Id
    spend: Spend = "action"


@dataclass(slots=True)
class Help:
    """Give an ally advantage on its next ability check (no ``target_id``), or on its next
    attack against ``target_id``, before the start of your next turn."""

    combatant_id: Id
    ally_id: Id
    target_id: Id | None = None
    task: Text | None = None
    """What the check is for (a note only)."""
    spend: Spend = "action"


@dataclass(slots=True)
class Hide:
    """A Stealth check (d20 + stealth, else Dexterity); the total is what searchers must beat."""

    combatant_id: Id
    spend: Spend = "action"


@dataclass(slots=True)
class Ready:
    """Hold an action (or a move, or a spell) for a perceivable trigger (``d20.ready.*``)."""

    combatant_id: Id
    trigger: Text
    action: Annotated[str, Len(1, 40)] = "attack"
    """``attack``, ``move``, ``spell`` or another action's name."""
    attack_name: Annotated[str, Len(1, 80)] | None = None
    spell: Annotated[str, Len(1, 80)] | None = None
    """The readied spell (with ``action: spell``): cast now, held with concentration."""


@dataclass(slots=True)
class TriggerReadied:
    """The trigger happened: fire the readied action with the reaction, or decline."""

    combatant_id: Id
    fire: bool = True
    target_id: Id | None = None
    """The target of a readied attack."""
    keep: bool = True
    """On a decline: keep holding the action (until the start of your next turn); false
    abandons it (a readied spell is lost)."""


@dataclass(slots=True)
class Stabilize:
    """First aid: a DC 10 Wisdom (Medicine) check on an unconscious creature at 0 HP."""

    combatant_id: Id
    target_id: Id


@dataclass(slots=True)
class DrinkPotion:
    """Drink a potion, or feed it to another creature (an unconscious one, say)."""

    combatant_id: Id
    """Who takes the potion out and uses it."""
    target_id: Id | None = None
    """Who drinks it; omitted means the user itself."""
    source: PotionSource = "hand"
    """Where the potion is: in hand, a pouch or on a belt (a bonus action to drink), or in
    the backpack (the action)."""
    healing: Annotated[str, Len(1, 40)] = "2d4+2"
    """The potion's healing dice."""


@dataclass(slots=True)
class Interact:
    """Interact with an object (draw a sword, open a door, pull a lever...)."""

    combatant_id: Id
    description: Text = "interacts with an object"
    device: Annotated[str, Len(1, 80)] | None = None
    """A named device being used; a ruleset may make some devices take the action (d10)."""


@dataclass(slots=True)
class Heal:
    """Healing from the DM or an effect: HP back up to the maximum; no budget is spent."""

    target_id: Id
    amount: Annotated[int, Ge(0), Le(1_000_000)]
    source_id: Id | None = None


# ---------------------------------------------------------------- outcomes


@dataclass(slots=True)
class TurnActionOutcome:
    """What a simple action did: what it spent, movement left, the condition it gave."""

    combatant_id: str
    action: str
    spent: str
    movement: int | None
    """Feet of movement left this turn."""
    condition: str | None = None


@dataclass(slots=True)
class HelpOutcome:
    combatant_id: str
    ally_id: str
    effect: Effect


@dataclass(slots=True)
class HideOutcome:
    combatant_id: str
    natural: int
    stealth: int
    """The Stealth total a searcher must beat."""


@dataclass(slots=True)
class ReadyOutcome:
    combatant_id: str
    readied: ReadiedAction
    ended_concentration: str | None
    """The spell whose concentration readying a spell ended."""


@dataclass(slots=True)
class TriggerOutcome:
    combatant_id: str
    fired: bool
    action: str
    attack: AttackOutcome | None = None
    kept: bool = False
    """Declined, and still held."""


@dataclass(slots=True)
class StabilizeOutcome:
    combatant_id: str
    target_id: str
    natural: int
    total: int
    success: bool
    hours_to_regain: int | None
    """On success: after this many hours (1d4) it regains 1 HP if not healed (not applied)."""


@dataclass(slots=True)
class HealOutcome:
    target_id: str
    healed: int
    hp: int
    conscious: bool
    """It was at 0 HP and is conscious again."""
    spent: str


for _spec in (
    ("dash", "dash", Dash, TurnActionOutcome, "Dash: extra movement equal to your speed."),
    ("disengage", "disengage", Disengage, TurnActionOutcome, "Disengage until your turn ends."),
    ("dodge", "dodge", Dodge, TurnActionOutcome, "Dodge until the start of your next turn."),
    ("help", "help", Help, HelpOutcome, "Help: an ally's next check or attack has advantage."),
    ("hide", "hide", Hide, HideOutcome, "Hide: a Stealth check; the total is kept."),
    ("ready", "ready", Ready, ReadyOutcome, "Ready an action for a trigger."),
    (
        "triggerReadied",
        "trigger-readied",
        TriggerReadied,
        TriggerOutcome,
        "Fire a readied action with the reaction, or decline it.",
    ),
    ("stabilize", "stabilize", Stabilize, StabilizeOutcome, "First aid: DC 10 Medicine."),
    (
        "drinkPotion",
        "drink-potion",
        DrinkPotion,
        HealOutcome,
        "Drink or feed a potion (bonus action from hand, pouch or belt; else the action).",
    ),
    ("interact", "interact", Interact, TurnActionOutcome, "Interact with an object."),
    ("heal", "heal", Heal, HealOutcome, "Healing from the DM or an effect."),
):
    _name, _slug, _params, _outcome, _summary = _spec
    _method = "".join("_" + ch.lower() if ch.isupper() else ch for ch in _name)
    register_action(ActionSpec(_name, _slug, _params, _outcome, _method, _summary))


class ActionRules(RulesetCore):
    """Actions other than attacking and moving."""

    def _actor(self, draft: Draft, combatant_id: str, field: str = "combatantId") -> Combatant:
        c = self._combatant(draft, combatant_id, field)
        if c.dead or c.incapacitated:
            state = "dead" if c.dead else "incapacitated"
            raise IllegalAction(f"{c.name} is {state} and can't act", "d20.hp.zero")
        return c

    def _simple(
        self, draft: Draft, cid: str, spend: Spend, name: str, log: EventLog
    ) -> TurnActionOutcome:
        self._actor(draft, cid)
        self.spend(draft, cid, spend, log)
        c = draft.edit(cid)
        return TurnActionOutcome(c.id, name, spend, c.budget.movement)

    def _condition(self, c: Combatant, cond: Condition) -> None:
        c.conditions = [x for x in c.conditions if x.name != cond.name] + [cond]

    def dash(self, draft: Draft, action: Dash, rng: Random, log: EventLog) -> TurnActionOutcome:
        """``d20.turn.economy``: extra movement equal to your speed, this turn."""
        out = self._simple(draft, action.combatant_id, action.spend, "dash", log)
        c = draft.edit(action.combatant_id)
        left = c.speed if c.budget.movement is None else c.budget.movement
        c.budget.movement = min(10_000, left + c.speed)
        out.movement = c.budget.movement
        log.note(
            "dash",
            f"{c.name} dashes: {c.budget.movement} ft of movement left",
            actor=c.id,
            rule="d20.turn.economy",
        )
        return out

    def disengage(
        self, draft: Draft, action: Disengage, rng: Random, log: EventLog
    ) -> TurnActionOutcome:
        out = self._simple(draft, action.combatant_id, action.spend, "disengage", log)
        c = draft.edit(action.combatant_id)
        self._condition(c, Condition("disengaged", c.id, Duration("end", c.id, 1)))
        log.note(
            "disengage",
            f"{c.name} disengages: no opportunity attacks until its turn ends",
            actor=c.id,
            rule="d20.oa.exempt",
        )
        out.condition = "disengaged"
        return out

    def dodge(self, draft: Draft, action: Dodge, rng: Random, log: EventLog) -> TurnActionOutcome:
        out = self._simple(draft, action.combatant_id, action.spend, "dodge", log)
        c = draft.edit(action.combatant_id)
        self._condition(c, Condition("dodging", c.id, Duration("start", c.id, 1)))
        log.note(
            "dodge",
            f"{c.name} dodges until the start of its next turn",
            actor=c.id,
            rule="d20.turn.economy",
        )
        out.condition = "dodging"
        return out

    def help(self, draft: Draft, action: Help, rng: Random, log: EventLog) -> HelpOutcome:
        helper = self._actor(draft, action.combatant_id)
        ally = self._combatant(draft, action.ally_id, "allyId")
        if ally.id == helper.id:
            raise InvalidAction("a creature can't help itself", ("allyId",))
        if action.target_id is not None:
            target = self._combatant(draft, action.target_id, "targetId")
            if target.id in (helper.id, ally.id):
                raise InvalidAction("the target must be a third creature", ("targetId",))
            effect = Effect(
                kind="advantage",
                roll="attack",
                against=target.id,
                uses=1,
                duration=Duration("start", helper.id, 1),
                source=f"help:{helper.id}",
                note=action.task,
            )
            what = f"its next attack against {target.name}"
        else:
            effect = Effect(
                kind="advantage",
                roll="check",
                uses=1,
                duration=Duration("start", helper.id, 1),
                source=f"help:{helper.id}",
                note=action.task,
            )
            what = "its next ability check" + (f" ({action.task})" if action.task else "")
        self.spend(draft, helper.id, action.spend, log)
        a = draft.edit(ally.id)
        a.effects = [*a.effects, effect]
        log.note(
            "help",
            f"{helper.name} helps {ally.name}: advantage on {what}",
            actor=helper.id,
            target=ally.id,
            rule="d20.turn.economy",
        )
        return HelpOutcome(helper.id, ally.id, effect)

    def hide(self, draft: Draft, action: Hide, rng: Random, log: EventLog) -> HideOutcome:
        self._actor(draft, action.combatant_id)
        self.spend(draft, action.combatant_id, action.spend, log)
        c = draft.edit(action.combatant_id)
        roll = dice.roll_die(20, rng, "stealth", c.skill("stealth", "dexterity"))
        log.rolled(roll, f"{c.name} hides: Stealth {roll.total}", actor=c.id)
        c.stealth = max(-100, min(100, roll.total))
        self._condition(c, Condition("hidden", c.id))
        return HideOutcome(c.id, roll.natural, roll.total)

    def ready(self, draft: Draft, action: Ready, rng: Random, log: EventLog) -> ReadyOutcome:
        """``d20.ready.trigger`` and ``d20.ready.spell``."""
        c = self._actor(draft, action.combatant_id)
        if action.action == "spell" and action.spell is None:
            raise InvalidAction("name the readied spell", ("spell",))
        if action.spell is not None and action.action != "spell":
            raise InvalidAction("a spell is readied with action 'spell'", ("action",))
        if action.attack_name is not None and c.find_attack(action.attack_name) is None:
            names = ", ".join(a.name for a in c.attacks) or "none"
            raise InvalidAction(
                f"{c.name} has no attack named {action.attack_name!r} (it has: {names})",
                ("attackName",),
            )
        self.spend(draft, c.id, "action", log)
        c = draft.edit(c.id)
        readied = ReadiedAction(
            action.trigger, action.action, action.attack_name, action.spell, draft.encounter.round
        )
        c.readied = readied
        log.note(
            "readied",
            f"{c.name} readies {action.spell or action.attack_name or action.action} "
            f"for: {action.trigger}",
            actor=c.id,
            rule="d20.ready.trigger",
        )
        ended = None
        if action.spell is not None:
            if c.concentration is not None:
                ended = c.concentration
                log.note(
                    "concentration-ended",
                    f"readying {action.spell} ends {c.name}'s concentration on {ended}",
                    actor=c.id,
                    rule="d20.ready.spell",
                )
            c.concentration = action.spell
            log.note(
                "concentration",
                f"{c.name} casts {action.spell} and holds it with concentration",
                actor=c.id,
                rule="d20.ready.spell",
            )
        return ReadyOutcome(c.id, readied, ended)

    def trigger_readied(
        self, draft: Draft, action: TriggerReadied, rng: Random, log: EventLog
    ) -> TriggerOutcome:
        """``d20.ready.trigger``: the reaction fires right after the trigger, or is declined."""
        c = self._combatant(draft, action.combatant_id, "combatantId")
        readied = c.readied
        if readied is None:
            raise IllegalAction(f"{c.name} has no readied action", "d20.ready.trigger")
        if not action.fire:
            c = draft.edit(c.id)
            if not action.keep:
                c.readied = None
                if readied.spell is not None and c.concentration == readied.spell:
                    c.concentration = None
            log.note(
                "readied-declined",
                f"{c.name} lets the trigger pass"
                + (" and keeps its readied action" if action.keep else " and gives it up"),
                actor=c.id,
                rule="d20.ready.trigger",
            )
            return TriggerOutcome(c.id, False, readied.action, None, action.keep)
        self._actor(draft, c.id)
        if readied.spell is not None and c.concentration != readied.spell:
            c = draft.edit(c.id)
            c.readied = None
            raise IllegalAction(
                f"{c.name} no longer holds {readied.spell}: the spell was lost",
                "d20.ready.spell",
            )
        is_attack = readied.action == "attack" or readied.attack_name is not None
        if is_attack and action.target_id is None:
            raise InvalidAction("a readied attack needs a targetId", ("targetId",))
        if action.target_id is not None:
            self._combatant(draft, action.target_id, "targetId")
        c = draft.edit(c.id)
        c.readied = None
        if readied.spell is not None:
            c.concentration = None
        log.note(
            "readied-fired",
            f"{c.name}'s trigger happens: it uses its reaction for its readied "
            f"{readied.spell or readied.attack_name or readied.action}",
            actor=c.id,
            target=action.target_id,
            rule="d20.ready.spell" if readied.spell else "d20.ready.trigger",
        )
        attack = None
        if is_attack:
            assert action.target_id is not None
            attack = self.resolve_attack(
                draft,
                ResolveAttack(
                    c.id, action.target_id, attack_name=readied.attack_name, spend="reaction"
                ),
                rng,
                log,
            )
        else:
            self.spend(draft, c.id, "reaction", log)
        return TriggerOutcome(c.id, True, readied.action, attack)

    if TYPE_CHECKING:  # provided by AttackRules in the composed Ruleset

        def resolve_attack(
            self, draft: Draft, action: ResolveAttack, rng: Random, log: EventLog
        ) -> AttackOutcome: ...

    def stabilize(
        self, draft: Draft, action: Stabilize, rng: Random, log: EventLog
    ) -> StabilizeOutcome:
        """``d20.death.stabilize``: DC 10 Wisdom (Medicine)."""
        medic = self._actor(draft, action.combatant_id)
        target = self._combatant(draft, action.target_id, "targetId")
        if target.dead or target.hp > 0 or not target.unconscious:
            raise IllegalAction(
                f"{target.name} is not dying: first aid needs an unconscious creature at 0 HP",
                "d20.death.stabilize",
            )
        if target.stable:
            raise IllegalAction(f"{target.name} is already stable", "d20.death.stable")
        self.spend(draft, medic.id, "action", log)
        roll = dice.roll_die(20, rng, "medicine", medic.skill("medicine", "wisdom"))
        success = roll.total >= STABILIZE_DC
        log.rolled(
            roll,
            f"{medic.name} gives first aid to {target.name}: Medicine {roll.total} against DC "
            f"{STABILIZE_DC}, {'success' if success else 'failure'}",
            actor=medic.id,
            target=target.id,
            rule="d20.death.stabilize",
        )
        hours = None
        if success:
            hours = stabilize_creature(draft.edit(target.id), rng, log, "d20.death.stabilize")
        return StabilizeOutcome(medic.id, target.id, roll.natural, roll.total, success, hours)

    def drink_potion(
        self, draft: Draft, action: DrinkPotion, rng: Random, log: EventLog
    ) -> HealOutcome:
        """``d20.turn.potion-bonus`` / ``d20.turn.potion-action``."""
        user = self._actor(draft, action.combatant_id)
        target = self._combatant(draft, action.target_id or user.id, "targetId")
        check_dice(action.healing, ("healing",))
        if target.dead:
            raise IllegalAction(f"{target.name} is dead", "d20.hp.zero")
        if action.source == "backpack" or target.id != user.id:
            spend: Spend = "action"
            rule = "d20.turn.potion-action"
            why = "from the backpack" if action.source == "backpack" else "fed to another"
        else:
            spend, rule, why = "bonus-action", "d20.turn.potion-bonus", f"from {action.source}"
        self.spend(draft, user.id, spend, log)
        roll = dice.roll(action.healing, rng, "healing")
        log.rolled(
            roll,
            f"{user.name} uses a potion ({why}, {spend}) on {target.name}",
            actor=user.id,
            target=target.id,
            rule=rule,
        )
        return self._heal(draft, target.id, max(0, roll.total), user.id, spend, log)

    def interact(
        self, draft: Draft, action: Interact, rng: Random, log: EventLog
    ) -> TurnActionOutcome:
        """``d20.turn.object``: one free object interaction a round; a second takes the action."""
        c = self._actor(draft, action.combatant_id)
        enc = draft.encounter
        if enc.turn_of is not None and enc.turn_of != c.id:
            raise IllegalAction(f"it is not {c.name}'s turn", "d20.turn.economy")
        if c.budget.object_interaction:
            c = draft.edit(c.id)
            c.budget.object_interaction = False
            spent: Spend = "free"
        else:
            if not c.budget.action and c.budget.attacks_left == 0:
                raise IllegalAction(
                    f"{c.name} has used its free object interaction and its action",
                    "d20.turn.object",
                )
            spent = "action"
            self.spend(draft, c.id, "action", log)
            c = draft.edit(c.id)
        log.note(
            "interact",
            f"{c.name} {action.description} ({'free' if spent == 'free' else 'its action'})",
            actor=c.id,
            rule="d20.turn.object",
        )
        return TurnActionOutcome(c.id, "interact", spent, c.budget.movement)

    def heal(self, draft: Draft, action: Heal, rng: Random, log: EventLog) -> HealOutcome:
        self._combatant(draft, action.target_id, "targetId")
        if action.source_id is not None:
            self._combatant(draft, action.source_id, "sourceId")
        return self._heal(draft, action.target_id, action.amount, action.source_id, "free", log)

    def _heal(
        self,
        draft: Draft,
        target_id: str,
        amount: int,
        source: str | None,
        spent: str,
        log: EventLog,
    ) -> HealOutcome:
        t = draft.edit(target_id)
        was_down = t.hp == 0 and not t.dead
        gained = heal(t, log, amount, source)
        return HealOutcome(t.id, gained, t.hp, was_down and t.hp > 0, spent)

"""Readied actions: ``ready`` holds an action for a trigger, ``triggerReadied`` fires it
with the reaction (an attack, a move) or declines it (``d20.ready.trigger``,
``d20.ready.spell``).
"""

from __future__ import annotations

from random import Random

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..mechanics import economy
from ..mechanics.durations import mark_cast
from ..model import Combatant, Draft, ReadiedAction
from ..model.outcomes import AttackOutcome, ReadyOutcome, TriggerOutcome
from ..model.requests import Ready, ResolveAttack, TriggerReadied
from ..registry import action
from ..ruleset import Ruleset
from .attack import resolve_attack
from .movement import reactions, walk


@action("ready", summary="Ready an action for a trigger.", order=110)
def ready(ruleset: Ruleset, draft: Draft, act: Ready, rng: Random, log: EventLog) -> ReadyOutcome:
    """``d20.ready.trigger`` and ``d20.ready.spell``."""
    c = draft.actor(act.combatant_id)
    if act.action == "spell" and act.spell is None:
        raise InvalidAction("name the readied spell", ("spell",))
    if act.spell is not None and act.action != "spell":
        raise InvalidAction("a spell is readied with action 'spell'", ("action",))
    if act.attack_name is not None and c.find_attack(act.attack_name) is None:
        raise c.no_attack(act.attack_name, "attackName")
    economy.spend(ruleset, draft, c.id, "action", log)
    c = draft.edit(c.id)
    readied = ReadiedAction(
        act.trigger, act.action, act.attack_name, act.spell, draft.encounter.round
    )
    c.readied = readied
    log.note(
        "readied",
        f"{c.name} readies {act.spell or act.attack_name or act.action} for: {act.trigger}",
        actor=c.id,
        rule=ruleset.rule_ids.ready,
    )
    ended = None
    if act.spell is not None:
        if c.concentration is not None:
            ended = c.concentration
            log.note(
                "concentration-ended",
                f"readying {act.spell} ends {c.name}'s concentration on {ended}",
                actor=c.id,
                rule="d20.ready.spell",
            )
        c.concentration = act.spell
        mark_cast(draft, c.id)
        log.note(
            "concentration",
            f"{c.name} casts {act.spell} and holds it with concentration",
            actor=c.id,
            rule="d20.ready.spell",
        )
    return ReadyOutcome(c.id, readied, ended)


@action(
    "triggerReadied",
    summary="Fire a readied action with the reaction, or decline it.",
    order=120,
)
def trigger_readied(
    ruleset: Ruleset, draft: Draft, act: TriggerReadied, rng: Random, log: EventLog
) -> TriggerOutcome:
    """``d20.ready.trigger``: the reaction fires right after the trigger, or is declined.

    A readied attack is one attack with the reaction (knockout, stated cover and caller
    advantage as in ``resolveAttack``). A readied move is a move up to the creature's speed
    (after its modifiers) with its reaction, out of its turn: the movement of its own turn
    is left alone, and it provokes opportunity attacks like any move."""
    c = draft.combatant(act.combatant_id, "combatantId")
    readied = c.readied
    if readied is None:
        raise IllegalAction(f"{c.name} has no readied action", "d20.ready.trigger")
    if not act.fire:
        return _decline(draft, c.id, readied, act.keep, log)
    draft.actor(c.id)
    _check_spell_held(draft, c, readied)
    is_attack = readied.action == "attack" or readied.attack_name is not None
    is_move = readied.action == "move" and not is_attack
    _check_request(ruleset, draft, c, act, is_attack=is_attack, is_move=is_move)
    choices = reactions(draft, act.opportunity_attacks, act.other_reactors, "opportunityAttacks")
    _fire(draft, c.id, readied, act.target_id, log)
    attack = move = None
    if is_attack:
        attack = _attack(ruleset, draft, c.id, readied, act, rng, log)
    else:
        economy.spend(ruleset, draft, c.id, "reaction", log)
    if is_move:
        move = walk(
            ruleset,
            draft,
            c.id,
            act.path,
            act.to,
            by="readied",
            fly=act.fly,
            choices=choices,
            rng=rng,
            log=log,
        )
    return TriggerOutcome(
        combatant_id=c.id, fired=True, action=readied.action, attack=attack, move=move
    )


def _decline(
    draft: Draft, combatant_id: str, readied: ReadiedAction, keep: bool, log: EventLog
) -> TriggerOutcome:
    """The trigger passes: the readied action is kept for another, or given up (with the
    concentration on its spell)."""
    c = draft.edit(combatant_id)
    if not keep:
        c.readied = None
        if readied.spell is not None and c.concentration == readied.spell:
            c.concentration = None
    log.note(
        "readied-declined",
        f"{c.name} lets the trigger pass"
        + (" and keeps its readied action" if keep else " and gives it up"),
        actor=c.id,
        rule="d20.ready.trigger",
    )
    return TriggerOutcome(
        combatant_id=c.id, fired=False, action=readied.action, attack=None, kept=keep
    )


def _check_spell_held(draft: Draft, c: Combatant, readied: ReadiedAction) -> None:
    """``d20.ready.spell``: a readied spell whose concentration ended is lost (and the
    readied action with it)."""
    if readied.spell is not None and c.concentration != readied.spell:
        c = draft.edit(c.id)
        c.readied = None
        raise IllegalAction(
            f"{c.name} no longer holds {readied.spell}: the spell was lost", "d20.ready.spell"
        )


def _check_request(
    ruleset: Ruleset,
    draft: Draft,
    c: Combatant,
    act: TriggerReadied,
    *,
    is_attack: bool,
    is_move: bool,
) -> None:
    """Refuse a request that doesn't fit the readied action: an attack needs a target, a
    move a path or a destination, and only a move takes a move's fields."""
    if is_attack and act.target_id is None:
        raise InvalidAction("a readied attack needs a targetId", ("targetId",))
    if act.target_id is not None:
        draft.combatant(act.target_id, "targetId")
    if is_move and act.path is None and act.to is None:
        raise InvalidAction("a readied move needs a 'path' or a destination ('to')", ("to",))
    if not is_move:
        given = _move_fields(act)
        if given:
            raise InvalidAction(f"{c.name}'s readied action is not a move", (given[0],))


def _move_fields(act: TriggerReadied) -> list[str]:
    """The fields of a move the request gives."""
    return [
        name
        for name, value in (
            ("path", act.path is not None),
            ("to", act.to is not None),
            ("fly", act.fly),
            ("opportunityAttacks", bool(act.opportunity_attacks)),
        )
        if value
    ]


def _fire(
    draft: Draft, combatant_id: str, readied: ReadiedAction, target_id: str | None, log: EventLog
) -> None:
    """The readied action is used up (a readied spell's concentration ends: it is cast)."""
    c = draft.edit(combatant_id)
    c.readied = None
    if readied.spell is not None:
        c.concentration = None
    log.note(
        "readied-fired",
        f"{c.name}'s trigger happens: it uses its reaction for its readied "
        f"{readied.spell or readied.attack_name or readied.action}",
        actor=c.id,
        target=target_id,
        rule="d20.ready.spell" if readied.spell else "d20.ready.trigger",
    )


def _attack(
    ruleset: Ruleset,
    draft: Draft,
    combatant_id: str,
    readied: ReadiedAction,
    act: TriggerReadied,
    rng: Random,
    log: EventLog,
) -> AttackOutcome:
    """The readied attack, made with the reaction."""
    assert act.target_id is not None
    request = ResolveAttack(
        combatant_id,
        act.target_id,
        attack_name=readied.attack_name,
        advantage=act.advantage,
        disadvantage=act.disadvantage,
        cover=act.cover,
        knockout=act.knockout,
        spend="reaction",
    )
    return resolve_attack(ruleset, draft, request, rng, log)

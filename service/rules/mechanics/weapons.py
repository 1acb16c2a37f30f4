"""Weapons out of hand and disturbed ammunition (``d20.crit.effects`` decision 4).

A dropped or flung weapon is no longer in hand: it lies on a cell (``Attack.dropped_at``)
and attacks with it are refused until it is picked up, an object interaction within reach
(5 ft) of where it lies. Spilled ammunition blocks each ranged attack with the weapon until a
piece is picked up (an object interaction); lodged ammunition blocks the next one until an
action is spent freeing it. :func:`weapon_problem` says what stops an attack, :func:`recover`
is what ``interact`` with ``weapon`` does, :func:`after_shot` spends the piece picked up.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..model import Attack, Cell, Combatant, Draft
from .space import Board

RULE = "d20.crit.effects"
PICK_UP_FT = 5


def weapon_problem(attacker: Combatant, attack: Attack) -> str | None:
    """Why ``attacker`` can't attack with ``attack`` now (out of hand, ammunition to pick
    up or free), or None."""
    if attack.dropped_at is not None:
        at = attack.dropped_at
        return (
            f"{attacker.name}'s {attack.name} is not in hand: it lies at ({at.x}, {at.y}); "
            "pick it up first (interact with 'weapon', within reach)"
        )
    if attack.kind == "ranged" and attack.ammo_problem == "spilled":
        return (
            f"{attacker.name}'s ammunition for {attack.name} is spilled: pick a piece up first "
            "(interact with 'weapon': the object interaction, or the action)"
        )
    if attack.kind == "ranged" and attack.ammo_problem == "lodged":
        return (
            f"{attacker.name}'s ammunition for {attack.name} is lodged: spend an action freeing "
            "it first (interact with 'weapon')"
        )
    return None


def find_weapon(c: Combatant, name: str | None) -> int | None:
    """The index of ``c``'s attack named ``name``; without a name, of the weapon it holds
    (its first attack that is not a spell), or None."""
    for i, attack in enumerate(c.attacks):
        if attack.name == name if name is not None else attack.kind != "spell":
            return i
    return None


def drop_held_weapon(c: Combatant, log: EventLog) -> None:
    """``c`` (an edited copy) falls unconscious: the weapon it holds (:func:`find_weapon`)
    drops to its own cell, unless it is out of hand already (``d20.cond``)."""
    index = find_weapon(c, None)
    if index is None or c.attacks[index].dropped_at is not None:
        return
    weapon = c.attacks[index]
    at = c.position
    c.attacks[index] = dataclasses.replace(weapon, dropped_at=at)
    log.note(
        "weapon-dropped",
        f"{c.name} drops its {weapon.name} at ({at.x}, {at.y})",
        target=c.id,
        rule="d20.cond",
        weapon=weapon.name,
        at={"x": at.x, "y": at.y},
    )


def set_weapon(draft: Draft, cid: str, index: int, **changes: object) -> Attack:
    """Replace ``cid``'s attack at ``index`` with a changed copy (attacks are shared
    between drafts: never changed in place)."""
    c = draft.edit(cid)
    new = dataclasses.replace(c.attacks[index], **changes)  # type: ignore[arg-type]
    c.attacks[index] = new
    return new


def recover(
    board: Board, draft: Draft, cid: str, name: str, log: EventLog, rule: str
) -> Literal["action"] | None:
    """``interact`` with ``weapon``: pick the weapon up where it lies, or a piece of its
    spilled ammunition, or free its lodged ammunition. Returns ``"action"`` when that takes
    the action (lodged ammunition), None for an ordinary object interaction."""
    c = draft.get(cid)
    index = find_weapon(c, name)
    if index is None:
        raise c.no_attack(name, "weapon")
    weapon = c.attacks[index]
    if weapon.dropped_at is not None:
        at = weapon.dropped_at
        if not board.within(board.cells(c), [at.key()], PICK_UP_FT):
            raise IllegalAction(
                f"{c.name}'s {weapon.name} lies at ({at.x}, {at.y}), out of reach: move "
                "within reach of it first",
                RULE,
            )
        set_weapon(draft, cid, index, dropped_at=None)
        log.note(
            "weapon-recovered",
            f"{c.name} picks up its {weapon.name} at ({at.x}, {at.y})",
            actor=cid,
            rule=rule,
            weapon=weapon.name,
        )
        return None
    if weapon.ammo_problem == "spilled":
        set_weapon(draft, cid, index, ammo_problem="picked-up")
        log.note(
            "ammunition-recovered",
            f"{c.name} picks up a piece of its spilled ammunition for {weapon.name}",
            actor=cid,
            rule=rule,
            weapon=weapon.name,
        )
        return None
    if weapon.ammo_problem == "lodged":
        set_weapon(draft, cid, index, ammo_problem=None)
        log.note(
            "ammunition-recovered",
            f"{c.name} spends its action freeing the lodged ammunition of {weapon.name}",
            actor=cid,
            rule=RULE,
            weapon=weapon.name,
        )
        return "action"
    raise InvalidAction(
        f"{c.name}'s {weapon.name} is in hand"
        + (" and its ammunition ready" if weapon.ammo_problem is None else "")
        + ": there is nothing to recover",
        ("weapon",),
    )


def after_shot(draft: Draft, cid: str, attack: Attack) -> None:
    """A ranged attack with spilled ammunition used the piece picked up for it."""
    if attack.kind != "ranged" or attack.ammo_problem != "picked-up":
        return
    c = draft.get(cid)
    index = next((i for i, a in enumerate(c.attacks) if a is attack), None)
    if index is not None:
        set_weapon(draft, cid, index, ammo_problem="spilled")


def landing(board: Board, start: Cell, step: tuple[int, int], feet: int) -> Cell:
    """Where a weapon flung ``feet`` from ``start`` in the direction ``step`` lands: it
    flies cell by cell and stops before a wall or the edge of the map."""
    x, y = start.x, start.y
    for _ in range(feet // 5):
        nxt = (x + step[0], y + step[1])
        if not board.geometry.fits([nxt]):
            break
        x, y = nxt
    return Cell(x, y)

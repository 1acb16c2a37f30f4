"""The effects that hold effects (a check's results, an action's success) and the union of
every effect."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal, TypeAlias, cast

from annotated_types import Ge, Le

from ....grid import Geometry
from ....mechanics.checks import roll_check, roll_modes
from ....mechanics.space import board_of
from ....model import Cell, Cond
from ....model import Condition as StateCondition
from ....model import Duration as StateDuration
from .conditions import Condition, Exhaustion, Movement, ObscuredArea
from .damage import Damage, ExtraDamageDice, PermanentInjury, SelfHit
from .play import (
    Base,
    Play,
    walk_effects,
)
from .rolls import AcBonus, RollMode
from .turns import EndTurn, Initiative, OpportunityAttack
from .vocabulary import (
    RULE,
    Ability,
    Party,
)
from .weapons import Ammunition, ComponentsBlocked, WeaponMoved


@dataclass(frozen=True, kw_only=True)
class Check(Base):
    """``check``: the service rolls ``who``'s ``roll`` (an ability check or a saving throw)
    of ``ability`` against ``dc`` from its own bonuses (``d20.crit.effects``), then applies
    ``on_fail`` (total below ``dc``) or ``on_success``, in order."""

    type: Literal["check"] = field(default="check", init=False)
    who: Party
    roll: Literal["ability_check", "saving_throw"]
    ability: Ability
    dc: Annotated[int, Ge(1), Le(40)]
    on_fail: tuple[Effect, ...] = ()
    on_success: tuple[Effect, ...] = ()

    def children(self) -> tuple[Effect, ...]:
        return (*self.on_fail, *self.on_success)

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        c = play.draft.get(cid)
        saving = self.roll == "saving_throw"
        bonus = c.save_bonus(self.ability) if saving else c.abilities.get(self.ability)
        source = None if cid == play.attacker_id else play.attacker_id
        kind: Literal["check", "save"] = "save" if saving else "check"
        check = roll_check(
            play.draft,
            cid,
            kind,
            bonus,
            play.rng,
            play.log,
            kind,
            against=source,
            ability=self.ability,
            board=board_of(play.draft, play.ruleset),
        )
        roll = check.roll
        success = roll.total >= self.dc
        what = "saving throw" if saving else "check"
        play.log.rolled(
            roll,
            f"{c.name}: DC {self.dc} {self.ability.title()} {what}: {roll.total}, "
            + ("success" if success else "failure"),
            actor=cid,
            rule=RULE,
            dc=self.dc,
            success=success,
            **roll_modes(check.advantage, check.disadvantage),
        )
        play.applied.append(
            f"{cid} {'succeeds' if success else 'fails'} a DC {self.dc} {self.ability} {what}"
        )
        play.apply_list(self.on_success if success else self.on_fail)


def _push(play: Play, shover: str, pushed: str) -> None:
    """A shove's push: ``pushed`` moves 5 ft (one cell) straight away from ``shover``, to
    the free cell farthest from it; moved by another, it provokes no opportunity attack
    (``d20.oa.exempt``). With no free cell away, it stays."""
    board = board_of(play.draft, play.ruleset)
    geometry = board.geometry
    them = play.draft.get(pushed)
    mine = board.cells(play.draft.get(shover))
    taken = {
        cell
        for c in play.draft.encounter.combatants
        if c.id != pushed and not c.dead
        for cell in board.cells(c)
    }
    here = geometry.space_distance(mine, board.cells(them))
    ox, oy = _centre(geometry, play.draft.get(shover).position.key())
    tx, ty = _centre(geometry, them.position.key())
    best: tuple[int, float, Cell] | None = None
    for dx, dy in geometry.steps:
        anchor = (them.position.x + dx, them.position.y + dy)
        cells = board.cells_at(them, anchor)
        if not geometry.fits(cells) or any(cell in taken for cell in cells):
            continue
        away = geometry.space_distance(mine, cells)
        ax, ay = _centre(geometry, anchor)
        # how straight the step is: the cosine between it and the line from the shover
        straight = ((ax - tx) * (tx - ox) + (ay - ty) * (ty - oy)) / (
            math.hypot(ax - tx, ay - ty) * (math.hypot(tx - ox, ty - oy) or 1.0)
        )
        if away > here and (best is None or (away, straight) > best[:2]):
            best = (away, straight, Cell(*anchor))
    if best is None:
        play.done(f"{pushed} can't be pushed away from {shover}: no free space behind it")
        return
    cell = best[2]
    play.draft.edit(pushed).position = cell
    play.done(
        f"{pushed} is pushed 5 ft away from {shover}, to ({cell.x}, {cell.y})",
        to={"x": cell.x, "y": cell.y},
    )


def _centre(geometry: Geometry, cell: tuple[int, int]) -> tuple[float, float]:
    """Where a cell's centre is drawn, for the direction of a push."""
    x, y = cell
    if geometry.kind.value == "square":
        return float(x), float(y)
    if geometry.orientation.value == "flat":
        return x * 1.5, (y + x / 2) * math.sqrt(3)
    return (x + y / 2) * math.sqrt(3), y * 1.5


@dataclass(frozen=True, kw_only=True)
class GrantAction(Base):
    """``grant_action``: ``who`` may take ``action`` right after the attack, without using
    its action, bonus action or reaction. ``automatic``: it succeeds without a contest (the
    automatic grapple or shove). ``on_success``: effects that replace the action's usual
    result when it succeeds (a disarm that steals the weapon or knocks it 20 ft away)."""

    type: Literal["grant_action"] = field(default="grant_action", init=False)
    who: Party
    action: Literal["disengage", "dodge", "disarm", "grapple", "shove"]
    automatic: bool = False
    on_success: tuple[Effect, ...] = ()

    def children(self) -> tuple[Effect, ...]:
        return self.on_success

    def offer(self, names: Mapping[str, str]) -> str:
        how = "an automatic" if self.automatic else "a free"
        return f"{how} {self.action} for {names[self.who]}{self.hands_words()}"

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        other = play.target_id if cid == play.attacker_id else play.attacker_id
        if self.action in ("disengage", "dodge"):
            # Disengage lasts to the end of the current turn; Dodge to the start of your next
            if self.action == "disengage":
                name = Cond.DISENGAGED
                now = play.draft.encounter.turn_of or cid
                lasts = StateDuration(ends="end", of=now, turns=0)
            else:
                name = Cond.DODGING
                lasts = StateDuration(ends="start", of=cid, turns=1)
            c = play.draft.edit(cid)
            c.conditions = [
                *(x for x in c.conditions if x.name != name),
                StateCondition(name, None, lasts),
            ]
            play.done(f"{cid} takes the {self.action.title()} action", condition=name)
            return
        won = self.automatic or play.contest(self.action)
        if not won:
            play.applied.append(f"{cid}'s {self.action} fails")
            return
        if self.action == "grapple":
            # d20.crit.effects decision 7: the grappled condition with its grappler as source,
            # escaped (escapeGrapple), released (releaseGrapple) and ended as d100.grapple.*
            t = play.draft.edit(other)
            t.conditions = [
                *(x for x in t.conditions if not (x.name == Cond.GRAPPLED and x.source == cid)),
                StateCondition(Cond.GRAPPLED, cid),
            ]
            play.done(f"{other} is grappled by {cid}", condition=Cond.GRAPPLED)
        elif self.action == "shove":
            if play.detail and "push" in play.detail.lower():
                _push(play, cid, other)
            else:
                t = play.draft.edit(other)
                t.conditions = [
                    *(x for x in t.conditions if x.name != Cond.PRONE),
                    StateCondition(Cond.PRONE),
                ]
                play.done(f"{other} is shoved prone", condition=Cond.PRONE)
        elif self.on_success:
            play.apply_list(self.on_success)
        else:
            party: Party = "target" if other == play.target_id else "attacker"
            play.apply(WeaponMoved(who=party, to="own_feet"))


Effect: TypeAlias = (
    RollMode
    | AcBonus
    | Condition
    | Exhaustion
    | Movement
    | Initiative
    | EndTurn
    | ExtraDamageDice
    | Damage
    | Check
    | WeaponMoved
    | GrantAction
    | OpportunityAttack
    | ObscuredArea
    | ComponentsBlocked
    | PermanentInjury
    | Ammunition
    | SelfHit
)


def iter_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect, depth first, including those nested in ``on_fail`` / ``on_success``
    (:func:`~.play.walk_effects`; what effects nest are effects: the loader builds no other)."""
    return cast("Iterator[Effect]", walk_effects(effects))

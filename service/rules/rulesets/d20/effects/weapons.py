"""Effects on weapons and spellcasting: a weapon moved, ammunition disturbed, components blocked."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from .... import dice
from ....mechanics.space import board_of
from ....mechanics.weapons import find_weapon, landing, set_weapon
from ....model import Cell
from ....model import Effect as StateEffect
from .durations import (
    Distance,
    Duration,
    resolve_duration,
)
from .play import (
    Base,
    Play,
)
from .vocabulary import (
    HEX_DIRECTIONS,
    HEX_STEPS,
    RULE,
    SQUARE_DIRECTIONS,
    SQUARE_STEPS,
    Party,
)


@dataclass(frozen=True, kw_only=True)
class WeaponMoved(Base):
    """``weapon_moved``: the weapon ``who`` holds (the attacker: the one it attacked with)
    leaves its hand and goes ``to``: ``own_feet`` (dropped in ``who``'s space),
    ``target_space`` (a DM choice picks the square of a Large or larger target),
    ``attacker_hand`` (stolen into the attacker's free hand), or ``away``: ``distance`` from
    ``who``'s space in ``direction`` (``random``: the service rolls one of the grid's
    directions; ``dm``: the DM picks it). Nothing happens if ``who`` holds no weapon."""

    type: Literal["weapon_moved"] = field(default="weapon_moved", init=False)
    who: Party
    to: Literal["own_feet", "target_space", "attacker_hand", "away"]
    distance: Distance | None = None
    direction: Literal["random", "dm"] | None = None

    def __post_init__(self) -> None:
        if (self.to == "away") != (self.distance is not None and self.direction is not None):
            raise ValueError("distance and direction go with to='away', only")

    def settled_without_asking(self, play: Play) -> bool:
        """Thrown into the space of a target that fills one square: only one place."""
        if self.to == "target_space":
            return play.ruleset.square_extent.get(play.draft.get(play.target_id).size, 1) <= 1
        return False

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        holder = play.draft.get(cid)
        index = find_weapon(holder, play.attack.name if cid == play.attacker_id else None)
        if index is None and cid != play.attacker_id:
            play.log.note(
                "no-effect",
                f"{holder.name} holds no weapon: nothing leaves its hand",
                actor=play.attacker_id,
                target=cid,
                rule=RULE,
            )
            return
        weapon = play.attack if index is None else holder.attacks[index]
        data: dict[str, Any] = {"to": self.to, "holder": cid, "weapon": weapon.name}
        where = {
            "own_feet": "drops at its feet",
            "target_space": f"lands in {play.target_id}'s space",
            "attacker_hand": f"is taken by {play.attacker_id}",
            "away": "flies away",
        }[self.to]
        feet = 0
        if self.distance is not None:
            feet = self.distance.feet or 0
            if self.distance.dice is not None:
                roll = dice.roll(self.distance.dice, play.rng, "distance")
                play.log.rolled(
                    roll, f"distance {self.distance.dice}", actor=play.attacker_id, rule=RULE
                )
                feet = roll.total * (self.distance.feet_each or 5)
            data["distance_ft"] = feet
            where += f" {feet} ft"
        direction = None
        if self.direction == "random":
            names = directions(play)
            roll = dice.roll_die(len(names), play.rng, "direction")
            direction = names[roll.total - 1]
            play.log.rolled(roll, f"direction: {direction}", actor=play.attacker_id, rule=RULE)
        elif self.direction == "dm":
            direction = direction_in(play.detail, play)
        if direction is not None:
            data["direction"] = direction
            where += f" to the {direction}"
        elif play.detail:
            data["detail"] = play.detail
            where += f" ({play.detail})"
        if index is None:
            where += " (an attack described inline: where it lies is not kept)"
        elif self.to == "attacker_hand":
            self._steal(play, cid, index)
        else:
            cell = self._cell(play, holder.position, feet, direction)
            set_weapon(play.draft, cid, index, dropped_at=cell)
            data["at"] = {"x": cell.x, "y": cell.y}
            where += f", at ({cell.x}, {cell.y})"
        play.applied.append(f"{cid}'s {weapon.name} {where}")
        play.log.note(
            "weapon-moved",
            f"{holder.name}'s {weapon.name} {where}",
            actor=play.attacker_id,
            target=cid,
            rule=RULE,
            **data,
        )

    def _cell(self, play: Play, start: Cell, feet: int, direction: str | None) -> Cell:
        board = board_of(play.draft, play.ruleset)
        if self.to == "target_space":
            target = play.draft.get(play.target_id)
            chosen = cell_in(play.detail)
            cells = board.cells(target)
            return chosen if chosen is not None and chosen.key() in cells else target.position
        if self.to == "away" and direction is not None:
            names = directions(play)
            steps = HEX_STEPS if names is HEX_DIRECTIONS else SQUARE_STEPS
            return landing(board, start, steps[names.index(direction)], feet)
        return start

    def _steal(self, play: Play, cid: str, index: int) -> None:
        """The weapon leaves its holder's attacks for the attacker's (renamed if the
        attacker has one of the same name)."""
        holder = play.draft.edit(cid)
        weapon = holder.attacks.pop(index)
        thief = play.draft.edit(play.attacker_id)
        taken = {a.name for a in thief.attacks}
        name = weapon.name if weapon.name not in taken else f"{weapon.name} of {holder.name}"
        thief.attacks.append(dataclasses.replace(weapon, name=name[:80], dropped_at=None))


def directions(play: Play) -> tuple[str, ...]:
    """The direction names of the encounter's grid, in the order of its steps."""
    return HEX_DIRECTIONS if play.draft.encounter.grid.kind == "hex" else SQUARE_DIRECTIONS


def direction_in(text: str | None, play: Play) -> str | None:
    """The direction a DM's answer names (``north-east``, ``west``...), if any."""
    if not text:
        return None
    words = text.lower().replace("_", "-").replace(" ", "-")
    for name in sorted(directions(play), key=len, reverse=True):
        if name in words:
            return name
    return None


def cell_in(text: str | None) -> Cell | None:
    """The cell a DM's answer names (``3,4`` or ``(3, 4)``), if any."""
    if not text:
        return None
    found = re.search(r"(-?\d+)\s*,\s*(-?\d+)", text)
    return Cell(int(found.group(1)), int(found.group(2))) if found else None


@dataclass(frozen=True, kw_only=True)
class ComponentsBlocked(Base):
    """``components_blocked``: while ``duration`` lasts ``who`` can't provide ``component``
    components, so it can't cast spells that need them (``material`` includes using a
    spellcasting focus in their place)."""

    type: Literal["components_blocked"] = field(default="components_blocked", init=False)
    who: Party
    component: Literal["verbal", "somatic", "material"]
    duration: Duration

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        duration, starts = resolve_duration(self.duration, play, holder)
        play.give(
            holder,
            StateEffect(
                kind="blocked-component",
                roll="spell",
                starts_round=starts,
                duration=duration,
                source=play.source,
                note=self.component,
            ),
        )
        play.done(f"{holder} can't provide {self.component} components")


@dataclass(frozen=True, kw_only=True)
class Ammunition(Base):
    """``ammunition``: ``who``'s ammunition is disturbed. ``spilled`` (``every_shot``): before
    each ranged attack with it ``who`` must pick a piece up with its free object interaction
    or the Use an Object action (``recover_with`` =
    ``object_interaction_or_use_an_object``). ``lodged``: before its next ranged attack
    ``who`` must spend an action (``recover_with="action"``) once."""

    type: Literal["ammunition"] = field(default="ammunition", init=False)
    who: Party
    problem: Literal["spilled", "lodged"]
    recover_with: Literal["object_interaction_or_use_an_object", "action"]
    every_shot: bool

    def apply(self, play: Play) -> None:
        holder = play.party(self.who)
        c = play.draft.get(holder)
        index = find_weapon(c, play.attack.name if holder == play.attacker_id else None)
        note = (
            "pick up a piece before each ranged attack (object interaction or Use an Object)"
            if self.problem == "spilled"
            else "spend an action freeing it before the next ranged attack"
        )
        if index is None:
            # an attack described inline is not kept: a note is all the state can hold
            text = f"ammunition {self.problem} ({play.attack.name}): {note}"
            play.give(holder, StateEffect(kind="other", source=play.source, note=text))
            play.done(f"{holder}: {text}")
            return
        weapon = set_weapon(play.draft, holder, index, ammo_problem=self.problem)
        play.done(
            f"{holder}'s ammunition for {weapon.name} is {self.problem}: {note}",
            weapon=weapon.name,
            problem=self.problem,
        )

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TurnBudget")


@_attrs_define
class TurnBudget:
    """What a combatant has left: this turn's action, bonus action and movement, the
    reaction (until it comes back) and the free object interaction.

        Attributes:
            action (bool | Unset): Its action is unspent this turn (`d20.turn.economy`); the start of its turn gives it
                back. Default: True.
            bonus_action (bool | Unset): Its bonus action is unspent this turn; false from the start where it has none (d10
                without a
                `bonus-action:` feature: `d10.turn.bonus`). Default: True.
            reaction (bool | Unset): Its reaction is unspent; a used one comes back at the start of its turn (d20, d100:
                `d20.turn.economy`) or of the next round (d10: `d10.turn.reaction`). Default: True.
            movement (int | None | Unset): Feet of movement left; omitted means the combatant's full speed.
            object_interaction (bool | Unset): Its free object interaction is unspent this turn (`d20.turn.object`); once it
                is used,
                another interaction takes the action. Default: True.
            attacks_left (int | Unset): Attacks still to make in an Attack action already taken this turn. Default: 0.
    """

    action: bool | Unset = True
    bonus_action: bool | Unset = True
    reaction: bool | Unset = True
    movement: int | None | Unset = UNSET
    object_interaction: bool | Unset = True
    attacks_left: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        bonus_action = self.bonus_action

        reaction = self.reaction

        movement: int | None | Unset
        if isinstance(self.movement, Unset):
            movement = UNSET
        else:
            movement = self.movement

        object_interaction = self.object_interaction

        attacks_left = self.attacks_left

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if action is not UNSET:
            field_dict["action"] = action
        if bonus_action is not UNSET:
            field_dict["bonusAction"] = bonus_action
        if reaction is not UNSET:
            field_dict["reaction"] = reaction
        if movement is not UNSET:
            field_dict["movement"] = movement
        if object_interaction is not UNSET:
            field_dict["objectInteraction"] = object_interaction
        if attacks_left is not UNSET:
            field_dict["attacksLeft"] = attacks_left

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = d.pop("action", UNSET)

        bonus_action = d.pop("bonusAction", UNSET)

        reaction = d.pop("reaction", UNSET)

        def _parse_movement(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        movement = _parse_movement(d.pop("movement", UNSET))

        object_interaction = d.pop("objectInteraction", UNSET)

        attacks_left = d.pop("attacksLeft", UNSET)

        turn_budget = cls(
            action=action,
            bonus_action=bonus_action,
            reaction=reaction,
            movement=movement,
            object_interaction=object_interaction,
            attacks_left=attacks_left,
        )

        return turn_budget

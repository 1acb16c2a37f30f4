from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TurnBudgetOutput")


@_attrs_define
class TurnBudgetOutput:
    """What a combatant has left: this turn's action, bonus action and movement, the
    reaction (until it comes back) and the free object interaction.

        Attributes:
            action (bool): Its action is unspent this turn (`d20.turn.economy`); the start of its turn gives it
                back. Default: True.
            bonus_action (bool): Its bonus action is unspent this turn; false from the start where it has none (d10 without
                a
                `bonus-action:` feature: `d10.turn.bonus`). Default: True.
            reaction (bool): Its reaction is unspent; a used one comes back at the start of its turn (d20, d100:
                `d20.turn.economy`) or of the next round (d10: `d10.turn.reaction`). Default: True.
            movement (int | None): Feet of movement left; omitted means the combatant's full speed.
            object_interaction (bool): Its free object interaction is unspent this turn (`d20.turn.object`); once it is
                used,
                another interaction takes the action. Default: True.
            attacks_left (int): Attacks still to make in an Attack action already taken this turn. Default: 0.
    """

    movement: int | None
    action: bool = True
    bonus_action: bool = True
    reaction: bool = True
    object_interaction: bool = True
    attacks_left: int = 0

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        bonus_action = self.bonus_action

        reaction = self.reaction

        movement: int | None
        movement = self.movement

        object_interaction = self.object_interaction

        attacks_left = self.attacks_left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "bonusAction": bonus_action,
                "reaction": reaction,
                "movement": movement,
                "objectInteraction": object_interaction,
                "attacksLeft": attacks_left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = d.pop("action")

        bonus_action = d.pop("bonusAction")

        reaction = d.pop("reaction")

        def _parse_movement(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        movement = _parse_movement(d.pop("movement"))

        object_interaction = d.pop("objectInteraction")

        attacks_left = d.pop("attacksLeft")

        turn_budget_output = cls(
            action=action,
            bonus_action=bonus_action,
            reaction=reaction,
            movement=movement,
            object_interaction=object_interaction,
            attacks_left=attacks_left,
        )

        return turn_budget_output

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.opportunity_attack import OpportunityAttack


T = TypeVar("T", bound="MoveOutcome")


@_attrs_define
class MoveOutcome:
    """Where the combatant went, what it cost, and the opportunity attacks on the way.

    Attributes:
        combatant_id (str):
        path (list[Cell]):
        cost (int): Feet of movement spent.
        movement_left (int):
        squeezing (bool):
        opportunity_attacks (list[OpportunityAttack]):
        stopped (bool): The move ended early: the mover dropped to 0 HP, was knocked prone or incapacitated,
            or lost its movement on the way (the move event says which). Default: False.
    """

    combatant_id: str
    path: list[Cell]
    cost: int
    movement_left: int
    squeezing: bool
    opportunity_attacks: list[OpportunityAttack]
    stopped: bool = False

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        path = []
        for path_item_data in self.path:
            path_item = path_item_data.to_dict()
            path.append(path_item)

        cost = self.cost

        movement_left = self.movement_left

        squeezing = self.squeezing

        opportunity_attacks = []
        for opportunity_attacks_item_data in self.opportunity_attacks:
            opportunity_attacks_item = opportunity_attacks_item_data.to_dict()
            opportunity_attacks.append(opportunity_attacks_item)

        stopped = self.stopped

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "path": path,
                "cost": cost,
                "movementLeft": movement_left,
                "squeezing": squeezing,
                "opportunityAttacks": opportunity_attacks,
                "stopped": stopped,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.opportunity_attack import OpportunityAttack  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        path = []
        _path = d.pop("path")
        for path_item_data in _path:
            path_item = Cell.from_dict(path_item_data)

            path.append(path_item)

        cost = d.pop("cost")

        movement_left = d.pop("movementLeft")

        squeezing = d.pop("squeezing")

        opportunity_attacks = []
        _opportunity_attacks = d.pop("opportunityAttacks")
        for opportunity_attacks_item_data in _opportunity_attacks:
            opportunity_attacks_item = OpportunityAttack.from_dict(opportunity_attacks_item_data)

            opportunity_attacks.append(opportunity_attacks_item)

        stopped = d.pop("stopped")

        move_outcome = cls(
            combatant_id=combatant_id,
            path=path,
            cost=cost,
            movement_left=movement_left,
            squeezing=squeezing,
            opportunity_attacks=opportunity_attacks,
            stopped=stopped,
        )

        return move_outcome

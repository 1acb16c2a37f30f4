from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

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
        opportunity_attacks (list[OpportunityAttack] | Unset):
        stopped (bool | Unset): The move ended early: the mover dropped to 0 HP, was knocked prone or incapacitated,
            or lost its movement on the way (the move event says which). Default: False.
    """

    combatant_id: str
    path: list[Cell]
    cost: int
    movement_left: int
    squeezing: bool
    opportunity_attacks: list[OpportunityAttack] | Unset = UNSET
    stopped: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        path = []
        for path_item_data in self.path:
            path_item = path_item_data.to_dict()
            path.append(path_item)

        cost = self.cost

        movement_left = self.movement_left

        squeezing = self.squeezing

        opportunity_attacks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.opportunity_attacks, Unset):
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
            }
        )
        if opportunity_attacks is not UNSET:
            field_dict["opportunityAttacks"] = opportunity_attacks
        if stopped is not UNSET:
            field_dict["stopped"] = stopped

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
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

        _opportunity_attacks = d.pop("opportunityAttacks", UNSET)
        opportunity_attacks: list[OpportunityAttack] | Unset = UNSET
        if _opportunity_attacks is not UNSET:
            opportunity_attacks = []
            for opportunity_attacks_item_data in _opportunity_attacks:
                opportunity_attacks_item = OpportunityAttack.from_dict(opportunity_attacks_item_data)

                opportunity_attacks.append(opportunity_attacks_item)

        stopped = d.pop("stopped", UNSET)

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

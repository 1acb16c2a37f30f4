from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PostureOutcome")


@_attrs_define
class PostureOutcome:
    """The creature's posture after the action, and the movement it has left.

    Attributes:
        combatant_id (str):
        prone (bool):
        movement_left (int):
    """

    combatant_id: str
    prone: bool
    movement_left: int

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        prone = self.prone

        movement_left = self.movement_left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "prone": prone,
                "movementLeft": movement_left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        prone = d.pop("prone")

        movement_left = d.pop("movementLeft")

        posture_outcome = cls(
            combatant_id=combatant_id,
            prone=prone,
            movement_left=movement_left,
        )

        return posture_outcome

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.attack_reach import AttackReach


T = TypeVar("T", bound="ReachOutcome")


@_attrs_define
class ReachOutcome:
    """The distance between two combatants by the counting rule, and each attack's reach.

    Attributes:
        distance (int): Feet, counted from a cell next to the attacker into the target's space.
        attacks (list[AttackReach]):
        line_of_sight (bool):
    """

    distance: int
    attacks: list[AttackReach]
    line_of_sight: bool

    def to_dict(self) -> dict[str, Any]:
        distance = self.distance

        attacks = []
        for attacks_item_data in self.attacks:
            attacks_item = attacks_item_data.to_dict()
            attacks.append(attacks_item)

        line_of_sight = self.line_of_sight

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "distance": distance,
                "attacks": attacks,
                "lineOfSight": line_of_sight,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attack_reach import AttackReach  # noqa: PLC0415

        d = dict(src_dict)
        distance = d.pop("distance")

        attacks = []
        _attacks = d.pop("attacks")
        for attacks_item_data in _attacks:
            attacks_item = AttackReach.from_dict(attacks_item_data)

            attacks.append(attacks_item)

        line_of_sight = d.pop("lineOfSight")

        reach_outcome = cls(
            distance=distance,
            attacks=attacks,
            line_of_sight=line_of_sight,
        )

        return reach_outcome

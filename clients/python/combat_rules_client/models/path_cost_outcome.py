from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cell import Cell


T = TypeVar("T", bound="PathCostOutcome")


@_attrs_define
class PathCostOutcome:
    """The price of a path: legal or not, and why.

    Attributes:
        legal (bool):
        path (list[Cell]):
        cost (int | None):
        movement_left (int):
        reason (None | str):
        rule (None | str):
        failed_step (int | None): The first step the move can't make (step `i` enters `path[i + 1]`): refused by a
            rule, or more than the movement left; null when legal or when no path was found.
        provokes (list[str]): Who could make an opportunity attack along the way.
    """

    legal: bool
    path: list[Cell]
    cost: int | None
    movement_left: int
    reason: None | str
    rule: None | str
    failed_step: int | None
    provokes: list[str]

    def to_dict(self) -> dict[str, Any]:
        legal = self.legal

        path = []
        for path_item_data in self.path:
            path_item = path_item_data.to_dict()
            path.append(path_item)

        cost: int | None
        cost = self.cost

        movement_left = self.movement_left

        reason: None | str
        reason = self.reason

        rule: None | str
        rule = self.rule

        failed_step: int | None
        failed_step = self.failed_step

        provokes = self.provokes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "legal": legal,
                "path": path,
                "cost": cost,
                "movementLeft": movement_left,
                "reason": reason,
                "rule": rule,
                "failedStep": failed_step,
                "provokes": provokes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415

        d = dict(src_dict)
        legal = d.pop("legal")

        path = []
        _path = d.pop("path")
        for path_item_data in _path:
            path_item = Cell.from_dict(path_item_data)

            path.append(path_item)

        def _parse_cost(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cost = _parse_cost(d.pop("cost"))

        movement_left = d.pop("movementLeft")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        def _parse_rule(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule = _parse_rule(d.pop("rule"))

        def _parse_failed_step(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        failed_step = _parse_failed_step(d.pop("failedStep"))

        provokes = cast(list[str], d.pop("provokes"))

        path_cost_outcome = cls(
            legal=legal,
            path=path,
            cost=cost,
            movement_left=movement_left,
            reason=reason,
            rule=rule,
            failed_step=failed_step,
            provokes=provokes,
        )

        return path_cost_outcome

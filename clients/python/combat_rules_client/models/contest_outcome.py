from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cell import Cell


T = TypeVar("T", bound="ContestOutcome")


@_attrs_define
class ContestOutcome:
    """A shove, grapple, escape or release: the contest (if any) and what it did.

    Attributes:
        actor_id (str):
        target_id (str):
        success (bool):
        automatic (bool): Decided without rolls (an incapacitated target or grappler, or a release).
        actor_total (int | None):
        target_total (int | None):
        result (str): `prone`, `pushed`, `push-blocked`, `grappled`, `escaped`, `released` or
            `failed`.
        position (Cell | None): Where a pushed target ended up.
    """

    actor_id: str
    target_id: str
    success: bool
    automatic: bool
    actor_total: int | None
    target_total: int | None
    result: str
    position: Cell | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        actor_id = self.actor_id

        target_id = self.target_id

        success = self.success

        automatic = self.automatic

        actor_total: int | None
        actor_total = self.actor_total

        target_total: int | None
        target_total = self.target_total

        result = self.result

        position: dict[str, Any] | None
        if isinstance(self.position, Cell):
            position = self.position.to_dict()
        else:
            position = self.position

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "actorId": actor_id,
                "targetId": target_id,
                "success": success,
                "automatic": automatic,
                "actorTotal": actor_total,
                "targetTotal": target_total,
                "result": result,
                "position": position,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415

        d = dict(src_dict)
        actor_id = d.pop("actorId")

        target_id = d.pop("targetId")

        success = d.pop("success")

        automatic = d.pop("automatic")

        def _parse_actor_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        actor_total = _parse_actor_total(d.pop("actorTotal"))

        def _parse_target_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        target_total = _parse_target_total(d.pop("targetTotal"))

        result = d.pop("result")

        def _parse_position(data: object) -> Cell | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                position_type_0 = Cell.from_dict(data)

                return position_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None, data)

        position = _parse_position(d.pop("position"))

        contest_outcome = cls(
            actor_id=actor_id,
            target_id=target_id,
            success=success,
            automatic=automatic,
            actor_total=actor_total,
            target_total=target_total,
            result=result,
            position=position,
        )

        return contest_outcome

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Cell")


@_attrs_define
class Cell:
    """A grid cell: `x` column and `y` row on squares (y grows downward); axial `q`
    (as `x`) and `r` (as `y`) on hexes.

        Attributes:
            x (int): Column: on squares 0 is the left edge; on hexes, the axial `q`.
            y (int): Row: on squares 0 is the top edge and `y` grows downward; on hexes, the axial `r`.
    """

    x: int
    y: int

    def to_dict(self) -> dict[str, Any]:
        x = self.x

        y = self.y

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "x": x,
                "y": y,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        x = d.pop("x")

        y = d.pop("y")

        cell = cls(
            x=x,
            y=y,
        )

        return cell

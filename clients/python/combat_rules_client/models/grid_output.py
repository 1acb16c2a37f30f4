from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.grid_hex_orientation import GridHexOrientation
from ..models.grid_kind import GridKind

if TYPE_CHECKING:
    from ..models.cell import Cell


T = TypeVar("T", bound="GridOutput")


@_attrs_define
class GridOutput:
    """The battle map. Squares are 5 ft; hexes are 5 ft across, addressed by axial coordinates.

    Attributes:
        width (int): Columns, 1 to 500: squares across, or on hexes the columns of the drawn rectangle (see
            `hexOrientation`).
        height (int): Rows, 1 to 500: squares down, or on hexes the rows of the drawn rectangle.
        kind (GridKind): One of: `square`, `hex`.
        hex_orientation (GridHexOrientation): One of: `pointy`, `flat`.
        blocked (list[Cell]): Cells filled by walls or other features: impassable, they block lines of sight and cover.
        difficult (list[Cell]): Cells of difficult terrain: entering one costs double.
        climb (list[Cell]): d10 (`d10.turn.speeds`): cells that must be climbed, priced by the mover's climbing
            speed; the other rulesets treat them as open ground.
        swim (list[Cell]): d10 (`d10.turn.speeds`): cells of water, priced by the mover's swimming speed; the
            other rulesets treat them as open ground.
    """

    width: int
    height: int
    kind: GridKind
    hex_orientation: GridHexOrientation
    blocked: list[Cell]
    difficult: list[Cell]
    climb: list[Cell]
    swim: list[Cell]

    def to_dict(self) -> dict[str, Any]:
        width = self.width

        height = self.height

        kind = self.kind.value

        hex_orientation = self.hex_orientation.value

        blocked = []
        for blocked_item_data in self.blocked:
            blocked_item = blocked_item_data.to_dict()
            blocked.append(blocked_item)

        difficult = []
        for difficult_item_data in self.difficult:
            difficult_item = difficult_item_data.to_dict()
            difficult.append(difficult_item)

        climb = []
        for climb_item_data in self.climb:
            climb_item = climb_item_data.to_dict()
            climb.append(climb_item)

        swim = []
        for swim_item_data in self.swim:
            swim_item = swim_item_data.to_dict()
            swim.append(swim_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "width": width,
                "height": height,
                "kind": kind,
                "hexOrientation": hex_orientation,
                "blocked": blocked,
                "difficult": difficult,
                "climb": climb,
                "swim": swim,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415

        d = dict(src_dict)
        width = d.pop("width")

        height = d.pop("height")

        kind = GridKind(d.pop("kind"))

        hex_orientation = GridHexOrientation(d.pop("hexOrientation"))

        blocked = []
        _blocked = d.pop("blocked")
        for blocked_item_data in _blocked:
            blocked_item = Cell.from_dict(blocked_item_data)

            blocked.append(blocked_item)

        difficult = []
        _difficult = d.pop("difficult")
        for difficult_item_data in _difficult:
            difficult_item = Cell.from_dict(difficult_item_data)

            difficult.append(difficult_item)

        climb = []
        _climb = d.pop("climb")
        for climb_item_data in _climb:
            climb_item = Cell.from_dict(climb_item_data)

            climb.append(climb_item)

        swim = []
        _swim = d.pop("swim")
        for swim_item_data in _swim:
            swim_item = Cell.from_dict(swim_item_data)

            swim.append(swim_item)

        grid_output = cls(
            width=width,
            height=height,
            kind=kind,
            hex_orientation=hex_orientation,
            blocked=blocked,
            difficult=difficult,
            climb=climb,
            swim=swim,
        )

        return grid_output

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.grid_hex_orientation import GridHexOrientation
from ..models.grid_kind import GridKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell


T = TypeVar("T", bound="Grid")


@_attrs_define
class Grid:
    """The battle map. Squares are 5 ft; hexes are 5 ft across, addressed by axial coordinates.

    Attributes:
        width (int): Columns, 1 to 500: squares across, or on hexes the columns of the drawn rectangle (see
            `hexOrientation`).
        height (int): Rows, 1 to 500: squares down, or on hexes the rows of the drawn rectangle.
        kind (GridKind | Unset): One of: `square`, `hex`.
        hex_orientation (GridHexOrientation | Unset): One of: `pointy`, `flat`.
        blocked (list[Cell] | Unset): Cells filled by walls or other features: impassable, they block lines of sight and
            cover.
        difficult (list[Cell] | Unset): Cells of difficult terrain: entering one costs double.
        climb (list[Cell] | Unset): d10 (`d10.turn.speeds`): cells that must be climbed, priced by the mover's climbing
            speed; the other rulesets treat them as open ground.
        swim (list[Cell] | Unset): d10 (`d10.turn.speeds`): cells of water, priced by the mover's swimming speed; the
            other rulesets treat them as open ground.
    """

    width: int
    height: int
    kind: GridKind | Unset = UNSET
    hex_orientation: GridHexOrientation | Unset = UNSET
    blocked: list[Cell] | Unset = UNSET
    difficult: list[Cell] | Unset = UNSET
    climb: list[Cell] | Unset = UNSET
    swim: list[Cell] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        width = self.width

        height = self.height

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        hex_orientation: str | Unset = UNSET
        if not isinstance(self.hex_orientation, Unset):
            hex_orientation = self.hex_orientation.value

        blocked: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.blocked, Unset):
            blocked = []
            for blocked_item_data in self.blocked:
                blocked_item = blocked_item_data.to_dict()
                blocked.append(blocked_item)

        difficult: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.difficult, Unset):
            difficult = []
            for difficult_item_data in self.difficult:
                difficult_item = difficult_item_data.to_dict()
                difficult.append(difficult_item)

        climb: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.climb, Unset):
            climb = []
            for climb_item_data in self.climb:
                climb_item = climb_item_data.to_dict()
                climb.append(climb_item)

        swim: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.swim, Unset):
            swim = []
            for swim_item_data in self.swim:
                swim_item = swim_item_data.to_dict()
                swim.append(swim_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "width": width,
                "height": height,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind
        if hex_orientation is not UNSET:
            field_dict["hexOrientation"] = hex_orientation
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if difficult is not UNSET:
            field_dict["difficult"] = difficult
        if climb is not UNSET:
            field_dict["climb"] = climb
        if swim is not UNSET:
            field_dict["swim"] = swim

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415

        d = dict(src_dict)
        width = d.pop("width")

        height = d.pop("height")

        _kind = d.pop("kind", UNSET)
        kind: GridKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = GridKind(_kind)

        _hex_orientation = d.pop("hexOrientation", UNSET)
        hex_orientation: GridHexOrientation | Unset
        if isinstance(_hex_orientation, Unset):
            hex_orientation = UNSET
        else:
            hex_orientation = GridHexOrientation(_hex_orientation)

        _blocked = d.pop("blocked", UNSET)
        blocked: list[Cell] | Unset = UNSET
        if _blocked is not UNSET:
            blocked = []
            for blocked_item_data in _blocked:
                blocked_item = Cell.from_dict(blocked_item_data)

                blocked.append(blocked_item)

        _difficult = d.pop("difficult", UNSET)
        difficult: list[Cell] | Unset = UNSET
        if _difficult is not UNSET:
            difficult = []
            for difficult_item_data in _difficult:
                difficult_item = Cell.from_dict(difficult_item_data)

                difficult.append(difficult_item)

        _climb = d.pop("climb", UNSET)
        climb: list[Cell] | Unset = UNSET
        if _climb is not UNSET:
            climb = []
            for climb_item_data in _climb:
                climb_item = Cell.from_dict(climb_item_data)

                climb.append(climb_item)

        _swim = d.pop("swim", UNSET)
        swim: list[Cell] | Unset = UNSET
        if _swim is not UNSET:
            swim = []
            for swim_item_data in _swim:
                swim_item = Cell.from_dict(swim_item_data)

                swim.append(swim_item)

        grid = cls(
            width=width,
            height=height,
            kind=kind,
            hex_orientation=hex_orientation,
            blocked=blocked,
            difficult=difficult,
            climb=climb,
            swim=swim,
        )

        return grid

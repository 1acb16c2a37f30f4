from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.duration_output import DurationOutput


T = TypeVar("T", bound="AreaOutput")


@_attrs_define
class AreaOutput:
    """An area on the map, e.g. heavily obscured by smoke.

    Attributes:
        center (Cell): A grid cell: `x` column and `y` row on squares (y grows downward); axial `q`
            (as `x`) and `r` (as `y`) on hexes.
        radius (int): Its radius in feet: a creature is inside when any cell of its space is within this many feet
            of `center` (grid distance x 5).
        kind (str): `heavily-obscured` (the default): no creature in it sees or is seen (`d20.facing.none`,
            `d20.crit.effects`); any other kind (`lightly-obscured`...) is carried with no rule
            attached. Default: 'heavily-obscured'.
        duration (DurationOutput | None): How long it lasts, counted like a condition's; null: until removed.
    """

    center: Cell
    radius: int
    duration: DurationOutput | None
    kind: str = "heavily-obscured"

    def to_dict(self) -> dict[str, Any]:
        from ..models.duration_output import DurationOutput  # noqa: PLC0415

        center = self.center.to_dict()

        radius = self.radius

        kind = self.kind

        duration: dict[str, Any] | None
        if isinstance(self.duration, DurationOutput):
            duration = self.duration.to_dict()
        else:
            duration = self.duration

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "center": center,
                "radius": radius,
                "kind": kind,
                "duration": duration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.duration_output import DurationOutput  # noqa: PLC0415

        d = dict(src_dict)
        center = Cell.from_dict(d.pop("center"))

        radius = d.pop("radius")

        kind = d.pop("kind")

        def _parse_duration(data: object) -> DurationOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                duration_type_0 = DurationOutput.from_dict(data)

                return duration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DurationOutput | None, data)

        duration = _parse_duration(d.pop("duration"))

        area_output = cls(
            center=center,
            radius=radius,
            kind=kind,
            duration=duration,
        )

        return area_output

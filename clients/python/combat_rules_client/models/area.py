from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.duration import Duration


T = TypeVar("T", bound="Area")


@_attrs_define
class Area:
    """An area on the map, e.g. heavily obscured by smoke.

    Attributes:
        center (Cell): A grid cell: `x` column and `y` row on squares (y grows downward); axial `q`
            (as `x`) and `r` (as `y`) on hexes.
        radius (int): Its radius in feet: a creature is inside when any cell of its space is within this many feet
            of `center` (grid distance x 5).
        kind (str | Unset): `heavily-obscured` (the default): no creature in it sees or is seen (`d20.facing.none`,
            `d20.crit.effects`); any other kind (`lightly-obscured`...) is carried with no rule
            attached. Default: 'heavily-obscured'.
        duration (Duration | None | Unset): How long it lasts, counted like a condition's; null: until removed.
    """

    center: Cell
    radius: int
    kind: str | Unset = "heavily-obscured"
    duration: Duration | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.duration import Duration  # noqa: PLC0415

        center = self.center.to_dict()

        radius = self.radius

        kind = self.kind

        duration: dict[str, Any] | None | Unset
        if isinstance(self.duration, Unset):
            duration = UNSET
        elif isinstance(self.duration, Duration):
            duration = self.duration.to_dict()
        else:
            duration = self.duration

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "center": center,
                "radius": radius,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind
        if duration is not UNSET:
            field_dict["duration"] = duration

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.duration import Duration  # noqa: PLC0415

        d = dict(src_dict)
        center = Cell.from_dict(d.pop("center"))

        radius = d.pop("radius")

        kind = d.pop("kind", UNSET)

        def _parse_duration(data: object) -> Duration | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                duration_type_0 = Duration.from_dict(data)

                return duration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Duration | None | Unset, data)

        duration = _parse_duration(d.pop("duration", UNSET))

        area = cls(
            center=center,
            radius=radius,
            kind=kind,
            duration=duration,
        )

        return area

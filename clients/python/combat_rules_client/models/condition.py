from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.duration import Duration


T = TypeVar("T", bound="Condition")


@_attrs_define
class Condition:
    """A named condition (`prone`, `unconscious`, `stunned`...) with how long it lasts.

    Attributes:
        name (str): Its name (1 to 40 characters). The rules act on `blinded`, `dodging`, `disengaged`,
            `frightened`, `grappled`, `hidden`, `incapacitated`, `invisible`, `paralyzed`,
            `petrified`, `poisoned`, `prone`, `restrained`, `squeezing`, `stunned`,
            `surprised`, `unconscious` and `asleep`; any other name is carried and ends with its
            duration.
        source (None | str | Unset): The creature that caused it, where that matters: the one a `frightened` creature
            fears (its
            disadvantage lasts while it sees it alive; a source that is no combatant always counts), the
            grappler of a `grappled` one (`d100.grapple`).
        duration (Duration | None | Unset): How long it lasts; null: until it is removed (by the client, or by the rule
            that gave it).
    """

    name: str
    source: None | str | Unset = UNSET
    duration: Duration | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.duration import Duration  # noqa: PLC0415

        name = self.name

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

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
                "name": name,
            }
        )
        if source is not UNSET:
            field_dict["source"] = source
        if duration is not UNSET:
            field_dict["duration"] = duration

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.duration import Duration  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

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

        condition = cls(
            name=name,
            source=source,
            duration=duration,
        )

        return condition

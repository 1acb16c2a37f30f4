from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InteractEventData")


@_attrs_define
class InteractEventData:
    """The `data` of an event of type `interact`. An object interaction (free, or the action).

    Attributes:
        device (None | str | Unset): the device used
    """

    device: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        device: None | str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if device is not UNSET:
            field_dict["device"] = device

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_device(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        interact_event_data = cls(
            device=device,
        )

        return interact_event_data

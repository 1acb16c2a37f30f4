from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HelpEventData")


@_attrs_define
class HelpEventData:
    """The `data` of an event of type `help`. Help: an ally's next check or attack has advantage."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        help_event_data = cls()

        return help_event_data

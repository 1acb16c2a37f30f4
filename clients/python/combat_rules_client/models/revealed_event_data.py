from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RevealedEventData")


@_attrs_define
class RevealedEventData:
    """The `data` of an event of type `revealed`. A hidden attacker gives away its location (d20.hide: when it attacks;
    d100: when it hits).

    """

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        revealed_event_data = cls()

        return revealed_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReadiedLapsedEventData")


@_attrs_define
class ReadiedLapsedEventData:
    """The `data` of an event of type `readied-lapsed`. A readied action lapses at the start of its owner's turn."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        readied_lapsed_event_data = cls()

        return readied_lapsed_event_data

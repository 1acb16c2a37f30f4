from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeferredAppliedEventData")


@_attrs_define
class DeferredAppliedEventData:
    """The `data` of an event of type `deferred-applied`. d10: damage held by a simultaneous count lands now."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        deferred_applied_event_data = cls()

        return deferred_applied_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OpportunityAttackEventData")


@_attrs_define
class OpportunityAttackEventData:
    """The `data` of an event of type `opportunity-attack`. A mover leaves a reactor's reach: it attacks."""

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        opportunity_attack_event_data = cls()

        return opportunity_attack_event_data

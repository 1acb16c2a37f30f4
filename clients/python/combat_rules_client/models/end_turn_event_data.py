from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EndTurnEventData")


@_attrs_define
class EndTurnEventData:
    """The `data` of an event of type `end-turn`. A critical band ends the creature's turn at once.

    Attributes:
        end_turn (bool | Unset): always true
    """

    end_turn: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        end_turn = self.end_turn

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if end_turn is not UNSET:
            field_dict["endTurn"] = end_turn

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        end_turn = d.pop("endTurn", UNSET)

        end_turn_event_data = cls(
            end_turn=end_turn,
        )

        return end_turn_event_data

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.initiative_entry_output import InitiativeEntryOutput


T = TypeVar("T", bound="InitiativeOutcome")


@_attrs_define
class InitiativeOutcome:
    """The order rolled, and where the fight now stands.

    Attributes:
        order (list[InitiativeEntryOutput]):
        round (int):
        turn_of (None | str):
    """

    order: list[InitiativeEntryOutput]
    round: int
    turn_of: None | str

    def to_dict(self) -> dict[str, Any]:
        order = []
        for order_item_data in self.order:
            order_item = order_item_data.to_dict()
            order.append(order_item)

        round = self.round

        turn_of: None | str
        turn_of = self.turn_of

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "order": order,
                "round": round,
                "turnOf": turn_of,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.initiative_entry_output import InitiativeEntryOutput  # noqa: PLC0415

        d = dict(src_dict)
        order = []
        _order = d.pop("order")
        for order_item_data in _order:
            order_item = InitiativeEntryOutput.from_dict(order_item_data)

            order.append(order_item)

        round = d.pop("round")

        def _parse_turn_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        turn_of = _parse_turn_of(d.pop("turnOf"))

        initiative_outcome = cls(
            order=order,
            round=round,
            turn_of=turn_of,
        )

        return initiative_outcome

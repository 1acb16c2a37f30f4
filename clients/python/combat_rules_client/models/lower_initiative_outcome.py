from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.initiative_entry_output import InitiativeEntryOutput


T = TypeVar("T", bound="LowerInitiativeOutcome")


@_attrs_define
class LowerInitiativeOutcome:
    """The combatant's old and new initiative, whether it was raised, and the order and
    turn that follow (`d20.init.lower`).

        Attributes:
            combatant_id (str):
            previous (int):
            initiative (int):
            raised (bool):
            order (list[InitiativeEntryOutput]):
            turn_of (None | str):
    """

    combatant_id: str
    previous: int
    initiative: int
    raised: bool
    order: list[InitiativeEntryOutput]
    turn_of: None | str

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        previous = self.previous

        initiative = self.initiative

        raised = self.raised

        order = []
        for order_item_data in self.order:
            order_item = order_item_data.to_dict()
            order.append(order_item)

        turn_of: None | str
        turn_of = self.turn_of

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "previous": previous,
                "initiative": initiative,
                "raised": raised,
                "order": order,
                "turnOf": turn_of,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.initiative_entry_output import InitiativeEntryOutput  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        previous = d.pop("previous")

        initiative = d.pop("initiative")

        raised = d.pop("raised")

        order = []
        _order = d.pop("order")
        for order_item_data in _order:
            order_item = InitiativeEntryOutput.from_dict(order_item_data)

            order.append(order_item)

        def _parse_turn_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        turn_of = _parse_turn_of(d.pop("turnOf"))

        lower_initiative_outcome = cls(
            combatant_id=combatant_id,
            previous=previous,
            initiative=initiative,
            raised=raised,
            order=order,
            turn_of=turn_of,
        )

        return lower_initiative_outcome

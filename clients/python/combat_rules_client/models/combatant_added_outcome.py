from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.initiative_from import InitiativeFrom

if TYPE_CHECKING:
    from ..models.initiative_entry_output import InitiativeEntryOutput


T = TypeVar("T", bound="CombatantAddedOutcome")


@_attrs_define
class CombatantAddedOutcome:
    """The creature added, its place in the order (if initiative is rolled), and the turn.

    Attributes:
        combatant_id (str):
        initiative (int | None): Its count in the order; null: not in the order (initiative not rolled yet, or it is
            dead).
        initiative_from (InitiativeFrom | None): Where the count came from: the request, its controller's or group's
            count, a roll, or
            the bottom of an order that rolls no initiative (d100); null: not in the order.
        order (list[InitiativeEntryOutput]):
        turn_of (None | str):
    """

    combatant_id: str
    initiative: int | None
    initiative_from: InitiativeFrom | None
    order: list[InitiativeEntryOutput]
    turn_of: None | str

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        initiative: int | None
        initiative = self.initiative

        initiative_from: None | str
        if isinstance(self.initiative_from, InitiativeFrom):
            initiative_from = self.initiative_from.value
        else:
            initiative_from = self.initiative_from

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
                "initiative": initiative,
                "initiativeFrom": initiative_from,
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

        def _parse_initiative(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        initiative = _parse_initiative(d.pop("initiative"))

        def _parse_initiative_from(data: object) -> InitiativeFrom | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                initiative_from_type_0 = InitiativeFrom(data)

                return initiative_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InitiativeFrom | None, data)

        initiative_from = _parse_initiative_from(d.pop("initiativeFrom"))

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

        combatant_added_outcome = cls(
            combatant_id=combatant_id,
            initiative=initiative,
            initiative_from=initiative_from,
            order=order,
            turn_of=turn_of,
        )

        return combatant_added_outcome

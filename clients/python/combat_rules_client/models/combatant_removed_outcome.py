from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.initiative_entry_output import InitiativeEntryOutput
    from ..models.next_turn_outcome import NextTurnOutcome


T = TypeVar("T", bound="CombatantRemovedOutcome")


@_attrs_define
class CombatantRemovedOutcome:
    """The creature removed, what ended with it, and the order and turn that follow.

    Attributes:
        combatant_id (str):
        turn (NextTurnOutcome | None): It was its turn: the turn passed on, as `nextTurn` answered it.
        ended (list[str]): What ended with it: `grapple:<id>` (a creature it held), `condition:<id>:<name>`
            (a condition it was the source of), `effect:<id>:<kind>` (an effect against it),
            `choice:<id>`, `companion:<id>` (now rolls for itself), `step` (its place in a d10
            simultaneous step).
        order (list[InitiativeEntryOutput]):
        turn_of (None | str):
    """

    combatant_id: str
    turn: NextTurnOutcome | None
    ended: list[str]
    order: list[InitiativeEntryOutput]
    turn_of: None | str

    def to_dict(self) -> dict[str, Any]:
        from ..models.next_turn_outcome import NextTurnOutcome  # noqa: PLC0415

        combatant_id = self.combatant_id

        turn: dict[str, Any] | None
        if isinstance(self.turn, NextTurnOutcome):
            turn = self.turn.to_dict()
        else:
            turn = self.turn

        ended = self.ended

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
                "turn": turn,
                "ended": ended,
                "order": order,
                "turnOf": turn_of,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.initiative_entry_output import InitiativeEntryOutput  # noqa: PLC0415
        from ..models.next_turn_outcome import NextTurnOutcome  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        def _parse_turn(data: object) -> NextTurnOutcome | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                turn_type_0 = NextTurnOutcome.from_dict(data)

                return turn_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NextTurnOutcome | None, data)

        turn = _parse_turn(d.pop("turn"))

        ended = cast(list[str], d.pop("ended"))

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

        combatant_removed_outcome = cls(
            combatant_id=combatant_id,
            turn=turn,
            ended=ended,
            order=order,
            turn_of=turn_of,
        )

        return combatant_removed_outcome

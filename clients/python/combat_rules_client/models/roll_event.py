from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.roll import Roll
    from ..models.roll_event_data import RollEventData


T = TypeVar("T", bound="RollEvent")


@_attrs_define
class RollEvent:
    """An event of type `roll`: A roll of dice other than an attack's or its damage (initiative, saves, checks, death
    saves, critical tables, durations...): `roll` holds every die and its `purpose`; `amount` is its total.

        Attributes:
            type (Literal['roll']):
            message (str):
            actor (None | str):
            target (None | str):
            roll (None | Roll):
            amount (int | None):
            rule (None | str):
            data (RollEventData): The `data` of an event of type `roll`. A roll of dice other than an attack's or its damage
                (initiative, saves, checks, death saves, critical tables, durations...): `roll` holds every die and its
                `purpose`; `amount` is its total.
    """

    type: Literal["roll"]
    message: str
    actor: None | str
    target: None | str
    roll: None | Roll
    amount: int | None
    rule: None | str
    data: RollEventData

    def to_dict(self) -> dict[str, Any]:
        from ..models.roll import Roll  # noqa: PLC0415

        type = self.type

        message = self.message

        actor: None | str
        actor = self.actor

        target: None | str
        target = self.target

        roll: dict[str, Any] | None
        if isinstance(self.roll, Roll):
            roll = self.roll.to_dict()
        else:
            roll = self.roll

        amount: int | None
        amount = self.amount

        rule: None | str
        rule = self.rule

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type,
                "message": message,
                "actor": actor,
                "target": target,
                "roll": roll,
                "amount": amount,
                "rule": rule,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll import Roll  # noqa: PLC0415
        from ..models.roll_event_data import RollEventData  # noqa: PLC0415

        d = dict(src_dict)
        type = cast(Literal["roll"], d.pop("type"))
        if type != "roll":
            raise ValueError(f"type must match const 'roll', got '{type}'")

        message = d.pop("message")

        def _parse_actor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        actor = _parse_actor(d.pop("actor"))

        def _parse_target(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        target = _parse_target(d.pop("target"))

        def _parse_roll(data: object) -> None | Roll:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                roll_type_0 = Roll.from_dict(data)

                return roll_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Roll, data)

        roll = _parse_roll(d.pop("roll"))

        def _parse_amount(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        amount = _parse_amount(d.pop("amount"))

        def _parse_rule(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule = _parse_rule(d.pop("rule"))

        data = RollEventData.from_dict(d.pop("data"))

        roll_event = cls(
            type=type,
            message=message,
            actor=actor,
            target=target,
            roll=roll,
            amount=amount,
            rule=rule,
            data=data,
        )

        return roll_event

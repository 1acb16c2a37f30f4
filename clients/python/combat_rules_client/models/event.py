from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.event_type import EventType

if TYPE_CHECKING:
    from ..models.event_data import EventData
    from ..models.roll import Roll


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """One entry of the log.

    `type` is a short kebab-case word (`roll`, `damage`, `death`, `turn-start`...);
    `rule` names the RULES.md id that decided it, where one did; `data` carries the
    type's own details.

    One schema per `type` (`RollEvent` for `roll`), each with its `data` schema (`RollEventData`): narrow an event by
    its `type`.

        Attributes:
            type (EventType):
            message (str):
            actor (None | str):
            target (None | str):
            roll (None | Roll):
            amount (int | None):
            rule (None | str):
            data (EventData): The type's own details: `typed_event(event).data` is its type's `<Type>EventData`
                (`RollEventData` for `roll`).
    """

    type: EventType
    message: str
    actor: None | str
    target: None | str
    roll: None | Roll
    amount: int | None
    rule: None | str
    data: EventData

    def to_dict(self) -> dict[str, Any]:
        from ..models.roll import Roll  # noqa: PLC0415

        type = self.type.value

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
        from ..models.event_data import EventData  # noqa: PLC0415
        from ..models.roll import Roll  # noqa: PLC0415

        d = dict(src_dict)
        type = EventType(d.pop("type"))

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

        data = EventData.from_dict(d.pop("data"))

        event = cls(
            type=type,
            message=message,
            actor=actor,
            target=target,
            roll=roll,
            amount=amount,
            rule=rule,
            data=data,
        )

        return event

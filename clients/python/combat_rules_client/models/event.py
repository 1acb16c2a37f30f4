from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_data import EventData
    from ..models.roll import Roll


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """One entry of the log.

    ``type`` is a short kebab-case word (``roll``, ``attack-hit``, ``damage``, ``death``...);
    ``rule`` names the RULES.md id that decided it, where one did; ``data`` carries the
    type's own details.

        Attributes:
            type_ (str):
            message (str):
            actor (None | str | Unset):
            target (None | str | Unset):
            roll (None | Roll | Unset):
            amount (int | None | Unset):
            rule (None | str | Unset):
            data (EventData | Unset):
    """

    type_: str
    message: str
    actor: None | str | Unset = UNSET
    target: None | str | Unset = UNSET
    roll: None | Roll | Unset = UNSET
    amount: int | None | Unset = UNSET
    rule: None | str | Unset = UNSET
    data: EventData | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.roll import Roll  # noqa: PLC0415

        type_ = self.type_

        message = self.message

        actor: None | str | Unset
        if isinstance(self.actor, Unset):
            actor = UNSET
        else:
            actor = self.actor

        target: None | str | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        roll: dict[str, Any] | None | Unset
        if isinstance(self.roll, Unset):
            roll = UNSET
        elif isinstance(self.roll, Roll):
            roll = self.roll.to_dict()
        else:
            roll = self.roll

        amount: int | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        rule: None | str | Unset
        if isinstance(self.rule, Unset):
            rule = UNSET
        else:
            rule = self.rule

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "message": message,
            }
        )
        if actor is not UNSET:
            field_dict["actor"] = actor
        if target is not UNSET:
            field_dict["target"] = target
        if roll is not UNSET:
            field_dict["roll"] = roll
        if amount is not UNSET:
            field_dict["amount"] = amount
        if rule is not UNSET:
            field_dict["rule"] = rule
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_data import EventData  # noqa: PLC0415
        from ..models.roll import Roll  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        message = d.pop("message")

        def _parse_actor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        actor = _parse_actor(d.pop("actor", UNSET))

        def _parse_target(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        def _parse_roll(data: object) -> None | Roll | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                roll_type_0 = Roll.from_dict(data)

                return roll_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Roll | Unset, data)

        roll = _parse_roll(d.pop("roll", UNSET))

        def _parse_amount(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_rule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rule = _parse_rule(d.pop("rule", UNSET))

        _data = d.pop("data", UNSET)
        data: EventData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = EventData.from_dict(_data)

        event = cls(
            type_=type_,
            message=message,
            actor=actor,
            target=target,
            roll=roll,
            amount=amount,
            rule=rule,
            data=data,
        )

        return event

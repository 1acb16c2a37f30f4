from __future__ import annotations

import builtins
import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.seat_approval import SeatApproval

T = TypeVar("T", bound="Seat")


@_attrs_define
class Seat:
    """A seat of a session: who may act as which of its creatures (never its token).

    Attributes:
        id (str):
        session_id (str):
        combatants (list[str]): The ids of the creatures it acts as.
        label (str):
        created (datetime.datetime):
        approval (SeatApproval):
    """

    id: str
    session_id: str
    combatants: list[str]
    label: str
    created: datetime.datetime
    approval: SeatApproval

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        session_id = self.session_id

        combatants = self.combatants

        label = self.label

        created = self.created.isoformat()

        approval = self.approval.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "sessionId": session_id,
                "combatants": combatants,
                "label": label,
                "created": created,
                "approval": approval,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        session_id = d.pop("sessionId")

        combatants = cast(list[str], d.pop("combatants"))

        label = d.pop("label")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        approval = SeatApproval(d.pop("approval"))

        seat = cls(
            id=id,
            session_id=session_id,
            combatants=combatants,
            label=label,
            created=created,
            approval=approval,
        )

        return seat

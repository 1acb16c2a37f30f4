from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.seat import Seat


T = TypeVar("T", bound="NewSeat")


@_attrs_define
class NewSeat:
    """A seat just made, with its token: shown now and never again (store it, or revoke
    the seat and make another).

        Attributes:
            seat (Seat): A seat of a session: who may act as which of its creatures (never its token).
            token (str): Send it as `Authorization: Bearer <token>`: it reads this session, follows its
                stream and acts as the seat's creatures, nothing else.
    """

    seat: Seat
    token: str

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.seat import Seat  # noqa: PLC0415

        d = dict(src_dict)
        seat = Seat.from_dict(d.pop("seat"))

        token = d.pop("token")

        new_seat = cls(
            seat=seat,
            token=token,
        )

        return new_seat

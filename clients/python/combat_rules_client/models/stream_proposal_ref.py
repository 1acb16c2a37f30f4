from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="StreamProposalRef")


@_attrs_define
class StreamProposalRef:
    """A proposal waiting for the DM: read it with `GET /v1/sessions/{id}/proposals`.

    Attributes:
        id (str):
        seat_id (str):
    """

    id: str
    seat_id: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        seat_id = self.seat_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "seatId": seat_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        seat_id = d.pop("seatId")

        stream_proposal_ref = cls(
            id=id,
            seat_id=seat_id,
        )

        return stream_proposal_ref

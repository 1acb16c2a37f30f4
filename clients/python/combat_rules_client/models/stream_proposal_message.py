from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.stream_proposal import StreamProposal


T = TypeVar("T", bound="StreamProposalMessage")


@_attrs_define
class StreamProposalMessage:
    """One `event: proposal` of a session's stream; its `data` is a `StreamProposal`.

    Attributes:
        event (Literal['proposal']):
        data (StreamProposal): `event: proposal`'s and `event: rejected`'s data (no `id`: neither makes a
            version, nor is resumed): a seat proposed an action on `session.version`, or the DM
            rejected that proposal (it was dropped); told to the DM's streams and to the proposing
            seat's.
    """

    event: Literal["proposal"]
    data: StreamProposal
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stream_proposal import StreamProposal  # noqa: PLC0415

        d = dict(src_dict)
        event = cast(Literal["proposal"], d.pop("event"))
        if event != "proposal":
            raise ValueError(f"event must match const 'proposal', got '{event}'")

        data = StreamProposal.from_dict(d.pop("data"))

        stream_proposal_message = cls(
            event=event,
            data=data,
        )

        stream_proposal_message.additional_properties = d
        return stream_proposal_message

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.stream_version import StreamVersion


T = TypeVar("T", bound="StreamVersionMessage")


@_attrs_define
class StreamVersionMessage:
    """One `event: version` of a session's stream; its `data` is a `StreamVersion`.

    Attributes:
        event (Literal['version']):
        data (StreamVersion): `event: version`'s data (its `id` is the version): a new version of the session
            written through any server, or, after `Last-Event-ID`, one written since; what the
            GraphQL subscription `sessionUpdated` yields.
        id (str): The version: send it back as `Last-Event-ID` to resume.
    """

    event: Literal["version"]
    data: StreamVersion
    id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        data = self.data.to_dict()

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "data": data,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stream_version import StreamVersion  # noqa: PLC0415

        d = dict(src_dict)
        event = cast(Literal["version"], d.pop("event"))
        if event != "version":
            raise ValueError(f"event must match const 'version', got '{event}'")

        data = StreamVersion.from_dict(d.pop("data"))

        id = d.pop("id")

        stream_version_message = cls(
            event=event,
            data=data,
            id=id,
        )

        stream_version_message.additional_properties = d
        return stream_version_message

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

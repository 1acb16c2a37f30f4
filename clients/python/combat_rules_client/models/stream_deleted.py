from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.stream_session_id import StreamSessionId


T = TypeVar("T", bound="StreamDeleted")


@_attrs_define
class StreamDeleted:
    """`event: deleted`'s data: the session was deleted or expired; the stream ends.

    Attributes:
        session (StreamSessionId): The session a stream follows.
    """

    session: StreamSessionId

    def to_dict(self) -> dict[str, Any]:
        session = self.session.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "session": session,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stream_session_id import StreamSessionId  # noqa: PLC0415

        d = dict(src_dict)
        session = StreamSessionId.from_dict(d.pop("session"))

        stream_deleted = cls(
            session=session,
        )

        return stream_deleted

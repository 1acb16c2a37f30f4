from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.session_event_data import SessionEventData


T = TypeVar("T", bound="SessionEvent")


@_attrs_define
class SessionEvent:
    """One entry of a session's event log.

    Attributes:
        index (int): Its position in the log, from 0.
        version (int): The version of the session the entry was written at.
        data (SessionEventData): The event: an engine event (`Event`) or an undo (`UndoEvent`). `logged_event(entry)`
            reads it into its model.
    """

    index: int
    version: int
    data: SessionEventData

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        version = self.version

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "version": version,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.session_event_data import SessionEventData  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        version = d.pop("version")

        data = SessionEventData.from_dict(d.pop("data"))

        session_event = cls(
            index=index,
            version=version,
            data=data,
        )

        return session_event

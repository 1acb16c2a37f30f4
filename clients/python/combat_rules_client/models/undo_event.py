from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UndoEvent")


@_attrs_define
class UndoEvent:
    """The entry an undo writes to a session's log (and its stream): the version it undid and the version whose state the
    session has again.

        Attributes:
            type (Literal['undo']):
            reverted_version (int): The version that was undone.
            restored_version (int): The version whose state the session has again.
    """

    type: Literal["undo"]
    reverted_version: int
    restored_version: int

    def to_dict(self) -> dict[str, Any]:
        type = self.type

        reverted_version = self.reverted_version

        restored_version = self.restored_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type,
                "revertedVersion": reverted_version,
                "restoredVersion": restored_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type = cast(Literal["undo"], d.pop("type"))
        if type != "undo":
            raise ValueError(f"type must match const 'undo', got '{type}'")

        reverted_version = d.pop("revertedVersion")

        restored_version = d.pop("restoredVersion")

        undo_event = cls(
            type=type,
            reverted_version=reverted_version,
            restored_version=restored_version,
        )

        return undo_event

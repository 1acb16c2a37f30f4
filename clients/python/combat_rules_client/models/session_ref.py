from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionRef")


@_attrs_define
class SessionRef:
    """Which session a result belongs to, and the version the action wrote (or read).

    Attributes:
        id (str):
        version (int): Starts at 1 and grows by one with each write; REST sends it as the `ETag`.
    """

    id: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        session_ref = cls(
            id=id,
            version=version,
        )

        return session_ref

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionOrigin")


@_attrs_define
class SessionOrigin:
    """A version of a session another session was forked from.

    Attributes:
        session_id (str):
        version (int):
    """

    session_id: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        session_id = self.session_id

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sessionId": session_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        session_id = d.pop("sessionId")

        version = d.pop("version")

        session_origin = cls(
            session_id=session_id,
            version=version,
        )

        return session_origin

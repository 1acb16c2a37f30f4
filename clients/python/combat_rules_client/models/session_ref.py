from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionRef")


@_attrs_define
class SessionRef:
    """Which session a result belongs to, and the version the action wrote (or read).

    Attributes:
        id (str):
        version (int): Starts at 1 and grows by one with each write; REST sends it as the `ETag`.
        commitment (None | str): The SHA-256 (hex) of the secret the session's dice derive from (see
            docs/fair-dice.md); null for a session created before fair dice.
    """

    id: str
    version: int
    commitment: None | str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        commitment: None | str
        commitment = self.commitment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "version": version,
                "commitment": commitment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        def _parse_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commitment = _parse_commitment(d.pop("commitment"))

        session_ref = cls(
            id=id,
            version=version,
            commitment=commitment,
        )

        return session_ref

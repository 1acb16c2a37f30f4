from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.revealed_secret import RevealedSecret


T = TypeVar("T", bound="RevealResult")


@_attrs_define
class RevealResult:
    """A session's dice secret revealed, and the fresh commitment the next dice come from.

    Attributes:
        session_id (str):
        revealed (RevealedSecret): A dice secret a session published, and what it was committed as.
        commitment (str): The SHA-256 (hex) of the fresh secret the session's next seeds derive from.
    """

    session_id: str
    revealed: RevealedSecret
    commitment: str

    def to_dict(self) -> dict[str, Any]:
        session_id = self.session_id

        revealed = self.revealed.to_dict()

        commitment = self.commitment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sessionId": session_id,
                "revealed": revealed,
                "commitment": commitment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.revealed_secret import RevealedSecret  # noqa: PLC0415

        d = dict(src_dict)
        session_id = d.pop("sessionId")

        revealed = RevealedSecret.from_dict(d.pop("revealed"))

        commitment = d.pop("commitment")

        reveal_result = cls(
            session_id=session_id,
            revealed=revealed,
            commitment=commitment,
        )

        return reveal_result

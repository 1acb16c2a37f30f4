from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DiceCheck")


@_attrs_define
class DiceCheck:
    """Whether the session's seeds came from its commitments (docs/fair-dice.md).

    Attributes:
        checked (int): Committed seeds checked against a revealed secret.
        client (int): Seeds the client gave (nothing to check: the client chose them).
        unrevealed (int): Committed seeds whose secret is not revealed yet (`revealSession` reveals it).
        mismatched (int | None): The first version whose seed is not the one its revealed secret derives; null when
            every checked seed is.
    """

    checked: int
    client: int
    unrevealed: int
    mismatched: int | None

    def to_dict(self) -> dict[str, Any]:
        checked = self.checked

        client = self.client

        unrevealed = self.unrevealed

        mismatched: int | None
        mismatched = self.mismatched

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "checked": checked,
                "client": client,
                "unrevealed": unrevealed,
                "mismatched": mismatched,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        checked = d.pop("checked")

        client = d.pop("client")

        unrevealed = d.pop("unrevealed")

        def _parse_mismatched(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        mismatched = _parse_mismatched(d.pop("mismatched"))

        dice_check = cls(
            checked=checked,
            client=client,
            unrevealed=unrevealed,
            mismatched=mismatched,
        )

        return dice_check

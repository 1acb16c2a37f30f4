from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Die")


@_attrs_define
class Die:
    """One die rolled: its number of sides, the face it showed, and whether it counted.

    Attributes:
        sides (int):
        value (int):
        kept (bool):  Default: True.
    """

    sides: int
    value: int
    kept: bool = True

    def to_dict(self) -> dict[str, Any]:
        sides = self.sides

        value = self.value

        kept = self.kept

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sides": sides,
                "value": value,
                "kept": kept,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        sides = d.pop("sides")

        value = d.pop("value")

        kept = d.pop("kept")

        die = cls(
            sides=sides,
            value=value,
            kept=kept,
        )

        return die

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeathSaves")


@_attrs_define
class DeathSaves:
    """Death saving throws collected while at 0 HP; three of a kind decide.

    Attributes:
        successes (int | Unset):  Default: 0.
        failures (int | Unset):  Default: 0.
    """

    successes: int | Unset = 0
    failures: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        successes = self.successes

        failures = self.failures

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if successes is not UNSET:
            field_dict["successes"] = successes
        if failures is not UNSET:
            field_dict["failures"] = failures

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        successes = d.pop("successes", UNSET)

        failures = d.pop("failures", UNSET)

        death_saves = cls(
            successes=successes,
            failures=failures,
        )

        return death_saves

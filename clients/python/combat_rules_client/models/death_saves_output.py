from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeathSavesOutput")


@_attrs_define
class DeathSavesOutput:
    """Death saving throws collected while at 0 HP; three of a kind decide.

    Attributes:
        successes (int): Successes so far (a d20 of 10 or more): the third makes the creature stable and resets both
            counts (`d20.death.saves`). Default: 0.
        failures (int): Failures so far: a failed save, a natural 1 (two: `d20.death.nat`), damage at 0 HP (two
            from a critical hit: `d20.death.damage-at-zero`); the third kills. Default: 0.
    """

    successes: int = 0
    failures: int = 0

    def to_dict(self) -> dict[str, Any]:
        successes = self.successes

        failures = self.failures

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "successes": successes,
                "failures": failures,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        successes = d.pop("successes")

        failures = d.pop("failures")

        death_saves_output = cls(
            successes=successes,
            failures=failures,
        )

        return death_saves_output

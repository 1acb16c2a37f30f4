from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HideOutcome")


@_attrs_define
class HideOutcome:
    """The Stealth check of a hiding creature: the die and the total searchers must beat.

    Attributes:
        combatant_id (str):
        natural (int):
        stealth (int): The Stealth total a searcher must beat.
    """

    combatant_id: str
    natural: int
    stealth: int

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        natural = self.natural

        stealth = self.stealth

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "natural": natural,
                "stealth": stealth,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        natural = d.pop("natural")

        stealth = d.pop("stealth")

        hide_outcome = cls(
            combatant_id=combatant_id,
            natural=natural,
            stealth=stealth,
        )

        return hide_outcome

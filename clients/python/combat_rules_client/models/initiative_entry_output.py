from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="InitiativeEntryOutput")


@_attrs_define
class InitiativeEntryOutput:
    """A place in the order: who, with what initiative, and the roll-off that broke a tie.

    Attributes:
        combatant_id (str):
        initiative (int):
        tiebreak (int):  Default: 0.
    """

    combatant_id: str
    initiative: int
    tiebreak: int = 0

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        initiative = self.initiative

        tiebreak = self.tiebreak

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "initiative": initiative,
                "tiebreak": tiebreak,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        initiative = d.pop("initiative")

        tiebreak = d.pop("tiebreak")

        initiative_entry_output = cls(
            combatant_id=combatant_id,
            initiative=initiative,
            tiebreak=tiebreak,
        )

        return initiative_entry_output

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InitiativeEntry")


@_attrs_define
class InitiativeEntry:
    """A place in the order: who, with what initiative, and the roll-off that broke a tie.

    Attributes:
        combatant_id (str): The combatant in this place.
        initiative (int): Its initiative count: the roll plus bonus (d20, d10), or counted down from the number of
            combatants (d100, from positions). The list's order, not the count, says who acts next; in d10
            combatants on one count act simultaneously (`d10.init.ties`).
        tiebreak (int | Unset): The d20 roll-off that broke a tie on total and bonus (`d20.init.roll`; the higher acts
            first); 0 with no tie, and always in d100 and d10. Default: 0.
    """

    combatant_id: str
    initiative: int
    tiebreak: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        initiative = self.initiative

        tiebreak = self.tiebreak

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "initiative": initiative,
            }
        )
        if tiebreak is not UNSET:
            field_dict["tiebreak"] = tiebreak

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        initiative = d.pop("initiative")

        tiebreak = d.pop("tiebreak", UNSET)

        initiative_entry = cls(
            combatant_id=combatant_id,
            initiative=initiative,
            tiebreak=tiebreak,
        )

        return initiative_entry

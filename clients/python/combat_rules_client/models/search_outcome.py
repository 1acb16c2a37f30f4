from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SearchOutcome")


@_attrs_define
class SearchOutcome:
    """Who was found, who stays hidden, and the scavenging check if one was made.

    Attributes:
        combatant_id (str):
        found (list[str] | Unset):
        still_hidden (list[str] | Unset):
        scavenging_total (int | None | Unset):
        scavenging_success (bool | None | Unset):
    """

    combatant_id: str
    found: list[str] | Unset = UNSET
    still_hidden: list[str] | Unset = UNSET
    scavenging_total: int | None | Unset = UNSET
    scavenging_success: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        found: list[str] | Unset = UNSET
        if not isinstance(self.found, Unset):
            found = self.found

        still_hidden: list[str] | Unset = UNSET
        if not isinstance(self.still_hidden, Unset):
            still_hidden = self.still_hidden

        scavenging_total: int | None | Unset
        if isinstance(self.scavenging_total, Unset):
            scavenging_total = UNSET
        else:
            scavenging_total = self.scavenging_total

        scavenging_success: bool | None | Unset
        if isinstance(self.scavenging_success, Unset):
            scavenging_success = UNSET
        else:
            scavenging_success = self.scavenging_success

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
            }
        )
        if found is not UNSET:
            field_dict["found"] = found
        if still_hidden is not UNSET:
            field_dict["stillHidden"] = still_hidden
        if scavenging_total is not UNSET:
            field_dict["scavengingTotal"] = scavenging_total
        if scavenging_success is not UNSET:
            field_dict["scavengingSuccess"] = scavenging_success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        found = cast(list[str], d.pop("found", UNSET))

        still_hidden = cast(list[str], d.pop("stillHidden", UNSET))

        def _parse_scavenging_total(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scavenging_total = _parse_scavenging_total(d.pop("scavengingTotal", UNSET))

        def _parse_scavenging_success(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        scavenging_success = _parse_scavenging_success(d.pop("scavengingSuccess", UNSET))

        search_outcome = cls(
            combatant_id=combatant_id,
            found=found,
            still_hidden=still_hidden,
            scavenging_total=scavenging_total,
            scavenging_success=scavenging_success,
        )

        return search_outcome

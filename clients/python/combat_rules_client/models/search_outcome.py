from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.roll_side import RollSide


T = TypeVar("T", bound="SearchOutcome")


@_attrs_define
class SearchOutcome:
    """Who was found, who stays hidden, the searcher's Perception (d20, d10) and the
    scavenging check (d100) if one was made.

        Attributes:
            combatant_id (str):
            found (list[str]):
            still_hidden (list[str]):
            scavenging_total (int | None):
            scavenging_success (bool | None):
            perception (None | RollSide): The searcher's Wisdom (Perception) check, where the ruleset rolls one.
    """

    combatant_id: str
    found: list[str]
    still_hidden: list[str]
    scavenging_total: int | None
    scavenging_success: bool | None
    perception: None | RollSide

    def to_dict(self) -> dict[str, Any]:
        from ..models.roll_side import RollSide  # noqa: PLC0415

        combatant_id = self.combatant_id

        found = self.found

        still_hidden = self.still_hidden

        scavenging_total: int | None
        scavenging_total = self.scavenging_total

        scavenging_success: bool | None
        scavenging_success = self.scavenging_success

        perception: dict[str, Any] | None
        if isinstance(self.perception, RollSide):
            perception = self.perception.to_dict()
        else:
            perception = self.perception

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "found": found,
                "stillHidden": still_hidden,
                "scavengingTotal": scavenging_total,
                "scavengingSuccess": scavenging_success,
                "perception": perception,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll_side import RollSide  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        found = cast(list[str], d.pop("found"))

        still_hidden = cast(list[str], d.pop("stillHidden"))

        def _parse_scavenging_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        scavenging_total = _parse_scavenging_total(d.pop("scavengingTotal"))

        def _parse_scavenging_success(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        scavenging_success = _parse_scavenging_success(d.pop("scavengingSuccess"))

        def _parse_perception(data: object) -> None | RollSide:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                perception_type_0 = RollSide.from_dict(data)

                return perception_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RollSide, data)

        perception = _parse_perception(d.pop("perception"))

        search_outcome = cls(
            combatant_id=combatant_id,
            found=found,
            still_hidden=still_hidden,
            scavenging_total=scavenging_total,
            scavenging_success=scavenging_success,
            perception=perception,
        )

        return search_outcome

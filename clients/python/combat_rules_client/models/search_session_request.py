from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SearchSessionRequest")


@_attrs_define
class SearchSessionRequest:
    """Search for hidden creatures (d20, d10: Perception; d100: the DM's DC and an optional scavenging check). Session
    mode: the encounter is the session's.

        Attributes:
            combatant_id (str): The searcher: it spends its action.
            dc (int | None | Unset): d100: the DM's DC for this search: a hidden hostile creature is found when the DC beats
                its Stealth total. Other rulesets roll the searcher's Wisdom (Perception) instead and
                refuse a DC.
            scavenging_dc (int | None | Unset): d100, when the DM asks for a scavenging check: d20 + the `scavenging` skill
                (Wisdom).
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    dc: int | None | Unset = UNSET
    scavenging_dc: int | None | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        dc: int | None | Unset
        if isinstance(self.dc, Unset):
            dc = UNSET
        else:
            dc = self.dc

        scavenging_dc: int | None | Unset
        if isinstance(self.scavenging_dc, Unset):
            scavenging_dc = UNSET
        else:
            scavenging_dc = self.scavenging_dc

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
            }
        )
        if dc is not UNSET:
            field_dict["dc"] = dc
        if scavenging_dc is not UNSET:
            field_dict["scavengingDc"] = scavenging_dc
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        def _parse_dc(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dc = _parse_dc(d.pop("dc", UNSET))

        def _parse_scavenging_dc(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scavenging_dc = _parse_scavenging_dc(d.pop("scavengingDc", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        search_session_request = cls(
            combatant_id=combatant_id,
            dc=dc,
            scavenging_dc=scavenging_dc,
            seed=seed,
        )

        return search_session_request

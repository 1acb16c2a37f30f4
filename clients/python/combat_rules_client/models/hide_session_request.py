from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.spend import Spend
from ..types import UNSET, Unset

T = TypeVar("T", bound="HideSessionRequest")


@_attrs_define
class HideSessionRequest:
    """Hide: a Stealth check; the total is kept. Session mode: the encounter is the session's.

    Attributes:
        combatant_id (str): The creature that hides: it becomes `hidden`, and its Stealth total is kept in `stealth`
            for searchers to beat (`d100.action.hide`, `d100.hide.contest`).
        spend (Spend | Unset): One of: `action`, `bonus-action`, `reaction`, `free`.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    spend: Spend | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        spend: str | Unset = UNSET
        if not isinstance(self.spend, Unset):
            spend = self.spend.value

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
        if spend is not UNSET:
            field_dict["spend"] = spend
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        _spend = d.pop("spend", UNSET)
        spend: Spend | Unset
        if isinstance(_spend, Unset):
            spend = UNSET
        else:
            spend = Spend(_spend)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        hide_session_request = cls(
            combatant_id=combatant_id,
            spend=spend,
            seed=seed,
        )

        return hide_session_request

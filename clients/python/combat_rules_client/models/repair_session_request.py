from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RepairSessionRequest")


@_attrs_define
class RepairSessionRequest:
    """d100: a repair check against a DC restores a weapon's condition (an action). Session mode: the encounter is the
    session's.

        Attributes:
            combatant_id (str): The creature repairing: it spends its action (`d100.action.repair`).
            attack_name (str): The weapon to repair: one of the combatant's attacks with a tracked `condition`.
            dc (int | Unset): The DC the DM sets for the repair check. Default: 10.
            amount (int | None | Unset): Condition restored on a success (capped at `maxCondition`); omitted: all of it.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    attack_name: str
    dc: int | Unset = 10
    amount: int | None | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        attack_name = self.attack_name

        dc = self.dc

        amount: int | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "attackName": attack_name,
            }
        )
        if dc is not UNSET:
            field_dict["dc"] = dc
        if amount is not UNSET:
            field_dict["amount"] = amount
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        attack_name = d.pop("attackName")

        dc = d.pop("dc", UNSET)

        def _parse_amount(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        repair_session_request = cls(
            combatant_id=combatant_id,
            attack_name=attack_name,
            dc=dc,
            amount=amount,
            seed=seed,
        )

        return repair_session_request

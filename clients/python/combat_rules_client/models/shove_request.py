from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.shove_mode import ShoveMode
from ..models.spend import Spend
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="ShoveRequest")


@_attrs_define
class ShoveRequest:
    """d100: shove a creature prone or 5 ft away (replaces one attack). Stateless: the encounter travels with the request.

    Attributes:
        encounter (Encounter): The whole state of one fight.
        attacker_id (str): The shover: the target must be within its reach and at most one size larger
            (`d100.shove`).
        target_id (str): The creature shoved; an incapacitated one is shoved without a contest.
        mode (ShoveMode | Unset): One of: `prone`, `push`.
        spend (Spend | Unset): One of: `action`, `bonus-action`, `reaction`, `free`.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    attacker_id: str
    target_id: str
    mode: ShoveMode | Unset = UNSET
    spend: Spend | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        attacker_id = self.attacker_id

        target_id = self.target_id

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

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
                "encounter": encounter,
                "attackerId": attacker_id,
                "targetId": target_id,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode
        if spend is not UNSET:
            field_dict["spend"] = spend
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        attacker_id = d.pop("attackerId")

        target_id = d.pop("targetId")

        _mode = d.pop("mode", UNSET)
        mode: ShoveMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ShoveMode(_mode)

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

        shove_request = cls(
            encounter=encounter,
            attacker_id=attacker_id,
            target_id=target_id,
            mode=mode,
            spend=spend,
            seed=seed,
        )

        return shove_request

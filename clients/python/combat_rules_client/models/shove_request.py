from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.shove_request_mode import ShoveRequestMode
from ..models.shove_request_spend import ShoveRequestSpend
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="ShoveRequest")


@_attrs_define
class ShoveRequest:
    """d100: shove a creature prone or 5 ft away (replaces one attack). Stateless: the encounter travels with the request.

    Attributes:
        encounter (Encounter): The whole state of one fight.
        attacker_id (str):
        target_id (str):
        mode (ShoveRequestMode | Unset):  Default: ShoveRequestMode.PRONE.
        spend (ShoveRequestSpend | Unset):  Default: ShoveRequestSpend.ACTION.
        seed (int | None | Unset):
    """

    encounter: Encounter
    attacker_id: str
    target_id: str
    mode: ShoveRequestMode | Unset = ShoveRequestMode.PRONE
    spend: ShoveRequestSpend | Unset = ShoveRequestSpend.ACTION
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
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        attacker_id = d.pop("attackerId")

        target_id = d.pop("targetId")

        _mode = d.pop("mode", UNSET)
        mode: ShoveRequestMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ShoveRequestMode(_mode)

        _spend = d.pop("spend", UNSET)
        spend: ShoveRequestSpend | Unset
        if isinstance(_spend, Unset):
            spend = UNSET
        else:
            spend = ShoveRequestSpend(_spend)

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

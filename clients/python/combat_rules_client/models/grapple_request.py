from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.spend import Spend
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="GrappleRequest")


@_attrs_define
class GrappleRequest:
    """d100: grapple a creature (replaces one attack, needs a free hand). Stateless: the encounter travels with the
    request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            attacker_id (str): The grappler: the target must be within its reach and at most one size larger
                (`d100.grapple`).
            target_id (str): The creature to grapple: on a success it is `grappled` by the attacker, its speed 0
                (`d100.grapple.move`).
            free_hand (bool | Unset): Whether the grappler has a hand free; false is refused. Default: True.
            spend (Spend | Unset): One of: `action`, `bonus-action`, `reaction`, `free`.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    attacker_id: str
    target_id: str
    free_hand: bool | Unset = True
    spend: Spend | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        attacker_id = self.attacker_id

        target_id = self.target_id

        free_hand = self.free_hand

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
        if free_hand is not UNSET:
            field_dict["freeHand"] = free_hand
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

        free_hand = d.pop("freeHand", UNSET)

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

        grapple_request = cls(
            encounter=encounter,
            attacker_id=attacker_id,
            target_id=target_id,
            free_hand=free_hand,
            spend=spend,
            seed=seed,
        )

        return grapple_request

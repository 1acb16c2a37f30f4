from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="TriggerReadiedRequest")


@_attrs_define
class TriggerReadiedRequest:
    """Fire a readied action with the reaction, or decline it. Stateless: the encounter travels with the request.

    Attributes:
        encounter (Encounter): The whole state of one fight.
        combatant_id (str):
        fire (bool | Unset):  Default: True.
        target_id (None | str | Unset): The target of a readied attack.
        keep (bool | Unset): On a decline: keep holding the action (until the start of your next turn); false
            abandons it (a readied spell is lost). Default: True.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant_id: str
    fire: bool | Unset = True
    target_id: None | str | Unset = UNSET
    keep: bool | Unset = True
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        combatant_id = self.combatant_id

        fire = self.fire

        target_id: None | str | Unset
        if isinstance(self.target_id, Unset):
            target_id = UNSET
        else:
            target_id = self.target_id

        keep = self.keep

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
                "combatantId": combatant_id,
            }
        )
        if fire is not UNSET:
            field_dict["fire"] = fire
        if target_id is not UNSET:
            field_dict["targetId"] = target_id
        if keep is not UNSET:
            field_dict["keep"] = keep
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant_id = d.pop("combatantId")

        fire = d.pop("fire", UNSET)

        def _parse_target_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_id = _parse_target_id(d.pop("targetId", UNSET))

        keep = d.pop("keep", UNSET)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        trigger_readied_request = cls(
            encounter=encounter,
            combatant_id=combatant_id,
            fire=fire,
            target_id=target_id,
            keep=keep,
            seed=seed,
        )

        return trigger_readied_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TriggerReadiedSessionRequest")


@_attrs_define
class TriggerReadiedSessionRequest:
    """Fire a readied action with the reaction, or decline it. Session mode: the encounter is the session's.

    Attributes:
        combatant_id (str):
        fire (bool | Unset):  Default: True.
        target_id (None | str | Unset): The target of a readied attack.
        keep (bool | Unset): On a decline: keep holding the action (until the start of your next turn); false
            abandons it (a readied spell is lost). Default: True.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    fire: bool | Unset = True
    target_id: None | str | Unset = UNSET
    keep: bool | Unset = True
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
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
        d = dict(src_dict)
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

        trigger_readied_session_request = cls(
            combatant_id=combatant_id,
            fire=fire,
            target_id=target_id,
            keep=keep,
            seed=seed,
        )

        return trigger_readied_session_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ApplyDamageSessionRequest")


@_attrs_define
class ApplyDamageSessionRequest:
    """Deal damage: temp HP first, then HP, with the death rules at 0 HP. Session mode: the encounter is the session's.

    Attributes:
        target_id (str): The combatant that takes the damage.
        amount (int): Damage in hit points: temporary HP absorb it first, then `hp`, with the death rules at 0 HP
            (`d20.hp.zero`, `d20.death.*`); 0 changes nothing.
        critical (bool | Unset): The damage comes from a critical hit (two death-save failures at 0 HP). Default: False.
        source_id (None | str | Unset): The combatant that dealt it, if any (checked; named in the log). A knockout
            needs it; in d10,
            damage between two creatures acting on one count waits for the count to end
            (`d10.init.ties`).
        melee (bool | Unset): The damage comes from a melee attack by `sourceId` (a knockout needs one). Default: False.
        knockout (bool | Unset): The melee attacker chooses to knock the target out if this drops it to 0 HP:
            unconscious and
            stable instead of dying (`d20.death.knockout`); needs `melee` and `sourceId`. Instant
            death still applies. Default: False.
        damage_type (None | str | Unset): A label (`fire`, `slashing`...) for the client: the service applies no
            resistance,
            immunity or vulnerability.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    target_id: str
    amount: int
    critical: bool | Unset = False
    source_id: None | str | Unset = UNSET
    melee: bool | Unset = False
    knockout: bool | Unset = False
    damage_type: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        target_id = self.target_id

        amount = self.amount

        critical = self.critical

        source_id: None | str | Unset
        if isinstance(self.source_id, Unset):
            source_id = UNSET
        else:
            source_id = self.source_id

        melee = self.melee

        knockout = self.knockout

        damage_type: None | str | Unset
        if isinstance(self.damage_type, Unset):
            damage_type = UNSET
        else:
            damage_type = self.damage_type

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "amount": amount,
            }
        )
        if critical is not UNSET:
            field_dict["critical"] = critical
        if source_id is not UNSET:
            field_dict["sourceId"] = source_id
        if melee is not UNSET:
            field_dict["melee"] = melee
        if knockout is not UNSET:
            field_dict["knockout"] = knockout
        if damage_type is not UNSET:
            field_dict["damageType"] = damage_type
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_id = d.pop("targetId")

        amount = d.pop("amount")

        critical = d.pop("critical", UNSET)

        def _parse_source_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source_id = _parse_source_id(d.pop("sourceId", UNSET))

        melee = d.pop("melee", UNSET)

        knockout = d.pop("knockout", UNSET)

        def _parse_damage_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        damage_type = _parse_damage_type(d.pop("damageType", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        apply_damage_session_request = cls(
            target_id=target_id,
            amount=amount,
            critical=critical,
            source_id=source_id,
            melee=melee,
            knockout=knockout,
            damage_type=damage_type,
            seed=seed,
        )

        return apply_damage_session_request

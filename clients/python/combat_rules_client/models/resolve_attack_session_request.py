from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cover_degree import CoverDegree
from ..models.spend import Spend
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attack import Attack


T = TypeVar("T", bound="ResolveAttackSessionRequest")


@_attrs_define
class ResolveAttackSessionRequest:
    """Roll an attack, apply cover and advantage, and deal its damage. Session mode: the encounter is the session's.

    Attributes:
        attacker_id (str): The attacking combatant.
        target_id (str): The combatant attacked (not the attacker).
        attack_name (None | str | Unset): The name of one of the attacker's attacks; omitted means `attack` or its
            first.
        attack (Attack | None | Unset): An attack described inline, instead of one of the attacker's.
        advantage (bool | Unset): Advantage the caller grants, on top of what the state gives. Default: False.
        disadvantage (bool | Unset): Disadvantage the caller imposes, on top of what the state gives; with any advantage
            the two
            cancel (`d20.attack.roll`). Default: False.
        cover (CoverDegree | None | Unset): A cover degree the DM states; it wins over the computed one.
        apply_damage (bool | Unset): False rolls the damage but leaves the target's HP alone. Default: True.
        knockout (bool | Unset): Knock the target out if the hit drops it to 0 HP: unconscious and stable instead of
            dying
            (`d20.death.knockout`); melee attacks only. Instant death still applies. Default: False.
        spend (Spend | Unset): One of: `action`, `bonus-action`, `reaction`, `free`.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    attacker_id: str
    target_id: str
    attack_name: None | str | Unset = UNSET
    attack: Attack | None | Unset = UNSET
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False
    cover: CoverDegree | None | Unset = UNSET
    apply_damage: bool | Unset = True
    knockout: bool | Unset = False
    spend: Spend | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.attack import Attack  # noqa: PLC0415

        attacker_id = self.attacker_id

        target_id = self.target_id

        attack_name: None | str | Unset
        if isinstance(self.attack_name, Unset):
            attack_name = UNSET
        else:
            attack_name = self.attack_name

        attack: dict[str, Any] | None | Unset
        if isinstance(self.attack, Unset):
            attack = UNSET
        elif isinstance(self.attack, Attack):
            attack = self.attack.to_dict()
        else:
            attack = self.attack

        advantage = self.advantage

        disadvantage = self.disadvantage

        cover: None | str | Unset
        if isinstance(self.cover, Unset):
            cover = UNSET
        elif isinstance(self.cover, CoverDegree):
            cover = self.cover.value
        else:
            cover = self.cover

        apply_damage = self.apply_damage

        knockout = self.knockout

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
                "attackerId": attacker_id,
                "targetId": target_id,
            }
        )
        if attack_name is not UNSET:
            field_dict["attackName"] = attack_name
        if attack is not UNSET:
            field_dict["attack"] = attack
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if cover is not UNSET:
            field_dict["cover"] = cover
        if apply_damage is not UNSET:
            field_dict["applyDamage"] = apply_damage
        if knockout is not UNSET:
            field_dict["knockout"] = knockout
        if spend is not UNSET:
            field_dict["spend"] = spend
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attack import Attack  # noqa: PLC0415

        d = dict(src_dict)
        attacker_id = d.pop("attackerId")

        target_id = d.pop("targetId")

        def _parse_attack_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        attack_name = _parse_attack_name(d.pop("attackName", UNSET))

        def _parse_attack(data: object) -> Attack | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attack_type_0 = Attack.from_dict(data)

                return attack_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Attack | None | Unset, data)

        attack = _parse_attack(d.pop("attack", UNSET))

        advantage = d.pop("advantage", UNSET)

        disadvantage = d.pop("disadvantage", UNSET)

        def _parse_cover(data: object) -> CoverDegree | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cover_type_0 = CoverDegree(data)

                return cover_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CoverDegree | None | Unset, data)

        cover = _parse_cover(d.pop("cover", UNSET))

        apply_damage = d.pop("applyDamage", UNSET)

        knockout = d.pop("knockout", UNSET)

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

        resolve_attack_session_request = cls(
            attacker_id=attacker_id,
            target_id=target_id,
            attack_name=attack_name,
            attack=attack,
            advantage=advantage,
            disadvantage=disadvantage,
            cover=cover,
            apply_damage=apply_damage,
            knockout=knockout,
            spend=spend,
            seed=seed,
        )

        return resolve_attack_session_request

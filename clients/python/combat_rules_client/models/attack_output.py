from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.attack_kind import AttackKind

T = TypeVar("T", bound="AttackOutput")


@_attrs_define
class AttackOutput:
    """An attack a combatant can make, or the caller can describe inline.

    Attributes:
        name (str):
        bonus (int): Added to the attack roll. Default: 0.
        damage (str): Damage in dice notation (`1d8+3`); every die here is doubled on a critical hit, so
            extra dice that are part of the attack (sneak attack...) belong in it. Default: '1d4'.
        kind (AttackKind): One of: `melee`, `ranged`, `spell`.
        reach (int): Melee reach in feet. Default: 5.
        range (int | None): Normal range in feet for ranged and spell attacks.
        long_range (int | None):
        damage_type (None | str):
        condition (int | None): Weapon condition (d100); 0 is broken and unusable until repaired. Null: not tracked.
        max_condition (int | None):
        ammo (int | None): Rounds loaded (d100 guns and energy weapons); null: the weapon uses no ammunition.
        capacity (int | None):
        ammo_type (None | str):
    """

    name: str
    kind: AttackKind
    range: int | None
    long_range: int | None
    damage_type: None | str
    condition: int | None
    max_condition: int | None
    ammo: int | None
    capacity: int | None
    ammo_type: None | str
    bonus: int = 0
    damage: str = "1d4"
    reach: int = 5

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        bonus = self.bonus

        damage = self.damage

        kind = self.kind.value

        reach = self.reach

        range: int | None
        range = self.range

        long_range: int | None
        long_range = self.long_range

        damage_type: None | str
        damage_type = self.damage_type

        condition: int | None
        condition = self.condition

        max_condition: int | None
        max_condition = self.max_condition

        ammo: int | None
        ammo = self.ammo

        capacity: int | None
        capacity = self.capacity

        ammo_type: None | str
        ammo_type = self.ammo_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "bonus": bonus,
                "damage": damage,
                "kind": kind,
                "reach": reach,
                "range": range,
                "longRange": long_range,
                "damageType": damage_type,
                "condition": condition,
                "maxCondition": max_condition,
                "ammo": ammo,
                "capacity": capacity,
                "ammoType": ammo_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        bonus = d.pop("bonus")

        damage = d.pop("damage")

        kind = AttackKind(d.pop("kind"))

        reach = d.pop("reach")

        def _parse_range(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        range = _parse_range(d.pop("range"))

        def _parse_long_range(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        long_range = _parse_long_range(d.pop("longRange"))

        def _parse_damage_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        damage_type = _parse_damage_type(d.pop("damageType"))

        def _parse_condition(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        condition = _parse_condition(d.pop("condition"))

        def _parse_max_condition(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_condition = _parse_max_condition(d.pop("maxCondition"))

        def _parse_ammo(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ammo = _parse_ammo(d.pop("ammo"))

        def _parse_capacity(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        capacity = _parse_capacity(d.pop("capacity"))

        def _parse_ammo_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ammo_type = _parse_ammo_type(d.pop("ammoType"))

        attack_output = cls(
            name=name,
            bonus=bonus,
            damage=damage,
            kind=kind,
            reach=reach,
            range=range,
            long_range=long_range,
            damage_type=damage_type,
            condition=condition,
            max_condition=max_condition,
            ammo=ammo,
            capacity=capacity,
            ammo_type=ammo_type,
        )

        return attack_output

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReloadOutcome")


@_attrs_define
class ReloadOutcome:
    """How many rounds went in, what the weapon holds and what is left in the pouch.

    Attributes:
        combatant_id (str):
        attack_name (str):
        loaded (int):
        ammo (int):
        capacity (int):
        carried_left (int):
    """

    combatant_id: str
    attack_name: str
    loaded: int
    ammo: int
    capacity: int
    carried_left: int

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        attack_name = self.attack_name

        loaded = self.loaded

        ammo = self.ammo

        capacity = self.capacity

        carried_left = self.carried_left

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "attackName": attack_name,
                "loaded": loaded,
                "ammo": ammo,
                "capacity": capacity,
                "carriedLeft": carried_left,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        attack_name = d.pop("attackName")

        loaded = d.pop("loaded")

        ammo = d.pop("ammo")

        capacity = d.pop("capacity")

        carried_left = d.pop("carriedLeft")

        reload_outcome = cls(
            combatant_id=combatant_id,
            attack_name=attack_name,
            loaded=loaded,
            ammo=ammo,
            capacity=capacity,
            carried_left=carried_left,
        )

        return reload_outcome

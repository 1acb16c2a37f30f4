from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DamageOutcome")


@_attrs_define
class DamageOutcome:
    """What damage did to its target: temp HP absorbed, HP lost, dropped, died.

    Attributes:
        target_id (str):
        amount (int):
        temp_hp_absorbed (int):
        hp_lost (int):
        hp (int):
        dropped (bool): The target went from above 0 HP to 0.
        died (bool):
        instant_death (bool):
        unconscious (bool):
        death_save_failures (int):
    """

    target_id: str
    amount: int
    temp_hp_absorbed: int
    hp_lost: int
    hp: int
    dropped: bool
    died: bool
    instant_death: bool
    unconscious: bool
    death_save_failures: int

    def to_dict(self) -> dict[str, Any]:
        target_id = self.target_id

        amount = self.amount

        temp_hp_absorbed = self.temp_hp_absorbed

        hp_lost = self.hp_lost

        hp = self.hp

        dropped = self.dropped

        died = self.died

        instant_death = self.instant_death

        unconscious = self.unconscious

        death_save_failures = self.death_save_failures

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "amount": amount,
                "tempHpAbsorbed": temp_hp_absorbed,
                "hpLost": hp_lost,
                "hp": hp,
                "dropped": dropped,
                "died": died,
                "instantDeath": instant_death,
                "unconscious": unconscious,
                "deathSaveFailures": death_save_failures,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_id = d.pop("targetId")

        amount = d.pop("amount")

        temp_hp_absorbed = d.pop("tempHpAbsorbed")

        hp_lost = d.pop("hpLost")

        hp = d.pop("hp")

        dropped = d.pop("dropped")

        died = d.pop("died")

        instant_death = d.pop("instantDeath")

        unconscious = d.pop("unconscious")

        death_save_failures = d.pop("deathSaveFailures")

        damage_outcome = cls(
            target_id=target_id,
            amount=amount,
            temp_hp_absorbed=temp_hp_absorbed,
            hp_lost=hp_lost,
            hp=hp,
            dropped=dropped,
            died=died,
            instant_death=instant_death,
            unconscious=unconscious,
            death_save_failures=death_save_failures,
        )

        return damage_outcome

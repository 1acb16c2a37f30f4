from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="DeathSave")


@_attrs_define
class DeathSave:
    """A death saving throw rolled at the start of a turn (`d20.death.saves`).

    Attributes:
        combatant_id (str):
        natural (int):
        success (bool):
        successes (int):
        failures (int):
        stable (bool):
        dead (bool):
        regained_hp (bool): A natural 20: 1 HP back, conscious again (`d20.death.nat`).
        hours_to_regain (int | None): Became stable: hours (1d4) after which it regains 1 HP if not healed (not
            applied).
    """

    combatant_id: str
    natural: int
    success: bool
    successes: int
    failures: int
    stable: bool
    dead: bool
    regained_hp: bool
    hours_to_regain: int | None

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        natural = self.natural

        success = self.success

        successes = self.successes

        failures = self.failures

        stable = self.stable

        dead = self.dead

        regained_hp = self.regained_hp

        hours_to_regain: int | None
        hours_to_regain = self.hours_to_regain

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "natural": natural,
                "success": success,
                "successes": successes,
                "failures": failures,
                "stable": stable,
                "dead": dead,
                "regainedHp": regained_hp,
                "hoursToRegain": hours_to_regain,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        natural = d.pop("natural")

        success = d.pop("success")

        successes = d.pop("successes")

        failures = d.pop("failures")

        stable = d.pop("stable")

        dead = d.pop("dead")

        regained_hp = d.pop("regainedHp")

        def _parse_hours_to_regain(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        hours_to_regain = _parse_hours_to_regain(d.pop("hoursToRegain"))

        death_save = cls(
            combatant_id=combatant_id,
            natural=natural,
            success=success,
            successes=successes,
            failures=failures,
            stable=stable,
            dead=dead,
            regained_hp=regained_hp,
            hours_to_regain=hours_to_regain,
        )

        return death_save

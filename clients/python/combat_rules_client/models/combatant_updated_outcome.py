from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CombatantUpdatedOutcome")


@_attrs_define
class CombatantUpdatedOutcome:
    """The creature corrected and the fields that changed (camelCase).

    Attributes:
        combatant_id (str):
        changed (list[str]): The fields whose value changed (a field given with its current value is not listed).
        ended (list[str]): Grapples the new position put out of reach: `grapple:<grappler>:<held>`.
    """

    combatant_id: str
    changed: list[str]
    ended: list[str]

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        changed = self.changed

        ended = self.ended

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "changed": changed,
                "ended": ended,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        changed = cast(list[str], d.pop("changed"))

        ended = cast(list[str], d.pop("ended"))

        combatant_updated_outcome = cls(
            combatant_id=combatant_id,
            changed=changed,
            ended=ended,
        )

        return combatant_updated_outcome

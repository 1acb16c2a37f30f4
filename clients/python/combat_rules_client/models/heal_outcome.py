from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HealOutcome")


@_attrs_define
class HealOutcome:
    """The HP regained, the target's HP now, whether it came to, and what it spent.

    Attributes:
        target_id (str):
        healed (int):
        hp (int):
        conscious (bool): It was at 0 HP and is conscious again.
        spent (str):
    """

    target_id: str
    healed: int
    hp: int
    conscious: bool
    spent: str

    def to_dict(self) -> dict[str, Any]:
        target_id = self.target_id

        healed = self.healed

        hp = self.hp

        conscious = self.conscious

        spent = self.spent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "healed": healed,
                "hp": hp,
                "conscious": conscious,
                "spent": spent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        target_id = d.pop("targetId")

        healed = d.pop("healed")

        hp = d.pop("hp")

        conscious = d.pop("conscious")

        spent = d.pop("spent")

        heal_outcome = cls(
            target_id=target_id,
            healed=healed,
            hp=hp,
            conscious=conscious,
            spent=spent,
        )

        return heal_outcome

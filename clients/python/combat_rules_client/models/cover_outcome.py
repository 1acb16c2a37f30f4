from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cover_degree import CoverDegree

T = TypeVar("T", bound="CoverOutcome")


@_attrs_define
class CoverOutcome:
    """The cover the target has against the attacker (`d20.cover.*`).

    Attributes:
        degree (CoverDegree): One of: `none`, `half`, `three-quarters`, `total`.
        ac_bonus (int | None): Null for total cover: the target can't be targeted directly.
        save_bonus (int | None):
        save_ability (str): The saving throw cover protects: Dexterity (d20), Athletics (d100).
    """

    degree: CoverDegree
    ac_bonus: int | None
    save_bonus: int | None
    save_ability: str

    def to_dict(self) -> dict[str, Any]:
        degree = self.degree.value

        ac_bonus: int | None
        ac_bonus = self.ac_bonus

        save_bonus: int | None
        save_bonus = self.save_bonus

        save_ability = self.save_ability

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "degree": degree,
                "acBonus": ac_bonus,
                "saveBonus": save_bonus,
                "saveAbility": save_ability,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        degree = CoverDegree(d.pop("degree"))

        def _parse_ac_bonus(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ac_bonus = _parse_ac_bonus(d.pop("acBonus"))

        def _parse_save_bonus(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        save_bonus = _parse_save_bonus(d.pop("saveBonus"))

        save_ability = d.pop("saveAbility")

        cover_outcome = cls(
            degree=degree,
            ac_bonus=ac_bonus,
            save_bonus=save_bonus,
            save_ability=save_ability,
        )

        return cover_outcome

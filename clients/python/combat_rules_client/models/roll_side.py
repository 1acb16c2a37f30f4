from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.roll_side_kind import RollSideKind

T = TypeVar("T", bound="RollSide")


@_attrs_define
class RollSide:
    """One creature's roll of a save or check: each d20, the bonus, the total, and why it
    had advantage, disadvantage or failed whatever the total.

        Attributes:
            combatant_id (str):
            kind (RollSideKind): One of: `save`, `check`.
            ability (None | str):
            skill (None | str):
            rolls (list[int]): Each d20 rolled (two with advantage or disadvantage).
            natural (int): The d20 kept.
            bonus (int):
            total (int):
            advantage_sources (list[str]):
            disadvantage_sources (list[str]):
            automatic_failure (list[str]): The conditions that fail it whatever the total (`d20.cond`); empty when none.
    """

    combatant_id: str
    kind: RollSideKind
    ability: None | str
    skill: None | str
    rolls: list[int]
    natural: int
    bonus: int
    total: int
    advantage_sources: list[str]
    disadvantage_sources: list[str]
    automatic_failure: list[str]

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        kind = self.kind.value

        ability: None | str
        ability = self.ability

        skill: None | str
        skill = self.skill

        rolls = self.rolls

        natural = self.natural

        bonus = self.bonus

        total = self.total

        advantage_sources = self.advantage_sources

        disadvantage_sources = self.disadvantage_sources

        automatic_failure = self.automatic_failure

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "kind": kind,
                "ability": ability,
                "skill": skill,
                "rolls": rolls,
                "natural": natural,
                "bonus": bonus,
                "total": total,
                "advantageSources": advantage_sources,
                "disadvantageSources": disadvantage_sources,
                "automaticFailure": automatic_failure,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        kind = RollSideKind(d.pop("kind"))

        def _parse_ability(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ability = _parse_ability(d.pop("ability"))

        def _parse_skill(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        skill = _parse_skill(d.pop("skill"))

        rolls = cast(list[int], d.pop("rolls"))

        natural = d.pop("natural")

        bonus = d.pop("bonus")

        total = d.pop("total")

        advantage_sources = cast(list[str], d.pop("advantageSources"))

        disadvantage_sources = cast(list[str], d.pop("disadvantageSources"))

        automatic_failure = cast(list[str], d.pop("automaticFailure"))

        roll_side = cls(
            combatant_id=combatant_id,
            kind=kind,
            ability=ability,
            skill=skill,
            rolls=rolls,
            natural=natural,
            bonus=bonus,
            total=total,
            advantage_sources=advantage_sources,
            disadvantage_sources=disadvantage_sources,
            automatic_failure=automatic_failure,
        )

        return roll_side

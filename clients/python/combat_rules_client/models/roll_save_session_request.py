from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ability_name import AbilityName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contest_side import ContestSide


T = TypeVar("T", bound="RollSaveSessionRequest")


@_attrs_define
class RollSaveSessionRequest:
    """A saving throw the DM calls for, against a DC or another creature's check. Session mode: the encounter is the
    session's.

        Attributes:
            combatant_id (str): The creature that saves.
            ability (AbilityName): One of: `strength`, `dexterity`, `constitution`, `intelligence`, `wisdom`, `charisma`.
            dc (int | None | Unset): The DC to meet; give it or `contest`, not both.
            contest (ContestSide | None | Unset): The creature whose check the save resists, and what it rolls.
            advantage (bool | Unset): Advantage the DM grants (listed as `caller`), on top of the state's. Default: False.
            disadvantage (bool | Unset): Disadvantage the DM imposes (listed as `caller`). Default: False.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    ability: AbilityName
    dc: int | None | Unset = UNSET
    contest: ContestSide | None | Unset = UNSET
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.contest_side import ContestSide  # noqa: PLC0415

        combatant_id = self.combatant_id

        ability = self.ability.value

        dc: int | None | Unset
        if isinstance(self.dc, Unset):
            dc = UNSET
        else:
            dc = self.dc

        contest: dict[str, Any] | None | Unset
        if isinstance(self.contest, Unset):
            contest = UNSET
        elif isinstance(self.contest, ContestSide):
            contest = self.contest.to_dict()
        else:
            contest = self.contest

        advantage = self.advantage

        disadvantage = self.disadvantage

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "ability": ability,
            }
        )
        if dc is not UNSET:
            field_dict["dc"] = dc
        if contest is not UNSET:
            field_dict["contest"] = contest
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.contest_side import ContestSide  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        ability = AbilityName(d.pop("ability"))

        def _parse_dc(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dc = _parse_dc(d.pop("dc", UNSET))

        def _parse_contest(data: object) -> ContestSide | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contest_type_0 = ContestSide.from_dict(data)

                return contest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContestSide | None | Unset, data)

        contest = _parse_contest(d.pop("contest", UNSET))

        advantage = d.pop("advantage", UNSET)

        disadvantage = d.pop("disadvantage", UNSET)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        roll_save_session_request = cls(
            combatant_id=combatant_id,
            ability=ability,
            dc=dc,
            contest=contest,
            advantage=advantage,
            disadvantage=disadvantage,
            seed=seed,
        )

        return roll_save_session_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ability_name import AbilityName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contest_side import ContestSide
    from ..models.encounter import Encounter


T = TypeVar("T", bound="RollCheckRequest")


@_attrs_define
class RollCheckRequest:
    """An ability check the DM calls for, against a DC or contested by another creature. Stateless: the encounter travels
    with the request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            combatant_id (str): The creature that makes the check.
            ability (AbilityName | None | Unset): The ability it checks (with `skill`: what it adds without a bonus for the
                skill).
            skill (None | str | Unset): `perception`, `stealth`, `athletics`...: give it or `ability` (or both: the
                ability is then what a creature without the skill adds).
            dc (int | None | Unset): The DC to meet; give it or `contest`, not both.
            contest (ContestSide | None | Unset): The creature that resists, and what it rolls.
            sight (bool | Unset): The check needs sight (Perception by sight...): a blinded creature fails it. Default:
                False.
            advantage (bool | Unset): Advantage the DM grants (listed as `caller`), on top of the state's. Default: False.
            disadvantage (bool | Unset): Disadvantage the DM imposes (listed as `caller`). Default: False.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant_id: str
    ability: AbilityName | None | Unset = UNSET
    skill: None | str | Unset = UNSET
    dc: int | None | Unset = UNSET
    contest: ContestSide | None | Unset = UNSET
    sight: bool | Unset = False
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.contest_side import ContestSide  # noqa: PLC0415

        encounter = self.encounter.to_dict()

        combatant_id = self.combatant_id

        ability: None | str | Unset
        if isinstance(self.ability, Unset):
            ability = UNSET
        elif isinstance(self.ability, AbilityName):
            ability = self.ability.value
        else:
            ability = self.ability

        skill: None | str | Unset
        if isinstance(self.skill, Unset):
            skill = UNSET
        else:
            skill = self.skill

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

        sight = self.sight

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
                "encounter": encounter,
                "combatantId": combatant_id,
            }
        )
        if ability is not UNSET:
            field_dict["ability"] = ability
        if skill is not UNSET:
            field_dict["skill"] = skill
        if dc is not UNSET:
            field_dict["dc"] = dc
        if contest is not UNSET:
            field_dict["contest"] = contest
        if sight is not UNSET:
            field_dict["sight"] = sight
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
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant_id = d.pop("combatantId")

        def _parse_ability(data: object) -> AbilityName | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ability_type_0 = AbilityName(data)

                return ability_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbilityName | None | Unset, data)

        ability = _parse_ability(d.pop("ability", UNSET))

        def _parse_skill(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        skill = _parse_skill(d.pop("skill", UNSET))

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

        sight = d.pop("sight", UNSET)

        advantage = d.pop("advantage", UNSET)

        disadvantage = d.pop("disadvantage", UNSET)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        roll_check_request = cls(
            encounter=encounter,
            combatant_id=combatant_id,
            ability=ability,
            skill=skill,
            dc=dc,
            contest=contest,
            sight=sight,
            advantage=advantage,
            disadvantage=disadvantage,
            seed=seed,
        )

        return roll_check_request

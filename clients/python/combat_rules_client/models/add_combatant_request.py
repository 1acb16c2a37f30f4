from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.combatant import Combatant
    from ..models.encounter import Encounter


T = TypeVar("T", bound="AddCombatantRequest")


@_attrs_define
class AddCombatantRequest:
    """DM: add a creature to the fight (it joins the order once initiative is rolled). Stateless: the encounter travels
    with the request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            combatant (Combatant): One creature in the fight.
            initiative (int | None | Unset): Its initiative count, once initiative is rolled (refused before:
                `rollInitiative`
                makes the order); omitted: its group's or controller's count, or rolled.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant: Combatant
    initiative: int | None | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        combatant = self.combatant.to_dict()

        initiative: int | None | Unset
        if isinstance(self.initiative, Unset):
            initiative = UNSET
        else:
            initiative = self.initiative

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
                "combatant": combatant,
            }
        )
        if initiative is not UNSET:
            field_dict["initiative"] = initiative
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.combatant import Combatant  # noqa: PLC0415
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant = Combatant.from_dict(d.pop("combatant"))

        def _parse_initiative(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        initiative = _parse_initiative(d.pop("initiative", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        add_combatant_request = cls(
            encounter=encounter,
            combatant=combatant,
            initiative=initiative,
            seed=seed,
        )

        return add_combatant_request

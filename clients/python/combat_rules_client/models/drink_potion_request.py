from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.potion_source import PotionSource
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="DrinkPotionRequest")


@_attrs_define
class DrinkPotionRequest:
    """Drink or feed a potion (bonus action from hand, pouch or belt; else the action). Stateless: the encounter travels
    with the request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            combatant_id (str): Who takes the potion out and uses it.
            target_id (None | str | Unset): Who drinks it; omitted means the user itself.
            source (PotionSource | Unset): One of: `hand`, `pouch`, `belt`, `backpack`.
            healing (str | Unset): The potion's healing dice. Default: '2d4+2'.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant_id: str
    target_id: None | str | Unset = UNSET
    source: PotionSource | Unset = UNSET
    healing: str | Unset = "2d4+2"
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        combatant_id = self.combatant_id

        target_id: None | str | Unset
        if isinstance(self.target_id, Unset):
            target_id = UNSET
        else:
            target_id = self.target_id

        source: str | Unset = UNSET
        if not isinstance(self.source, Unset):
            source = self.source.value

        healing = self.healing

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
        if target_id is not UNSET:
            field_dict["targetId"] = target_id
        if source is not UNSET:
            field_dict["source"] = source
        if healing is not UNSET:
            field_dict["healing"] = healing
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant_id = d.pop("combatantId")

        def _parse_target_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_id = _parse_target_id(d.pop("targetId", UNSET))

        _source = d.pop("source", UNSET)
        source: PotionSource | Unset
        if isinstance(_source, Unset):
            source = UNSET
        else:
            source = PotionSource(_source)

        healing = d.pop("healing", UNSET)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        drink_potion_request = cls(
            encounter=encounter,
            combatant_id=combatant_id,
            target_id=target_id,
            source=source,
            healing=healing,
            seed=seed,
        )

        return drink_potion_request

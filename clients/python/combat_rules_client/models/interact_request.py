from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="InteractRequest")


@_attrs_define
class InteractRequest:
    """Interact with an object. Stateless: the encounter travels with the request.

    Attributes:
        encounter (Encounter): The whole state of one fight.
        combatant_id (str): The creature acting, on its own turn: its free object interaction, or its action for a
            second
            one (`d20.turn.object`).
        description (str | Unset): What it does, as a verb phrase for the log (`draws a sword`); a note only. Default:
            'interacts with an object'.
        device (None | str | Unset): A named device being used; a ruleset may make some devices take the action (d10).
        weapon (None | str | Unset): One of your attacks whose weapon a critical fumble, a disarm or falling unconscious
            disturbed: pick it up where it lies (within reach), pick up a piece of its spilled
            ammunition, or free its lodged ammunition (that takes the action).
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant_id: str
    description: str | Unset = "interacts with an object"
    device: None | str | Unset = UNSET
    weapon: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        combatant_id = self.combatant_id

        description = self.description

        device: None | str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        weapon: None | str | Unset
        if isinstance(self.weapon, Unset):
            weapon = UNSET
        else:
            weapon = self.weapon

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
        if description is not UNSET:
            field_dict["description"] = description
        if device is not UNSET:
            field_dict["device"] = device
        if weapon is not UNSET:
            field_dict["weapon"] = weapon
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant_id = d.pop("combatantId")

        description = d.pop("description", UNSET)

        def _parse_device(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        def _parse_weapon(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        weapon = _parse_weapon(d.pop("weapon", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        interact_request = cls(
            encounter=encounter,
            combatant_id=combatant_id,
            description=description,
            device=device,
            weapon=weapon,
            seed=seed,
        )

        return interact_request

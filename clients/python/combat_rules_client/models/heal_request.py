from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="HealRequest")


@_attrs_define
class HealRequest:
    """Healing from the DM or an effect. Stateless: the encounter travels with the request.

    Attributes:
        encounter (Encounter): The whole state of one fight.
        target_id (str): The combatant healed.
        amount (int): Hit points restored, up to the hit point maximum (halved from exhaustion level 4); any
            regained at 0 HP ends unconsciousness and resets the death saves (`d20.death.unconscious`).
            The dead regain nothing.
        source_id (None | str | Unset): Who heals, if anyone (checked; named in the log).
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    target_id: str
    amount: int
    source_id: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        target_id = self.target_id

        amount = self.amount

        source_id: None | str | Unset
        if isinstance(self.source_id, Unset):
            source_id = UNSET
        else:
            source_id = self.source_id

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
                "targetId": target_id,
                "amount": amount,
            }
        )
        if source_id is not UNSET:
            field_dict["sourceId"] = source_id
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        target_id = d.pop("targetId")

        amount = d.pop("amount")

        def _parse_source_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source_id = _parse_source_id(d.pop("sourceId", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        heal_request = cls(
            encounter=encounter,
            target_id=target_id,
            amount=amount,
            source_id=source_id,
            seed=seed,
        )

        return heal_request

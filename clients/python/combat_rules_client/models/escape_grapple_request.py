from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="EscapeGrappleRequest")


@_attrs_define
class EscapeGrappleRequest:
    """Escape a grapple: an unarmed check against the grappler's (an action). Stateless: the encounter travels with the
    request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            combatant_id (str): The grappled creature: it spends its action (`d100.grapple.escape`).
            grappler_id (None | str | Unset): Which grapple to break; omitted: the only one (refused when there are
                several).
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant_id: str
    grappler_id: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        combatant_id = self.combatant_id

        grappler_id: None | str | Unset
        if isinstance(self.grappler_id, Unset):
            grappler_id = UNSET
        else:
            grappler_id = self.grappler_id

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
        if grappler_id is not UNSET:
            field_dict["grapplerId"] = grappler_id
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant_id = d.pop("combatantId")

        def _parse_grappler_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        grappler_id = _parse_grappler_id(d.pop("grapplerId", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        escape_grapple_request = cls(
            encounter=encounter,
            combatant_id=combatant_id,
            grappler_id=grappler_id,
            seed=seed,
        )

        return escape_grapple_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EscapeGrappleSessionRequest")


@_attrs_define
class EscapeGrappleSessionRequest:
    """Escape a grapple: an unarmed check against the grappler's (an action). Session mode: the encounter is the session's.

    Attributes:
        combatant_id (str): The grappled creature: it spends its action (`d100.grapple.escape`).
        grappler_id (None | str | Unset): Which grapple to break; omitted: the only one (refused when there are
            several).
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    grappler_id: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
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
        d = dict(src_dict)
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

        escape_grapple_session_request = cls(
            combatant_id=combatant_id,
            grappler_id=grappler_id,
            seed=seed,
        )

        return escape_grapple_session_request

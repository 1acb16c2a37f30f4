from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReleaseGrappleSessionRequest")


@_attrs_define
class ReleaseGrappleSessionRequest:
    """Let go of a grappled creature (no action). Session mode: the encounter is the session's.

    Attributes:
        grappler_id (str): The grappler that lets go (no action: `d100.grapple`).
        target_id (str): The creature it grapples.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    grappler_id: str
    target_id: str
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        grappler_id = self.grappler_id

        target_id = self.target_id

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "grapplerId": grappler_id,
                "targetId": target_id,
            }
        )
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        grappler_id = d.pop("grapplerId")

        target_id = d.pop("targetId")

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        release_grapple_session_request = cls(
            grappler_id=grappler_id,
            target_id=target_id,
            seed=seed,
        )

        return release_grapple_session_request

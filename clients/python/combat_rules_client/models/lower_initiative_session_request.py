from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LowerInitiativeSessionRequest")


@_attrs_define
class LowerInitiativeSessionRequest:
    """Move a combatant down the initiative order (raising needs a named feature). Session mode: the encounter is the
    session's.

        Attributes:
            combatant_id (str): The combatant that moves in the order (`d20.init.lower`), with the companions it controls;
                on its own turn, only before it has acted.
            initiative (int): The new initiative count.
            feature (None | str | Unset): One of the combatant's `features` (a feat, magic) that lets it raise its
                initiative.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    initiative: int
    feature: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        initiative = self.initiative

        feature: None | str | Unset
        if isinstance(self.feature, Unset):
            feature = UNSET
        else:
            feature = self.feature

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "initiative": initiative,
            }
        )
        if feature is not UNSET:
            field_dict["feature"] = feature
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        initiative = d.pop("initiative")

        def _parse_feature(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        feature = _parse_feature(d.pop("feature", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        lower_initiative_session_request = cls(
            combatant_id=combatant_id,
            initiative=initiative,
            feature=feature,
            seed=seed,
        )

        return lower_initiative_session_request

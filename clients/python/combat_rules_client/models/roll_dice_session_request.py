from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RollDiceSessionRequest")


@_attrs_define
class RollDiceSessionRequest:
    """A free roll of any dice (a dice roller): logged, no rule, nothing changed. Session mode: the encounter is the
    session's.

        Attributes:
            expression (str): Dice notation, as an attack's damage takes it (`2d6+3`, `4d6kh3`, `1d%`).
            combatant_id (None | str | Unset): The creature that rolls (a seat rolls only for its own); none: the DM.
            purpose (None | str | Unset): What the roll is for, as the log shows it (`"treasure"`); none: `"free roll"`.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    expression: str
    combatant_id: None | str | Unset = UNSET
    purpose: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expression = self.expression

        combatant_id: None | str | Unset
        if isinstance(self.combatant_id, Unset):
            combatant_id = UNSET
        else:
            combatant_id = self.combatant_id

        purpose: None | str | Unset
        if isinstance(self.purpose, Unset):
            purpose = UNSET
        else:
            purpose = self.purpose

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "expression": expression,
            }
        )
        if combatant_id is not UNSET:
            field_dict["combatantId"] = combatant_id
        if purpose is not UNSET:
            field_dict["purpose"] = purpose
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expression = d.pop("expression")

        def _parse_combatant_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        combatant_id = _parse_combatant_id(d.pop("combatantId", UNSET))

        def _parse_purpose(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        purpose = _parse_purpose(d.pop("purpose", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        roll_dice_session_request = cls(
            expression=expression,
            combatant_id=combatant_id,
            purpose=purpose,
            seed=seed,
        )

        return roll_dice_session_request

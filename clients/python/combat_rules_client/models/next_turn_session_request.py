from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NextTurnSessionRequest")


@_attrs_define
class NextTurnSessionRequest:
    """End the current turn and start the next: durations, readied actions, death saves. Session mode: the encounter is the
    session's.

        Attributes:
            expected_turn_of (None | str | Unset): Whose turn the caller believes is ending; refused if it is someone else's
                (a guard
                against ending the same turn twice).
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    expected_turn_of: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        expected_turn_of: None | str | Unset
        if isinstance(self.expected_turn_of, Unset):
            expected_turn_of = UNSET
        else:
            expected_turn_of = self.expected_turn_of

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expected_turn_of is not UNSET:
            field_dict["expectedTurnOf"] = expected_turn_of
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_expected_turn_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expected_turn_of = _parse_expected_turn_of(d.pop("expectedTurnOf", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        next_turn_session_request = cls(
            expected_turn_of=expected_turn_of,
            seed=seed,
        )

        return next_turn_session_request

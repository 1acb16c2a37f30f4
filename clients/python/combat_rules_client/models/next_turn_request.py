from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="NextTurnRequest")


@_attrs_define
class NextTurnRequest:
    """End the current turn and start the next: durations, readied actions, death saves. Stateless: the encounter travels
    with the request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            expected_turn_of (None | str | Unset): Whose turn the caller believes is ending; refused if it is someone else's
                (a guard
                against ending the same turn twice).
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    expected_turn_of: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

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

        field_dict.update(
            {
                "encounter": encounter,
            }
        )
        if expected_turn_of is not UNSET:
            field_dict["expectedTurnOf"] = expected_turn_of
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

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

        next_turn_request = cls(
            encounter=encounter,
            expected_turn_of=expected_turn_of,
            seed=seed,
        )

        return next_turn_request

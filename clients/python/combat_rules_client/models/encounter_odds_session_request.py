from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EncounterOddsSessionRequest")


@_attrs_define
class EncounterOddsSessionRequest:
    """Simulate the fight many times: expected rounds and each side's chance to win. Session mode: the encounter is the
    session's.

        Attributes:
            runs (int | None | Unset): Seeded runs (Monte Carlo). Omitted: 200, or as many as the work budget allows
                (`odds-work`: `runs` x `maxRounds` x (cells x cells + 50 x combatants), the cells
                all combatants fill, at most 200,000), at least 1; the outcome says how many ran.
            max_rounds (int | Unset): A run still undecided after this many rounds counts as unfinished. Default: 20.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    runs: int | None | Unset = UNSET
    max_rounds: int | Unset = 20
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        runs: int | None | Unset
        if isinstance(self.runs, Unset):
            runs = UNSET
        else:
            runs = self.runs

        max_rounds = self.max_rounds

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if runs is not UNSET:
            field_dict["runs"] = runs
        if max_rounds is not UNSET:
            field_dict["maxRounds"] = max_rounds
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_runs(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        runs = _parse_runs(d.pop("runs", UNSET))

        max_rounds = d.pop("maxRounds", UNSET)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        encounter_odds_session_request = cls(
            runs=runs,
            max_rounds=max_rounds,
            seed=seed,
        )

        return encounter_odds_session_request

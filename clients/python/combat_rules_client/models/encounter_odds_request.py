from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="EncounterOddsRequest")


@_attrs_define
class EncounterOddsRequest:
    """Simulate the fight many times: expected rounds and each side's chance to win. Stateless: the encounter travels with
    the request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            runs (int | None | Unset): Seeded runs (Monte Carlo). Omitted: 200, or as many as the work budget allows
                (`odds-work`: `runs` x `maxRounds` x (cells x cells + 50 x combatants), the cells
                all combatants fill, at most 200,000), at least 1; the outcome says how many ran.
            max_rounds (int | Unset): A run still undecided after this many rounds counts as unfinished. Default: 20.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    runs: int | None | Unset = UNSET
    max_rounds: int | Unset = 20
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

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

        field_dict.update(
            {
                "encounter": encounter,
            }
        )
        if runs is not UNSET:
            field_dict["runs"] = runs
        if max_rounds is not UNSET:
            field_dict["maxRounds"] = max_rounds
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

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

        encounter_odds_request = cls(
            encounter=encounter,
            runs=runs,
            max_rounds=max_rounds,
            seed=seed,
        )

        return encounter_odds_request

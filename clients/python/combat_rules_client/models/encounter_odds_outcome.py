from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.side_chance import SideChance


T = TypeVar("T", bound="EncounterOddsOutcome")


@_attrs_define
class EncounterOddsOutcome:
    """The simulated fights: rounds to a decision (mean and 95% confidence interval over
    the finished runs) and each side's chance to win.

        Attributes:
            runs (int):
            finished (int): Runs that ended with one side standing.
            rounds_mean (float | None):
            rounds_low (float | None): Lower bound of the 95% confidence interval of the mean (normal approximation).
            rounds_high (float | None):
            sides (list[SideChance]):
            unfinished (float): Share of runs with no winner: round cap reached, a round with no possible attack,
                or nobody left standing.
    """

    runs: int
    finished: int
    rounds_mean: float | None
    rounds_low: float | None
    rounds_high: float | None
    sides: list[SideChance]
    unfinished: float

    def to_dict(self) -> dict[str, Any]:
        runs = self.runs

        finished = self.finished

        rounds_mean: float | None
        rounds_mean = self.rounds_mean

        rounds_low: float | None
        rounds_low = self.rounds_low

        rounds_high: float | None
        rounds_high = self.rounds_high

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        unfinished = self.unfinished

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "runs": runs,
                "finished": finished,
                "roundsMean": rounds_mean,
                "roundsLow": rounds_low,
                "roundsHigh": rounds_high,
                "sides": sides,
                "unfinished": unfinished,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.side_chance import SideChance  # noqa: PLC0415

        d = dict(src_dict)
        runs = d.pop("runs")

        finished = d.pop("finished")

        def _parse_rounds_mean(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rounds_mean = _parse_rounds_mean(d.pop("roundsMean"))

        def _parse_rounds_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rounds_low = _parse_rounds_low(d.pop("roundsLow"))

        def _parse_rounds_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rounds_high = _parse_rounds_high(d.pop("roundsHigh"))

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideChance.from_dict(sides_item_data)

            sides.append(sides_item)

        unfinished = d.pop("unfinished")

        encounter_odds_outcome = cls(
            runs=runs,
            finished=finished,
            rounds_mean=rounds_mean,
            rounds_low=rounds_low,
            rounds_high=rounds_high,
            sides=sides,
            unfinished=unfinished,
        )

        return encounter_odds_outcome

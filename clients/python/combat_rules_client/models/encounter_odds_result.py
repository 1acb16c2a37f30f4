from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.encounter_odds_outcome import EncounterOddsOutcome
    from ..models.event import Event


T = TypeVar("T", bound="EncounterOddsResult")


@_attrs_define
class EncounterOddsResult:
    """The result of encounterOdds: every event, a summary and the seed.

    Attributes:
        events (list[Event]): Every roll and decision, in order.
        outcome (EncounterOddsOutcome): The simulated fights: rounds to a decision (mean and 95% confidence interval
            over
            the finished runs) and each side's chance to win.
        seed (int): The seed the random source was built from: send it back to replay this result.
    """

    events: list[Event]
    outcome: EncounterOddsOutcome
    seed: int

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        outcome = self.outcome.to_dict()

        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "outcome": outcome,
                "seed": seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter_odds_outcome import EncounterOddsOutcome  # noqa: PLC0415
        from ..models.event import Event  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        outcome = EncounterOddsOutcome.from_dict(d.pop("outcome"))

        seed = d.pop("seed")

        encounter_odds_result = cls(
            events=events,
            outcome=outcome,
            seed=seed,
        )

        return encounter_odds_result

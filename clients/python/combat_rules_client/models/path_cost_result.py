from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.event import Event
    from ..models.path_cost_outcome import PathCostOutcome


T = TypeVar("T", bound="PathCostResult")


@_attrs_define
class PathCostResult:
    """The result of pathCost: every event, a summary and the seed.

    Attributes:
        events (list[Event]): Every roll and decision, in order.
        outcome (PathCostOutcome): The price of a path: legal or not, and why.
        seed (int): The seed the random source was built from: send it back to replay this result.
    """

    events: list[Event]
    outcome: PathCostOutcome
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
        from ..models.event import Event  # noqa: PLC0415
        from ..models.path_cost_outcome import PathCostOutcome  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        outcome = PathCostOutcome.from_dict(d.pop("outcome"))

        seed = d.pop("seed")

        path_cost_result = cls(
            events=events,
            outcome=outcome,
            seed=seed,
        )

        return path_cost_result

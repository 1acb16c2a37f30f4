from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.attack_odds_outcome import AttackOddsOutcome
    from ..models.event import Event
    from ..models.session_ref import SessionRef


T = TypeVar("T", bound="AttackOddsSessionResult")


@_attrs_define
class AttackOddsSessionResult:
    """The result of attackOdds: every event, a summary and the seed. In session mode, also the session and its version.

    Attributes:
        events (list[Event]): Every roll and decision, in order.
        outcome (AttackOddsOutcome): The exact chances of one attack (floats rounded to 12 decimals).
        seed (int): The seed the random source was built from: send it back to replay this result.
        session (SessionRef): Which session a result belongs to, and the version the action wrote (or read).
    """

    events: list[Event]
    outcome: AttackOddsOutcome
    seed: int
    session: SessionRef

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        outcome = self.outcome.to_dict()

        seed = self.seed

        session = self.session.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "outcome": outcome,
                "seed": seed,
                "session": session,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attack_odds_outcome import AttackOddsOutcome  # noqa: PLC0415
        from ..models.event import Event  # noqa: PLC0415
        from ..models.session_ref import SessionRef  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        outcome = AttackOddsOutcome.from_dict(d.pop("outcome"))

        seed = d.pop("seed")

        session = SessionRef.from_dict(d.pop("session"))

        attack_odds_session_result = cls(
            events=events,
            outcome=outcome,
            seed=seed,
            session=session,
        )

        return attack_odds_session_result

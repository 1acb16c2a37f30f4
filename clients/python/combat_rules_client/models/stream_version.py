from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.encounter_output import EncounterOutput
    from ..models.session_event import SessionEvent
    from ..models.stream_session import StreamSession


T = TypeVar("T", bound="StreamVersion")


@_attrs_define
class StreamVersion:
    """`event: version`'s data (its `id` is the version): a new version of the session
    written through any server, or, after `Last-Event-ID`, one written since; what the
    GraphQL subscription `sessionUpdated` yields.

        Attributes:
            session (StreamSession): The session a stream's event is about, at a version.
            encounter (EncounterOutput | None): The encounter at that version; null for a version written before the stream
                began
                whose state the session no longer keeps (its current version's and its undo history's
                it keeps).
            events (list[SessionEvent]): What that version logged.
    """

    session: StreamSession
    encounter: EncounterOutput | None
    events: list[SessionEvent]

    def to_dict(self) -> dict[str, Any]:
        from ..models.encounter_output import EncounterOutput  # noqa: PLC0415

        session = self.session.to_dict()

        encounter: dict[str, Any] | None
        if isinstance(self.encounter, EncounterOutput):
            encounter = self.encounter.to_dict()
        else:
            encounter = self.encounter

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "session": session,
                "encounter": encounter,
                "events": events,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter_output import EncounterOutput  # noqa: PLC0415
        from ..models.session_event import SessionEvent  # noqa: PLC0415
        from ..models.stream_session import StreamSession  # noqa: PLC0415

        d = dict(src_dict)
        session = StreamSession.from_dict(d.pop("session"))

        def _parse_encounter(data: object) -> EncounterOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                encounter_type_0 = EncounterOutput.from_dict(data)

                return encounter_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EncounterOutput | None, data)

        encounter = _parse_encounter(d.pop("encounter"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = SessionEvent.from_dict(events_item_data)

            events.append(events_item)

        stream_version = cls(
            session=session,
            encounter=encounter,
            events=events,
        )

        return stream_version

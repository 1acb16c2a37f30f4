"""The contract types each event by its ``type`` (issue 25): ``Event`` is a union
discriminated by ``type``, one ``<Type>Event`` per type of the engine's catalogue whose
``data`` is that type's ``<Type>EventData``, and what the service answers validates against
it (the wire is the same; only its description changed)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from service.api.models import event_data_name, event_name
from service.api.rest.openapi import build_openapi
from service.rules.events import EVENT_TYPES

SPEC = build_openapi()
SCHEMAS: dict[str, Any] = SPEC["components"]["schemas"]
LOGS = Path(__file__).resolve().parents[1] / "golden" / "logs"
REF = "#/components/schemas/{}"


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = {"$ref": REF.format(name), "components": SPEC["components"]}
    return jsonschema.Draft202012Validator(schema)


def _one_event_per_type() -> Iterator[dict[str, Any]]:
    """The first event of each type the golden logs hold (what the service answered)."""
    seen: set[str] = set()
    for path in sorted(LOGS.glob("*.json")):
        for case in json.loads(path.read_text()):
            for step in case["steps"]:
                for event in step["answer"].get("events", []):
                    if event["type"] not in seen:
                        seen.add(event["type"])
                        yield event


def test_event_is_a_union_with_one_member_per_event_type() -> None:
    event = SCHEMAS["Event"]
    members = [REF.format(event_name(type_id)) for type_id in EVENT_TYPES]
    assert event["oneOf"] == [{"$ref": ref} for ref in members]
    assert event["discriminator"] == {
        "propertyName": "type",
        "mapping": dict(zip(EVENT_TYPES, members, strict=True)),
    }
    for type_id in EVENT_TYPES:
        member = SCHEMAS[event_name(type_id)]
        assert member["properties"]["type"] == {"type": "string", "const": type_id}
        assert member["properties"]["data"]["$ref"] == REF.format(event_data_name(type_id))
        assert set(member["required"]) >= {"type", "message", "rule", "data"}


def test_a_sessions_log_holds_events_and_undos() -> None:
    logged = SCHEMAS["LoggedEvent"]
    mapping = logged["discriminator"]["mapping"]
    assert mapping == {
        **SCHEMAS["Event"]["discriminator"]["mapping"],
        "undo": REF.format("UndoEvent"),
    }
    assert logged["oneOf"] == [{"$ref": ref} for ref in mapping.values()]
    assert SCHEMAS["SessionEvent"]["properties"]["data"]["$ref"] == REF.format("LoggedEvent")
    undo = {"type": "undo", "revertedVersion": 3, "restoredVersion": 2}
    _validator("LoggedEvent").validate(undo)
    with pytest.raises(jsonschema.ValidationError):
        _validator("Event").validate(undo)


def test_what_the_service_answers_validates_against_the_union() -> None:
    events = list(_one_event_per_type())
    assert len(events) >= 50
    event, logged = _validator("Event"), _validator("LoggedEvent")
    for wire in events:
        event.validate(wire)
        logged.validate(wire)
        _validator(event_name(wire["type"])).validate(wire)


@pytest.mark.parametrize(
    ("type_id", "data"),
    [("damage", {"dc": 15}), ("roll", {"tempHpAbsorbed": 2}), ("roll", {"dc": "15"})],
)
def test_an_event_with_another_types_data_is_refused(type_id: str, data: dict[str, Any]) -> None:
    wire = {
        "type": type_id,
        "message": "m",
        "actor": None,
        "target": None,
        "roll": None,
        "amount": None,
        "rule": None,
        "data": data,
    }
    with pytest.raises(jsonschema.ValidationError):
        _validator("Event").validate(wire)
    _validator("Event").validate({**wire, "data": {}})

"""The Python SDK's view of openapi.yaml, and its typed events module.

openapi-python-client has no use for a discriminator: a property whose schema is a ``oneOf``
of 89 event schemas becomes, in every model that holds events, a parser that tries each
member in turn (89 ``try`` blocks in each of some 80 answer models: the package grows from
3 to 9 MB, and an event is parsed by up to 89 failed attempts), and ``Event`` itself is no
longer a model. So the generator reads the contract with ``Event`` as one model, as before
(``type`` an ``EventType``, ``data`` an open object) and ``SessionEvent.data`` an open
object; every ``<Type>Event`` of the union (and ``UndoEvent``) is still a model of its own.
This module then writes ``events.py``: ``TypedEvent``, the union of those models, and
``typed_event``/``logged_event``, which read an event into its type's model by its
``type`` (a lookup, no attempts), so ``isinstance`` or ``event.type == "damage"`` narrows it.

Usage (scripts/generate_sdks, in the generator's venv):
``python_spec.py SPEC OUT_SPEC EVENTS_PY``.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

REF = "#/components/schemas/"


def _name(ref: str) -> str:
    return ref.removeprefix(REF)


def python_view(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with ``Event`` one model and ``SessionEvent.data`` an open object."""
    spec = copy.deepcopy(spec)
    schemas = spec["components"]["schemas"]
    union = schemas["Event"]
    mapping: dict[str, str] = union["discriminator"]["mapping"]
    event = copy.deepcopy(schemas[_name(next(iter(mapping.values())))])
    event["description"] = union["description"]
    event["properties"]["type"] = {"type": "string", "enum": list(mapping)}
    event["properties"]["data"] = {
        "type": "object",
        "additionalProperties": True,
        "description": "The type's own details: `typed_event(event).data` is its type's "
        "`<Type>EventData` (`RollEventData` for `roll`).",
    }
    schemas["Event"] = event
    del schemas["LoggedEvent"]
    data = schemas["SessionEvent"]["properties"]["data"]
    schemas["SessionEvent"]["properties"]["data"] = {
        "type": "object",
        "additionalProperties": True,
        "description": data["description"] + " `logged_event(entry)` reads it into its model.",
    }
    return spec


def events_module(spec: dict[str, Any]) -> str:
    """``events.py``: the models of the ``Event`` and ``LoggedEvent`` unions, by ``type``."""
    schemas = spec["components"]["schemas"]
    events = {t: _name(r) for t, r in schemas["Event"]["discriminator"]["mapping"].items()}
    logged = {t: _name(r) for t, r in schemas["LoggedEvent"]["discriminator"]["mapping"].items()}
    undo = sorted(set(logged.values()) - set(events.values()))
    names = sorted({*events.values(), *undo})
    lines = [
        '"""Events typed by their ``type``: each type\'s model (``RollEvent``, whose ``data`` is a',
        "``RollEventData``...), the unions of them, and readers that pick an event's model by",
        "its ``type``. Written by scripts/generate_sdks (clients/generator/python_spec.py) from",
        "openapi.yaml's ``Event`` and ``LoggedEvent`` unions: do not edit.",
        "",
        "``typed_event(event)`` reads an answer's ``Event`` (or its JSON) as its type's model;",
        '``isinstance(e, DamageEvent)`` or ``e.type == "damage"`` then narrows ``e.data``.',
        "``logged_event(entry)`` reads a ``SessionEvent`` (an event page's item, a stream",
        "version's event) the same way, an undo as an ``UndoEvent``.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from collections.abc import Mapping",
        "from typing import Any, TypeAlias",
        "",
        "from .models import (",
        "    Event,",
        "    SessionEvent,",
        *(f"    {name}," for name in names),
        ")",
        "",
        "TypedEvent: TypeAlias = (",
        "    " + "\n    | ".join(events.values()),
        ")",
        '"""An engine event as its type\'s model (the contract\'s ``Event`` union)."""',
        "",
        "LoggedEvent: TypeAlias = TypedEvent | " + " | ".join(undo),
        '"""An entry of a session\'s log as its model: an engine event or an undo."""',
        "",
        "EVENT_MODELS: dict[str, type[TypedEvent]] = {",
        *(f'    "{t}": {name},' for t, name in events.items()),
        "}",
        '"""The model of each event ``type``."""',
        "",
        "LOGGED_MODELS: dict[str, type[LoggedEvent]] = {",
        "    **EVENT_MODELS,",
        *(f'    "{t}": {name},' for t, name in logged.items() if t not in events),
        "}",
        '"""The model of each ``type`` a session\'s log holds."""',
        "",
        "",
        "def typed_event(event: Event | Mapping[str, Any]) -> TypedEvent:",
        '    """``event`` (an answer\'s ``events[i]``, or its JSON) as its type\'s model.',
        "",
        "    A type this SDK does not know (a later service's) raises ``KeyError``.",
        '    """',
        "    wire = event.to_dict() if isinstance(event, Event) else event",
        '    return EVENT_MODELS[wire["type"]].from_dict(wire)',
        "",
        "",
        "def logged_event(entry: SessionEvent | Mapping[str, Any]) -> LoggedEvent:",
        '    """A session log entry\'s event (a ``SessionEvent``, or its ``data`` as JSON) as its',
        '    model: an engine event\'s type\'s model, or an ``UndoEvent``."""',
        "    wire = entry.data.to_dict() if isinstance(entry, SessionEvent) else entry",
        '    return LOGGED_MODELS[wire["type"]].from_dict(wire)',
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    source, out_spec, out_events = (Path(a) for a in argv)
    spec = YAML(typ="safe").load(source.read_text())
    out_spec.write_text(json.dumps(python_view(spec), indent=1))
    out_events.write_text(events_module(spec))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

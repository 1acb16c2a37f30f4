"""Write docs/events.md from the engine's event catalog (``service.rules.events``).

Usage: ``python scripts/event_catalog.py [--check]``; ``--check`` exits 1 when the committed
file is stale.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from service.rules.events import EVENT_TYPES, DataKey  # noqa: E402

TARGET = ROOT / "docs" / "events.md"


def type_text(key: DataKey) -> str:
    """A data key's value type as the catalog writes it: ``int``, ``str or null``, ``Point``."""
    tp = key.type
    if isinstance(tp, type) and not getattr(tp, "__args__", None):
        return tp.__name__
    text = str(tp).replace("typing.", "").replace("service.rules.events.", "")
    return text.replace(" | None", " or null").replace("Any", "JSON")


def render() -> str:
    lines = [
        "# Events",
        "",
        "Every answer carries `events`, the log of what happened in order: each has a `type`",
        "(below), a `message` for people, the `actor` and `target` combatant ids, the `roll`",
        "(every die) for a roll, an `amount`, the `rule` and `data`, whose keys each type",
        "documents here. `rule` is the RULES.md id that decided the entry; it is null where",
        "no RULES.md rule did (`GET /v1/rules/{id}` answers each id's text and decision):",
        "the hit points a hit takes or a heal gives and a plain damage roll, which RULES.md",
        "states no rule for. A damage roll a rule changes names it (a critical's doubled dice:",
        "`d20.crit.damage`), and what damage leads to (death saves at 0 HP, instant death, a",
        "knockout) is an entry of its own naming its rule. Generated from",
        "`service/rules/events.py` by `python scripts/event_catalog.py`. Each key is written",
        "`key` (type): a key is left out where the event has nothing to say, and is null only",
        "where its type says `or null`; `Point` is `{x: int, y: int}`.",
        "",
        "In the OpenAPI document an event is an `Event`, a union discriminated by `type`",
        "(`oneOf` with a `discriminator`): one `<Type>Event` schema per type below (`RollEvent`",
        "for `roll`), its `type` that one value and its `data` a `<Type>EventData` with these",
        "keys (`EventDataByType` maps each type to it). A session's log (its event pages, the",
        "stream's `events`) holds `SessionEvent`s whose `data` is a `LoggedEvent`: an `Event`,",
        'or the `UndoEvent` an undo writes (`{type: "undo", revertedVersion, restoredVersion}`).',
        "The TypeScript SDK's events are that union (narrow by `type`); the Python SDK's",
        "`events.typed_event` and `events.logged_event` read one into its type's model.",
        "",
        "In GraphQL, `Event` is an interface with the fields every entry has (`data` among",
        "them, as JSON); one `<Type>Event` object type per type implements it, and its",
        "`details` is its `data` typed, a `<Type>EventData` with these keys, each null where",
        "the entry leaves it out (`Point` is a `Cell`). Select them by fragment:",
        "`events { type message ... on AttackRollEvent { details { advantage cover } } }`.",
        "Three keys have another type in another type's data (`condition`, `applied`, `to`):",
        "a selection of both types' details aliases one of them, as GraphQL asks of any two",
        "fields of one name and different types",
        "(`... on RollEvent { details { weaponCondition: condition } }`).",
        "",
        "| type | what happened | `data` keys |",
        "|---|---|---|",
    ]
    for name, kind in sorted(EVENT_TYPES.items()):
        keys = (
            "<br>".join(f"`{k}` ({type_text(v)}): {v.description}" for k, v in kind.data.items())
            or "none"
        )
        lines.append(f"| `{name}` | {kind.summary} | {keys} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not TARGET.exists() or TARGET.read_text() != text:
            print("docs/events.md is stale: run python scripts/event_catalog.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Small builders for encounters, as plain wire documents and as engine objects."""

from __future__ import annotations

from typing import Any

from service.api.models import ENCOUNTER
from service.rules.state import Encounter


def combatant(cid: str, x: int, y: int, **over: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "id": cid,
        "name": cid.capitalize(),
        "side": "party",
        "position": {"x": x, "y": y},
        "hp": 20,
        "maxHp": 20,
        "ac": 12,
        "attacks": [{"name": "sword", "bonus": 4, "damage": "1d8+2"}],
    }
    doc.update(over)
    return doc


def encounter_doc(
    *combatants: dict[str, Any],
    ruleset: str = "d20",
    width: int = 12,
    height: int = 12,
    **over: Any,
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "ruleset": ruleset,
        "grid": {"kind": "square", "width": width, "height": height},
        "combatants": list(combatants),
    }
    doc.update(over)
    return doc


def skirmish() -> dict[str, Any]:
    """A hero and two goblins on a small square map."""
    return encounter_doc(
        combatant(
            "hero",
            2,
            2,
            kind="pc",
            side="party",
            hp=24,
            maxHp=24,
            ac=15,
            initiativeBonus=3,
            attacks=[{"name": "longsword", "bonus": 5, "damage": "1d8+3"}],
        ),
        combatant(
            "gob1",
            3,
            2,
            side="goblins",
            hp=7,
            maxHp=7,
            ac=13,
            initiativeBonus=2,
            attacks=[{"name": "scimitar", "bonus": 4, "damage": "1d6+2"}],
        ),
        combatant(
            "gob2",
            3,
            3,
            side="goblins",
            hp=7,
            maxHp=7,
            ac=13,
            initiativeBonus=2,
            attacks=[
                {"name": "shortbow", "bonus": 4, "damage": "1d6+2", "kind": "ranged", "range": 80}
            ],
        ),
    )


def build(doc: dict[str, Any]) -> Encounter:
    """An engine encounter from a wire document (validated like a request)."""
    return ENCOUNTER.validate_python(doc, strict=False)

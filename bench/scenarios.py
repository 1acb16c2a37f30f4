"""The request bodies every benchmark sends: fixed, deterministic, checked against the API.

Every body uses a fixed ``seed`` so that each request does exactly the same work (the same
rolls, the same branches) and a run can be repeated. Attacks use ``applyDamage: false`` and
``spend: "free"`` and the target has huge HP, so a session never refuses the next attack and
its document never changes size while load runs.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, get_args, get_type_hints

from pydantic.alias_generators import to_camel

from service.rules import Encounter

SEED = 12345
HUGE_HP = 1_000_000


def selection(tp: Any) -> str:
    """Every field of an engine dataclass as a GraphQL selection (what a client selects to
    send the encounter back)."""
    hints = get_type_hints(tp, include_extras=True)
    parts = []
    for f in dataclasses.fields(tp):
        inner = _dataclass_in(hints[f.name])
        name = to_camel(f.name)
        parts.append(f"{name} {{ {selection(inner)} }}" if inner else name)
    return " ".join(parts)


def _dataclass_in(tp: Any) -> type | None:
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return tp
    for arg in get_args(tp):
        if (found := _dataclass_in(arg)) is not None:
            return found
    return None


ATTACK_QUERY = f"""mutation ($encounter: EncounterInput!, $seed: Int) {{
  resolveAttack(encounter: $encounter, seed: $seed,
                input: {{attackerId: "c0", targetId: "c1", applyDamage: false, spend: FREE}}) {{
    __typename
    ... on ResolveAttackPayload {{
      outcome {{ hit critical damage }} seed
      encounter {{ {selection(Encounter)} }}
    }}
    ... on RuleViolation {{ rule message }}
    ... on InvalidInput {{ message errors {{ path message }} }}
  }}
}}"""
"""The typed encounter in, the whole typed encounter out (ready to send back)."""


def combatant(i: int, x: int, y: int) -> dict[str, Any]:
    """A fighter with a melee and a ranged attack; odd indices are monsters."""
    party = i % 2 == 0
    return {
        "id": f"c{i}",
        "name": f"Combatant {i}",
        "side": "party" if party else "monsters",
        "kind": "pc" if party else "monster",
        "position": {"x": x, "y": y},
        "hp": HUGE_HP,
        "maxHp": HUGE_HP,
        "ac": 14 + i % 4,
        "speed": 30,
        "initiativeBonus": i % 5,
        "abilities": {"strength": 3, "dexterity": 2, "constitution": 2},
        "attacks": [
            {"name": "longsword", "bonus": 5, "damage": "1d8+3", "damageType": "slashing"},
            {
                "name": "longbow",
                "bonus": 4,
                "damage": "1d8+2",
                "kind": "ranged",
                "range": 150,
                "longRange": 600,
                "damageType": "piercing",
            },
        ],
    }


def encounter(n: int) -> dict[str, Any]:
    """``n`` combatants on a square grid with a short wall: c0 (party) and c1 (monster) side
    by side, the rest spread out on a lattice (every other cell) around them."""
    side = 20 if n <= 50 else 30 if n <= 200 else 50
    wall = {(10, y) for y in range(8, 14)}
    cells = [(5, 5), (6, 5)]
    x, y = 0, 0
    while len(cells) < n:
        if (x, y) not in cells and (x, y) not in wall and abs(x - 5) + abs(y - 5) > 2:
            cells.append((x, y))
        x += 2
        if x >= side:
            x, y = 0, y + 2
    return {
        "ruleset": "d20",
        "grid": {
            "kind": "square",
            "width": side,
            "height": side,
            "blocked": [{"x": x, "y": y} for x, y in sorted(wall)],
        },
        "combatants": [combatant(i, cx, cy) for i, (cx, cy) in enumerate(cells[:n])],
    }


def attack_body(n: int) -> dict[str, Any]:
    return {
        "encounter": encounter(n),
        "attackerId": "c0",
        "targetId": "c1",
        "applyDamage": False,
        "spend": "free",
        "seed": SEED,
    }


def session_attack_body() -> dict[str, Any]:
    return {
        "attackerId": "c0",
        "targetId": "c1",
        "applyDamage": False,
        "spend": "free",
        "seed": SEED,
    }


def graphql_body(n: int) -> dict[str, Any]:
    """The attack as a GraphQL mutation, the encounter in GraphQL's spelling (enums by their
    UPPER_CASE names)."""
    from service.api.graphql.schema import schema
    from service.api.graphql.spelling import to_graphql

    field = schema._schema.mutation_type.fields["resolveAttack"]  # type: ignore[union-attr]
    variables = {"encounter": to_graphql(encounter(n), field.args["encounter"].type), "seed": SEED}
    return {"query": ATTACK_QUERY, "variables": variables}


def walled_map(size: int = 60) -> dict[str, Any]:
    """A ``size`` x ``size`` map with walls: an outer ring of pillars, a long wall with a gap,
    and pillars between the attacker and the targets so cover is partial."""
    blocked: set[tuple[int, int]] = set()
    for x in range(5, size - 5):
        if x not in (29, 30):
            blocked.add((x, 20))
    for y in range(25, 55, 3):
        blocked.add((30, y))
    for x in range(10, 50, 4):
        blocked.add((x, 40))
    return {
        "ruleset": "d20",
        "grid": {
            "kind": "square",
            "width": size,
            "height": size,
            "blocked": [{"x": x, "y": y} for x, y in sorted(blocked)],
        },
        "combatants": [
            # attacker far from the target, pillars and a wall corner in between
            {**combatant(0, 10, 50), "id": "archer"},
            {**combatant(1, 45, 31), "id": "target"},
            # two allies of the archer on opposite sides of the target: a flank
            {**combatant(2, 44, 31), "id": "ally1"},
            {**combatant(4, 46, 31), "id": "ally2"},
            {**combatant(3, 31, 26), "id": "ogre"},
            {**combatant(5, 20, 45), "id": "goblin"},
        ],
    }


def cover_body() -> dict[str, Any]:
    return {"encounter": walled_map(), "attackerId": "archer", "targetId": "target", "seed": SEED}


def flanking_body() -> dict[str, Any]:
    return {"encounter": walled_map(), "attackerId": "ally1", "targetId": "target", "seed": SEED}


def echo_body(body: dict[str, Any]) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode()

"""Small builders for encounters, as plain wire documents and as engine objects, and a
scripted random source.

``build(doc)`` turns an encounter document into an :class:`Encounter` the way the doors'
validation would (field names from camelCase, nested dataclasses, defaults), with nothing
but the engine and the standard library, so an engine test can write the state as a client
writes it; it checks no bounds (the doors do).
"""

from __future__ import annotations

import dataclasses
import types
from random import Random
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

from service.rules import Result, apply
from service.rules.model import Encounter


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


def _snake(name: str) -> str:
    return "".join("_" + ch.lower() if ch.isupper() else ch for ch in name)


def value_of(tp: Any, data: Any) -> Any:
    """``data`` (plain JSON-like values, camelCase keys) as a value of type ``tp``."""
    origin = get_origin(tp)
    if origin is Annotated:
        return value_of(get_args(tp)[0], data)
    if origin in (Union, types.UnionType):
        if data is None:
            return None
        options = [a for a in get_args(tp) if a is not type(None)]
        return value_of(options[0], data)
    if origin is list:
        return [value_of(get_args(tp)[0], x) for x in data]
    if origin is dict:
        return {k: value_of(get_args(tp)[1], v) for k, v in data.items()}
    if origin is Literal or tp in (str, int, bool, float) or tp is Any:
        return data
    if dataclasses.is_dataclass(tp):
        if dataclasses.is_dataclass(data):
            return data
        hints = get_type_hints(tp, include_extras=True)
        names = {f.name for f in dataclasses.fields(tp) if f.init}
        kwargs = {}
        for key, raw in data.items():
            name = _snake(key)
            assert name in names, f"{tp.__name__} has no field {key!r}"
            kwargs[name] = value_of(hints[name], raw)
        return tp(**kwargs)
    raise TypeError(f"can't build {tp!r}")


def build(doc: dict[str, Any]) -> Encounter:
    """An engine encounter from a camelCase document."""
    encounter: Encounter = value_of(Encounter, doc)
    return encounter


class ScriptedRandom(Random):
    """Answers ``randint`` from a script, so a test can force a natural 20, a 1, a band.

    Running out of script, or a value outside the range asked for, fails the test: the test
    then says exactly which dice the rules roll, in order."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        assert self.values, f"the script ran out (asked for a d{b})"
        value = self.values.pop(0)
        assert a <= value <= b, (value, a, b)
        return value


def play(encounter: Encounter, action: object, rolls: list[int] | int) -> Result:
    """``apply`` with a scripted random source (a list of rolls) or a seed."""
    rng = ScriptedRandom(rolls) if isinstance(rolls, list) else Random(rolls)
    return apply(encounter, action, rng)


def play_exactly(encounter: Encounter, action: object, script: list[int]) -> Result:
    """``apply`` with exactly these rolls: the script must be used up."""
    rng = ScriptedRandom(script)
    result = apply(encounter, action, rng)
    assert rng.values == [], "the script was not used up"
    return result


def snake(cells: int, width: int) -> list[dict[str, int]]:
    """A path of ``cells`` cells from (1, 0), row by row, back and forth."""
    out: list[dict[str, int]] = []
    x, y, step = 1, 0, 1
    while len(out) < cells:
        out.append({"x": x, "y": y})
        if 0 <= x + step < width:
            x += step
        else:
            y, step = y + 1, -step
    return out


class SteeredRandom(Random):
    """A seeded random source that answers chosen dice first: each ``(sides, value)`` pair
    answers the first later ``randint`` that asks for a die of that many sides (a natural 20,
    then a d100 band); every other die comes from the seed. Random play can then reach a
    critical-table band without scripting every roll."""

    def __init__(self, seed: int, steer: list[tuple[int, int]]) -> None:
        super().__init__(seed)
        self.steer = list(steer)

    def randint(self, a: int, b: int) -> int:
        for i, (sides, value) in enumerate(self.steer):
            if sides == b and a <= value <= b:
                del self.steer[i]
                return value
        return super().randint(a, b)

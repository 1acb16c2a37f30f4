"""Engine microbenchmarks: the pure rules engine, no HTTP, no JSON.

Each case is timed timeit-style: ``repeat`` repetitions of ``number`` calls each; a
repetition's time divided by ``number`` is one per-call sample. We report the median of the
samples and their spread (the interquartile range, IQR), in microseconds.

Run alone with ``python -m bench.engine``.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from bench import scenarios
from service.api.models import ENCOUNTER
from service.rules import apply, find_ruleset
from service.rules.actions import queries
from service.rules.events import EventLog
from service.rules.model import Cell, Draft, Encounter
from service.rules.model.requests import CoverQuery, FlankingQuery, MoveCombatant, ResolveAttack


@dataclass(slots=True)
class Timing:
    name: str
    median_us: float
    q1_us: float
    q3_us: float
    number: int
    repeat: int

    @property
    def iqr_us(self) -> float:
        return self.q3_us - self.q1_us


def load(document: dict[str, Any]) -> Encounter:
    encounter: Encounter = ENCOUNTER.validate_json(json.dumps(document))
    return encounter


def move_encounter() -> dict[str, Any]:
    """A mover with 150 ft of speed walks 30 squares east past five foes, each of which gets
    an opportunity attack as the mover leaves its reach."""
    mover = {**scenarios.combatant(0, 2, 10), "id": "runner", "speed": 150}
    foes = [
        {**scenarios.combatant(2 * k + 1, x, 9 if k % 2 == 0 else 11), "id": f"foe{k}"}
        for k, x in enumerate((5, 11, 17, 23, 29))
    ]
    return {
        "ruleset": "d20",
        "grid": {
            "kind": "square",
            "width": 40,
            "height": 20,
            "blocked": [{"x": x, "y": 5} for x in range(0, 40, 3)],
        },
        "combatants": [mover, *foes],
    }


MOVE_PATH = [Cell(x, 10) for x in range(3, 33)]


def hex_map() -> dict[str, Any]:
    """The walled map as hexes (axial coordinates; same walls, same creatures)."""
    doc = scenarios.walled_map()
    doc["grid"]["kind"] = "hex"
    return doc


def cases() -> list[tuple[str, Callable[[], object], int]]:
    """(name, zero-argument callable, calls per repetition)."""
    six = load(scenarios.encounter(6))
    hundred = load(scenarios.encounter(100))
    attack = ResolveAttack("c0", "c1", apply_damage=False, spend="free")
    dealt = ResolveAttack("c0", "c1", spend="free")
    moving = load(move_encounter())
    move = MoveCombatant("runner", path=MOVE_PATH)
    squares = load(scenarios.walled_map())
    hexes = load(hex_map())
    rules = find_ruleset("d20")
    pair = CoverQuery("archer", "target")
    flank = FlankingQuery("ally1", "target")

    def check_move() -> None:
        result = apply(moving, move, Random(scenarios.SEED))
        taken = result.outcome.opportunity_attacks  # type: ignore[union-attr]
        assert len(result.outcome.path) == 31 and len(taken) == 5, result.outcome  # type: ignore[union-attr]

    check_move()

    def cover(enc: Encounter) -> Callable[[], object]:
        return lambda: queries.cover(rules, Draft(enc), pair, Random(1), EventLog())

    return [
        ("resolveAttack, 6 combatants", lambda: apply(six, attack, Random(scenarios.SEED)), 200),
        (
            "resolveAttack + damage, 6 combatants",
            lambda: apply(six, dealt, Random(scenarios.SEED)),
            200,
        ),
        (
            "resolveAttack, 100 combatants",
            lambda: apply(hundred, attack, Random(scenarios.SEED)),
            50,
        ),
        (
            "moveCombatant, 30 squares, 5 opportunity attacks",
            lambda: apply(moving, move, Random(scenarios.SEED)),
            20,
        ),
        ("cover, 60x60 squares with walls", cover(squares), 100),
        ("cover, 60x60 hexes with walls", cover(hexes), 100),
        (
            "flanking, 60x60 squares",
            lambda: queries.flanking(rules, Draft(squares), flank, Random(1), EventLog()),
            200,
        ),
    ]


def measure(
    name: str, fn: Callable[[], object], number: int, repeat: int, scale: float = 1.0
) -> Timing:
    number = max(1, int(number * scale))
    for _ in range(max(1, number // 4)):  # warm up: caches, lazy imports
        fn()
    samples = []
    gc.collect()
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(number):
            fn()
        samples.append((time.process_time() - start) / number * 1e6)
    q1, _, q3 = statistics.quantiles(samples, n=4, method="inclusive")
    return Timing(name, statistics.median(samples), q1, q3, number, repeat)


def run(repeat: int = 30, scale: float = 1.0) -> list[Timing]:
    return [measure(name, fn, number, repeat, scale) for name, fn, number in cases()]


def table(timings: list[Timing]) -> str:
    lines = [
        "| engine case | median µs/call | IQR µs | calls × repetitions |",
        "|---|---:|---:|---:|",
    ]
    for t in timings:
        lines.append(
            f"| {t.name} | {t.median_us:,.1f} | {t.iqr_us:,.1f} "
            f"({t.q1_us:,.1f}–{t.q3_us:,.1f}) | {t.number} × {t.repeat} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply calls per repetition")
    args = parser.parse_args()
    print(table(run(args.repeat, args.scale)))


if __name__ == "__main__":
    main()

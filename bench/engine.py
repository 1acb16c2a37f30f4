"""Engine microbenchmarks: the pure rules engine, no HTTP, no JSON.

Each case is timed timeit-style: ``repeat`` repetitions of ``number`` calls each; a
repetition's time divided by ``number`` is one per-call sample (CPU time,
``time.process_time``). A run reports the median of the samples and their spread (the
interquartile range, IQR), in microseconds; ``--runs N`` repeats the whole set N times in
the same process and reports the median of the runs' medians with their range.

The resolveAttack rows come in two kinds: *trusted*, an encounter the engine itself
produced, applied with ``apply(..., trusted=True)`` (a session's kept state: no
consistency check), and *checked*, the same encounter as a client sends it (the stateless
doors: ``apply`` checks it first). Issue 13's targets (``TARGETS_US``) are shown on both.

Run alone with ``python -m bench.engine`` (``--quick`` for a short look).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from bench import scenarios
from service.api.models import ENCOUNTER
from service.rules import apply, find_ruleset
from service.rules.actions import queries
from service.rules.events import EventLog
from service.rules.model import Cell, Draft, Encounter
from service.rules.model.requests import CoverQuery, FlankingQuery, MoveCombatant, ResolveAttack

TARGETS_US = {
    "resolveAttack, 6 combatants (trusted)": 40.0,
    "resolveAttack, 100 combatants (trusted)": 150.0,
    "resolveAttack, 6 combatants (checked)": 40.0,
    "resolveAttack, 100 combatants (checked)": 150.0,
}
"""Issue 13: CPU µs per call, median, at most (asked of the engine's own encounters; the
checked rows are held to it too)."""


@dataclass(slots=True)
class Timing:
    name: str
    median_us: float
    q1_us: float
    q3_us: float
    number: int
    repeat: int
    runs: list[float] = field(default_factory=list)
    """Each run's median, with ``--runs`` (the figure is then their median)."""

    @property
    def iqr_us(self) -> float:
        return self.q3_us - self.q1_us

    @property
    def target_us(self) -> float | None:
        return TARGETS_US.get(self.name)


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
    six_kept = apply(six, attack, Random(scenarios.SEED)).encounter
    hundred_kept = apply(hundred, attack, Random(scenarios.SEED)).encounter
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
        (
            "resolveAttack, 6 combatants (trusted)",
            lambda: apply(six_kept, attack, Random(scenarios.SEED), trusted=True),
            200,
        ),
        (
            "resolveAttack, 100 combatants (trusted)",
            lambda: apply(hundred_kept, attack, Random(scenarios.SEED), trusted=True),
            100,
        ),
        (
            "resolveAttack, 6 combatants (checked)",
            lambda: apply(six, attack, Random(scenarios.SEED)),
            200,
        ),
        (
            "resolveAttack, 100 combatants (checked)",
            lambda: apply(hundred, attack, Random(scenarios.SEED)),
            50,
        ),
        (
            "resolveAttack + damage, 6 combatants (checked)",
            lambda: apply(six, dealt, Random(scenarios.SEED)),
            200,
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


def run(repeat: int = 30, scale: float = 1.0, runs: int = 1) -> list[Timing]:
    """Every case, ``runs`` times over (interleaved, so a slow spell of a shared machine
    hits every case); each figure is the median of the runs' medians."""
    every = cases()
    rounds = [
        [measure(name, fn, number, repeat, scale) for name, fn, number in every]
        for _ in range(max(1, runs))
    ]
    if len(rounds) == 1:
        return rounds[0]
    merged = []
    for column in zip(*rounds, strict=True):
        medians = [t.median_us for t in column]
        middle = sorted(column, key=lambda t: t.median_us)[len(column) // 2]
        merged.append(
            Timing(
                middle.name,
                statistics.median(medians),
                middle.q1_us,
                middle.q3_us,
                middle.number,
                middle.repeat,
                medians,
            )
        )
    return merged


def table(timings: list[Timing]) -> str:
    lines = [
        "| engine case | median µs/call | IQR µs | runs' medians µs | calls × repetitions "
        "| target µs | met |",
        "|---|---:|---:|---|---:|---:|---|",
    ]
    for t in timings:
        target = t.target_us
        met = "" if target is None else "yes" if t.median_us <= target else "**no**"
        spread = " / ".join(f"{m:,.1f}" for m in t.runs)
        lines.append(
            f"| {t.name} | {t.median_us:,.1f} | {t.iqr_us:,.1f} "
            f"({t.q1_us:,.1f}–{t.q3_us:,.1f}) | {spread} | {t.number} × {t.repeat} "
            f"| {'' if target is None else f'{target:,.0f}'} | {met} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply calls per repetition")
    parser.add_argument("--runs", type=int, default=1, help="whole runs; report their median")
    parser.add_argument(
        "--quick", action="store_true", help="a short look: --repeat 10 --scale 0.25"
    )
    args = parser.parse_args()
    repeat, scale = (10, 0.25) if args.quick else (args.repeat, args.scale)
    print(table(run(repeat, scale, args.runs)))


if __name__ == "__main__":
    main()

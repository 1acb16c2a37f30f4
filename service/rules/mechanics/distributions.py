"""Exact dice distributions: integer counts of equally likely outcomes.

Dice sums use a sliding-window convolution; keep-highest/lowest terms a dynamic programme
over faces. :func:`expression_work` estimates the cost first, so a caller can refuse an
expression too big to enumerate quickly.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from .. import dice


@dataclass(slots=True, frozen=True)
class Dist:
    """A distribution over consecutive integers from ``low``: ``weights[i]`` of ``total``
    equally likely outcomes give ``low + i``."""

    low: int
    weights: tuple[int, ...]
    total: int

    def counts(self) -> dict[int, int]:
        return {self.low + i: w for i, w in enumerate(self.weights) if w}

    def shifted(self, by: int) -> Dist:
        return Dist(self.low + by, self.weights, self.total)

    def negated(self) -> Dist:
        return Dist(-(self.low + len(self.weights) - 1), self.weights[::-1], self.total)

    def plus(self, other: Dist) -> Dist:
        out = [0] * (len(self.weights) + len(other.weights) - 1)
        for i, a in enumerate(self.weights):
            if a:
                for j, b in enumerate(other.weights):
                    out[i + j] += a * b
        return Dist(self.low + other.low, tuple(out), self.total * other.total)


POINT_ZERO = Dist(0, (1,), 1)


def sum_dice(count: int, sides: int) -> Dist:
    """``count``d``sides``: each die added by a sliding window over prefix sums."""
    weights = [1]
    for _ in range(count):
        prefix = [0]
        acc = 0
        for w in weights:
            acc += w
            prefix.append(acc)
        n = len(weights)
        weights = [
            prefix[min(i, n - 1) + 1] - prefix[max(0, i - sides + 1)] for i in range(n + sides - 1)
        ]
    return Dist(count, tuple(weights), sides**count)


def keep_dice(count: int, sides: int, keep: int, lowest: bool) -> Dist:
    """``count``d``sides`` keeping the ``keep`` highest (or lowest): faces are taken from the
    most favoured down; a state is (dice placed, kept sum); the first ``keep`` are kept."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    faces = range(1, sides + 1) if lowest else range(sides, 0, -1)
    for face in faces:
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (placed, kept_sum), w in states.items():
            left = count - placed
            binom = 1
            for j in range(left + 1):
                kept = min(j, max(0, keep - placed))
                nxt[(placed + j, kept_sum + kept * face)] += w * binom
                binom = binom * (left - j) // (j + 1)
        states = nxt
    sums = {s: w for (placed, s), w in states.items() if placed == count}
    low, high = min(sums), max(sums)
    return Dist(low, tuple(sums.get(v, 0) for v in range(low, high + 1)), sides**count)


def _term_work(count: int, sides: int, keep: int | None) -> int:
    if keep is None:
        return count * count * sides
    return sides * (count + 1) ** 2 * (keep * sides + 1)


def expression_work(expression: dice.DiceExpression, multiplier: int) -> int:
    """An estimate of the steps :func:`expression_dist` takes."""
    work = 0
    support = 1
    for t in expression.terms:
        count = t.count * multiplier
        keep = None if t.keep is None else t.keep * multiplier
        work += _term_work(count, t.sides, keep)
        size = (keep if keep is not None else count) * (t.sides - 1) + 1
        work += support * size
        support += size - 1
    return work


def support(expression: dice.DiceExpression, multiplier: int) -> int:
    """How many values the dice of ``expression`` can total."""
    size = 1
    for t in expression.terms:
        rolled = (t.keep if t.keep is not None else t.count) * multiplier
        size += rolled * (t.sides - 1)
    return size


def expression_dist(expression: dice.DiceExpression, multiplier: int = 1) -> Dist:
    """The distribution of the total of ``expression`` with every dice term rolled
    ``multiplier`` times over (as :func:`dice.roll` rolls it); the modifier added once."""
    total = POINT_ZERO
    for t in expression.terms:
        count = t.count * multiplier
        if t.keep is None:
            part = sum_dice(count, t.sides)
        else:
            part = keep_dice(count, t.sides, t.keep * multiplier, t.keep_lowest)
        total = total.plus(part if t.sign > 0 else part.negated())
    return total.shifted(expression.modifier)


def clamp_counts(dist: Dist) -> dict[int, int]:
    """``max(0, total)``: damage is never negative."""
    out: dict[int, int] = defaultdict(int)
    for value, w in dist.counts().items():
        out[max(0, value)] += w
    return dict(out)


def natural_odds(sides: int, advantage: bool, disadvantage: bool) -> dict[int, Fraction]:
    """The kept face of the attack die: one die, or the higher (lower) of two; advantage
    and disadvantage cancel (``d20.attack.roll``)."""
    square = sides * sides
    if advantage and not disadvantage:
        return {v: Fraction(2 * v - 1, square) for v in range(1, sides + 1)}
    if disadvantage and not advantage:
        return {v: Fraction(2 * (sides - v) + 1, square) for v in range(1, sides + 1)}
    return {v: Fraction(1, sides) for v in range(1, sides + 1)}


@dataclass(slots=True, frozen=True)
class DamageDist:
    """One instance of damage as a distribution: (amount, weight) pairs over ``total``
    equally likely outcomes; ``critical`` as the death rules see it."""

    counts: tuple[tuple[int, int], ...]
    total: int
    critical: bool

    @classmethod
    def of(cls, counts: dict[int, int], critical: bool) -> DamageDist:
        return cls(tuple(sorted(counts.items())), sum(counts.values()), critical)


def dice_only(expression: dice.DiceExpression) -> dice.DiceExpression:
    """The dice of ``expression`` without its constant modifier."""
    return dice.DiceExpression(expression.text, expression.terms, 0)


def summed(parts: list[dict[int, int]]) -> dict[int, int]:
    """The distribution of the sum of independent distributions."""
    counts: dict[int, int] = {0: 1}
    for dist in parts:
        merged: dict[int, int] = defaultdict(int)
        for a, wa in counts.items():
            for b, wb in dist.items():
                merged[a + b] += wa * wb
        counts = dict(merged)
    return counts

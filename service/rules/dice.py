"""Dice notation, rolled from the caller's own :class:`random.Random`.

Grammar (case-insensitive, spaces ignored)::

    expression := term (("+" | "-") term)*
    term       := [count] "d" (sides | "%") [keep] | integer
    keep       := ("kh" | "kl" | "k") integer        # k alone keeps the highest

``2d6+1d4+3``, ``4d6kh3``, ``2d20kl1``, ``d%`` and ``1d8 - 1`` are all valid. Every die
rolled is recorded, with whether it was kept, so a response can show the whole roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from random import Random

from .errors import InvalidAction, LimitExceeded
from .events import Die, Roll
from .limits import DICE_PER_EXPRESSION

MAX_DICE = DICE_PER_EXPRESSION.max
"""Most dice one expression may roll (summed over its terms)."""
MAX_SIDES = 1000
MAX_TERMS = 20
MAX_CONSTANT = 100_000

_SPLIT_TERM = re.compile(r"[\w%]\s+[\w%]")
_TOKEN = re.compile(r"([+-]?)(?:(\d*)d(\d+|%)(?:(kh|kl|k)(\d+))?|(\d+))")


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of ``sides`` sides, keeping the ``keep`` highest (or lowest)."""

    count: int
    sides: int
    sign: int = 1
    keep: int | None = None
    keep_lowest: bool = False


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A parsed expression: dice terms plus a constant modifier."""

    text: str
    terms: tuple[DiceTerm, ...]
    modifier: int

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)

    def minimum(self) -> int:
        return sum(t.sign * (t.keep if t.keep is not None else t.count) for t in self.terms) + (
            self.modifier
        )


@lru_cache(maxsize=4096)
def parse(text: str) -> DiceExpression:
    """Parse dice notation; raise :class:`InvalidAction` with a clear message if it is bad."""
    if _SPLIT_TERM.search(text):
        raise InvalidAction(f"bad dice expression {text!r}: a space inside a term")
    compact = "".join(text.split()).lower()
    if not compact:
        raise InvalidAction("empty dice expression")
    terms: list[DiceTerm] = []
    modifier = 0
    pos = 0
    n_terms = 0
    while pos < len(compact):
        match = _TOKEN.match(compact, pos)
        if match is None or match.end() == pos or (pos > 0 and not match.group(1)):
            raise InvalidAction(f"bad dice expression {text!r} at character {pos + 1}")
        sign = -1 if match.group(1) == "-" else 1
        n_terms += 1
        if n_terms > MAX_TERMS:
            raise InvalidAction(f"dice expression {text!r} has more than {MAX_TERMS} terms")
        if match.group(6) is not None:
            value = int(match.group(6))
            if value > MAX_CONSTANT:
                raise InvalidAction(f"constant {value} in {text!r} is above {MAX_CONSTANT}")
            modifier += sign * value
        else:
            count = int(match.group(2)) if match.group(2) else 1
            sides = 100 if match.group(3) == "%" else int(match.group(3))
            if count < 1:
                raise InvalidAction(f"dice expression {text!r} rolls zero dice")
            if not 2 <= sides <= MAX_SIDES:
                raise InvalidAction(f"dice in {text!r} must have 2 to {MAX_SIDES} sides")
            keep: int | None = None
            if match.group(4):
                keep = int(match.group(5))
                if not 1 <= keep <= count:
                    raise InvalidAction(f"{text!r} keeps {keep} of {count} dice")
            terms.append(DiceTerm(count, sides, sign, keep, match.group(4) == "kl"))
        pos = match.end()
    expression = DiceExpression(text, tuple(terms), modifier)
    if expression.dice_count > MAX_DICE:
        raise LimitExceeded(
            f"dice expression {text!r} rolls more than {MAX_DICE} dice",
            DICE_PER_EXPRESSION.name,
            MAX_DICE,
        )
    return expression


def roll(
    notation: str | DiceExpression,
    rng: Random,
    purpose: str,
    *,
    dice_multiplier: int = 1,
    extra_modifier: int = 0,
) -> Roll:
    """Roll ``notation`` with ``rng``.

    ``dice_multiplier`` rolls every dice term that many times over (a critical hit rolls the
    damage dice twice); the constant modifier is added once. ``extra_modifier`` is added to
    the total and to the recorded modifier.
    """
    expression = parse(notation) if isinstance(notation, str) else notation
    dice: list[Die] = []
    total = 0
    randint = rng.randint
    for term in expression.terms:
        count = term.count * dice_multiplier
        sides = term.sides
        values = [randint(1, sides) for _ in range(count)]
        if term.keep is None:
            subtotal = sum(values)
            total += term.sign * subtotal
            dice.extend([Die(sides, v, True) for v in values])
            continue
        keep = term.keep * dice_multiplier
        ranked = sorted(range(count), key=values.__getitem__, reverse=not term.keep_lowest)
        kept_set = set(ranked[:keep])
        kept_flags = [i in kept_set for i in range(count)]
        subtotal = sum(v for v, k in zip(values, kept_flags, strict=True) if k)
        total += term.sign * subtotal
        dice.extend(Die(sides, v, k) for v, k in zip(values, kept_flags, strict=True))
    modifier = expression.modifier + extra_modifier
    text = (
        expression.text if dice_multiplier == 1 else _multiplied_text(expression, dice_multiplier)
    )
    return Roll(purpose, text, dice, modifier, total + modifier)


def roll_die(sides: int, rng: Random, purpose: str, modifier: int = 0) -> Roll:
    """One die plus a modifier: the common d20 test."""
    value = rng.randint(1, sides)
    text = f"1d{sides}" + (f"{modifier:+d}" if modifier else "")
    return Roll(purpose, text, [Die(sides, value, True)], modifier, value + modifier)


def roll_keep(sides: int, rng: Random, purpose: str, *, highest: bool, modifier: int = 0) -> Roll:
    """Two dice, keep the higher (``highest``) or the lower: advantage and disadvantage."""
    a, b = rng.randint(1, sides), rng.randint(1, sides)
    keep_first = (a >= b) if highest else (a <= b)
    kept = a if keep_first else b
    suffix = "kh1" if highest else "kl1"
    text = f"2d{sides}{suffix}" + (f"{modifier:+d}" if modifier else "")
    dice = [Die(sides, a, keep_first), Die(sides, b, not keep_first)]
    return Roll(purpose, text, dice, modifier, kept + modifier)


def _multiplied_text(expression: DiceExpression, multiplier: int) -> str:
    parts: list[str] = []
    for term in expression.terms:
        keep = ""
        if term.keep is not None:
            keep = ("kl" if term.keep_lowest else "kh") + str(term.keep * multiplier)
        parts.append(f"{'-' if term.sign < 0 else '+'}{term.count * multiplier}d{term.sides}{keep}")
    if expression.modifier:
        parts.append(f"{expression.modifier:+d}")
    return "".join(parts).lstrip("+")

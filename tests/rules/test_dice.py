from __future__ import annotations

from random import Random

import pytest

from service.rules import dice
from service.rules.errors import InvalidAction


@pytest.mark.parametrize(
    ("text", "count", "modifier"),
    [("1d8+3", 1, 3), ("2d6 + 1d4 - 1", 3, -1), ("4d6kh3", 4, 0), ("d%", 1, 0), ("7", 0, 7)],
)
def test_parse_standard_notation(text: str, count: int, modifier: int) -> None:
    expr = dice.parse(text)
    assert expr.dice_count == count
    assert expr.modifier == modifier


@pytest.mark.parametrize(
    "text", ["", "2d", "d1", "1d8++3", "0d6", "3d6kh4", "1d8 3", "abc", "100000d100", "1d100000"]
)
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidAction):
        dice.parse(text)


def test_every_die_is_recorded_and_kept_dice_make_the_total() -> None:
    r = dice.roll("4d6kh3+2", Random(5), "stats")
    assert len(r.dice) == 4
    kept = [d.value for d in r.dice if d.kept]
    assert len(kept) == 3
    assert min(kept) >= min(d.value for d in r.dice)
    assert r.total == sum(kept) + 2


def test_keep_lowest() -> None:
    for seed in range(30):
        r = dice.roll("2d20kl1", Random(seed), "disadvantage")
        assert r.total == min(d.value for d in r.dice)


def test_same_generator_state_same_roll() -> None:
    assert dice.roll("3d6+1", Random(9), "x") == dice.roll("3d6+1", Random(9), "x")


@pytest.mark.rule("d20.crit.damage")
def test_multiplier_doubles_dice_but_not_the_modifier() -> None:
    r = dice.roll("1d8+1d6+3", Random(2), "damage", dice_multiplier=2)
    assert [d.sides for d in r.dice] == [8, 8, 6, 6]
    assert r.modifier == 3
    assert r.total == sum(d.value for d in r.dice) + 3
    assert r.expression == "2d8+2d6+3"


def test_values_stay_in_range() -> None:
    rng = Random(1)
    for _ in range(200):
        r = dice.roll("1d4-1d4", rng, "x")
        assert -3 <= r.total <= 3

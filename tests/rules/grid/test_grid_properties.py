"""Properties that must hold on any map: metrics, cheapest paths, lines, cover, flanking."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.rules.grid import (
    Cell,
    Cover,
    Geometry,
    IllegalMove,
    Mover,
    Occupant,
    hex_distance,
    square_distance,
)
from service.rules.grid.lines import (
    HEX_CORNERS,
    hex_anchor,
    hex_frame,
    hex_template,
    is_clear,
    key,
    square_template,
)

cells = st.tuples(st.integers(-30, 30), st.integers(-30, 30))
kinds = st.sampled_from(["square", "hex"])


@given(cells, cells, cells)
def test_d20_grid_range_square_distance_is_a_metric(a: Cell, b: Cell, c: Cell) -> None:
    assert square_distance(a, b) == square_distance(b, a)
    assert (square_distance(a, b) == 0) == (a == b)
    assert square_distance(a, c) <= square_distance(a, b) + square_distance(b, c)


@given(cells, cells, cells)
def test_d20_grid_range_hex_distance_is_a_metric(a: Cell, b: Cell, c: Cell) -> None:
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@given(cells, st.integers(0, 5))
def test_d20_grid_range_one_step_is_distance_one(a: Cell, index: int) -> None:
    for grid in (Geometry("square", 1, 1), Geometry("hex", 1, 1)):
        dx, dy = grid.steps[index]
        assert grid.distance(a, (a[0] + dx, a[1] + dy)) == 1


SIZE = 7


@st.composite
def battles(draw: st.DrawFn) -> tuple[Geometry, Mover, list[Occupant], Cell, list[int]]:
    kind = draw(kinds)
    grid = Geometry(kind, SIZE, SIZE)
    every = [grid.from_offset(column, row) for column in range(SIZE) for row in range(SIZE)]
    some = st.lists(st.sampled_from(every), max_size=12, unique=True)
    blocked = draw(some)
    difficult = draw(some)
    grid = Geometry(kind, SIZE, SIZE, blocked=blocked, difficult=difficult)
    mover = Mover(extent=draw(st.sampled_from([1, 1, 2, 3])), crawling=draw(st.booleans()))
    occupants = [
        Occupant(
            [cell],
            passable=draw(st.booleans()),
            difficult=draw(st.booleans()),
            shareable=draw(st.booleans()),
        )
        for cell in draw(st.lists(st.sampled_from(every), max_size=4, unique=True))
    ]
    start = draw(st.sampled_from(every))
    walk = draw(st.lists(st.integers(0, len(grid.steps) - 1), min_size=1, max_size=14))
    return grid, mover, occupants, start, walk


def legal_prefix(
    grid: Geometry, mover: Mover, occupants: list[Occupant], path: list[Cell]
) -> list[Cell]:
    while len(path) > 1:
        try:
            grid.path_cost(path, mover, occupants=occupants)
        except IllegalMove as error:
            path = path[: min(error.index + 1, len(path) - 1)]
        else:
            break
    return path


@pytest.mark.rule("d20.grid.squares")
@pytest.mark.rule("d20.grid.hexes")
@pytest.mark.rule("d20.grid.difficult")
@pytest.mark.rule("d100.move.through")
@settings(max_examples=300, deadline=None)
@given(battles())
def test_cheapest_path_is_never_dearer_than_a_legal_walk(
    battle: tuple[Geometry, Mover, list[Occupant], Cell, list[int]],
) -> None:
    grid, mover, occupants, start, walk = battle
    path = [start]
    for index in walk:
        dx, dy = grid.steps[index]
        path.append((path[-1][0] + dx, path[-1][1] + dy))
    path = legal_prefix(grid, mover, occupants, path)
    if len(path) < 2:
        return
    cost = grid.path_cost(path, mover, occupants=occupants).cost
    best = grid.cheapest_path(path[0], path[-1], mover, occupants=occupants)
    assert best is not None
    assert best.cost <= cost
    assert grid.path_cost(best.path, mover, occupants=occupants).cost == best.cost
    assert grid.cheapest_path(path[0], path[-1], mover, occupants=occupants, movement=cost)
    if best.cost:
        less = best.cost - 1
        assert (
            grid.cheapest_path(path[0], path[-1], mover, occupants=occupants, movement=less) is None
        )


# An independent reference for blocked lines: probe just beside every point where the
# segment meets a grid line, and between them; the line is blocked where obstacle
# interiors lie on both sides of it.

EPSILON = Fraction(1, 10**9)
Locate = Callable[[Fraction, Fraction], Cell | None]


def square_interior(x: Fraction, y: Fraction) -> Cell | None:
    column, row = math.floor(x / 2), math.floor(y / 2)
    return None if x == 2 * column or y == 2 * row else (column, row)


def hex_interior(u: Fraction, v: Fraction) -> Cell | None:
    for r in range(math.floor(v / 3) - 1, math.floor(v / 3) + 2):
        for q in range(math.floor((u - r) / 2) - 1, math.floor((u - r) / 2) + 2):
            du, dv = abs(u - (2 * q + r)), abs(v - 3 * r)
            if du < 1 and du + dv < 2:
                return q, r
    return None


def reference_blocked(
    p: Cell, q: Cell, obstacles: set[Cell], locate: Locate, lines: list[tuple[Fraction, Fraction]]
) -> bool:
    dx, dy = q[0] - p[0], q[1] - p[1]
    if dx == dy == 0:
        return False
    cuts = {Fraction(0), Fraction(1)}
    for a, b in lines:
        start, change = a * p[0] + b * p[1], a * dx + b * dy
        if change:
            low, high = sorted((start, start + change))
            for level in range(math.floor(low), math.ceil(high) + 1):
                t = (level - start) / change
                if 0 < t < 1:
                    cuts.add(t)
    ordered = sorted(cuts)
    probes = set(ordered[1:-1]) | {(a + b) / 2 for a, b in pairwise(ordered)}
    sides = [(-dy * 4 + k * dx, dx * 4 + k * dy) for k in (-12, -6, -3, -1, 0, 1, 3, 6, 12)]
    for t in probes:
        x, y = p[0] + dx * t, p[1] + dy * t
        left = any(locate(x + EPSILON * a, y + EPSILON * b) in obstacles for a, b in sides)
        right = any(locate(x - EPSILON * a, y - EPSILON * b) in obstacles for a, b in sides)
        if left and right:
            return True
    return False


small = st.integers(0, 9)


@settings(max_examples=400, deadline=None)
@given(
    st.tuples(small, small),
    st.tuples(small, small),
    st.sets(st.tuples(st.integers(-1, 5), st.integers(-1, 5)), max_size=10),
)
def test_d20_cover_squares_line_blocking_matches_the_reference(
    p: Cell, q: Cell, obstacles: set[Cell]
) -> None:
    half, zero = Fraction(1, 2), Fraction(0)
    expected = reference_blocked(p, q, obstacles, square_interior, [(half, zero), (zero, half)])
    template = square_template(p[0] & 1, p[1] & 1, q[0] - p[0], q[1] - p[1])
    blocked = not is_clear(key((p[0] >> 1, p[1] >> 1)), template, {key(c) for c in obstacles})
    assert blocked == expected


corner_offsets = st.sampled_from([(0, 0), *HEX_CORNERS])
hex_cells = st.tuples(st.integers(-2, 2), st.integers(-2, 2))


@settings(max_examples=250, deadline=None)
@given(
    st.booleans(),
    hex_cells,
    corner_offsets,
    hex_cells,
    corner_offsets,
    st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=14),
)
def test_d20_cover_hexes_line_blocking_matches_the_reference(
    flat: bool, a: Cell, da: Cell, b: Cell, db: Cell, obstacles: set[Cell]
) -> None:
    pa, pb = hex_frame(a, flat), hex_frame(b, flat)
    p = (pa[0] + da[0], pa[1] + da[1])
    q = (pb[0] + db[0], pb[1] + db[1])
    in_frame = {(r, c) if flat else (c, r) for c, r in obstacles}
    lines = [(Fraction(1), Fraction(0)), (Fraction(-1), Fraction(1)), (Fraction(1), Fraction(1))]
    expected = reference_blocked(p, q, in_frame, hex_interior, lines)
    kind, base = hex_anchor(p, flat)
    template = hex_template(flat, kind, q[0] - p[0], q[1] - p[1])
    assert (not is_clear(key(base), template, {key(c) for c in obstacles})) == expected


@st.composite
def skirmishes(draw: st.DrawFn) -> tuple[Geometry, list[Cell], list[Cell], list[list[Cell]]]:
    kind = draw(kinds)
    orientation = draw(st.sampled_from(["pointy", "flat"]))
    grid = Geometry(kind, 9, 9, orientation=orientation)
    every = [grid.from_offset(column, row) for column in range(9) for row in range(9)]
    picks = draw(st.lists(st.sampled_from(every), min_size=2, max_size=14, unique=True))
    attacker, target, *rest = picks
    walls = rest[: len(rest) // 2]
    creatures = [[cell] for cell in rest[len(rest) // 2 :]]
    grid = Geometry(kind, 9, 9, orientation=orientation, blocked=walls)
    return grid, [attacker], [target], creatures


@pytest.mark.rule("d20.cover.squares")
@pytest.mark.rule("d20.cover.hexes")
@settings(max_examples=200, deadline=None)
@given(skirmishes())
def test_d20_cover_most_another_source_never_lowers_cover(
    skirmish: tuple[Geometry, list[Cell], list[Cell], list[list[Cell]]],
) -> None:
    grid, attacker, target, creatures = skirmish
    degrees = [grid.cover(attacker, target, creatures[:n]) for n in range(len(creatures) + 1)]
    assert degrees == sorted(degrees)


@pytest.mark.rule("d20.grid.squares")
@pytest.mark.rule("d20.grid.hexes")
@settings(max_examples=200, deadline=None)
@given(skirmishes())
def test_line_of_sight_is_symmetric_and_creatures_only_take_it_away(
    skirmish: tuple[Geometry, list[Cell], list[Cell], list[list[Cell]]],
) -> None:
    grid, attacker, target, creatures = skirmish
    seen = grid.has_line_of_sight(attacker, target, creatures)
    assert seen == grid.has_line_of_sight(target, attacker, creatures)
    if seen:
        assert grid.has_line_of_sight(attacker, target)
    if grid.cover(attacker, target, creatures) is not Cover.TOTAL:
        assert seen or grid.cover(attacker, target, creatures) is not Cover.NONE


@pytest.mark.rule("d20.flank.squares")
@pytest.mark.rule("d20.flank.hexes")
@given(kinds, st.integers(1, 4), st.integers(0, 100), st.integers(0, 100))
def test_flanking_pairs_are_symmetric(kind: str, extent: int, i: int, j: int) -> None:
    grid = Geometry(kind, 20, 20)
    target = grid.footprint(grid.from_offset(8, 8), extent)
    ring = sorted(grid.ring(target))
    a, b = ring[i % len(ring)], ring[j % len(ring)]
    assert grid.flanks(target, [a], [b]) == grid.flanks(target, [b], [a])
    assert not grid.flanks(target, [a], [a])


@st.composite
def two_spaces(draw: st.DrawFn) -> tuple[Geometry, tuple[Cell, ...], tuple[Cell, ...]]:
    kind = draw(kinds)
    orientation = draw(st.sampled_from(["pointy", "flat"]))
    every = Geometry(kind, 11, 11, orientation=orientation)
    cells = [every.from_offset(column, row) for column in range(11) for row in range(11)]
    walls = draw(st.lists(st.sampled_from(cells), max_size=12, unique=True))
    grid = Geometry(kind, 11, 11, orientation=orientation, blocked=walls)
    a = grid.footprint(draw(st.sampled_from(cells)), draw(st.integers(1, 3)))
    b = grid.footprint(draw(st.sampled_from(cells)), draw(st.integers(1, 3)))
    return grid, a, b


@settings(max_examples=300, deadline=None)
@given(two_spaces())
def test_nothing_outside_the_line_box_touches_a_line_between_two_spaces(
    spaces: tuple[Geometry, tuple[Cell, ...], tuple[Cell, ...]],
) -> None:
    grid, a, b = spaces
    x0, x1, y0, y1 = grid.line_box(a, b)
    outside = [
        [(x, y)]
        for x in range(-12, 24)
        for y in range(-12, 24)
        if not (x0 <= x <= x1 and y0 <= y <= y1)
    ]
    assert grid.cover(a, b, outside) == grid.cover(a, b)
    assert grid.has_line_of_sight(a, b, outside) == grid.has_line_of_sight(a, b)
    if grid.open_box((x0, x1, y0, y1)):
        assert grid.cover(a, b) is Cover.NONE

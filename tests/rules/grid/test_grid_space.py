"""Footprints, occupancy, neighbours and distances on square and hex grids."""

from __future__ import annotations

import itertools

import pytest

from service.rules.grid import (
    CELL_FEET,
    Cell,
    Clash,
    Geometry,
    Kind,
    clashes,
    hex_distance,
    shape,
)

SQUARES = Geometry("square", 30, 30)
POINTY = Geometry("hex", 30, 30)
FLAT = Geometry("hex", 30, 30, orientation="flat")


def test_d20_size_space_square_footprints_fill_n_by_n_blocks() -> None:
    assert SQUARES.footprint((3, 4)) == ((3, 4),)
    assert set(SQUARES.footprint((3, 4), 2)) == {(3, 4), (4, 4), (3, 5), (4, 5)}
    assert set(SQUARES.footprint((0, 0), 3)) == {(x, y) for x in range(3) for y in range(3)}
    assert len(SQUARES.footprint((0, 0), 4)) == 16


def test_d20_size_space_four_tiny_share_a_square_but_not_five() -> None:
    tiny = [(f"rat{i}", [(2, 2)], True) for i in range(4)]
    assert clashes(tiny) == []
    assert clashes([*tiny, ("rat4", [(2, 2)], True)]) == [
        Clash(("rat0", "rat1", "rat2", "rat3", "rat4"), ((2, 2),))
    ]


def test_d20_size_space_two_creatures_never_share_a_space() -> None:
    found = clashes(
        [
            ("ogre", SQUARES.footprint((2, 2), 2), False),
            ("elf", [(3, 3)], False),
            ("rat", [(2, 2)], True),
            ("orc", [(9, 9)], False),
        ]
    )
    assert found == [Clash(("ogre", "rat"), ((2, 2),)), Clash(("ogre", "elf"), ((3, 3),))]


def test_d20_size_space_a_tiny_creature_does_not_share_with_a_medium_one() -> None:
    assert clashes([("cat", [(0, 0)], True), ("elf", [(0, 0)], False)]) == [
        Clash(("cat", "elf"), ((0, 0),))
    ]


def test_d20_size_space_bounds_and_walls_decide_whether_a_space_fits() -> None:
    grid = Geometry("square", 5, 5, blocked=[(2, 2)])
    assert grid.fits(grid.footprint((0, 0), 2))
    assert not grid.fits(grid.footprint((1, 1), 2))
    assert not grid.fits(grid.footprint((4, 4), 2))
    assert not grid.in_bounds((-1, 0))
    assert grid.in_bounds((4, 4))


def _most_adjacent(grid: Geometry, target: Cell, extent: int) -> int:
    """The most non-overlapping creatures of ``extent`` next to ``target``."""
    around = grid.ring([target])
    spaces = []
    for anchor in itertools.product(range(-4, 5), repeat=2):
        cells = frozenset(grid.footprint((target[0] + anchor[0], target[1] + anchor[1]), extent))
        if target not in cells and cells & around:
            spaces.append(cells)
    best = 0

    def place(start: int, used: frozenset[Cell], count: int) -> None:
        nonlocal best
        best = max(best, count)
        for index in range(start, len(spaces)):
            if not spaces[index] & used:
                place(index + 1, used | spaces[index], count + 1)

    place(0, frozenset(), 0)
    return best


def test_d20_size_surround_eight_medium_around_a_medium() -> None:
    target = (10, 10)
    around = SQUARES.ring([target])
    assert len(around) == 8
    spaces = [(f"m{i}", [cell], False) for i, cell in enumerate(sorted(around))]
    assert clashes([("target", [target], False), *spaces]) == []
    assert _most_adjacent(SQUARES, target, 1) == 8


def test_d20_size_surround_twenty_medium_around_a_gargantuan() -> None:
    gargantuan = SQUARES.footprint((10, 10), 4)
    assert len(SQUARES.ring(gargantuan)) == 20


def test_d20_size_surround_large_creatures_crowd_a_medium() -> None:
    # The seed's "five Large crowd a Medium" is about room, not the grid: with Large
    # spaces snapped to the grid, at most four fit next to a Medium one, on squares
    # and (with the fixed triangle) on hexes.
    assert _most_adjacent(SQUARES, (10, 10), 2) == 4
    assert _most_adjacent(POINTY, (10, 10), 2) == 4


@pytest.mark.parametrize(
    ("extent", "size", "around"), [(1, 1, 6), (2, 3, 9), (3, 7, 12), (4, 19, 18)]
)
def test_d20_grid_hexes_footprints_and_the_rings_around_them(
    extent: int, size: int, around: int
) -> None:
    space = POINTY.footprint((10, 10), extent)
    assert len(set(space)) == size
    assert len(POINTY.ring(space)) == around
    assert (10, 10) in space


def test_d20_grid_hexes_large_is_a_triangle_of_neighbours() -> None:
    triangle = POINTY.footprint((4, 4), 2)
    assert triangle == ((4, 4), (5, 4), (4, 5))
    assert all(hex_distance(a, b) == 1 for a, b in itertools.combinations(triangle, 2))


def test_d20_grid_hexes_larger_extents_are_hexagons_of_radius_half_the_extent() -> None:
    assert len(shape(Kind.HEX, 6)) == 37
    assert len(shape(Kind.HEX, 10)) == 91
    assert max(hex_distance((0, 0), cell) for cell in shape(Kind.HEX, 10)) == 5


@pytest.mark.parametrize("grid", [POINTY, FLAT], ids=["pointy", "flat"])
def test_d20_grid_hexes_offset_rectangle_round_trips(grid: Geometry) -> None:
    for column, row in itertools.product(range(-2, 33), repeat=2):
        cell = grid.from_offset(column, row)
        assert grid.to_offset(cell) == (column, row)
        assert grid.in_bounds(cell) == (0 <= column < 30 and 0 <= row < 30)


def test_d20_grid_hexes_offset_layouts_shift_odd_rows_or_columns() -> None:
    assert POINTY.from_offset(0, 1) == (0, 1)
    assert POINTY.from_offset(0, 2) == (-1, 2)
    assert FLAT.from_offset(1, 0) == (1, 0)
    assert FLAT.from_offset(2, 0) == (2, -1)


def test_d20_grid_hexes_six_neighbours_each_one_step_away() -> None:
    around = POINTY.neighbours((5, 5))
    assert len(around) == 6
    assert all(hex_distance((5, 5), cell) == 1 for cell in around)
    assert len(SQUARES.neighbours((5, 5))) == 8
    assert sorted(SQUARES.neighbours((0, 0))) == [(0, 1), (1, 0), (1, 1)]


def test_d20_grid_squares_five_feet_a_square() -> None:
    assert CELL_FEET == 5
    assert SQUARES.path_cost([(x, 0) for x in range(7)], movement=30).cost == 30


def test_d20_grid_range_chebyshev_on_squares() -> None:
    assert SQUARES.distance((0, 0), (3, 5)) == 5
    assert SQUARES.distance((0, 0), (4, 4)) == 4
    assert SQUARES.distance((2, 2), (2, 2)) == 0


def test_d20_grid_range_counts_from_next_to_one_space_into_the_other() -> None:
    large = SQUARES.footprint((5, 5), 2)
    assert SQUARES.space_distance(large, [(7, 6)]) == 1
    assert SQUARES.space_distance(large, [(9, 5)]) == 3
    assert SQUARES.space_distance([(9, 5)], large) == 3
    assert SQUARES.space_distance(large, [(6, 6)]) == 0


def test_d20_grid_range_reach_five_feet_means_adjacent() -> None:
    assert SQUARES.within([(0, 0)], [(1, 1)], 5)
    assert not SQUARES.within([(0, 0)], [(2, 1)], 5)
    assert SQUARES.within([(0, 0)], [(2, 1)], 10)
    assert SQUARES.within(SQUARES.footprint((0, 0), 2), [(3, 0)], 10)


def test_d20_grid_range_hex_distance() -> None:
    assert hex_distance((0, 0), (3, -1)) == 3
    assert hex_distance((0, 0), (2, 2)) == 4
    assert POINTY.within([(0, 0)], [(1, -1)], 5)
    assert not POINTY.within([(0, 0)], [(1, 1)], 5)
    assert POINTY.space_distance(POINTY.footprint((0, 0), 3), [(3, 0)]) == 2

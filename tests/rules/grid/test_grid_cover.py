"""Cover and line of sight on squares and hexes.

Square pictures use unit coordinates: square (x, y) spans [x, x+1] × [y, y+1].
"""

from __future__ import annotations

import pytest

from service.rules.grid import Cell, Cover, Geometry, most_protective
from service.rules.grid.lines import is_clear, key, square_template

SLIT_WALL = {(4, y) for y in range(12) if y != 4}
"""A wall down column 4 with a one-square opening at (4, 4)."""

WALL_END = {(4, y) for y in range(4)}
"""A wall down column 4 from the top edge that stops after row 3."""


def squares(*walls: Cell) -> Geometry:
    return Geometry("square", 12, 12, blocked=walls)


def test_d20_cover_degrees_bonuses() -> None:
    assert [degree.ac_bonus for degree in Cover] == [0, 2, 5, None]
    assert Cover.THREE_QUARTERS.label == "three-quarters"
    assert Cover.NONE < Cover.HALF < Cover.THREE_QUARTERS < Cover.TOTAL


def test_d20_cover_most_protective_degree_applies() -> None:
    assert most_protective(Cover.HALF, Cover.THREE_QUARTERS) is Cover.THREE_QUARTERS
    assert most_protective(Cover.HALF, Cover.HALF) is Cover.HALF
    assert most_protective() is Cover.NONE


def test_d20_cover_most_a_creature_and_a_wall_count_together() -> None:
    """The decision: a line is blocked when any obstacle crosses it, and the lines are
    counted over all obstacles together (a wall blocking two and a creature two more)."""
    attacker, target = [(1, 1)], [(7, 4)]
    wall, creature = (4, 2), [(5, 4)]
    assert squares(wall).cover(attacker, target) is Cover.HALF
    assert squares().cover(attacker, target, [creature]) is Cover.HALF
    assert squares(wall).cover(attacker, target, [creature]) is Cover.THREE_QUARTERS
    slit = squares(*SLIT_WALL)
    attacker, target, ally = [(2, 2)], [(5, 6)], [(3, 4)]
    assert squares().cover(attacker, target, [ally]) is Cover.HALF
    assert slit.cover(attacker, target) is Cover.THREE_QUARTERS
    # the ally stands in front of the only opening: no line gets past both
    assert slit.cover(attacker, target, [ally]) is Cover.TOTAL


def test_d20_cover_most_two_creatures_count_together() -> None:
    open_field = squares()
    attacker, target = [(2, 5)], [(6, 5)]
    assert open_field.cover(attacker, target, [[(4, 5)]]) is Cover.HALF
    three = [[(4, 4)], [(4, 5)], [(4, 6)]]
    assert open_field.cover(attacker, target, three) is Cover.TOTAL
    assert open_field.cover(attacker, target, [[(4, 4), (4, 5), (4, 6)]]) is Cover.TOTAL


def test_d20_cover_squares_no_obstacle_no_cover() -> None:
    assert squares().cover([(0, 0)], [(7, 3)]) is Cover.NONE
    assert squares().cover([(0, 0)], [(1, 1)]) is Cover.NONE


def test_d20_cover_squares_half_behind_a_wall_corner() -> None:
    # From corner (1, 4) the lines to (5, 4) and (6, 4) run along the bottom of the
    # wall and only graze it; those to (5, 3) and (6, 3) cross square (4, 3).
    assert squares(*WALL_END).cover([(0, 3)], [(5, 3)]) is Cover.HALF


def test_d20_cover_squares_three_quarters_behind_an_arrow_slit() -> None:
    # From corner (3, 3) only the line to (6, 6) threads the opening at (4, 4).
    assert squares(*SLIT_WALL).cover([(2, 2)], [(5, 6)]) is Cover.THREE_QUARTERS
    assert squares(*SLIT_WALL).cover([(0, 4)], [(6, 4)]) is Cover.NONE


def test_d20_cover_squares_total_fully_behind_a_wall() -> None:
    wall = [(4, y) for y in range(12)]
    grid = squares(*wall)
    assert grid.cover([(0, 0)], [(6, 2)]) is Cover.TOTAL
    assert grid.cover([(2, 5)], [(5, 5)]) is Cover.TOTAL
    assert not grid.has_line_of_sight([(2, 5)], [(5, 5)])


def test_d20_cover_squares_a_wall_meeting_the_edge_of_the_map_seals_it() -> None:
    grid = squares(*[(4, y) for y in range(12)])
    assert grid.cover([(0, 0)], [(6, 0)]) is Cover.TOTAL


def test_d20_cover_squares_all_lines_blocked_but_reachable_is_three_quarters() -> None:
    # Two pillars with a gap between them: every line from every corner of the
    # attacker to the target's corners hits one, but the line from corner (0, 5) to the
    # target's centre threads between them, touching both only at a corner.
    grid = squares((3, 4), (5, 2))
    assert grid.has_line_of_sight([(0, 5)], [(7, 2)])
    assert grid.cover([(0, 5)], [(7, 2)]) is Cover.THREE_QUARTERS


def test_d20_cover_squares_the_attacker_picks_its_best_corner() -> None:
    grid = squares(*WALL_END)
    assert grid.cover([(2, 4)], [(5, 2)]) is Cover.TOTAL
    # A Large attacker's corner (4, 6) sees the corners (6, 2) and (6, 3) past the
    # wall's end.
    assert grid.cover(grid.footprint((2, 4), 2), [(5, 2)]) is Cover.HALF


def test_d20_cover_squares_the_attacker_picks_the_best_target_square() -> None:
    grid = squares(*WALL_END)
    large = grid.footprint((5, 3), 2)
    assert [grid.cover([(0, 2)], [cell]) for cell in large] == [
        Cover.TOTAL,
        Cover.TOTAL,
        Cover.HALF,
        Cover.HALF,
    ]
    assert grid.cover([(0, 2)], large) is Cover.HALF


def test_d20_cover_creatures_give_cover_friend_or_foe() -> None:
    grid = squares()
    assert grid.cover([(0, 1)], [(4, 1)], [[(2, 1)]]) is Cover.HALF
    assert grid.cover([(0, 1)], [(4, 1)], [[(2, 0)]]) is Cover.NONE
    giant = grid.footprint((2, 0), 3)
    assert grid.cover([(0, 1)], [(6, 1)], [giant]) is Cover.TOTAL


def test_d20_cover_creatures_the_two_spaces_never_cover_themselves() -> None:
    grid = squares()
    assert grid.cover([(0, 0)], [(3, 0)], [[(0, 0)], [(3, 0)]]) is Cover.NONE


HEX_WALL = [(4, r) for r in range(-10, 30)]


@pytest.fixture(params=["pointy", "flat"])
def orientation(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


def hexes(orientation: str, *walls: Cell) -> Geometry:
    return Geometry("hex", 20, 20, orientation=orientation, blocked=walls)


def test_d20_cover_hexes_no_obstacle_no_cover(orientation: str) -> None:
    assert hexes(orientation).cover([(2, 5)], [(6, 4)]) is Cover.NONE


def test_d20_cover_hexes_creature_in_between(orientation: str) -> None:
    grid = hexes(orientation)
    assert grid.cover([(2, 5)], [(6, 4)], [[(4, 5)]]) is Cover.HALF
    # Right in line, a creature as wide as the target leaves only the two lines that
    # run past its top and bottom corners: 5 of 6 blocked.
    assert grid.cover([(2, 5)], [(6, 5)], [[(4, 5)]]) is Cover.THREE_QUARTERS


def test_d20_cover_hexes_half_behind_a_wall_corner(orientation: str) -> None:
    grid = hexes(orientation, *[(4, r) for r in range(-10, 6)])
    assert grid.cover([(2, 5)], [(5, 6)]) is Cover.HALF


def test_d20_cover_hexes_three_quarters_behind_an_arrow_slit(orientation: str) -> None:
    grid = hexes(orientation, *[cell for cell in HEX_WALL if cell != (4, 5)])
    assert grid.cover([(2, 5)], [(5, 6)]) is Cover.THREE_QUARTERS
    assert grid.cover([(2, 5)], [(6, 4)]) is Cover.NONE


def test_d20_cover_hexes_total_fully_behind_a_wall(orientation: str) -> None:
    grid = hexes(orientation, *HEX_WALL)
    assert grid.cover([(2, 5)], [(6, 5)]) is Cover.TOTAL
    assert not grid.has_line_of_sight([(2, 5)], [(6, 5)])
    assert grid.has_line_of_sight([(2, 5)], [(3, 9)])


def test_d20_cover_hexes_most_obstacles_count_together(orientation: str) -> None:
    grid = hexes(orientation, *[cell for cell in HEX_WALL if cell != (4, 5)])
    assert hexes(orientation).cover([(2, 5)], [(5, 6)], [[(3, 5)]]) is Cover.HALF
    assert grid.cover([(2, 5)], [(5, 6)]) is Cover.THREE_QUARTERS
    # the creature stands in the arrow slit: every line is blocked, none gets past
    assert grid.cover([(2, 5)], [(5, 6)], [[(3, 5)]]) is Cover.TOTAL
    wall = hexes(orientation, (5, 4))
    assert wall.cover([(2, 5)], [(7, 4)]) is Cover.HALF
    assert hexes(orientation).cover([(2, 5)], [(7, 4)], [[(6, 5)]]) is Cover.HALF
    assert wall.cover([(2, 5)], [(7, 4)], [[(6, 5)]]) is Cover.THREE_QUARTERS


def test_d20_grid_hexes_cover_is_the_same_in_both_orientations() -> None:
    walls = [(4, 3), (5, 5), (3, 7)]
    pointy = hexes("pointy", *walls)
    flat = hexes("flat", *walls)
    for target in [(6, 4), (7, 6), (6, 8), (8, 5)]:
        assert pointy.cover([(2, 6)], [target]) == flat.cover([(2, 6)], [target])


def test_d20_grid_squares_line_of_sight_ignores_creatures_unless_given() -> None:
    grid = squares()
    assert grid.has_line_of_sight([(0, 0)], [(5, 0)])
    wall_of_guards = [[(2, y)] for y in range(12)]
    assert not grid.has_line_of_sight([(0, 0)], [(5, 0)], wall_of_guards)


def line_blocked(p: Cell, q: Cell, *obstacles: Cell) -> bool:
    """Whether the segment between two square corners (unit coordinates) is blocked."""
    template = square_template(0, 0, 2 * (q[0] - p[0]), 2 * (q[1] - p[1]))
    return not is_clear(key(p), template, {key(cell) for cell in obstacles})


def test_d20_cover_squares_grazing_an_edge_or_a_corner_does_not_block() -> None:
    assert not line_blocked((0, 2), (6, 2), (3, 2))
    assert not line_blocked((0, 2), (6, 2), (3, 1))
    assert not line_blocked((0, 0), (4, 4), (1, 2))
    assert not line_blocked((0, 0), (4, 4), (1, 2), (3, 2))


def test_d20_cover_squares_crossing_or_slipping_between_obstacles_blocks() -> None:
    assert line_blocked((0, 0), (4, 3), (2, 1))
    assert line_blocked((0, 2), (6, 2), (3, 1), (3, 2))
    assert line_blocked((0, 0), (4, 4), (1, 2), (2, 1))
    assert line_blocked((2, 0), (2, 6), (1, 2), (2, 3))

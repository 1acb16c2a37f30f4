"""Movement costs, refused steps and cheapest paths."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from service.rules.grid import (
    Cell,
    Fault,
    Geometry,
    IllegalMove,
    Mover,
    Occupant,
)

OPEN = Geometry("square", 10, 10)
LARGE = Mover(extent=2)


def refusal(
    grid: Geometry,
    path: list[Cell],
    mover: Mover | None = None,
    *,
    occupants: Sequence[Occupant] = (),
    movement: int | None = None,
) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        grid.path_cost(path, mover, occupants=occupants, movement=movement)
    return caught.value


def test_d20_grid_enter_a_diagonal_costs_one_square() -> None:
    move = OPEN.path_cost([(0, 0), (1, 1), (2, 2), (3, 2)])
    assert move.cost == 15
    assert [step.cost for step in move.steps] == [5, 5, 5]


def test_d20_grid_enter_needs_a_square_of_movement_left() -> None:
    path = [(x, x) for x in range(7)]
    assert OPEN.path_cost(path, movement=30).cost == 30
    error = refusal(OPEN, path, movement=25)
    assert (error.index, error.fault, error.cell) == (5, Fault.INSUFFICIENT_MOVEMENT, (6, 6))
    assert "insufficient movement" in str(error)


def test_d20_grid_enter_only_neighbouring_cells() -> None:
    error = refusal(OPEN, [(0, 0), (1, 0), (3, 0)])
    assert (error.index, error.fault) == (1, Fault.NOT_ADJACENT)
    assert refusal(OPEN, [(0, 0), (0, 0)]).fault is Fault.NOT_ADJACENT


def test_d20_grid_enter_never_off_the_grid_or_into_a_wall() -> None:
    walled = Geometry("square", 10, 10, blocked=[(2, 0)])
    assert refusal(walled, [(0, 0), (-1, 0)]).fault is Fault.OFF_GRID
    assert refusal(walled, [(0, 0), (1, 0), (2, 0)]).fault is Fault.BLOCKED
    assert refusal(walled, [(8, 8), (9, 9)], LARGE).fault is Fault.OFF_GRID


def test_d20_grid_difficult_costs_two_squares() -> None:
    grid = Geometry("square", 10, 10, difficult=[(1, 0), (2, 1)])
    move = grid.path_cost([(0, 0), (1, 0), (2, 0), (2, 1)])
    assert [step.cost for step in move.steps] == [10, 5, 10]
    assert [step.difficult for step in move.steps] == [True, False, True]


def test_d20_grid_difficult_needs_that_much_movement_left() -> None:
    grid = Geometry("square", 10, 10, difficult=[(2, 0)])
    assert grid.path_cost([(0, 0), (1, 0), (2, 0)], movement=15).cost == 15
    error = refusal(grid, [(0, 0), (1, 0), (2, 0)], movement=10)
    assert (error.index, error.fault) == (1, Fault.INSUFFICIENT_MOVEMENT)


def test_d20_grid_difficult_any_cell_of_a_large_space() -> None:
    grid = Geometry("square", 10, 10, difficult=[(3, 1)])
    move = grid.path_cost([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], LARGE)
    assert [step.cost for step in move.steps] == [5, 10, 10, 5]


def test_d20_grid_corners_a_diagonal_may_not_cross_a_wall_corner() -> None:
    for wall in [(1, 0), (0, 1)]:
        grid = Geometry("square", 5, 5, blocked=[wall])
        error = refusal(grid, [(0, 0), (1, 1)])
        assert (error.index, error.fault, error.cell) == (0, Fault.CORNER, (1, 1))
        move = grid.cheapest_path((0, 0), (1, 1))
        assert move is not None
        assert move.cost == 10


def test_d20_grid_corners_creatures_do_not_stop_a_diagonal() -> None:
    guard = Occupant([(1, 0)])
    assert OPEN.path_cost([(0, 0), (1, 1)], occupants=[guard]).cost == 5


def test_d20_grid_corners_a_large_mover_sweeps_the_far_corners() -> None:
    grid = Geometry("square", 6, 6, blocked=[(2, 0)])
    assert refusal(grid, [(0, 0), (1, 1)], LARGE).fault is Fault.CORNER
    assert grid.path_cost([(0, 1), (1, 2)], LARGE).cost == 5


def test_d20_grid_squares_speed_in_squares() -> None:
    move = OPEN.cheapest_path((0, 0), (6, 3), movement=30)
    assert move is not None
    assert (move.cost, len(move.steps)) == (30, 6)
    assert OPEN.cheapest_path((0, 0), (7, 3), movement=30) is None


def corridor(width: int) -> Geometry:
    """Walls on rows 0 and ``width + 1`` from x = 3 to 6 and a passage between."""
    walls = [(x, y) for x in range(3, 7) for y in (0, width + 1)]
    return Geometry("square", 10, width + 2, blocked=walls)


def test_d20_size_squeeze_large_through_a_five_foot_passage() -> None:
    move = corridor(1).path_cost([(x, 0) for x in range(1, 8)], LARGE)
    assert [step.cost for step in move.steps] == [10, 10, 10, 10, 10, 5]
    assert [step.squeezing for step in move.steps] == [True] * 5 + [False]
    assert corridor(2).path_cost([(x, 1) for x in range(1, 8)], LARGE).cost == 30


def test_d20_size_squeeze_costs_stack_with_difficult_terrain() -> None:
    walls = [(x, y) for x in range(3, 7) for y in (0, 2)]
    grid = Geometry("square", 10, 3, blocked=walls, difficult=[(4, 1)])
    move = grid.path_cost([(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)], LARGE)
    assert [step.cost for step in move.steps] == [10, 15, 15, 10]
    assert [step.difficult for step in move.steps] == [False, True, True, False]


def test_d20_size_squeeze_past_a_hostile_creature_in_the_open() -> None:
    guard = Occupant([(3, 1)])
    move = OPEN.path_cost([(1, 0), (2, 0), (3, 0), (4, 0)], LARGE, occupants=[guard])
    assert [step.squeezing for step in move.steps] == [True, True, False]
    assert refusal(OPEN, [(1, 0), (2, 0)], LARGE, occupants=[guard]).fault is Fault.OCCUPIED


def test_d20_size_squeeze_medium_cannot_squeeze() -> None:
    grid = Geometry("square", 5, 1, blocked=[(2, 0)])
    assert refusal(grid, [(1, 0), (2, 0)]).fault is Fault.BLOCKED
    assert grid.cheapest_path((0, 0), (4, 0)) is None


def test_d20_size_squeeze_only_one_size_smaller() -> None:
    huge = Mover(extent=3)
    error = refusal(corridor(1), [(0, 0), (1, 0), (2, 0)], huge)
    assert (error.index, error.fault) == (1, Fault.BLOCKED)
    move = corridor(2).path_cost([(x, 0) for x in range(8)], huge)
    assert [step.cost for step in move.steps] == [10] * 6 + [5]


def test_d100_size_squeeze_huge_squeezes_to_large() -> None:
    huge = Mover(extent=4, squeeze_extent=2)
    walls = {(x, y) for x in range(5, 9) for y in (0, 3)}
    grid = Geometry("square", 14, 4, blocked=walls)
    move = grid.path_cost([(x, 0) for x in range(10)], huge)
    assert [step.cost for step in move.steps] == [5] + [10] * 7 + [5]
    error = refusal(grid, [(0, 0), (1, 0), (2, 0), (3, 0)], Mover(extent=4))
    assert (error.index, error.fault) == (2, Fault.BLOCKED)
    narrow = Geometry("square", 14, 4, blocked=walls | {(x, 2) for x in range(5, 9)})
    error = refusal(narrow, [(x, 0) for x in range(5)], huge)
    assert (error.index, error.fault) == (3, Fault.BLOCKED)


def test_d100_prone_crawl_costs_double_and_triple_in_difficult_terrain() -> None:
    grid = Geometry("square", 10, 10, difficult=[(2, 0)])
    move = grid.path_cost([(0, 0), (1, 0), (2, 0)], Mover(crawling=True))
    assert [step.cost for step in move.steps] == [10, 15]
    error = refusal(grid, [(0, 0), (1, 0), (2, 0)], Mover(crawling=True), movement=20)
    assert (error.index, error.fault) == (1, Fault.INSUFFICIENT_MOVEMENT)


def test_d100_move_through_a_non_hostile_space_is_difficult_terrain() -> None:
    friend = Occupant([(1, 0)], passable=True, difficult=True)
    move = OPEN.path_cost([(0, 0), (1, 0), (2, 0)], occupants=[friend])
    assert [step.cost for step in move.steps] == [10, 5]
    assert move.steps[0].difficult


def test_d100_move_through_a_hostile_space_only_two_sizes_apart() -> None:
    same_size = Occupant([(1, 0)])
    assert refusal(OPEN, [(0, 0), (1, 0), (2, 0)], occupants=[same_size]).fault is Fault.OCCUPIED
    detour = OPEN.cheapest_path((0, 0), (2, 0), occupants=[same_size])
    assert detour is not None
    assert detour.cost == 10
    assert (1, 0) not in detour.path
    much_bigger = Occupant(OPEN.footprint((1, 0), 3), passable=True, difficult=True)
    move = OPEN.path_cost([(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)], occupants=[much_bigger])
    assert move.cost == 35


def test_d100_move_through_never_ending_in_another_space() -> None:
    friend = Occupant([(1, 0)], passable=True, difficult=True)
    error = refusal(OPEN, [(0, 0), (1, 0)], occupants=[friend])
    assert (error.index, error.fault) == (0, Fault.OCCUPIED)
    nest = Occupant([(1, 0)], passable=True, shareable=True)
    assert OPEN.path_cost([(0, 0), (1, 0)], occupants=[nest]).cost == 5


def test_d100_move_through_a_large_mover_counts_every_cell() -> None:
    friend = Occupant([(3, 1)], passable=True, difficult=True)
    move = OPEN.path_cost([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], LARGE, occupants=[friend])
    assert [step.cost for step in move.steps] == [5, 10, 10, 5]


def test_d20_grid_squares_cheapest_path_goes_around_a_wall() -> None:
    wall = [(3, y) for y in range(0, 8)]
    grid = Geometry("square", 10, 10, blocked=wall, difficult=[(3, 8)])
    move = grid.cheapest_path((0, 0), (6, 0))
    assert move is not None
    assert move.cost == 90
    assert move.path[0] == (0, 0)
    assert move.path[-1] == (6, 0)
    assert (3, 8) not in move.path
    assert grid.path_cost(move.path).cost == move.cost


def test_d20_grid_squares_cheapest_path_none_when_walled_in() -> None:
    ring = [(x, y) for x in range(1, 4) for y in range(1, 4) if (x, y) != (2, 2)]
    grid = Geometry("square", 6, 6, blocked=ring)
    assert grid.cheapest_path((2, 2), (5, 5)) is None
    assert grid.cheapest_path((2, 2), (2, 2)) is not None


def test_d20_grid_hexes_movement_costs_and_difficult_terrain() -> None:
    grid = Geometry("hex", 20, 20, difficult=[(3, 5)])
    move = grid.path_cost([(1, 5), (2, 5), (3, 5), (3, 6), (2, 7)])
    assert [step.cost for step in move.steps] == [5, 10, 5, 5]
    assert refusal(grid, [(1, 5), (2, 6)]).fault is Fault.NOT_ADJACENT
    found = grid.cheapest_path((1, 5), (5, 5))
    assert found is not None
    assert found.cost == 25


def test_d20_size_squeeze_on_hexes_a_large_triangle_through_one_hex() -> None:
    grid = Geometry("hex", 20, 20, blocked=[(q, 6) for q in range(3, 9)])
    move = grid.path_cost([(q, 5) for q in range(1, 10)], LARGE)
    assert [step.cost for step in move.steps] == [5] + [10] * 6 + [5]


def test_d20_grid_hexes_flat_orientation_moves_the_same() -> None:
    flat = Geometry("hex", 20, 20, orientation="flat", difficult=[(5, 3)])
    move = flat.cheapest_path((5, 1), (5, 5))
    assert move is not None
    assert move.cost == 25
    assert flat.path_cost([(5, 1), (6, 1), (6, 2), (5, 3)]).cost == 20

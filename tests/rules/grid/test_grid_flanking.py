"""Flanking on squares and hexes (d20.flank.*)."""

from __future__ import annotations

import pytest

from service.rules.grid import (
    Cell,
    Flanker,
    Flanking,
    FlankTarget,
    Geometry,
    hex_distance,
    hexes_between_needed,
)

SQUARES = Geometry("square", 20, 20)
HEXES = Geometry("hex", 30, 30)

MEDIUM, LARGE, HUGE, GARGANTUAN = 2, 3, 4, 5
"""Size ranks as a d20 caller might number them (Tiny 0, Small 1...)."""


def around(grid: Geometry, space: tuple[Cell, ...]) -> list[Cell]:
    """The hexes around ``space`` in order, found by walking from neighbour to neighbour."""
    ring = grid.ring(space)
    path = [min(ring)]
    while len(path) < len(ring):
        steps = [c for c in ring if hex_distance(c, path[-1]) == 1 and c not in path]
        path.append(min(steps))
    assert hex_distance(path[0], path[-1]) == 1
    return path


def test_d20_flank_squares_opposite_sides() -> None:
    target = [(5, 5)]
    assert SQUARES.flanks(target, [(4, 5)], [(6, 5)])
    assert SQUARES.flanks(target, [(5, 4)], [(5, 6)])


def test_d20_flank_squares_opposite_corners() -> None:
    target = [(5, 5)]
    assert SQUARES.flanks(target, [(4, 4)], [(6, 6)])
    assert SQUARES.flanks(target, [(6, 4)], [(4, 6)])


def test_d20_flank_squares_not_at_right_angles_or_a_knight_move_apart() -> None:
    target = [(5, 5)]
    assert not SQUARES.flanks(target, [(4, 5)], [(5, 4)])
    assert not SQUARES.flanks(target, [(4, 5)], [(6, 6)])
    assert not SQUARES.flanks(target, [(4, 4)], [(6, 4)])


def test_d20_flank_squares_both_must_be_adjacent() -> None:
    assert not SQUARES.flanks([(5, 5)], [(3, 5)], [(6, 5)])
    assert not SQUARES.flanks([(5, 5)], [(3, 5)], [(7, 5)])


def test_d20_flank_squares_around_a_large_space() -> None:
    target = SQUARES.footprint((5, 5), 2)
    assert SQUARES.flanks(target, [(4, 5)], [(7, 6)])
    assert SQUARES.flanks(target, [(4, 6)], [(7, 5)])
    assert SQUARES.flanks(target, [(4, 4)], [(7, 7)])
    assert SQUARES.flanks(target, [(5, 4)], [(6, 7)])
    assert not SQUARES.flanks(target, [(4, 5)], [(5, 7)])
    assert not SQUARES.flanks(target, [(4, 4)], [(7, 6)])


def test_d20_flank_large_one_square_of_the_space_is_enough() -> None:
    ogre = SQUARES.footprint((3, 4), 2)
    assert SQUARES.flanks([(5, 5)], ogre, [(6, 5)])
    assert SQUARES.flanks([(5, 5)], ogre, [(6, 6)])
    assert not SQUARES.flanks([(5, 5)], ogre, [(5, 4)])
    assert HEXES.flanks([(5, 5)], HEXES.footprint((3, 5), 2), [(6, 5)])


def test_d20_flank_hexes_medium_directly_opposite() -> None:
    target = (5, 5)
    for index, (dq, dr) in enumerate(HEXES.steps):
        oq, orr = HEXES.steps[(index + 3) % 6]
        assert HEXES.flanks([target], [(5 + dq, 5 + dr)], [(5 + oq, 5 + orr)])


def test_d20_flank_hexes_medium_one_hex_apart_does_not_flank() -> None:
    target = [(5, 5)]
    assert not HEXES.flanks(target, [(6, 5)], [(4, 6)])
    assert not HEXES.flanks(target, [(6, 5)], [(5, 6)])
    assert not HEXES.flanks(target, [(6, 5)], [(3, 5)])


@pytest.mark.parametrize(
    ("extent", "ring", "flanking_gaps"),
    [(1, 6, {3}), (2, 9, {4, 5}), (3, 12, {6}), (4, 18, {7, 8, 9, 10, 11})],
    ids=["medium", "large", "huge", "gargantuan"],
)
def test_d20_flank_hexes_counting_round_the_ring(
    extent: int, ring: int, flanking_gaps: set[int]
) -> None:
    """Two flankers ``gap`` places apart round the ring have ``gap - 1`` hexes between
    them one way and ``ring - gap - 1`` the other."""
    target = HEXES.footprint((12, 12), extent)
    order = around(HEXES, target)
    assert len(order) == ring
    for start in range(ring):
        for gap in range(1, ring):
            a, b = order[start], order[(start + gap) % ring]
            assert HEXES.flanks(target, [a], [b]) == (gap in flanking_gaps), (start, gap)


def test_d20_flank_hexes_large_four_one_way_three_the_other() -> None:
    assert hexes_between_needed(9) == 3
    assert [hexes_between_needed(ring) for ring in (6, 12, 18)] == [2, 5, 6]


def flankers(*spaces: list[Cell], size: int = MEDIUM) -> list[Flanker]:
    return [Flanker(f"f{index}", space, size) for index, space in enumerate(spaces)]


def test_d20_flank_squares_creature_level_pair() -> None:
    target = FlankTarget([(5, 5)], MEDIUM)
    me, ally, bystander = flankers([(4, 5)], [(6, 5)], [(5, 4)])
    assert SQUARES.flanking(target, me, [ally, bystander]) == Flanking(True, ("f1",))
    assert SQUARES.flanking(target, bystander, [me]) == Flanking(False)
    assert not SQUARES.flanking(target, me, [])


def test_d20_flank_see_an_unseeing_or_incapacitated_creature_cannot_flank() -> None:
    target = FlankTarget([(5, 5)], MEDIUM)
    me, ally = flankers([(4, 5)], [(6, 5)])
    blind_me = Flanker("f0", [(4, 5)], MEDIUM, able=False)
    dazed_ally = Flanker("f1", [(6, 5)], MEDIUM, able=False)
    assert not SQUARES.flanking(target, blind_me, [ally])
    assert not SQUARES.flanking(target, me, [dazed_ally])


def test_d20_flank_size_limit_two_sizes_larger_at_most() -> None:
    huge = SQUARES.footprint((5, 5), 3)
    left, right = [(4, 6)], [(8, 6)]
    third = [(6, 4)]
    target = FlankTarget(huge, HUGE, needs=3)
    medium = flankers(left, right, third)
    assert SQUARES.flanking(target, medium[0], medium[1:])
    small = flankers(left, right, third, size=MEDIUM - 1)
    assert not SQUARES.flanking(target, small[0], small[1:])


def test_d20_flank_size_limit_immune_creatures() -> None:
    target = FlankTarget([(5, 5)], MEDIUM, immune=True)
    me, ally = flankers([(4, 5)], [(6, 5)])
    assert not SQUARES.flanking(target, me, [ally])


def test_d20_flank_count_smaller_flankers_need_enough_allies() -> None:
    huge = SQUARES.footprint((5, 5), 3)
    target = FlankTarget(huge, HUGE, needs=3)
    me, opposite, third = flankers([(4, 6)], [(8, 6)], [(6, 4)])
    assert not SQUARES.flanking(target, me, [opposite])
    assert SQUARES.flanking(target, me, [opposite, third]) == Flanking(True, ("f1",))
    unable = Flanker("f2", [(6, 4)], MEDIUM, able=False)
    assert not SQUARES.flanking(target, me, [opposite, unable])
    far = Flanker("f2", [(6, 2)], MEDIUM)
    assert not SQUARES.flanking(target, me, [opposite, far])


def test_d20_flank_count_large_targets_need_two() -> None:
    large = SQUARES.footprint((5, 5), 2)
    me, ally = flankers([(4, 5)], [(7, 6)])
    assert SQUARES.flanking(FlankTarget(large, LARGE, needs=2), me, [ally])


def test_d20_flank_count_gargantuan_needs_four() -> None:
    gargantuan = SQUARES.footprint((5, 5), 4)
    target = FlankTarget(gargantuan, GARGANTUAN, needs=4)
    west, east, north, south = flankers([(4, 6)], [(9, 7)], [(6, 4)], [(7, 9)], size=LARGE)
    assert not SQUARES.flanking(target, west, [east, north])
    assert SQUARES.flanking(target, west, [east, north, south]) == Flanking(True, ("f1",))


def test_d20_flank_count_same_size_two_always_suffice() -> None:
    huge = SQUARES.footprint((5, 5), 3)
    target = FlankTarget(huge, HUGE, needs=3)
    me = Flanker("me", SQUARES.footprint((2, 5), 3), HUGE)
    ally = Flanker("ally", SQUARES.footprint((8, 5), 3), HUGE)
    assert SQUARES.flanking(target, me, [ally]) == Flanking(True, ("ally",))
    smaller_ally = Flanker("ally", [(8, 6)], MEDIUM)
    assert not SQUARES.flanking(target, me, [smaller_ally])


def test_d20_flank_hexes_creature_level_on_a_large_target() -> None:
    triangle = HEXES.footprint((12, 12), 2)
    order = around(HEXES, triangle)
    target = FlankTarget(triangle, LARGE, needs=2)
    me, ally, near = flankers([order[0]], [order[4]], [order[3]])
    assert HEXES.flanking(target, me, [ally, near]) == Flanking(True, ("f1",))
    assert not HEXES.flanking(target, me, [near])

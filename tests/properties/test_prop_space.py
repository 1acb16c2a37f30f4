"""The shortcuts of the attack's geometry give the answers of the long way round: cover
leaves out only creatures that touch no line (``Geometry.line_box``), and ``Board.flanks``
is ``Board.flanking`` without its reason."""

from __future__ import annotations

from hypothesis import given, settings
from properties.conftest import PROPERTIES, encounters, examples

from service.rules import find_ruleset
from service.rules.mechanics.space import COVER_NAMES, board_of, living_allies, living_others
from service.rules.model import Draft, Encounter


@settings(PROPERTIES, max_examples=examples(60))
@given(encounters())
def test_cover_and_flanking_shortcuts_agree_with_the_long_way(enc: Encounter) -> None:
    ruleset = find_ruleset(enc.ruleset)
    board = board_of(Draft(enc), ruleset)
    living = [c for c in enc.combatants if not c.dead]
    for a in living:
        for b in living:
            if a.id == b.id:
                continue
            others = living_others(enc, a.id, b.id)
            every = [board.cells(o) for o in others]
            whole = board.geometry.cover(board.cells(a), board.cells(b), every)
            assert board.cover(a, b, others) == COVER_NAMES[whole]
            allies = living_allies(enc, a, b.id)
            assert allies == [o for o in others if o.side == a.side]
            assert board.flanks(enc, a, b, allies) == board.flanking(enc, a, b, allies)[0]

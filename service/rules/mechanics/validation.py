"""Checks on an encounter that its types alone can't express.

The transports validate types and bounds; these checks need the whole encounter and the
ruleset's size ladder: ids and names that can be shown (not blank, no control or
bidirectional characters), unique ids, sizes the ruleset knows, terrain, areas and spaces on
the grid, explicit footprints that hold their position, spaces not shared, an order and a
turn that name combatants, dice notation that parses.
"""

from __future__ import annotations

import unicodedata
from fractions import Fraction

from ..dice import parse
from ..errors import InvalidAction
from ..grid import Cell, Geometry, Kind
from ..model import Combatant, Cond, Encounter
from .durations import check_durations
from .space import Board

P = "encounter"


def validate_encounter(enc: Encounter, board: Board) -> None:
    """Refuse an inconsistent encounter with an :class:`InvalidAction` naming the field."""
    _check_terrain(enc, board.geometry)
    ids = _check_combatants(enc, board)
    _check_order(enc, ids)
    _check_areas(enc, board.geometry)
    check_durations(enc)


def _check_terrain(enc: Encounter, geometry: Geometry) -> None:
    """Every blocked, difficult, climbing and swimming cell is on the grid."""
    grid = enc.grid
    square = geometry.kind is Kind.SQUARE
    width, height = grid.width, grid.height
    for name in ("blocked", "difficult", "climb", "swim"):
        for i, cell in enumerate(getattr(grid, name)):
            if square and 0 <= cell.x < width and 0 <= cell.y < height:
                continue
            if not geometry.in_bounds(cell.key()):
                raise InvalidAction(
                    f"cell ({cell.x}, {cell.y}) is off the grid", (P, "grid", name, i)
                )


def _check_combatants(enc: Encounter, board: Board) -> dict[str, int]:
    """Each combatant on its own, then the spaces they fill together; answers the index of
    each id."""
    seen: dict[str, int] = {}
    spaces = _Spaces(enc)
    dice_seen: set[str] = set()
    for i, c in enumerate(enc.combatants):
        _check_identity(c, i, seen)
        seen[c.id] = i
        _check_vitals(enc, board, c, i)
        _check_dice_once(c, i, dice_seen)
        cells = _check_placement(board, c, i)
        if not c.dead:
            spaces.take(board, c, i, cells)
    return seen


def _check_identity(c: Combatant, i: int, seen: dict[str, int]) -> None:
    """An id and a name that can be shown, and an id no earlier combatant has."""
    texts = c.id + c.name
    if not (texts.isascii() and texts.isprintable() and c.id.strip() and c.name.strip()):
        _check_texts(c, i)
    if c.id in seen:
        raise InvalidAction(
            f"duplicate combatant id {c.id!r} (also at combatants[{seen[c.id]}])",
            (P, "combatants", i, "id"),
        )


def _check_vitals(enc: Encounter, board: Board, c: Combatant, i: int) -> None:
    """A size the ruleset knows, HP at most max HP, a dead creature at 0 HP."""
    sizes = board.sizes
    if c.size not in sizes:
        raise InvalidAction(
            f"size {c.size!r} is not one of the {enc.ruleset} sizes: {', '.join(sizes)}",
            (P, "combatants", i, "size"),
        )
    if c.hp > c.max_hp:
        raise InvalidAction(f"hp {c.hp} is above maxHp {c.max_hp}", (P, "combatants", i, "hp"))
    if c.dead and c.hp != 0:
        raise InvalidAction("a dead combatant has 0 hp", (P, "combatants", i, "hp"))


def _check_dice_once(c: Combatant, i: int, dice_seen: set[str]) -> None:
    """The attacks' damage dice parse; notation already seen is not parsed again."""
    for attack in c.attacks:
        if attack.damage not in dice_seen:
            _check_attack_dice(c, i)
            dice_seen.update(a.damage for a in c.attacks)
            return


def _check_placement(board: Board, c: Combatant, i: int) -> tuple[Cell, ...]:
    """The creature's space is on the grid and off the walls; answers the cells it fills."""
    if c.footprint or board.extent[c.size] != 1:
        if c.footprint:
            check_footprint(c, (P, "combatants", i))
        cells = board.cells(c)
        _check_space(board, c, i, board.footprint(c))
        return cells
    geometry = board.geometry
    x, y = c.position.x, c.position.y
    cell = (x, y)
    if geometry.kind is Kind.SQUARE:
        fits = 0 <= x < geometry.width and 0 <= y < geometry.height
    else:
        fits = geometry.in_bounds(cell)
    if not fits or cell in geometry.blocked:
        _check_space(board, c, i, (cell,))
    return (cell,)


class _Spaces:
    """The cells the living combatants fill so far: a cell holds one creature, or
    creatures small enough to share it up to a whole cell between them."""

    __slots__ = ("enc", "occupied", "tiny_count")

    def __init__(self, enc: Encounter) -> None:
        self.enc = enc
        self.occupied: dict[Cell, tuple[int, bool]] = {}
        """Each filled cell: the index of a combatant in it, and whether it shares cells."""
        self.tiny_count: dict[Cell, Fraction] = {}

    def take(self, board: Board, c: Combatant, i: int, cells: tuple[Cell, ...]) -> None:
        """Refuse a creature in a space another holds; else it holds its cells."""
        share = board.tile_share(c)
        tiny = share < 1
        occupied = self.occupied
        if not tiny and len(cells) == 1 and cells[0] not in occupied:
            occupied[cells[0]] = (i, False)
            return
        for cell in cells:
            other = occupied.get(cell)
            if other is not None and not (tiny and other[1]):
                raise InvalidAction(
                    f"{c.name} and {self.enc.combatants[other[0]].name} are in the same space "
                    f"({cell[0]}, {cell[1]})",
                    (P, "combatants", i, "position"),
                )
            if tiny:
                self.tiny_count[cell] = self.tiny_count.get(cell, 0) + share
                if self.tiny_count[cell] > 1:
                    raise InvalidAction(
                        f"more small creatures share ({cell[0]}, {cell[1]}) than it holds",
                        (P, "combatants", i, "position"),
                    )
            occupied[cell] = (i, tiny)


def _check_order(enc: Encounter, ids: dict[str, int]) -> None:
    """The turn and the order name combatants, each once."""
    if enc.turn_of is not None and enc.turn_of not in ids:
        raise InvalidAction(f"turnOf names no combatant: {enc.turn_of!r}", (P, "turnOf"))
    listed: set[str] = set()
    for i, entry in enumerate(enc.order):
        if entry.combatant_id not in ids:
            raise InvalidAction(
                f"the order names no combatant: {entry.combatant_id!r}",
                (P, "order", i, "combatantId"),
            )
        if entry.combatant_id in listed:
            raise InvalidAction(
                f"{entry.combatant_id!r} is in the order twice", (P, "order", i, "combatantId")
            )
        listed.add(entry.combatant_id)


def _check_areas(enc: Encounter, geometry: Geometry) -> None:
    """Every area's centre is on the grid."""
    for i, area in enumerate(enc.areas):
        if not geometry.in_bounds(area.center.key()):
            raise InvalidAction(
                f"the area's centre ({area.center.x}, {area.center.y}) is off the grid",
                (P, "areas", i, "center"),
            )


def _check_texts(c: Combatant, i: int) -> None:
    for field, text in (("id", c.id), ("name", c.name)):
        problem = text_problem(text) or (id_problem(text) if field == "id" else None)
        if problem is not None:
            raise InvalidAction(
                f"combatant {field} {text!r} {problem}", (P, "combatants", i, field)
            )


def _check_attack_dice(c: Combatant, i: int) -> None:
    for j, attack in enumerate(c.attacks):
        check_dice(attack.damage, (P, "combatants", i, "attacks", j, "damage"))


def _check_space(board: Board, c: Combatant, i: int, space: tuple[Cell, ...]) -> None:
    """A space off the grid or on a wall (a squeezing creature's may overlap walls)."""
    geometry = board.geometry
    squeezed = c.has(Cond.SQUEEZING) and _squeeze_fits(board, c, space)
    for cell in space:
        if not geometry.in_bounds(cell):
            raise InvalidAction(
                f"{c.name}'s space reaches ({cell[0]}, {cell[1]}), off the "
                f"{geometry.width}x{geometry.height} grid",
                (P, "combatants", i, "position"),
            )
        if cell in geometry.blocked and not squeezed:
            raise InvalidAction(
                f"{c.name}'s space includes the blocked cell ({cell[0]}, {cell[1]})",
                (P, "combatants", i, "position"),
            )


BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The bidirectional marks, embeddings, overrides and isolates (U+202E turns a name around
on screen)."""


def text_problem(text: str) -> str | None:
    """Why ``text`` can't be an id or a name: blank or whitespace only, or holding a
    control character (NUL, a newline...), a lone surrogate, a line or paragraph separator,
    or a bidirectional control; None when it can."""
    if text.isascii() and text.isprintable():
        return None if text.strip() else "is blank"
    if not text.strip():
        return "is blank"
    for ch in text:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS:
            return f"holds the control character U+{ord(ch):04X}"
    return None


def id_problem(text: str) -> str | None:
    """Why ``text`` can't be a combatant's id though it could be a name: one id is one
    creature, so an id that would look like another is refused (not silently folded, which
    would leave the requests naming it unmatched): it must be in Unicode's NFKC form (NFD
    ``e`` + U+0301 is ``é``, ``ﬁ`` is ``fi``) and hold no format character (category
    Cf: U+200B, U+00AD, U+2060...), which shows as nothing. None when it can."""
    if text.isascii():
        return None
    for ch in text:
        if unicodedata.category(ch) == "Cf":
            return f"holds the invisible format character U+{ord(ch):04X}"
    if not unicodedata.is_normalized("NFKC", text):
        normal = unicodedata.normalize("NFKC", text)
        return f"is not in Unicode's NFKC form: write it {normal!r}"
    return None


def _squeeze_fits(board: Board, c: Combatant, cells: tuple[Cell, ...]) -> bool:
    """A squeezing creature's space may overlap walls, as long as the space of a creature
    one size smaller fits inside it (``d20.size.squeeze``); it then fills only the cells
    that are not walls (:meth:`Board.cells`)."""
    rank = board.rank(c)
    if rank == 0 or c.footprint:
        return False
    smaller = board.extent[board.sizes[rank - 1]]
    space = set(cells)
    geometry = board.geometry
    return any(
        set(inner) <= space and not any(cell in geometry.blocked for cell in inner)
        for inner in (geometry.footprint(anchor, smaller) for anchor in cells)
    )


def check_footprint(c: Combatant, path: tuple[str | int, ...]) -> None:
    """An explicit footprint holds the creature's position (the cell a move shifts it by)
    and no cell twice."""
    cells = [cell.key() for cell in c.footprint or ()]
    if c.position.key() not in cells:
        raise InvalidAction(
            f"{c.name}'s footprint does not hold its position ({c.position.x}, {c.position.y})",
            (*path, "footprint"),
        )
    if len(set(cells)) != len(cells):
        raise InvalidAction(f"{c.name}'s footprint names a cell twice", (*path, "footprint"))


def check_dice(notation: str, path: tuple[str | int, ...]) -> None:
    """Refuse bad dice notation up front, whether or not the dice would be rolled."""
    try:
        parse(notation)
    except InvalidAction as e:
        raise e.at(*path) from None

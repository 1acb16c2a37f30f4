"""Hypothesis strategies for the engine properties: random valid encounters for every
ruleset, random action scripts, and a runner that applies a script as a chain.

An encounter is built as engine objects (placed on free cells with the ruleset's own
geometry, so every one passes ``validate_encounter``). A script is a list of
:class:`Recipe` values: abstract choices (indices, flags, amounts) that
:func:`make_action` turns into a concrete action against whatever state the chain has
reached, so the same script stays meaningful however earlier actions went.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from dataclasses import dataclass
from random import Random
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from service.rules import ACTIONS, Result, RulesError, apply, find_ruleset
from service.rules.mechanics.space import board_for
from service.rules.model import (
    Abilities,
    Area,
    Attack,
    Cell,
    Combatant,
    Condition,
    DeathSaves,
    Duration,
    Effect,
    Encounter,
    Grid,
)
from service.rules.model.requests import OpportunityChoice

PARAMS: dict[str, type] = {spec.name: spec.params for spec in ACTIONS}
"""Every registered action's parameter type, by its camelCase name."""

RULESETS = ("d20", "d100", "d10")
SIDES = ("party", "goblins", "undead")
DICE = ("1d4", "1d6+2", "1d8+3", "2d6", "1d10-1", "1d12+4", "4d6kh3", "2d8", "1d4+1d6", "3d6+5")
HEALING = ("2d4+2", "1d4", "4d4+4", "1d8-1")

settings.register_profile(
    "properties",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    # No explain phase: on Python 3.11 it shrinks a failure under sys.settrace, which on a
    # saturated machine ran past the 300 s timeout and reported a timeout instead of the
    # falsifying example (it only annotates a failure; every example still runs).
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
)
PROPERTIES = settings.get_profile("properties")
SCALE = int(os.environ.get("PROPERTIES_SCALE", "1"))
"""Multiplies every property's example count (``PROPERTIES_SCALE=20`` for a long hunt)."""


def examples(n: int) -> int:
    return n * SCALE


# -- encounters ------------------------------------------------------------------------------


@st.composite
def attacks(draw: st.DrawFn, index: int) -> Attack:
    kind: Any = draw(st.sampled_from(["melee", "melee", "ranged", "spell"]))
    rng: int | None = None
    long: int | None = None
    if kind != "melee":
        rng = draw(st.sampled_from([None, 20, 30, 60]))
        if rng is not None and draw(st.booleans()):
            long = rng * 4
    return Attack(
        name=f"{kind}-{index}",
        bonus=draw(st.integers(-2, 10)),
        damage=draw(st.sampled_from(DICE)),
        kind=kind,
        reach=draw(st.sampled_from([5, 5, 10])),
        range=rng,
        long_range=long,
    )


@st.composite
def encounters(draw: st.DrawFn, ruleset: str | None = None) -> Encounter:
    """A valid encounter: a small square or hex map, 2 to 8 combatants placed without
    overlap off the walls, hp within [0, maxHp], consistent 0-HP states."""
    rid: Any = ruleset or draw(st.sampled_from(RULESETS))
    rules = find_ruleset(rid)
    kind: Any = draw(st.sampled_from(["square", "hex"]))
    width = draw(st.integers(3, 8))
    height = draw(st.integers(3, 8))
    grid = Grid(width, height, kind, draw(st.sampled_from(["pointy", "flat"])))
    bare = board_for(grid, rules).geometry
    every = [bare.from_offset(col, row) for row in range(height) for col in range(width)]
    cells = st.sampled_from(every)
    blocked = draw(st.lists(cells, max_size=len(every) // 5, unique=True))
    difficult = draw(st.lists(cells, max_size=len(every) // 4, unique=True))
    grid.blocked = [Cell(*c) for c in blocked]
    grid.difficult = [Cell(*c) for c in difficult if c not in blocked]
    grid.climb = [Cell(*c) for c in draw(st.lists(cells, max_size=3, unique=True))]
    grid.swim = [Cell(*c) for c in draw(st.lists(cells, max_size=3, unique=True))]
    board = board_for(grid, rules)
    geometry = board.geometry
    free = [c for c in every if c not in blocked]

    taken: set[tuple[int, int]] = set()
    combatants: list[Combatant] = []
    wanted = draw(st.integers(2, 8))
    for i in range(wanted):
        c = draw(combatants_strategy(rid, i))
        start = draw(st.integers(0, len(free) - 1))
        placed = False
        for size in (c.size, "medium"):
            c.size = size
            for j in range(len(free)):
                c.position = Cell(*free[(start + j) % len(free)])
                space = board.cells(c)
                if all(
                    geometry.in_bounds(s) and s not in geometry.blocked and s not in taken
                    for s in space
                ):
                    placed = True
                    break
            if placed:
                break
        if not placed:
            break
        if not c.dead:
            taken.update(board.cells(c))
        combatants.append(c)
    if len(combatants) < 2:
        # A map too crowded: fall back to two medium combatants on the first free cells.
        combatants = combatants[:0]
        for i, cell in enumerate(free[:2]):
            c = draw(combatants_strategy(rid, i))
            c.size = "medium"
            c.position = Cell(*cell)
            combatants.append(c)
    if len({c.side for c in combatants}) == 1:
        combatants[-1].side = "goblins" if combatants[0].side != "goblins" else "party"
    areas = []
    if draw(st.integers(0, 4)) == 0:
        areas.append(
            Area(Cell(*draw(cells)), draw(st.sampled_from([0, 5, 10])), duration=draw(durations))
        )
    return Encounter(rid, grid, combatants, areas=areas)


durations = st.one_of(
    st.none(),
    st.builds(
        Duration,
        ends=st.sampled_from(["start", "end"]),
        of=st.sampled_from(["c0", "c1", "c2"]),
        turns=st.integers(1, 2),
    ),
    st.builds(Duration, rounds=st.integers(1, 3)),
    st.builds(Duration, until_damaged=st.just(True)),
)


def conditions_strategy() -> st.SearchStrategy[Condition]:
    names = ["prone", "poisoned", "blinded", "restrained", "invisible", "grappled", "frightened"]
    return st.builds(Condition, name=st.sampled_from(names), duration=durations)


def effects_strategy() -> st.SearchStrategy[Effect]:
    return st.builds(
        Effect,
        kind=st.sampled_from(["advantage", "disadvantage", "ac-bonus", "speed-halved"]),
        roll=st.sampled_from(["attack", "attacks-against", "save"]),
        value=st.integers(-2, 5),
        uses=st.sampled_from([None, 1, 2]),
        duration=durations,
    )


@st.composite
def combatants_strategy(draw: st.DrawFn, ruleset: str, index: int) -> Combatant:
    rules = find_ruleset(ruleset)
    max_hp = draw(st.integers(1, 40))
    kind: Any = draw(st.sampled_from(["pc", "monster", "monster"]))
    villain = kind == "monster" and draw(st.integers(0, 4)) == 0
    size: Any = draw(st.sampled_from([*rules.sizes, "medium", "medium", "medium", "small"]))
    state = draw(st.sampled_from(["up"] * 8 + ["down", "stable", "dead"]))
    hp = draw(st.integers(1, max_hp))
    conditions = draw(st.lists(conditions_strategy(), max_size=2))
    effects = draw(st.lists(effects_strategy(), max_size=2))
    death_saves = DeathSaves()
    stable = dead = False
    pcish = kind == "pc" or villain
    if state == "dead":
        hp, dead = 0, True
    elif state in ("down", "stable") and pcish:
        hp = 0
        conditions.append(Condition("unconscious"))
        if state == "stable":
            stable = True
        else:
            death_saves = DeathSaves(draw(st.integers(0, 2)), draw(st.integers(0, 2)))
    n_attacks = draw(st.integers(0, 2))
    return Combatant(
        id=f"c{index}",
        name=f"C{index}",
        side=draw(st.sampled_from(SIDES)),
        position=Cell(0, 0),
        hp=hp,
        max_hp=max_hp,
        ac=draw(st.integers(8, 20)),
        kind=kind,
        villain=villain,
        size=size,
        temp_hp=draw(st.sampled_from([0, 0, 0, 3, 8])),
        speed=draw(st.sampled_from([0, 20, 30, 30, 40])),
        initiative_bonus=draw(st.integers(-2, 5)),
        abilities=Abilities(
            strength=draw(st.integers(-1, 4)),
            dexterity=draw(st.integers(-1, 4)),
            wisdom=draw(st.integers(-1, 4)),
        ),
        attacks=[draw(attacks(j)) for j in range(n_attacks)],
        attacks_per_action=draw(st.sampled_from([1, 1, 2])),
        conditions=conditions,
        effects=effects,
        death_saves=death_saves,
        exhaustion=draw(st.sampled_from([0, 0, 0, 1, 3])),
        group=draw(st.sampled_from([None, None, None, "pack"])),
        controller="c0" if index > 0 and draw(st.integers(0, 6)) == 0 else None,
        stable=stable,
        dead=dead,
    )


# -- action scripts --------------------------------------------------------------------------

KINDS = (
    "rollInitiative",
    "resolveAttack",
    "resolveAttack",
    "resolveAttack",
    "applyDamage",
    "applyDamage",
    "nextTurn",
    "nextTurn",
    "nextTurn",
    "moveCombatant",
    "moveCombatant",
    "dash",
    "dodge",
    "disengage",
    "hide",
    "help",
    "ready",
    "triggerReadied",
    "stabilize",
    "drinkPotion",
    "heal",
    "heal",
    "interact",
    "standUp",
    "dropProne",
    "lowerInitiative",
    "resolveChoice",
    "shove",
    "grapple",
    "escapeGrapple",
    "search",
    "reload",
)


D100_ONLY = frozenset({"shove", "grapple", "reload"})
"""Actions only the d100 ruleset has; elsewhere their recipes become attacks (escaping a
grapple is every ruleset's: ``d20.crit.effects`` decision 7; so is Search: ``d20.hide``)."""


@dataclass(frozen=True)
class Recipe:
    """An abstract action: ``kind`` and free choices that :func:`make_action` interprets
    against the current state."""

    kind: str
    actor: int
    """Index of the acting combatant; -1 means whoever's turn it is."""
    other: int
    cell: int
    amount: int
    flags: tuple[bool, ...]
    pick: int
    walk: tuple[int, ...]


recipes = st.builds(
    Recipe,
    kind=st.sampled_from(KINDS),
    actor=st.sampled_from([-1, -1, -1, 0, 1, 2, 3, 4, 5, 6, 7]),
    other=st.integers(0, 9),
    cell=st.integers(0, 63),
    amount=st.one_of(st.integers(0, 12), st.integers(0, 120)),
    flags=st.tuples(*[st.booleans()] * 6),
    pick=st.integers(0, 5),
    walk=st.lists(st.integers(0, 7), max_size=6).map(tuple),
)
seeds = st.integers(0, 2**32 - 1)


@st.composite
def scripts(draw: st.DrawFn) -> list[tuple[Recipe, int]]:
    """Mostly a fight: initiative first, then anything (refused actions included)."""
    steps = draw(st.lists(st.tuples(recipes, seeds), min_size=1, max_size=25))
    if draw(st.integers(0, 3)):
        first = draw(st.builds(Recipe, kind=st.just("rollInitiative"), actor=st.just(-1),
                               other=st.just(0), cell=st.integers(0, 63), amount=st.just(0),
                               flags=st.tuples(*[st.booleans()] * 6), pick=st.integers(0, 5),
                               walk=st.just(())))  # fmt: skip
        steps.insert(0, (first, draw(seeds)))
    return steps


"""A chain: each recipe with the seed of the ``random.Random`` it is applied with."""


def grid_cells(enc: Encounter) -> list[tuple[int, int]]:
    """Every cell of the map, in offset order."""
    geometry = board_for(enc.grid, find_ruleset(enc.ruleset)).geometry
    g = enc.grid
    return [geometry.from_offset(col, row) for row in range(g.height) for col in range(g.width)]


def walk_from(enc: Encounter, start: tuple[int, int], steps: tuple[int, ...]) -> list[Cell]:
    """A path of adjacent steps from ``start`` (legal or not: the engine decides)."""
    geometry = board_for(enc.grid, find_ruleset(enc.ruleset)).geometry
    here = start
    path = []
    for index in steps:
        dx, dy = geometry.steps[index % len(geometry.steps)]
        here = (here[0] + dx, here[1] + dy)
        path.append(Cell(*here))
    return path


def reactions(other: Combatant, r: Recipe) -> list[OpportunityChoice]:
    """What the move's recipe says ``other`` does with an opportunity attack (nothing: it
    follows ``otherReactors``)."""
    if r.pick % 3 == 0:
        return []
    f = r.flags
    name = other.attacks[0].name if other.attacks and f[5] else None
    return [OpportunityChoice(other.id, take=r.pick % 3 == 1, attack_name=name, knockout=f[1])]


def make_action(enc: Encounter, r: Recipe) -> object:
    """The concrete action ``r`` stands for in ``enc``."""
    ids = [c.id for c in enc.combatants]
    if r.actor < 0 and enc.turn_of is not None:
        actor = enc.combatant(enc.turn_of)
    else:
        actor = enc.combatants[r.actor % len(ids)]
    other = enc.combatants[r.other % len(ids)]
    if other.id == actor.id:
        other = enc.combatants[(r.other + 1) % len(ids)]
    if r.other >= 4:  # the nearest other creature: attacks, shoves and grapples can reach
        geometry = board_for(enc.grid, find_ruleset(enc.ruleset)).geometry
        here = actor.position.key()
        other = min(
            (c for c in enc.combatants if c.id != actor.id),
            key=lambda c: (geometry.distance(here, c.position.key()), c.dead),
        )
    f = r.flags
    spend = ("action", "action", "bonus-action", "reaction", "free", "action")[r.pick]
    cells = grid_cells(enc)
    cell = Cell(*cells[r.cell % len(cells)])
    kind = r.kind
    if kind in D100_ONLY and enc.ruleset != "d100":
        kind = "resolveAttack"
    if kind == "resolveChoice" and not enc.pending_choices:
        kind = "nextTurn"
    cls = PARAMS[kind]
    if kind == "rollInitiative":
        surprised = [cid for i, cid in enumerate(ids) if i % 4 == r.pick and f[0] and f[1]]
        if enc.ruleset != "d100":
            return cls(surprised=surprised)
        if f[5]:
            order = ids[r.pick % len(ids) :] + ids[: r.pick % len(ids)]
            return cls(surprised=surprised, order=order)
        return cls(surprised=surprised, entry_point=cell)
    if kind == "resolveAttack":
        inline = None
        name = None
        if actor.attacks and not f[4]:
            name = actor.attacks[r.pick % len(actor.attacks)].name
        elif f[5] or not actor.attacks:
            inline = Attack(
                "improvised",
                bonus=r.amount % 8,
                damage=DICE[r.amount % len(DICE)],
                kind="spell" if r.amount % 3 else "melee",  # a spell with no range reaches
            )
        cover = (None, None, None, "half", "three-quarters", "total")[r.pick]
        return cls(
            actor.id,
            other.id,
            attack_name=name,
            attack=inline,
            advantage=f[0],
            disadvantage=f[1],
            cover=cover,
            apply_damage=not (f[2] and f[3]),
            knockout=f[3],
            spend=spend,
        )
    if kind == "applyDamage":
        return cls(
            other.id,
            r.amount,
            critical=f[0],
            source_id=actor.id if f[1] else None,
            melee=f[2],
            knockout=f[3],
        )
    if kind == "nextTurn":
        return cls(expected_turn_of=enc.turn_of if f[0] else None)
    if kind == "moveCombatant":
        choices = reactions(other, r)
        declines: Any = "decline" if f[4] and f[5] else "take"
        if f[0] and r.walk:
            path = walk_from(enc, actor.position.key(), r.walk)
            return cls(actor.id, path=path, forced=f[2], fly=f[3] and f[4],
                       opportunity_attacks=choices, other_reactors=declines)  # fmt: skip
        return cls(actor.id, to=cell, teleport=f[1] and f[3], forced=f[2],
                   opportunity_attacks=choices, other_reactors=declines)  # fmt: skip
    if kind in ("dash", "dodge", "disengage", "hide"):
        return cls(actor.id, spend=spend)
    if kind == "help":
        return cls(actor.id, other.id, target_id=None if f[0] else ids[r.cell % len(ids)])
    if kind == "ready":
        name = actor.attacks[0].name if actor.attacks and f[0] else None
        return cls(actor.id, "a foe comes near", action="attack" if f[1] else "move",
                   attack_name=name)  # fmt: skip
    if kind == "triggerReadied":
        if actor.readied is not None and actor.readied.action == "move" and f[0]:
            if f[2] and r.walk:
                path = walk_from(enc, actor.position.key(), r.walk)
                return cls(actor.id, path=path, opportunity_attacks=reactions(other, r))
            return cls(
                actor.id, to=cell, fly=f[3] and f[4], opportunity_attacks=reactions(other, r)
            )
        return cls(actor.id, fire=f[0], target_id=other.id, keep=f[1], knockout=f[3],
                   advantage=f[4], cover=(None, "half")[r.pick % 2])  # fmt: skip
    if kind == "stabilize":
        return cls(actor.id, other.id)
    if kind == "drinkPotion":
        source = ("hand", "pouch", "belt", "backpack", "hand", "hand")[r.pick]
        return cls(
            actor.id,
            target_id=other.id if f[0] else None,
            source=source,
            healing=HEALING[r.amount % len(HEALING)],
        )
    if kind == "heal":
        return cls(other.id, r.amount, source_id=actor.id if f[0] else None)
    if kind == "interact":
        return cls(actor.id)
    if kind in ("standUp", "dropProne", "search", "escapeGrapple"):
        return cls(actor.id)
    if kind == "lowerInitiative":
        return cls(actor.id, r.amount % 30 - 5)
    if kind == "resolveChoice":
        if not enc.pending_choices:
            return cls("none", "accept")
        choice = enc.pending_choices[r.pick % len(enc.pending_choices)]
        return cls(choice.id, "accept" if f[0] else "decline", detail="north" if f[1] else None)
    if kind == "shove":
        return cls(actor.id, other.id, mode="push" if f[0] else "prone", spend=spend)
    if kind == "grapple":
        return cls(actor.id, other.id, free_hand=f[0], spend=spend)
    if kind == "reload":
        return cls(actor.id, actor.attacks[0].name if actor.attacks else "none")
    raise AssertionError(kind)


@dataclass
class Step:
    """One link of a chain: the state before, the action, and what came of it."""

    before: Encounter
    action: object
    result: Result | None
    error: RulesError | None


def run_chain(enc: Encounter, script: list[tuple[Recipe, int]]) -> Iterator[Step]:
    """Apply the script in a chain; a refused action leaves the state where it was."""
    for recipe, seed in script:
        action = make_action(enc, recipe)
        try:
            result = apply(enc, action, Random(seed))
        except RulesError as error:
            yield Step(enc, action, None, error)
            continue
        yield Step(enc, action, result, None)
        enc = result.encounter


def snapshot(value: Any) -> Any:
    return copy.deepcopy(value)

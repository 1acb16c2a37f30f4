"""Random legal play, and the ends of every state it leaves behind.

:func:`play_legally` rolls initiative on a random encounter (``properties.conftest``), then
applies random recipes, most of them by whoever's turn it is, some with a natural 20 or 1
and a d100 band forced by :class:`factories.SteeredRandom` so the critical tables' states
appear; an action the rules refuse is dropped (the state stays where it was), so what is
left is a legal game. :func:`lasting_states` lists every condition, effect, pending choice,
readied action and area in a state, each with the end the rules give it (RULES.md: "a state a
rule creates always has a way to end"), and :func:`play_rounds` plays only ``nextTurn``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from random import Random
from typing import Any

from factories import SteeredRandom
from hypothesis import strategies as st
from properties.conftest import Recipe, encounters, make_action, recipes, seeds

from service.rules import IllegalAction, Result, RulesError, apply, find_ruleset
from service.rules.mechanics.space import board_for
from service.rules.model import Attack, Combatant, Encounter
from service.rules.model.effects import Cond, Duration
from service.rules.model.requests import ApplyDamage, NextTurn, ResolveAttack, RollInitiative

Steer = tuple[tuple[int, int], ...]
Move = tuple[Recipe, int, Steer]
"""One step of random play: the recipe, the seed of its dice, the dice it forces first."""

CRIT_KINDS = ("resolveAttack", "resolveAttack", "resolveAttack", "triggerReadied")

steers: st.SearchStrategy[Steer] = st.one_of(
    st.just(()),
    st.just(()),
    st.tuples(
        st.tuples(st.just(20), st.sampled_from([20, 1])),
        st.tuples(st.just(100), st.integers(1, 100)),
    ),
)
moves: st.SearchStrategy[Move] = st.tuples(
    st.tuples(recipes, st.integers(0, 19)).map(
        lambda pair: (
            _by_the_actor(pair[0], STRIKE)
            if pair[1] < 9
            else _by_the_actor(pair[0], KILL)
            if pair[1] == 9
            else pair[0]
        )
    ),
    seeds,
    steers,
)
"""Nearly half strikes, one in twenty the DM killing a creature (the creator of what it made,
often), the rest the recipes of ``properties.conftest``."""
STRIKE = "strike"
"""A recipe kind of this driver: whoever's turn it is attacks the nearest standing foe with an
attack that reaches it (a melee weapon, or a ranged or spell attack with no range limit)."""
KILL = "kill"
"""A recipe kind of this driver: the DM deals a combatant damage enough for instant death."""


def _by_the_actor(r: Recipe, kind: str) -> Recipe:
    return Recipe(kind, -1, r.other, r.cell, r.amount, r.flags, r.pick, r.walk)


def nearest_foe(enc: Encounter, cid: str) -> Combatant | None:
    me = enc.combatant(cid)
    geometry = board_for(enc.grid, find_ruleset(enc.ruleset)).geometry
    foes = [c for c in enc.combatants if enc.hostile(me, c) and not c.dead]
    if not foes:
        return None
    here = me.position.key()
    return min(foes, key=lambda c: geometry.distance(here, c.position.key()))


def make_move(enc: Encounter, r: Recipe) -> object | None:
    """The action a recipe stands for, or None when there is nobody to play it."""
    if r.kind == KILL:
        victim = enc.combatants[r.other % len(enc.combatants)]
        return ApplyDamage(victim.id, victim.hp + victim.temp_hp + 2 * victim.max_hp + 1)
    if r.kind != STRIKE:
        return make_action(enc, r)
    if enc.turn_of is None:
        return None
    foe = nearest_foe(enc, enc.turn_of)
    if foe is None:
        return None
    geometry = board_for(enc.grid, find_ruleset(enc.ruleset)).geometry
    near = geometry.distance(enc.combatant(enc.turn_of).position.key(), foe.position.key()) <= 1
    kinds = ("melee", "ranged", "spell") if near else ("ranged", "spell")
    kind: Any = kinds[r.pick % len(kinds)]
    weapon = Attack(f"{kind}-strike", bonus=r.amount % 8, damage="1d6+1", kind=kind)
    spend = "action" if r.flags[0] and r.flags[1] else "free"
    knockout = kind == "melee" and r.flags[3]
    return ResolveAttack(enc.turn_of, foe.id, attack=weapon, spend=spend, knockout=knockout)


@st.composite
def games(draw: st.DrawFn, ruleset: str | None = None) -> tuple[Encounter, list[Move]]:
    """A random encounter with initiative rolled, and a few rounds' worth of moves."""
    enc = draw(encounters(ruleset))
    ids = [c.id for c in enc.combatants]
    start = RollInitiative(order=ids) if enc.ruleset == "d100" else RollInitiative()
    started = apply(enc, start, Random(draw(seeds))).encounter
    return started, draw(st.lists(moves, min_size=4, max_size=30))


@dataclass
class Played:
    """One accepted action of random play."""

    before: Encounter
    action: object
    result: Result


def play_legally(enc: Encounter, script: list[Move]) -> Iterator[Played]:
    """Apply each move the rules accept, in a chain; refused ones are dropped."""
    for recipe, seed, steer in script:
        action = make_move(enc, recipe)
        if action is None:
            continue
        try:
            result = apply(enc, action, SteeredRandom(seed, list(steer)))
        except RulesError:
            continue
        yield Played(enc, action, result)
        enc = result.encounter


def final_state(enc: Encounter, script: list[Move]) -> Encounter:
    for played in play_legally(enc, script):
        enc = played.result.encounter
    return enc


def next_turn(enc: Encounter, seed: int = 0) -> Encounter:
    return apply(enc, NextTurn(), Random(seed)).encounter


def play_rounds(enc: Encounter, rounds: int, seed: int = 0) -> Encounter:
    """Only ``nextTurn``, until ``rounds`` more rounds have begun (or nobody is left to act)."""
    goal = enc.round + rounds
    for turn in range(rounds * (len(enc.combatants) + 2) + 4):
        if enc.round >= goal or enc.turn_of is None:
            break
        try:
            enc = next_turn(enc, seed + turn)
        except IllegalAction:  # the fight is over: one side is left standing
            break
    return enc


def kill(enc: Encounter, cid: str) -> Encounter:
    """Damage ``cid`` to instant death (``d20.death.instant``)."""
    c = enc.combatant(cid)
    if c.dead:
        return enc
    amount = c.hp + c.temp_hp + 2 * c.max_hp + 1
    return apply(enc, ApplyDamage(cid, amount), Random(0)).encounter


@dataclass(frozen=True)
class Lasting:
    """A state that must end: where it sits, what it is, and the end its rule gives it."""

    kind: str
    """``condition``, ``effect``, ``choice``, ``readied`` or ``area``."""
    holder: str
    """The combatant it sits on (``encounter`` for choices and areas)."""
    label: str
    end: str
    """``duration``: its duration runs out with turns or rounds; ``turn``: the turn it was made
    in ends it (a pending choice, a readied action at its owner's next turn); ``action``: an
    action ends it (standing up, escaping, healing, attacking or being found); ``uses``: the
    rolls it bends use it up; ``damage``: the next damage dealt to its holder; ``none``: no end."""
    duration: Duration | None = None
    source: str | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.kind, self.holder, self.label)


ACTION_ENDS = {
    Cond.PRONE: "standUp",
    Cond.GRAPPLED: "escapeGrapple",
    Cond.HIDDEN: "an attack or a Search",
    Cond.UNCONSCIOUS: "healing, or the death saves",
    Cond.RESTRAINED: "escapeGrapple",
    Cond.SQUEEZING: "a move to where its space fits",
}
"""The conditions whose end is an action or a rule, not a duration (``d20.cond``;
``d20.size.squeeze``: squeezing lasts while the creature's space doesn't fit where it stands,
and the move that takes it where it fits ends it)."""


def _timed(d: Duration | None) -> bool:
    return d is not None and (d.ends is not None or d.rounds is not None)


def lasting_states(enc: Encounter) -> list[Lasting]:
    out: list[Lasting] = []
    for c in enc.combatants:
        for cond in c.conditions:
            d = cond.duration
            if _timed(d):
                end = "duration"
            elif cond.name in ACTION_ENDS:
                end = "action"
            elif d is not None and d.until_damaged:
                end = "damage"
            else:
                end = "none"
            label = f"{cond.name}<-{cond.source}"
            out.append(Lasting("condition", c.id, label, end, d, cond.source))
        for eff in c.effects:
            d = eff.duration
            end = "duration" if _timed(d) else "uses" if eff.uses is not None else "none"
            label = f"{eff.kind}/{eff.roll}/{eff.against}/{eff.source}"
            out.append(Lasting("effect", c.id, label, end, d, eff.source))
        if c.readied is not None:
            out.append(Lasting("readied", c.id, c.readied.trigger, "turn"))
    for choice in enc.pending_choices:
        out.append(Lasting("choice", "encounter", choice.id, "turn", source=choice.source))
    for area in enc.areas:
        end = "duration" if _timed(area.duration) else "none"
        label = f"{area.kind}@{area.center.x},{area.center.y}"
        out.append(Lasting("area", "encounter", label, end, area.duration))
    return out


def created(before: Encounter, after: Encounter) -> list[Lasting]:
    """The lasting states of ``after`` that ``before`` did not hold."""
    old = {s.key for s in lasting_states(before)}
    return [s for s in lasting_states(after) if s.key not in old]


def rounds_to_run_out(d: Duration | None) -> int:
    """Enough rounds of ``nextTurn`` for ``d`` to run out, with one to spare.

    With no duration (a readied action, a pending choice), the end is its holder's next turn,
    which may come after the next round has begun: two rounds."""
    if d is None:
        return 2
    return max(d.rounds or 0, d.turns - d.turns_started if d.ends else 0) + 2


def still_there(enc: Encounter, states: list[Lasting]) -> list[Lasting]:
    now = {s.key for s in lasting_states(enc)}
    return [s for s in states if s.key in now]

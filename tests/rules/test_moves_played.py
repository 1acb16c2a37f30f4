"""Moves played forward: readied moves, opportunity attacks that can't be made or carry
options, a mover knocked prone on the way, forced moves of the helpless, moving through
other creatures, and what a refused move says."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    MoveCombatant,
    NextTurn,
    OpportunityChoice,
    PathCost,
    Ready,
    ResolveAttack,
    StandUp,
    TriggerReadied,
)

AXE = {"name": "axe", "bonus": 5, "damage": "1d12+3"}


def hero(x: int, y: int, **over: Any) -> dict[str, Any]:
    doc = combatant("hero", x, y, kind="pc", hp=30, maxHp=30, ac=14)
    doc.update(over)
    return doc


def orc(cid: str, x: int, y: int, **over: Any) -> dict[str, Any]:
    doc = combatant(cid, x, y, side="orcs", hp=15, maxHp=15, ac=13, attacks=[AXE])
    doc.update(over)
    return doc


def started(*combatants: dict[str, Any], ruleset: str = "d20", **over: Any) -> Encounter:
    """Round 1 in the order given, the first one's turn."""
    ids = [c["id"] for c in combatants]
    doc = encounter_doc(
        *combatants,
        ruleset=ruleset,
        round=1,
        turnOf=ids[0],
        order=[{"combatantId": cid, "initiative": 20 - i} for i, cid in enumerate(ids)],
    )
    doc["grid"].update(over)
    return build(doc)


def move(enc: Encounter, who: str, *cells: tuple[int, int], rolls: Any = 1, **kw: Any) -> Any:
    rng = ScriptedRandom(rolls) if isinstance(rolls, list) else Random(rolls)
    return apply(enc, MoveCombatant(who, path=[Cell(*c) for c in cells], **kw), rng)


# ---------------------------------------------------------------- d20.ready.trigger: a move


@pytest.mark.rule("d20.ready.trigger")
@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_d20_ready_trigger_a_readied_move_is_made_out_of_turn_and_provokes(ruleset: str) -> None:
    """The hero readies a move; on the orc's turn it fires: the hero walks away up to its
    speed with its reaction, the orc's opportunity attack comes first, the hero's own turn
    is left alone, and its next turn starts fresh."""
    enc = started(hero(1, 1), orc("orc", 2, 1), ruleset=ruleset)
    readied = apply(enc, Ready("hero", "the orc raises its axe", "move"), Random(1)).encounter
    on_orc = apply(readied, NextTurn(), Random(1)).encounter
    assert on_orc.turn_of == "orc"
    with pytest.raises(IllegalAction) as e:  # an ordinary move is not the hero's to make now
        move(on_orc, "hero", (0, 1))
    assert e.value.rule == "d20.turn.economy"
    hit = [50, 4] if ruleset == "d100" else [15, 4]  # the orc's axe hits: 4 + 3
    fired = apply(
        on_orc,
        TriggerReadied("hero", path=[Cell(0, 1), Cell(0, 2), Cell(0, 3)]),
        ScriptedRandom(hit),
    )
    out = fired.outcome
    assert out.fired and out.move is not None
    assert out.move.cost == 15 and out.move.path[-1] == Cell(0, 3)
    assert [(o.reactor_id, o.taken, o.hit) for o in out.move.opportunity_attacks] == [
        ("orc", True, True)
    ]
    roll = next(ev for ev in fired.events if ev.type == "attack-roll" and ev.actor == "orc")
    step = next(ev for ev in fired.events if ev.type == "move")
    assert fired.events.index(roll) < fired.events.index(step)
    e2 = fired.encounter
    h = e2.combatant("hero")
    assert h.hp == 23 and h.position == Cell(0, 3) and h.readied is None
    assert not h.budget.reaction and not e2.combatant("orc").budget.reaction
    # the orc goes on with its turn; the hero's turn starts with full movement
    back = apply(e2, NextTurn(), Random(1))
    h = back.encounter.combatant("hero")
    assert back.encounter.turn_of == "hero" and back.outcome.new_round
    assert h.budget.movement == 30 and h.budget.reaction  # d10: with the round, d20: the turn


@pytest.mark.rule("d20.ready.trigger")
@pytest.mark.parametrize("kind", ["square", "hex"])
def test_d20_ready_trigger_a_readied_move_goes_up_to_its_speed_after_modifiers(kind: str) -> None:
    slowed = hero(0, 0, effects=[{"kind": "speed-halved"}])
    enc = started(slowed, orc("orc", 5, 5), kind=kind)
    readied = apply(enc, Ready("hero", "the door opens", "move"), Random(1)).encounter
    on_orc = apply(readied, NextTurn(), Random(1)).encounter
    far = TriggerReadied("hero", path=[Cell(x, 0) for x in range(1, 5)])  # 20 ft
    with pytest.raises(IllegalAction) as e:
        apply(on_orc, far, Random(1))
    assert e.value.rule == "d20.grid.enter"
    near = apply(on_orc, TriggerReadied("hero", to=Cell(3, 0)), Random(1))
    assert near.outcome.move is not None
    assert near.outcome.move.cost == 15 and near.outcome.move.movement_left == 0
    with pytest.raises(InvalidAction) as bad:
        apply(on_orc, TriggerReadied("hero", target_id="orc", to=None), Random(1))
    assert bad.value.path == ("to",)


@pytest.mark.rule("d20.ready.trigger")
def test_d20_ready_trigger_a_readied_attack_is_not_a_move_and_carries_its_options() -> None:
    """A readied attack with stated cover and caller advantage: the advantage is rolled
    (two d20s) and listed; the stated cover adds its +2."""
    enc = started(hero(1, 1), orc("orc", 2, 1))
    readied = apply(enc, Ready("hero", "the orc moves", "attack", "sword"), Random(1)).encounter
    on_orc = apply(readied, NextTurn(), Random(1)).encounter
    with pytest.raises(InvalidAction) as e:
        apply(on_orc, TriggerReadied("hero", target_id="orc", to=Cell(0, 0)), Random(1))
    assert e.value.path == ("to",)
    choices = [OpportunityChoice("orc")]
    with pytest.raises(InvalidAction) as e:
        apply(
            on_orc, TriggerReadied("hero", target_id="orc", opportunity_attacks=choices), Random(1)
        )
    assert e.value.path == ("opportunityAttacks",)
    fired = apply(
        on_orc,
        TriggerReadied("hero", target_id="orc", advantage=True, cover="half"),
        ScriptedRandom([3, 10]),  # keeps 10: 10 + 4 = 14 against AC 13 + 2
    )
    attack = fired.outcome.attack
    assert attack is not None and attack.advantage_sources == ["caller"]
    assert attack.cover == "half" and attack.cover_source == "stated" and attack.target_ac == 15
    assert not attack.hit


# ---------------------------------------------------------------- d20.oa.trigger


@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.rule("d100.crit.fail")
def test_d20_oa_trigger_a_broken_weapon_doesnt_stop_the_move() -> None:
    """d100: the orc's only melee weapon is broken (condition 0): it is offered the
    opportunity attack, can't make it (logged why), keeps its reaction; the move is made."""
    broken = orc("orc", 2, 1, attacks=[{**AXE, "condition": 0, "maxCondition": 10}])
    enc = started(hero(1, 1), broken, ruleset="d100")
    moved = move(enc, "hero", (0, 1), (0, 2), rolls=[])
    oas = moved.outcome.opportunity_attacks
    assert [(o.reactor_id, o.taken) for o in oas] == [("orc", False)]
    assert "broken" in oas[0].reason
    note = next(ev for ev in moved.events if ev.type == "opportunity-attack-not-taken")
    assert note.rule == "d100.crit.fail"
    e = moved.encounter
    assert e.combatant("hero").position == Cell(0, 2) and e.combatant("orc").budget.reaction
    assert moved.outcome.movement_left == 20


@pytest.mark.rule("d20.oa.trigger")
def test_d20_oa_trigger_the_reactor_picks_a_usable_weapon() -> None:
    """A broken long glaive and a usable dagger: the orc threatens with the dagger's 5 ft,
    so stepping to 10 ft away provokes, and the dagger is the weapon rolled."""
    arms = [
        {"name": "glaive", "bonus": 5, "damage": "1d10", "reach": 10, "condition": 0},
        {"name": "dagger", "bonus": 3, "damage": "1d4"},
    ]
    enc = started(hero(1, 1), orc("orc", 2, 1, attacks=arms), ruleset="d100")
    moved = move(enc, "hero", (0, 1), rolls=[60, 2])
    oa = moved.outcome.opportunity_attacks
    assert [(o.taken, o.hit, o.damage) for o in oa] == [(True, True, 2)]
    attack = next(ev for ev in moved.events if ev.type == "attack-roll" and ev.actor == "orc")
    assert "dagger" in attack.message
    # then on the orc's turn the glaive stays broken, the dagger works
    on_orc = apply(moved.encounter, NextTurn(), Random(1)).encounter
    with pytest.raises(IllegalAction) as e:
        apply(on_orc, ResolveAttack("orc", "hero", "glaive"), Random(1))
    assert e.value.rule == "d100.crit.fail"


@pytest.mark.rule("d20.oa.trigger")
def test_d20_oa_trigger_each_reactor_takes_or_declines_as_the_move_says() -> None:
    enc = started(hero(1, 1), orc("a", 2, 1), orc("b", 2, 2))
    moved = move(
        enc,
        "hero",
        (0, 1),
        rolls=[2],  # b's attack misses; a declines
        opportunity_attacks=[OpportunityChoice("a", take=False), OpportunityChoice("b")],
    )
    oas = {o.reactor_id: o for o in moved.outcome.opportunity_attacks}
    assert not oas["a"].taken and oas["a"].reason == "declined" and oas["b"].taken
    e = moved.encounter
    assert e.combatant("a").budget.reaction and not e.combatant("b").budget.reaction
    # unlisted reactors follow otherReactors
    only_b = move(
        enc,
        "hero",
        (0, 1),
        rolls=[2],
        opportunity_attacks=[OpportunityChoice("b")],
        other_reactors="decline",
    )
    assert {o.reactor_id: o.taken for o in only_b.outcome.opportunity_attacks} == {
        "a": False,
        "b": True,
    }
    for bad, path in (
        ([OpportunityChoice("nobody")], ("opportunityAttacks", 0, "reactorId")),
        ([OpportunityChoice("a"), OpportunityChoice("a")], ("opportunityAttacks", 1, "reactorId")),
        ([OpportunityChoice("a", attack_name="bow")], ("opportunityAttacks", 0, "attackName")),
    ):
        with pytest.raises(InvalidAction) as err:
            move(enc, "hero", (0, 1), opportunity_attacks=bad)
        assert err.value.path == path


@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.rule("d20.death.knockout")
@pytest.mark.rule("d20.death.monsters")
def test_d20_oa_trigger_an_opportunity_attack_can_knock_out_and_a_villain_falls_unconscious() -> (
    None
):
    # the orc flees the hero: the hero's opportunity attack drops it
    weak = orc("orc", 1, 1, hp=3)
    enc = started(weak, hero(2, 1))
    ko = move(
        enc,
        "orc",
        (0, 1),
        rolls=[15, 5],
        opportunity_attacks=[OpportunityChoice("hero", knockout=True)],
    )
    o = ko.encounter.combatant("orc")
    assert ko.outcome.stopped and not o.dead and o.unconscious and o.stable
    assert ko.outcome.path == [Cell(1, 1)]
    killed = move(enc, "orc", (0, 1), rolls=[15, 5])
    assert killed.encounter.combatant("orc").dead
    villain = started(orc("orc", 1, 1, hp=3, villain=True), hero(2, 1), orc("far", 9, 9))
    dropped = move(villain, "orc", (0, 1), rolls=[15, 5])
    boss = dropped.encounter.combatant("orc")
    assert not boss.dead and boss.unconscious and not boss.stable
    # it is dying, not dead: its next turn rolls a death save
    on_hero = apply(dropped.encounter, NextTurn(), Random(1)).encounter
    on_far = apply(on_hero, NextTurn(), Random(1)).encounter
    save = apply(on_far, NextTurn(), ScriptedRandom([12]))
    assert save.outcome.death_save is not None and save.outcome.death_save.success


@pytest.mark.rule("d20.oa.trigger")
def test_d20_oa_trigger_an_opportunity_attack_carries_stated_cover_and_advantage() -> None:
    enc = started(hero(1, 1), orc("orc", 2, 1))
    choice = OpportunityChoice("orc", advantage=True, cover="three-quarters")
    moved = move(enc, "hero", (0, 1), rolls=[4, 13], opportunity_attacks=[choice])
    roll = next(ev for ev in moved.events if ev.type == "attack-roll" and ev.actor == "orc")
    assert roll.data["advantage"] == ["caller"] and roll.data["cover"] == "three-quarters"
    assert not moved.outcome.opportunity_attacks[0].hit  # 13 + 5 = 18 < 14 + 5


# ---------------------------------------------------------------- d100.prone.crawl


@pytest.mark.rule("d100.prone.crawl")
@pytest.mark.rule("d20.crit.effects")
def test_d100_prone_crawl_knocked_prone_mid_move_stops_then_crawls() -> None:
    """d20: the orc's opportunity attack is a critical hit, band 75-79: the hero is knocked
    prone before it leaves the orc's reach. The move stops there, with its movement; the
    rest is a new move at crawling cost, or standing up first."""
    enc = started(hero(1, 1), orc("orc", 2, 1))
    moved = move(enc, "hero", (0, 1), (0, 2), (0, 3), rolls=[20, 1, 1, 77])
    out = moved.outcome
    h = moved.encounter.combatant("hero")
    assert h.has("prone") and h.hp == 30 - 5
    assert out.stopped and out.path == [Cell(1, 1)] and out.cost == 0 and out.movement_left == 30
    event = next(ev for ev in moved.events if ev.type == "move")
    assert "knocked prone" in event.data["stopped"]
    crawl = move(moved.encounter, "hero", (0, 1), rolls=[])
    assert crawl.outcome.cost == 10 and crawl.outcome.movement_left == 20
    assert crawl.outcome.opportunity_attacks[0].reason == "no reaction left"
    up = apply(crawl.encounter, StandUp("hero"), Random(1)).encounter
    assert up.combatant("hero").budget.movement == 5
    walked = move(up, "hero", (0, 2), rolls=[])
    assert walked.outcome.cost == 5 and walked.outcome.movement_left == 0


@pytest.mark.rule("d100.prone.crawl")
@pytest.mark.rule("d20.oa.trigger")
def test_d100_prone_crawl_a_mover_dropped_on_the_way_stops_where_it_fell() -> None:
    enc = started(hero(1, 1, hp=3), orc("orc", 2, 1))
    moved = move(enc, "hero", (0, 1), (0, 2), rolls=[15, 9])
    assert moved.outcome.stopped and moved.outcome.path == [Cell(1, 1)]
    assert moved.encounter.combatant("hero").unconscious


# ---------------------------------------------------------------- d20.oa.exempt


@pytest.mark.rule("d20.oa.exempt")
def test_d20_oa_exempt_an_unconscious_creature_can_be_moved() -> None:
    """Being moved is not moving: the unconscious hero is dragged past the orc, with no
    opportunity attack and no movement spent; moving on its own is refused."""
    down = hero(1, 1, hp=0, conditions=[{"name": "unconscious"}])
    enc = started(orc("orc", 2, 1), down, combatant("pal", 1, 2, kind="pc"))
    with pytest.raises(IllegalAction):
        move(enc, "hero", (0, 1))
    dragged = move(enc, "hero", (0, 1), (0, 0), forced=True, rolls=[])
    h = dragged.encounter.combatant("hero")
    assert h.position == Cell(0, 0) and h.unconscious
    assert [o.taken for o in dragged.outcome.opportunity_attacks] == [False]
    assert dragged.encounter.combatant("orc").budget.reaction
    # the dying hero still rolls its death save on its turn
    on_hero = apply(dragged.encounter, NextTurn(), ScriptedRandom([11]))
    assert on_hero.outcome.death_save is not None


@pytest.mark.rule("d20.oa.exempt")
def test_d20_oa_exempt_a_teleport_provokes_nothing_and_says_what_is_in_the_way() -> None:
    enc = started(hero(1, 1), orc("orc", 2, 1), blocked=[{"x": 5, "y": 5}])
    gone = apply(enc, MoveCombatant("hero", to=Cell(8, 8), teleport=True), Random(1))
    assert (
        gone.outcome.opportunity_attacks == [] and gone.encounter.combatant("orc").budget.reaction
    )
    assert gone.encounter.combatant("hero").position == Cell(8, 8)
    with pytest.raises(IllegalAction) as e:
        apply(enc, MoveCombatant("hero", to=Cell(2, 1), teleport=True), Random(1))
    assert "Orc is there" in e.value.message and e.value.rule == "d20.size.space"
    with pytest.raises(IllegalAction) as e:
        apply(enc, MoveCombatant("hero", to=Cell(5, 5), teleport=True), Random(1))
    assert "wall" in e.value.message
    with pytest.raises(InvalidAction) as bad:
        apply(enc, MoveCombatant("hero", to=Cell(40, 0), teleport=True), Random(1))
    assert bad.value.path == ("to",)


# ---------------------------------------------------------------- moving through creatures


@pytest.mark.rule("d100.move.through")
@pytest.mark.rule("d20.size.space")
@pytest.mark.parametrize(
    "ruleset, ally_cell, hostile_tiny",
    [("d20", 5, False), ("d10", 5, False), ("d100", 10, True)],
)
def test_d100_move_through_d20_base_passes_friends_at_no_extra_cost(
    ruleset: str, ally_cell: int, hostile_tiny: bool
) -> None:
    """Passing an ally: free in the d20 base (d10 too), its space is difficult terrain in
    d100 (10 ft for the ally's cell). A hostile space: never in the d20 base, two sizes
    apart in d100. Played through moveCombatant, then the movement left is walked."""
    enc = started(hero(0, 0), combatant("ally", 1, 0), ruleset=ruleset)
    passed = move(enc, "hero", (1, 0), (2, 0))
    assert passed.outcome.cost == 5 + ally_cell
    rest = move(passed.encounter, "hero", *[(2, y) for y in range(1, 1 + (25 - ally_cell) // 5)])
    assert rest.outcome.movement_left == 0
    rat = orc("rat", 1, 0, size="tiny")
    through = started(hero(0, 0), rat, ruleset=ruleset)
    if hostile_tiny:
        assert move(through, "hero", (1, 0), (2, 0)).outcome.cost == 15
    else:
        with pytest.raises(IllegalAction) as e:
            move(through, "hero", (1, 0), (2, 0))
        assert e.value.rule == "d20.size.space" and "Rat's space" in e.value.message
    foe = started(hero(0, 0), orc("orc", 1, 0), ruleset=ruleset)
    with pytest.raises(IllegalAction) as e:
        move(foe, "hero", (1, 0), (2, 0))
    assert e.value.rule == ("d100.move.through" if ruleset == "d100" else "d20.size.space")
    assert "Orc's space" in e.value.message


# ---------------------------------------------------------------- what a refused move says


@pytest.mark.rule("d20.size.space")
@pytest.mark.parametrize("kind", ["square", "hex"])
def test_d20_size_space_a_destination_in_another_space_names_the_occupant(kind: str) -> None:
    enc = started(hero(0, 0), orc("orc", 3, 0), combatant("ally", 0, 2), kind=kind)
    for to, name in ((Cell(3, 0), "Orc"), (Cell(0, 2), "Ally")):
        with pytest.raises(IllegalAction) as e:
            apply(enc, MoveCombatant("hero", to=to), Random(1))
        assert e.value.rule == "d20.size.space" and f"{name} is there" in e.value.message
        query = apply(enc, PathCost("hero", to=to), Random(1)).outcome
        assert not query.legal and f"{name} is there" in (query.reason or "")
    with pytest.raises(IllegalAction) as e:
        move(enc, "hero", (0, 1), (0, 2))
    assert "Ally's space" in e.value.message
    with pytest.raises(IllegalAction) as e:
        apply(enc, MoveCombatant("hero", to=Cell(8, 0)), Random(1))
    assert e.value.rule == "d20.grid.enter"
    assert "ft to reach (8, 0) and has 30 ft left" in e.value.message


@pytest.mark.rule("d20.grid.enter")
@pytest.mark.rule("d20.grid.difficult")
def test_d20_grid_enter_path_cost_names_the_failed_step() -> None:
    enc = started(
        hero(0, 0, budget={"movement": 15}), orc("orc", 5, 5), difficult=[{"x": 2, "y": 0}]
    )
    dear = apply(enc, PathCost("hero", path=[Cell(x, 0) for x in range(1, 4)]), Random(1))
    assert not dear.outcome.legal and dear.outcome.cost == 20 and dear.outcome.failed_step == 2
    walled = started(hero(0, 0), orc("orc", 5, 5), blocked=[{"x": 2, "y": 0}])
    wall = apply(walled, PathCost("hero", path=[Cell(1, 0), Cell(2, 0)]), Random(1)).outcome
    assert not wall.legal and wall.failed_step == 1 and wall.path[0] == Cell(0, 0)
    assert wall.rule == "d20.grid.squares"
    # the move itself stops at the same step
    with pytest.raises(IllegalAction) as e:
        move(enc, "hero", (1, 0), (2, 0), (3, 0))
    assert e.value.rule == "d20.grid.enter"
    done = move(enc, "hero", (1, 0), (2, 0))
    assert done.outcome.movement_left == 0


@pytest.mark.rule("d100.prone.stand")
def test_d100_prone_stand_at_speed_0_says_so_and_only_on_its_own_turn() -> None:
    stuck = hero(0, 0, speed=0, conditions=[{"name": "prone"}])
    enc = started(stuck, orc("orc", 5, 5), ruleset="d100")
    with pytest.raises(IllegalAction) as e:
        apply(enc, StandUp("hero"), Random(1))
    assert e.value.rule == "d100.prone.stand" and "speed is 0" in e.value.message
    lying = started(orc("orc", 5, 5), hero(0, 0, conditions=[{"name": "prone"}]), ruleset="d100")
    with pytest.raises(IllegalAction) as e:
        apply(lying, StandUp("hero"), Random(1))
    assert e.value.rule == "d20.turn.economy"
    mine = apply(lying, NextTurn(), Random(1)).encounter
    assert apply(mine, StandUp("hero"), Random(1)).outcome.movement_left == 15


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("ruleset", ["d20", "d10"])
def test_standing_up_in_d20_and_d10_is_decided_under_their_conditions(ruleset: str) -> None:
    """d20 and d10 stand a prone creature up as ``d20.cond`` says (at d100's half-speed cost):
    refusals and the event cite ``d20.cond``, never d100's own rule."""
    slow = hero(0, 0, speed=0, conditions=[{"name": "prone"}])
    with pytest.raises(IllegalAction) as e:
        apply(started(slow, orc("orc", 5, 5), ruleset=ruleset), StandUp("hero"), Random(1))
    assert e.value.rule == "d20.cond" and "speed is 0" in e.value.message
    lying = started(hero(0, 0, conditions=[{"name": "prone"}]), orc("orc", 5, 5), ruleset=ruleset)
    up = apply(lying, StandUp("hero"), Random(1))
    assert [(ev.type, ev.rule) for ev in up.events] == [("stand-up", "d20.cond")]
    walked = move(up.encounter, "hero", *[(x, 0) for x in range(1, 4)])
    assert walked.outcome.movement_left == up.outcome.movement_left - 15


@pytest.mark.rule("d20.grid.hexes")
@pytest.mark.rule("d20.grid.difficult")
@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_d20_grid_hexes_a_move_its_cost_an_opportunity_attack_and_the_attack_after(
    orientation: str,
) -> None:
    """On hexes: the hero steps away from the orc (an opportunity attack, rolled before it
    leaves), crosses a difficult hex (10 ft), comes back next to a Large ogre (a triangle
    of three hexes), and attacks it within reach; then the ogre's reach counts from any of
    its hexes."""
    ogre = orc("ogre", 5, 2, size="large", hp=40, maxHp=40)
    enc = started(
        hero(2, 2), orc("orc", 1, 2), ogre, kind="hex", hex_orientation=orientation,
        difficult=[{"x": 3, "y": 2}],
    )  # fmt: skip
    moved = move(enc, "hero", (3, 2), (4, 2), rolls=[3])  # the orc misses
    out = moved.outcome
    assert out.cost == 15 and out.movement_left == 15
    assert [(o.reactor_id, o.taken, o.hit) for o in out.opportunity_attacks] == [
        ("orc", True, False)
    ]
    hit = apply(moved.encounter, ResolveAttack("hero", "ogre"), ScriptedRandom([15, 4]))
    assert hit.outcome.hit and hit.encounter.combatant("ogre").hp == 40 - 6
    query = apply(hit.encounter, PathCost("hero", to=Cell(4, 5)), Random(1)).outcome
    assert "ogre" in query.provokes

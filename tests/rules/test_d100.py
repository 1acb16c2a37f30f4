"""The d100 ruleset (seed 002): percentile attacks, weapon condition, ammo, positions."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.mechanics.space import board_for
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    ApplyDamage,
    Dash,
    Disengage,
    Dodge,
    Hide,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
    RollInitiative,
)
from service.rules.rulesets.d100 import D100, SIZES
from service.rules.rulesets.d100.carrying import carried_speed, push_drag_lift_limit
from service.rules.rulesets.d100.requests import (
    EscapeGrapple,
    Grapple,
    ReleaseGrapple,
    Reload,
    Repair,
    Search,
    Shove,
)

GUN = {
    "name": "pistol",
    "bonus": 10,
    "damage": "1d8+2",
    "kind": "ranged",
    "range": 60,
    "condition": 10,
    "maxCondition": 10,
    "ammo": 2,
    "capacity": 6,
    "ammoType": "9mm",
}


def duel(**over: Any) -> Encounter:
    shooter = {"attacks": [GUN], "ammunition": {"9mm": 10}, "kind": "pc"}
    shooter.update(over.pop("shooter", {}))
    target = {"side": "raiders", "ac": 50, "hp": 30, "maxHp": 30}
    target.update(over.pop("target", {}))
    return build(
        encounter_doc(
            combatant("ann", 2, 2, **shooter),
            combatant("bob", 3, 2, **target),
            ruleset="d100",
            **over,
        )
    )


def rules(result_events: list[Any]) -> list[str | None]:
    return [e.rule for e in result_events]


# ------------------------------------------------------------------ flags, attack roll, crits


@pytest.mark.rule("d100.attack.roll")
def test_d100_attack_roll_is_d100_plus_bonus_against_ac() -> None:
    enc = duel()
    hit = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([40, 5]))
    assert hit.outcome.hit and hit.outcome.total == 50 and hit.outcome.damage == 7
    assert "d100.attack.roll" in rules(hit.events)
    miss = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([39]))
    assert not miss.outcome.hit and miss.outcome.total == 49


@pytest.mark.rule("d100.attack.roll")
def test_d100_attack_roll_advantage_two_d100_keep_higher_or_lower() -> None:
    enc = duel()
    adv = apply(enc, ResolveAttack("ann", "bob", advantage=True), ScriptedRandom([20, 70, 1]))
    assert adv.outcome.natural == 70 and adv.outcome.hit
    dis = apply(enc, ResolveAttack("ann", "bob", disadvantage=True), ScriptedRandom([20, 70]))
    assert dis.outcome.natural == 20 and not dis.outcome.hit


def test_d100_flags() -> None:
    r = D100()
    assert (r.attack_die, r.critical_min, r.fumble_max) == (100, 100, 5)
    assert r.instant_death_multiplier == 1 and not r.uses_critical_tables
    assert r.sizes == ("tiny", "small", "medium", "large", "huge", "colossal", "gargantuan")


def test_d100_crit_hit_adds_half_damage_rounded_down() -> None:
    enc = duel(target={"ac": 100}, shooter={"attacks": [{**GUN, "bonus": -50}]})
    result = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([100, 5]))
    # 1d8+2 = 7, +50% rounded down = 3 -> 10; dice rolled once
    assert result.outcome.critical and result.outcome.hit and result.outcome.damage == 10
    assert result.encounter.combatant("bob").hp == 20
    assert "d100.crit.hit" in rules(result.events)


def test_d100_crit_fail_misses_and_damages_the_weapon() -> None:
    enc = duel(target={"ac": 1}, shooter={"attacks": [{**GUN, "bonus": 90}]})
    result = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([5, 4]))
    assert not result.outcome.hit and result.outcome.fumble
    pistol = result.encounter.combatant("ann").attacks[0]
    assert pistol.condition == 6 and pistol.ammo == 1
    assert "d100.crit.fail" in rules(result.events)
    assert enc.combatant("ann").attacks[0].condition == 10  # input untouched


def test_d100_crit_fail_breaks_the_weapon_at_zero_and_it_cant_attack() -> None:
    enc = duel(shooter={"attacks": [{**GUN, "condition": 3}]})
    broken = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([2, 9]))
    assert broken.encounter.combatant("ann").attacks[0].condition == 0
    with pytest.raises(IllegalAction) as e:
        apply(broken.encounter, ResolveAttack("ann", "bob", spend="free"), ScriptedRandom([50]))
    assert e.value.rule == "d100.crit.fail"


def test_d100_crit_fail_inline_attack_is_not_tracked() -> None:
    enc = duel()
    inline = ResolveAttack("ann", "bob", attack=build_attack(GUN))
    result = apply(enc, inline, ScriptedRandom([1]))
    assert result.outcome.fumble
    assert result.encounter.combatant("ann").attacks[0] == enc.combatant("ann").attacks[0]


def build_attack(doc: dict[str, Any]) -> Any:
    return (
        build(encounter_doc(combatant("x", 0, 0, attacks=[doc]), ruleset="d100"))
        .combatants[0]
        .attacks[0]
    )


def test_d100_action_reload_gun_spends_a_round_and_refuses_empty() -> None:
    enc = duel(shooter={"attacks": [{**GUN, "ammo": 1}]})
    shot = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([10]))
    assert shot.encounter.combatant("ann").attacks[0].ammo == 0
    with pytest.raises(IllegalAction) as e:
        apply(shot.encounter, ResolveAttack("ann", "bob", spend="free"), ScriptedRandom([50]))
    assert e.value.rule == "d100.action.reload"


# ------------------------------------------------------------------ reload and repair


def test_d100_action_reload_fills_to_capacity_from_carried_rounds() -> None:
    enc = duel(shooter={"ammunition": {"9mm": 3}, "attacks": [{**GUN, "ammo": 2}]})
    result = apply(enc, Reload("ann", "pistol"), ScriptedRandom([]))
    o = result.outcome
    assert (o.loaded, o.ammo, o.carried_left) == (3, 5, 0)
    ann = result.encounter.combatant("ann")
    assert ann.attacks[0].ammo == 5 and ann.ammunition["9mm"] == 0 and not ann.budget.action
    full = duel(shooter={"ammunition": {"9mm": 30}})
    assert apply(full, Reload("ann", "pistol"), ScriptedRandom([])).outcome.ammo == 6


@pytest.mark.parametrize(
    ("shooter", "code"),
    [
        ({"ammunition": {}}, "d100.action.reload"),
        ({"ammunition": {"5.56": 20}}, "d100.action.reload"),
        ({"attacks": [{**GUN, "condition": 0}]}, "d100.action.reload"),
        ({"attacks": [{**GUN, "ammo": 6}]}, "d100.action.reload"),
    ],
)
def test_d100_action_reload_refusals(shooter: dict[str, Any], code: str) -> None:
    with pytest.raises(IllegalAction) as e:
        apply(duel(shooter=shooter), Reload("ann", "pistol"), ScriptedRandom([]))
    assert e.value.rule == code


def test_d100_action_reload_needs_an_ammo_weapon() -> None:
    enc = duel(shooter={"attacks": [{"name": "knife", "damage": "1d4"}]})
    with pytest.raises(InvalidAction) as e:
        apply(enc, Reload("ann", "knife"), ScriptedRandom([]))
    assert e.value.path == ("attackName",)


def test_d100_action_repair_check_restores_condition() -> None:
    enc = duel(shooter={"attacks": [{**GUN, "condition": 0}], "skills": {"repair": 3}})
    ok = apply(enc, Repair("ann", "pistol", dc=12), ScriptedRandom([9]))
    assert ok.outcome.success and ok.encounter.combatant("ann").attacks[0].condition == 10
    part = apply(enc, Repair("ann", "pistol", dc=12, amount=4), ScriptedRandom([9]))
    assert part.encounter.combatant("ann").attacks[0].condition == 4
    fail = apply(enc, Repair("ann", "pistol", dc=12), ScriptedRandom([8]))
    assert not fail.outcome.success and fail.encounter.combatant("ann").attacks[0].condition == 0
    assert not fail.encounter.combatant("ann").budget.action
    with pytest.raises(IllegalAction) as e:
        apply(duel(), Repair("ann", "pistol"), ScriptedRandom([]))
    assert e.value.rule == "d100.action.repair"


# ------------------------------------------------------------------ death, sizes, cover


def test_d100_death_instant_at_once_max_hp() -> None:
    enc = duel(target={"hp": 5, "maxHp": 10, "kind": "pc"})
    dead = apply(enc, ApplyDamage("bob", 15), ScriptedRandom([]))
    assert dead.outcome.instant_death and "d100.death.instant" in rules(dead.events)
    alive = apply(enc, ApplyDamage("bob", 14), ScriptedRandom([]))
    assert not alive.outcome.died and alive.outcome.unconscious


def test_d100_death_knockout_melee_drop_leaves_target_unconscious_and_stable() -> None:
    enc = duel(
        shooter={"attacks": [{"name": "club", "bonus": 90, "damage": "1d4"}]},
        target={"hp": 2, "maxHp": 30},
    )
    result = apply(enc, ResolveAttack("ann", "bob", knockout=True), ScriptedRandom([50, 3]))
    bob = result.encounter.combatant("bob")
    assert not bob.dead and bob.unconscious and bob.stable


def test_d100_size_space_colossal_is_six_squares_and_validated() -> None:
    r = D100()
    assert [r.square_extent[s] for s in r.sizes] == [1, 1, 1, 2, 4, 6, 10]
    enc = build(
        encounter_doc(combatant("c", 0, 0, size="colossal"), ruleset="d100", width=6, height=6)
    )
    assert len(board_for(enc.grid, r).cells(enc.combatants[0])) == 36
    apply(enc, ApplyDamage("c", 0), ScriptedRandom([]))
    off = build(
        encounter_doc(combatant("c", 1, 0, size="colossal"), ruleset="d100", width=6, height=6)
    )
    with pytest.raises(InvalidAction) as e:
        apply(off, ApplyDamage("c", 0), ScriptedRandom([]))
    assert e.value.path[-1] == "position"


def test_d100_cover_degrees_stated_cover_and_athletics_saves() -> None:
    assert D100.cover_save_ability == "athletics"
    enc = duel()
    half = apply(enc, ResolveAttack("ann", "bob", cover="half"), ScriptedRandom([41]))
    assert half.outcome.target_ac == 52 and not half.outcome.hit
    three = apply(enc, ResolveAttack("ann", "bob", cover="three-quarters"), ScriptedRandom([45, 1]))
    assert three.outcome.target_ac == 55 and three.outcome.hit
    with pytest.raises(IllegalAction):
        apply(enc, ResolveAttack("ann", "bob", cover="total"), ScriptedRandom([]))


# ------------------------------------------------------------------ unseen, hide, search, dodge


def test_d100_unseen_target_disadvantage() -> None:
    enc = duel(target={"conditions": [{"name": "hidden"}], "stealth": 15})
    result = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([80, 30]))
    assert result.outcome.disadvantage and result.outcome.natural == 30


def test_d100_unseen_attacker_advantage_and_revealed_only_on_a_hit() -> None:
    enc = duel(shooter={"conditions": [{"name": "hidden"}], "stealth": 17})
    miss = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([10, 20]))
    assert miss.outcome.advantage and not miss.outcome.hit
    ann = miss.encounter.combatant("ann")
    assert ann.has("hidden") and ann.stealth == 17
    hit = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([10, 60, 3]))
    ann = hit.encounter.combatant("ann")
    assert hit.outcome.hit and not ann.has("hidden") and ann.stealth is None
    assert "d100.unseen.attacker" in rules(hit.events)


@pytest.mark.rule("d100.hide.contest")
def test_d100_action_hide_and_hide_contest_search_dc() -> None:
    enc = duel(target={"skills": {"stealth": 4}})
    hid = apply(enc, Hide("bob", spend="free"), ScriptedRandom([11]))
    bob = hid.encounter.combatant("bob")
    assert bob.has("hidden") and bob.stealth == 15
    assert "d100.action.hide" in rules(hid.events)
    low = apply(hid.encounter, Search("ann", dc=14), ScriptedRandom([]))
    assert low.outcome.still_hidden == ["bob"] and low.encounter.combatant("bob").has("hidden")
    tie = apply(hid.encounter, Search("ann", dc=15), ScriptedRandom([]))  # d20.save: a tie keeps it
    assert tie.outcome.still_hidden == ["bob"] and tie.encounter.combatant("bob").has("hidden")
    found = apply(hid.encounter, Search("ann", dc=16), ScriptedRandom([]))
    assert found.outcome.found == ["bob"]
    assert not found.encounter.combatant("bob").has("hidden")
    assert found.encounter.combatant("bob").stealth is None


def test_d100_action_search_scavenging_check() -> None:
    enc = duel(shooter={"skills": {"scavenging": 2}})
    result = apply(enc, Search("ann", scavenging_dc=12), ScriptedRandom([10]))
    assert result.outcome.scavenging_total == 12 and result.outcome.scavenging_success
    assert not result.encounter.combatant("ann").budget.action


def test_d100_action_dodge_disadvantage_lost_at_speed_zero() -> None:
    dodging = {"conditions": [{"name": "dodging"}]}
    enc = duel(target=dodging)
    result = apply(enc, ResolveAttack("ann", "bob"), ScriptedRandom([80, 30]))
    assert "target-dodging" in result.outcome.disadvantage_sources
    slow = duel(target={**dodging, "speed": 0})
    result = apply(slow, ResolveAttack("ann", "bob"), ScriptedRandom([80, 1]))
    assert "target-dodging" not in result.outcome.disadvantage_sources


# ------------------------------------------------------------------ shove and grapple


def brawl(**over: Any) -> Encounter:
    a = {"skills": {"unarmed": 3}}
    a.update(over.pop("a", {}))
    b = {"side": "raiders", "skills": {"athletics": 1, "unarmed": 2}}
    b.update(over.pop("b", {}))
    return build(
        encounter_doc(combatant("a", 2, 2, **a), combatant("b", 3, 2, **b), ruleset="d100", **over)
    )


def test_d100_shove_prone_contest_unarmed_vs_athletics() -> None:
    won = apply(brawl(), Shove("a", "b"), ScriptedRandom([10, 11]))  # 13 vs 12
    assert won.outcome.success and won.encounter.combatant("b").has("prone")
    tie = apply(brawl(), Shove("a", "b"), ScriptedRandom([10, 12]))  # 13 vs 13: no change
    assert not tie.outcome.success and not tie.encounter.combatant("b").has("prone")
    assert not won.encounter.combatant("a").budget.action


def test_d100_shove_push_moves_five_feet_away_or_is_blocked() -> None:
    pushed = apply(brawl(), Shove("a", "b", mode="push"), ScriptedRandom([15, 2]))
    assert pushed.outcome.result == "pushed"
    assert pushed.encounter.combatant("b").position == Cell(4, 2)
    wall = brawl(grid={"kind": "square", "width": 12, "height": 12, "blocked": [{"x": 4, "y": 2}]})
    blocked = apply(wall, Shove("a", "b", mode="push"), ScriptedRandom([15, 2]))
    assert blocked.outcome.success and blocked.outcome.result == "push-blocked"
    assert blocked.encounter.combatant("b").position == Cell(3, 2)
    assert any(e.type == "push-blocked" for e in blocked.events)


def test_d100_shove_automatic_against_incapacitated_and_size_and_reach_limits() -> None:
    out = apply(brawl(b={"conditions": [{"name": "stunned"}]}), Shove("a", "b"), ScriptedRandom([]))
    assert out.outcome.automatic and out.outcome.success
    for b in ({"size": "huge"}, {"position": {"x": 5, "y": 2}}):
        with pytest.raises(IllegalAction) as e:
            apply(brawl(b=b), Shove("a", "b"), ScriptedRandom([]))
        assert e.value.rule == "d100.shove"
    apply(brawl(b={"size": "large"}), Shove("a", "b"), ScriptedRandom([10, 1]))


def test_d100_grapple_needs_free_hand_and_grapples_on_success() -> None:
    with pytest.raises(IllegalAction) as e:
        apply(brawl(), Grapple("a", "b", free_hand=False), ScriptedRandom([]))
    assert e.value.rule == "d100.grapple"
    won = apply(brawl(), Grapple("a", "b"), ScriptedRandom([10, 10]))  # 13 vs 12
    grappled = [c for c in won.encounter.combatant("b").conditions if c.name == "grappled"]
    assert won.outcome.result == "grappled" and grappled[0].source == "a"
    released = apply(won.encounter, ReleaseGrapple("a", "b"), ScriptedRandom([]))
    assert not released.encounter.combatant("b").has("grappled")


def test_d100_grapple_escape_is_the_grappled_creatures_action() -> None:
    won = apply(brawl(), Grapple("a", "b", spend="free"), ScriptedRandom([10, 10]))
    enc = won.encounter
    enc.turn_of = "b"
    fail = apply(enc, EscapeGrapple("b"), ScriptedRandom([5, 5]))  # 7 vs 8
    assert not fail.outcome.success and fail.encounter.combatant("b").has("grappled")
    ok = apply(enc, EscapeGrapple("b"), ScriptedRandom([15, 5]))  # 17 vs 8
    assert ok.outcome.result == "escaped" and not ok.encounter.combatant("b").has("grappled")
    assert not ok.encounter.combatant("b").budget.action
    with pytest.raises(IllegalAction):
        apply(ok.encounter, EscapeGrapple("b", grappler_id="a"), ScriptedRandom([]))


def test_d100_grapple_move_halves_speed_unless_two_sizes_smaller() -> None:
    """Grappling on its turn, a starts its next turn with 15 ft (a Huge grappler holding a
    Medium creature keeps its 30)."""
    for size, speed in (("medium", 15), ("huge", 30)):
        place = {"position": {"x": 6, "y": 2}} if size == "huge" else {}
        fight = apply(
            brawl(a={"size": size}, b=place), RollInitiative(order=["a", "b"]), Random(1)
        ).encounter
        won = apply(fight, Grapple("a", "b"), ScriptedRandom([10, 10]))
        assert won.encounter.combatant("b").has("grappled")
        e = won.encounter
        for _ in range(2):
            turn = apply(e, NextTurn(), Random(1))
            e = turn.encounter
        assert e.turn_of == "a" and e.combatant("a").budget.movement == speed
        reduced = [ev for ev in turn.events if ev.type == "speed-reduced"]
        assert [ev.rule for ev in reduced] == (["d100.grapple.move"] if speed == 15 else [])


# ------------------------------------------------------------------ carrying


def test_d100_carry_limits_and_speed() -> None:
    enc = build(
        encounter_doc(
            combatant("m", 0, 0, strengthScore=10),
            combatant("l", 2, 0, strengthScore=10, size="large"),
            combatant("t", 5, 0, carryingCapacity=20, size="tiny"),
            combatant("o", 6, 0, strengthScore=10, carriedWeight=200),
            ruleset="d100",
        )
    )
    m, big, tiny, loaded = enc.combatants
    assert push_drag_lift_limit(m, SIZES) == 300
    assert push_drag_lift_limit(big, SIZES) == 600
    assert push_drag_lift_limit(tiny, SIZES) == 20
    assert carried_speed(m, SIZES, 30) == 30 and carried_speed(loaded, SIZES, 30) == 5
    started = apply(enc, RollInitiative(order=["o", "m", "l", "t"]), Random(1)).encounter
    assert started.turn_of == "o" and started.combatant("o").budget.movement == 5


# ------------------------------------------------------------------ order of combat


def lineup() -> Encounter:
    return build(
        encounter_doc(
            combatant("near", 1, 1),
            combatant("far", 8, 8),
            combatant("tie1", 3, 0),
            combatant("tie2", 0, 3, side="raiders"),
            ruleset="d100",
        )
    )


def test_d100_order_position_from_entry_point_nearest_first_no_dice() -> None:
    enc = lineup()
    result = apply(
        enc, RollInitiative(entry_point=Cell(0, 0), order=["tie2", "tie1"]), ScriptedRandom([])
    )
    ids = [e.combatant_id for e in result.encounter.order]
    assert ids == ["near", "tie2", "tie1", "far"]
    assert result.encounter.turn_of == "near" and result.encounter.round == 1
    note = next(e for e in result.events if e.rule == "d100.order.position")
    assert note.data["method"] == "entry-point"
    assert not any(e.roll for e in result.events)


def test_d100_order_position_declared_order_in_the_open() -> None:
    result = apply(lineup(), RollInitiative(order=["far", "tie1", "near", "tie2"]), Random(1))
    assert [e.combatant_id for e in result.encounter.order] == ["far", "tie1", "near", "tie2"]
    assert any(e.data.get("method") == "declared" for e in result.events)
    with pytest.raises(InvalidAction) as e:
        apply(lineup(), RollInitiative(order=["far"]), Random(1))
    assert "missing" in e.value.message


def test_d100_order_position_refuses_neither() -> None:
    with pytest.raises(InvalidAction) as e:
        apply(lineup(), RollInitiative(), Random(1))
    assert "entryPoint" in e.value.message and "order" in e.value.message
    entries = apply(lineup(), RollInitiative(entry_point=Cell(9, 9)), Random(1)).outcome.order
    assert entries[0].combatant_id == "far"


# ------------------------------------------------------------------ base rules through d100


def test_d100_turn_bonus_one_bonus_action_a_turn() -> None:
    enc = apply(duel(), RollInitiative(order=["ann", "bob"]), Random(1)).encounter
    once = apply(enc, ResolveAttack("ann", "bob", spend="bonus-action"), ScriptedRandom([10]))
    with pytest.raises(IllegalAction):
        apply(once.encounter, ResolveAttack("ann", "bob", spend="bonus-action"), Random(1))


def test_d100_turn_reaction_once_off_turn() -> None:
    enc = apply(duel(), RollInitiative(order=["ann", "bob"]), Random(1)).encounter
    react = ResolveAttack("bob", "ann", attack=build_attack({"name": "fist"}), spend="reaction")
    once = apply(enc, react, ScriptedRandom([10]))
    assert not once.encounter.combatant("bob").budget.reaction
    with pytest.raises(IllegalAction):
        apply(once.encounter, react, Random(1))


def test_d100_action_dash_adds_speed() -> None:
    """After a Dash, a 45-ft walk fits (it doesn't without one) and 15 ft are left."""
    enc = apply(duel(), RollInitiative(order=["ann", "bob"]), Random(1)).encounter
    walk = MoveCombatant("ann", to=Cell(2, 11), opportunity_attacks=[])
    with pytest.raises(IllegalAction):
        apply(enc, walk, Random(1))
    dashed = apply(enc, Dash("ann"), Random(1)).encounter
    moved = apply(dashed, walk, Random(1))
    assert moved.outcome.cost == 45 and moved.outcome.movement_left == 15


def test_d100_action_disengage_walking_away_provokes_nothing() -> None:
    enc = apply(duel(), RollInitiative(order=["ann", "bob"]), Random(1)).encounter
    left = apply(enc, Disengage("ann"), Random(1)).encounter
    away = apply(left, MoveCombatant("ann", to=Cell(2, 6)), Random(1))
    (offer,) = away.outcome.opportunity_attacks
    assert offer.reactor_id == "bob" and not offer.taken and "disengaged" in offer.reason
    bob_turn = apply(away.encounter, NextTurn(), Random(1)).encounter
    assert not bob_turn.combatant("ann").has("disengaged")


# ------------------------------------------------------------------ shove direction (d100.shove)


def _around(kind: str, shover_size: str, target_size: str = "medium") -> list[tuple[int, int]]:
    """Every anchor where a target of ``target_size`` stands next to the shover at (10, 10)
    without overlapping it, on a 24 x 24 map."""
    from service.rules.rulesets.d100 import D100

    doc = encounter_doc(
        combatant("a", 10, 10, size=shover_size),
        combatant("b", 0, 0, size=target_size, side="raiders"),
        ruleset="d100",
        width=24,
        height=24,
    )
    doc["grid"]["kind"] = kind
    enc = build(doc)
    board = board_for(enc.grid, D100())
    a, b = enc.combatants
    mine = set(board.cells(a))
    spots = []
    for x in range(4, 18):
        for y in range(4, 18):
            cells = board.cells_at(b, (x, y))
            if mine.isdisjoint(cells) and board.geometry.space_distance(mine, cells) == 1:
                spots.append((x, y))
    return spots


@pytest.mark.rule("d100.shove")
@pytest.mark.parametrize("kind", ["hex", "square"])
@pytest.mark.parametrize(
    ("shover", "target"), [("large", "medium"), ("huge", "medium"), ("large", "large")]
)
def test_d100_shove_pushes_directly_away_from_every_side_of_a_large_or_huge_shover(
    kind: str, shover: str, target: str
) -> None:
    """From every place around the shover's space, a push moves the target one cell, 5 ft
    farther from the shover, along the line between the two spaces' centres; then the
    shover's 5-ft reach no longer reaches it."""
    from service.rules.rulesets.d100 import D100

    spots = _around(kind, shover, target)
    assert len(spots) >= 6
    for x, y in spots:
        doc = encounter_doc(
            combatant("a", 10, 10, size=shover, skills={"unarmed": 5}, attacks=[]),
            combatant("b", x, y, size=target, side="raiders"),
            ruleset="d100",
            width=24,
            height=24,
        )
        doc["grid"]["kind"] = kind
        enc = build(doc)
        pushed = apply(enc, Shove("a", "b", mode="push"), ScriptedRandom([15, 2]))
        assert pushed.outcome.result == "pushed", ((x, y), pushed.events[-1].message)
        board = board_for(enc.grid, D100())
        after = pushed.encounter
        assert board.distance_ft(after.combatant("a"), after.combatant("b")) == 10, (x, y)
        moved = after.combatant("b").position
        step = (moved.x - x, moved.y - y)
        assert board.geometry.distance((0, 0), step) == 1, (x, y, step)
        with pytest.raises(IllegalAction):
            apply(after, Shove("a", "b", spend="free"), ScriptedRandom([]))


@pytest.mark.rule("d100.shove")
@pytest.mark.parametrize(
    ("start", "end"),
    [((12, 10), (13, 10)), ((12, 11), (13, 11)), ((12, 12), (13, 13)), ((12, 9), (13, 8))],
)
def test_d100_shove_push_follows_the_line_between_the_centres_on_squares(
    start: tuple[int, int], end: tuple[int, int]
) -> None:
    """Beside a Large shover (10-11, 10-11) the push is straight out from its side, and
    diagonal only from a corner (the signs of the offset alone gave (13, 9) from (12, 10))."""
    enc = build(
        encounter_doc(
            combatant("a", 10, 10, size="large", skills={"unarmed": 5}),
            combatant("b", *start, side="raiders"),
            ruleset="d100",
            width=24,
            height=24,
        )
    )
    pushed = apply(enc, Shove("a", "b", mode="push"), ScriptedRandom([15, 2]))
    assert pushed.outcome.position == Cell(*end)
    assert pushed.encounter.combatant("b").position == Cell(*end)


@pytest.mark.rule("d100.shove")
def test_d100_shove_push_between_two_directions_takes_the_free_one() -> None:
    """On hexes a Large shover's centre can lie exactly between two directions from the
    target: the push takes the first that is free, and is blocked only when both are."""
    from service.rules.rulesets.d100 import D100

    ties = []
    for x, y in _around("hex", "large"):
        doc = encounter_doc(
            combatant("a", 10, 10, size="large"), combatant("b", x, y), ruleset="d100"
        )
        doc["grid"].update(kind="hex", width=24, height=24)
        enc = build(doc)
        steps = board_for(enc.grid, D100()).directions_away(*enc.combatants)
        if len(steps) == 2:
            ties.append(((x, y), steps))
    assert ties
    (x, y), (first, second) = ties[0]
    wall = {"x": x + first[0], "y": y + first[1]}
    doc = encounter_doc(
        combatant("a", 10, 10, size="large", skills={"unarmed": 5}),
        combatant("b", x, y, side="raiders"),
        ruleset="d100",
    )
    doc["grid"].update(kind="hex", width=24, height=24, blocked=[wall])
    pushed = apply(build(doc), Shove("a", "b", mode="push"), ScriptedRandom([15, 2]))
    assert pushed.outcome.position == Cell(x + second[0], y + second[1])
    doc["grid"]["blocked"].append({"x": x + second[0], "y": y + second[1]})
    blocked = apply(build(doc), Shove("a", "b", mode="push"), ScriptedRandom([15, 2]))
    assert blocked.outcome.result == "push-blocked"
    assert blocked.encounter.combatant("b").position == Cell(x, y)


@pytest.mark.rule("d100.shove")
def test_d100_shove_push_moves_an_explicit_footprint_with_its_creature() -> None:
    """A target with an explicit two-square footprint is pushed whole (diagonally: its
    centre is below the shover's): its old squares are free for the shover to step into,
    and the next shove finds it there."""
    enc = brawl(b={"footprint": [{"x": 3, "y": 2}, {"x": 3, "y": 3}], "size": "large"})
    pushed = apply(enc, Shove("a", "b", mode="push", spend="free"), ScriptedRandom([15, 2]))
    b = pushed.encounter.combatant("b")
    assert b.position == Cell(4, 3) and b.footprint == [Cell(4, 3), Cell(4, 4)]
    stepped = apply(pushed.encounter, MoveCombatant("a", path=[Cell(3, 2)]), Random(1))
    assert stepped.encounter.combatant("a").position == Cell(3, 2)
    again = apply(stepped.encounter, Shove("a", "b", spend="free"), ScriptedRandom([15, 2]))
    assert again.outcome.result == "prone"


# ------------------------------------------------------------------ grapple and dragging


def grappled(*extra: dict[str, Any], **over: Any) -> Encounter:
    """In round 1, a's turn (order a, b, then the others): a has grappled b (rolls 10 and
    10: 13 against 12) and has 15 ft of its 30 left."""
    a = {"skills": {"unarmed": 3}}
    a.update(over.pop("a", {}))
    b = {"side": "raiders", "skills": {"athletics": 1, "unarmed": 2}}
    b.update(over.pop("b", {}))
    doc = encounter_doc(
        combatant("a", 5, 5, **a), combatant("b", 6, 5, **b), *extra, ruleset="d100", **over
    )
    enc = build(doc)
    order = [c.id for c in enc.combatants]
    started = apply(enc, RollInitiative(order=order), Random(1)).encounter
    won = apply(started, Grapple("a", "b"), ScriptedRandom([10, 10]))
    assert won.outcome.result == "grappled"
    return won.encounter


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_move_the_grappled_creature_cant_walk_away_until_it_escapes() -> None:
    enc = grappled()
    b_turn = apply(enc, NextTurn(), Random(1)).encounter
    assert b_turn.turn_of == "b" and b_turn.combatant("b").budget.movement == 0
    with pytest.raises(IllegalAction) as refused:
        apply(b_turn, MoveCombatant("b", to=Cell(9, 5)), Random(1))
    assert refused.value.rule == "d100.grapple.move" and "speed is 0" in refused.value.message
    free = apply(b_turn, EscapeGrapple("b"), ScriptedRandom([15, 5]))  # 17 against 8
    assert free.outcome.result == "escaped"
    assert free.encounter.combatant("b").budget.movement == 30
    away = apply(free.encounter, MoveCombatant("b", to=Cell(9, 5)), Random(1))
    assert away.encounter.combatant("b").position == Cell(9, 5)
    assert [o.reactor_id for o in away.outcome.opportunity_attacks] == ["a"]


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_move_the_grapplers_speed_is_halved_from_the_moment_it_grapples() -> None:
    """a grapples with 30 ft left: 15 ft left at once (not only from its next turn); it can't
    walk 20 ft. Released, it gets the other 15 back; the next turn starts at 15 again while
    it holds b."""
    enc = grappled()
    a = enc.combatant("a")
    assert a.budget.movement == 15
    with pytest.raises(IllegalAction) as too_far:
        apply(
            enc,
            MoveCombatant("a", path=[Cell(4, 5), Cell(3, 5), Cell(2, 5), Cell(1, 5)]),
            Random(1),
        )
    assert too_far.value.rule == "d20.grid.enter"
    walked = apply(enc, MoveCombatant("a", path=[Cell(4, 5), Cell(3, 5), Cell(2, 5)]), Random(1))
    assert walked.outcome.cost == 15 and walked.outcome.movement_left == 0
    released = apply(enc, ReleaseGrapple("a", "b"), ScriptedRandom([]))
    assert released.encounter.combatant("a").budget.movement == 30
    e = enc
    for _ in range(2):
        e = apply(e, NextTurn(), Random(1)).encounter
    assert e.turn_of == "a" and e.combatant("a").budget.movement == 15


@pytest.mark.rule("d100.grapple.move")
@pytest.mark.rule("d100.action.dash")
def test_d100_grapple_move_a_grappler_with_30_ft_dashes_to_30_not_45() -> None:
    dashed = apply(grappled(), Dash("a", spend="free"), Random(1))
    assert dashed.encounter.combatant("a").budget.movement == 30


@pytest.mark.rule("d100.grapple.move")
@pytest.mark.parametrize("kind", ["square", "hex"])
def test_d100_grapple_move_the_grappler_drags_its_grappled_creature_along(kind: str) -> None:
    """a walks three cells west holding b: b follows onto the cells a just left and ends
    beside it; b makes no opportunity attack on a, and c, beside b's old place, none on b
    (forced movement)."""
    c = combatant("c", 7, 6, side="party", attacks=[{"name": "spear", "damage": "1d6"}])
    enc = grappled(c, grid={"kind": kind, "width": 12, "height": 12})
    path = [Cell(4, 5), Cell(3, 5), Cell(2, 5)]
    moved = apply(enc, MoveCombatant("a", path=path), Random(1))
    after = moved.encounter
    assert after.combatant("a").position == Cell(2, 5)
    assert after.combatant("b").position == Cell(3, 5)
    assert after.combatant("b").has("grappled")
    dragged = [e for e in moved.events if e.type == "dragged"]
    assert [(e.data["x"], e.data["y"]) for e in dragged] == [(5, 5), (4, 5), (3, 5)]
    assert {e.rule for e in dragged} == {"d100.grapple.move"}
    assert moved.outcome.opportunity_attacks == []
    assert not any(e.type.startswith("opportunity") for e in moved.events)
    b_turn = apply(after, NextTurn(), Random(1)).encounter
    assert b_turn.combatant("b").budget.movement == 0


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_move_a_large_grappler_drags_a_medium_creature_onto_the_cells_it_left() -> (
    None
):
    enc = grappled(
        a={"size": "large", "position": {"x": 4, "y": 5}}, b={"position": {"x": 6, "y": 6}}
    )
    assert enc.combatant("a").budget.movement == 15
    moved = apply(enc, MoveCombatant("a", path=[Cell(3, 5), Cell(2, 5)]), Random(1))
    a, b = moved.encounter.combatant("a"), moved.encounter.combatant("b")
    assert a.position == Cell(2, 5)
    assert b.position == Cell(4, 6)  # straight behind a, in the column it left
    assert moved.encounter.combatant("a").budget.movement == 5


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_move_no_room_to_drag_refuses_the_move_until_released() -> None:
    """a steps into a gap in a wall holding Large b: the one cell it leaves is boxed in by d
    and e, with no room for b's 2x2 space, so the move is refused (the message says to
    release b); released, a walks through and b stays."""
    walls = [{"x": 4, "y": y} for y in range(12) if y != 5]
    enc = grappled(
        combatant("d", 5, 4, side="raiders"),
        combatant("e", 5, 6, side="raiders"),
        grid={"kind": "square", "width": 12, "height": 12, "blocked": walls},
        b={"size": "large", "position": {"x": 6, "y": 5}},
    )
    with pytest.raises(IllegalAction) as refused:
        apply(enc, MoveCombatant("a", path=[Cell(4, 5), Cell(3, 5)]), Random(1))
    assert refused.value.rule == "d100.grapple.move" and "release" in refused.value.message
    released = apply(enc, ReleaseGrapple("a", "b"), ScriptedRandom([])).encounter
    moved = apply(released, MoveCombatant("a", path=[Cell(4, 5), Cell(3, 5)]), Random(1))
    assert moved.encounter.combatant("b").position == Cell(6, 5)


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_ends_when_the_grappler_shoves_its_creature_out_of_reach() -> None:
    enc = grappled()
    shoved = apply(enc, Shove("a", "b", mode="push", spend="free"), ScriptedRandom([15, 2]))
    b = shoved.encounter.combatant("b")
    assert b.position == Cell(7, 5) and not b.has("grappled")
    ended = [e for e in shoved.events if e.type == "grapple-ended"]
    assert ended and ended[0].rule == "d100.grapple.move"
    assert shoved.encounter.combatant("a").budget.movement == 30
    b_turn = apply(shoved.encounter, NextTurn(), Random(1)).encounter
    away = apply(b_turn, MoveCombatant("b", to=Cell(10, 5)), Random(1))
    assert away.encounter.combatant("b").position == Cell(10, 5)


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_ends_when_the_grappled_creature_teleports_away() -> None:
    b_turn = apply(grappled(), NextTurn(), Random(1)).encounter
    gone = apply(b_turn, MoveCombatant("b", to=Cell(10, 10), teleport=True), Random(1))
    b = gone.encounter.combatant("b")
    assert not b.has("grappled") and b.budget.movement == 30
    walked = apply(gone.encounter, MoveCombatant("b", to=Cell(10, 6)), Random(1))
    assert walked.outcome.cost == 20
    a_turn = apply(apply(walked.encounter, NextTurn(), Random(1)).encounter, NextTurn(), Random(1))
    assert a_turn.encounter.combatant("a").budget.movement == 30


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_ends_when_the_grappler_is_knocked_out_and_the_creature_walks() -> None:
    enc = grappled(a={"kind": "pc"})
    b_turn = apply(enc, NextTurn(), Random(1)).encounter
    out = apply(b_turn, ApplyDamage("a", 25), ScriptedRandom([]))
    assert out.encounter.combatant("a").unconscious
    walked = apply(out.encounter, MoveCombatant("b", to=Cell(9, 5)), Random(1))
    assert walked.encounter.combatant("b").position == Cell(9, 5)
    assert any(e.type == "grapple-ended" for e in walked.events)


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_move_a_step_that_stays_within_reach_leaves_the_creature_in_place() -> None:
    moved = apply(grappled(), MoveCombatant("a", path=[Cell(5, 4), Cell(6, 4)]), Random(1))
    after = moved.encounter
    assert after.combatant("b").position == Cell(6, 5) and after.combatant("b").has("grappled")
    assert not any(e.type == "dragged" for e in moved.events)
    assert after.combatant("a").budget.movement == 5


# ------------------------------------------------------------------ d100.move.through


@pytest.mark.rule("d100.move.through")
def test_d100_move_through_a_hostile_space_is_refused_under_the_d100_rule() -> None:
    """Through a Medium raider: refused, naming d100.move.through (d20 names d20.size.space);
    through an ally (d100; free in the d20 base), or a Huge raider (two sizes larger), the
    step costs double; the move may not end there."""
    for ruleset, rule in (("d100", "d100.move.through"), ("d20", "d20.size.space")):
        enc = build(
            encounter_doc(
                combatant("a", 2, 2),
                combatant("r", 3, 2, side="raiders"),
                combatant("f", 3, 4),
                combatant("h", 2, 6, side="raiders", size="huge"),
                ruleset=ruleset,
            )
        )
        with pytest.raises(IllegalAction) as refused:
            apply(enc, MoveCombatant("a", path=[Cell(3, 2), Cell(4, 2)]), Random(1))
        assert refused.value.rule == rule, ruleset
        past_ally = apply(
            enc, MoveCombatant("a", path=[Cell(3, 3), Cell(3, 4), Cell(3, 5)]), Random(1)
        )
        assert past_ally.outcome.cost == (20 if ruleset == "d100" else 15)
        if ruleset == "d100":  # the Huge raider fills (2-5, 6-9)
            column = [Cell(2, y) for y in range(3, 11)]
            past_giant = apply(enc, MoveCombatant("a", path=column, forced=True), Random(1))
            assert past_giant.outcome.cost == 3 * 5 + 4 * 10 + 5
            with pytest.raises(IllegalAction) as stop:
                apply(enc, MoveCombatant("a", path=column[:4], forced=True), Random(1))
            assert stop.value.rule == "d100.move.through"


# ------------------------------------------------------------------ d100 actions name d100 ids


@pytest.mark.rule("d100.action.dodge")
@pytest.mark.rule("d100.action.disengage")
@pytest.mark.rule("d100.action.dash")
def test_d100_action_events_name_the_d100_rules_and_the_actions_work() -> None:
    """Dodge, then the raider's attack has target-dodging; Disengage, then walking away
    provokes nothing; Dash, then 60 ft: each event names its d100 rule (not a d20 one)."""
    enc = apply(duel(), RollInitiative(order=["ann", "bob"]), Random(1)).encounter
    dodged = apply(enc, Dodge("ann"), Random(1))
    assert [e.rule for e in dodged.events if e.type == "dodge"] == ["d100.action.dodge"]
    bob_turn = apply(dodged.encounter, NextTurn(), Random(1)).encounter
    fist = build_attack({"name": "fist"})
    swing = apply(bob_turn, ResolveAttack("bob", "ann", attack=fist), ScriptedRandom([30, 80, 2]))
    assert swing.outcome.disadvantage_sources == ["target-dodging"]
    assert swing.outcome.natural == 30
    left = apply(enc, Disengage("ann"), Random(1))
    assert [e.rule for e in left.events if e.type == "disengage"] == ["d100.action.disengage"]
    away = apply(left.encounter, MoveCombatant("ann", to=Cell(6, 2)), Random(1))
    assert [o.taken for o in away.outcome.opportunity_attacks] == [False]
    dashed = apply(enc, Dash("ann"), Random(1))
    assert [e.rule for e in dashed.events if e.type == "dash"] == ["d100.action.dash"]


@pytest.mark.rule("d100.grapple.move")
def test_d100_grapple_a_surprised_creature_freed_at_its_turn_still_cant_move() -> None:
    """b starts grappled by a, out of a's reach (sent that way): at b's first turn the
    grapple ends, but b is surprised, so it gets no movement back."""
    grappled_b = {"side": "raiders", "conditions": [{"name": "grappled", "source": "a"}]}
    enc = build(
        encounter_doc(combatant("b", 6, 5, **grappled_b), combatant("a", 2, 5), ruleset="d100")
    )
    started = apply(enc, RollInitiative(order=["b", "a"], surprised=["b"]), Random(1))
    b = started.encounter.combatant("b")
    assert not b.has("grappled") and b.has("surprised") and b.budget.movement == 0
    assert any(e.type == "grapple-ended" for e in started.events)
    a_turn = apply(started.encounter, NextTurn(), Random(1)).encounter
    assert a_turn.combatant("a").budget.movement == 30

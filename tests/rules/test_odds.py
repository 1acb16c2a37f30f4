"""attackOdds and encounterOdds: exact cases by hand, and frequency against probability."""

from __future__ import annotations

import math
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc, skirmish

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.mechanics.distributions import keep_dice, sum_dice
from service.rules.model import Attack, Encounter
from service.rules.model.outcomes import AttackOddsOutcome
from service.rules.model.requests import AttackOdds, EncounterOdds, ResolveAttack

BOUND = 4.5
"""Standard errors a frequency may stray from its computed probability."""


def odds(enc: Encounter, **params: Any) -> AttackOddsOutcome:
    outcome = apply(enc, AttackOdds(**params), Random(0)).outcome
    assert isinstance(outcome, AttackOddsOutcome)
    return outcome


def duel(ruleset: str = "d20", **target: Any) -> Encounter:
    """``a`` (+5, 1d8) next to ``b`` (AC 15, 30 HP, a monster unless told)."""
    over: dict[str, Any] = {"side": "foes", "ac": 15, "hp": 30, "maxHp": 30, **target}
    return build(
        encounter_doc(
            combatant("a", 0, 0, attacks=[{"name": "blade", "bonus": 5, "damage": "1d8"}]),
            combatant("b", 1, 0, **over),
            ruleset=ruleset,
        )
    )


def damage_of(outcome: AttackOddsOutcome) -> dict[int, float]:
    return {d.value: d.probability for d in outcome.damage}


def close(x: float, y: Fraction | float) -> bool:
    return math.isclose(x, float(y), abs_tol=1e-12)


# ------------------------------------------------------------------ exact cases by hand


@pytest.mark.rule("d20.attack.roll")
def test_d20_attack_roll_odds_by_hand_and_advantage_disadvantage_cancel() -> None:
    enc = duel("d10")  # d20 attacks without the critical tables
    plain = odds(enc, attacker_id="a", target_id="b")
    assert close(plain.hit, Fraction(11, 20)) and close(plain.critical, Fraction(1, 20))
    assert close(plain.fumble, Fraction(1, 20)) and plain.target_ac == 15
    adv = odds(enc, attacker_id="a", target_id="b", advantage=True)
    assert close(adv.hit, 1 - Fraction(9, 20) ** 2)
    assert close(adv.critical, 1 - Fraction(19, 20) ** 2)
    assert close(adv.fumble, Fraction(1, 20) ** 2)
    dis = odds(enc, attacker_id="a", target_id="b", disadvantage=True)
    assert close(dis.hit, Fraction(11, 20) ** 2) and close(dis.critical, Fraction(1, 400))
    both = odds(enc, attacker_id="a", target_id="b", advantage=True, disadvantage=True)
    assert both.hit == plain.hit and not both.advantage and not both.disadvantage
    assert both.advantage_sources == ["caller"] == both.disadvantage_sources


@pytest.mark.rule("d20.crit.damage")
def test_d20_crit_damage_doubles_dice_in_the_distribution() -> None:
    enc = duel("d10", ac=40)  # only a natural 20 hits
    o = odds(enc, attacker_id="a", target_id="b", attack=Attack("club", 0, "1d4+1"))
    dist = damage_of(o)
    assert close(dist[0], Fraction(19, 20))
    # 2d4+1: 3..9, 9 only from 4+4
    assert min(v for v in dist if v) == 3 and max(dist) == 9
    assert close(dist[9], Fraction(1, 20) * Fraction(1, 16))
    assert close(o.mean_damage, Fraction(1, 20) * 6)


@pytest.mark.rule("d20.cover.override")
def test_d20_cover_stated_and_ac_bonus_raise_the_ac() -> None:
    doc = encounter_doc(
        combatant("a", 0, 0, attacks=[{"name": "blade", "bonus": 5, "damage": "1d8"}]),
        combatant("b", 1, 0, side="foes", ac=15, effects=[{"kind": "ac-bonus", "value": 2}]),
        ruleset="d10",
    )
    o = odds(build(doc), attacker_id="a", target_id="b", cover="half")
    assert o.target_ac == 19 and o.cover == "half" and o.cover_source == "stated"
    assert close(o.hit, Fraction(7, 20))


@pytest.mark.rule("d100.crit.hit")
def test_d100_crit_hit_adds_half_rounded_down() -> None:
    enc = duel("d100", ac=100)  # only a natural 100 hits
    o = odds(enc, attacker_id="a", target_id="b", attack=Attack("rifle", 0, "1d5"))
    assert close(o.hit, Fraction(1, 100)) and close(o.critical, Fraction(1, 100))
    assert close(o.fumble, Fraction(5, 100))
    dist = damage_of(o)
    # 1..5 -> 1, 3, 4, 6, 7 (base + base // 2)
    assert sorted(v for v in dist if v) == [1, 3, 4, 6, 7]
    assert all(close(dist[v], Fraction(1, 500)) for v in (1, 3, 4, 6, 7))
    assert o.critical_bands == []


@pytest.mark.rule("d100.attack.roll")
def test_d100_attack_roll_odds_with_advantage() -> None:
    enc = duel("d100", ac=60)
    o = odds(enc, attacker_id="a", target_id="b", attack=Attack("rifle", 10, "1d5"), advantage=True)
    # hit on natural 50..100 (> 5): miss with one die 49/100
    assert close(o.hit, 1 - Fraction(49, 100) ** 2)
    assert close(o.fumble, Fraction(5, 100) ** 2)


def test_temp_hp_absorbs_first() -> None:
    enc = duel("d10", hp=5, maxHp=5, tempHp=5, ac=1)
    o = odds(enc, attacker_id="a", target_id="b", attack=Attack("axe", 0, "1d10"))
    # hit on 2..20: plain 1d10 drops at 10 (1/10); crit 2d10 drops at >= 10 (64/100)
    expected = Fraction(18, 20) * Fraction(1, 10) + Fraction(1, 20) * Fraction(64, 100)
    assert close(o.drop, expected) and close(o.death, expected)  # a monster dies at 0


@pytest.mark.rule("d20.death.instant")
def test_d20_death_instant_twice_max_hp_for_a_pc() -> None:
    enc = duel("d10", hp=2, maxHp=2, kind="pc", ac=1)
    o = odds(enc, attacker_id="a", target_id="b", attack=Attack("axe", 0, "1d6"))
    # overflow >= 4: plain d6 = 6 (1/6); crit 2d6 >= 6 (26/36)
    expected = Fraction(18, 20) * Fraction(1, 6) + Fraction(1, 20) * Fraction(26, 36)
    assert close(o.instant_death, expected) and close(o.death, expected)
    assert close(o.drop, Fraction(18, 20) * Fraction(5, 6) + Fraction(1, 20))  # 1 damage: no


@pytest.mark.rule("d100.death.instant")
def test_d100_death_instant_once_max_hp() -> None:
    enc = duel("d100", hp=2, maxHp=2, kind="pc", ac=1)
    o = odds(enc, attacker_id="a", target_id="b", attack=Attack("axe", 0, "1d6"))
    # hits on 6..100 (95/100); overflow >= 2: plain d6 >= 4 (3/6); crit base+half >= 4
    expected = Fraction(94, 100) * Fraction(3, 6) + Fraction(1, 100) * Fraction(4, 6)
    assert close(o.instant_death, expected)


@pytest.mark.rule("d20.death.monsters")
def test_d20_death_monsters_die_at_zero_pcs_and_villains_fall_unconscious() -> None:
    for kind, villain, dies in (
        ("monster", False, True),
        ("monster", True, False),
        ("pc", False, False),
    ):
        enc = duel("d10", hp=4, maxHp=30, kind=kind, villain=villain)
        o = odds(enc, attacker_id="a", target_id="b")
        assert o.drop > 0
        assert (o.death == o.drop) is dies and (o.death == 0) is not dies


@pytest.mark.rule("d20.death.knockout")
def test_d20_death_knockout_spares_a_monster() -> None:
    enc = duel("d10", hp=4, maxHp=30)
    o = odds(enc, attacker_id="a", target_id="b", knockout=True)
    assert o.drop > 0 and o.death == 0


@pytest.mark.rule("d20.death.damage-at-zero")
def test_d20_death_damage_at_zero_counts_failures() -> None:
    enc = duel("d10", hp=0, maxHp=30, kind="pc", ac=1, deathSaves={"failures": 2})
    o = odds(enc, attacker_id="a", target_id="b")
    assert o.drop == 0 and close(o.death, Fraction(19, 20))  # any hit is the third failure


@pytest.mark.rule("d20.crit.tables")
def test_d20_crit_tables_band_chances_and_extra_dice() -> None:
    enc = duel("d20")
    o = odds(enc, attacker_id="a", target_id="b")
    hits = [b for b in o.critical_bands if b.table == "weapon_hit"]
    fumbles = [b for b in o.critical_bands if b.table == "weapon_fumble"]
    assert close(sum(b.probability for b in hits), Fraction(1, 20))
    assert close(sum(b.probability for b in fumbles), Fraction(1, 20))
    force = next(b for b in hits if b.low == 85)
    assert close(force.probability, Fraction(1, 20) * Fraction(5, 100))
    # a crit's 2d8 plus an extra 1d8 in the 85-100 bands: 24 only there, 8 x 8 x 8 once
    assert close(damage_of(o)[24], Fraction(1, 20) * Fraction(16, 100) / 512)
    assert any("choice" in e for e in o.excludes)


def test_refusals_match_resolve_attack_and_nothing_changes() -> None:
    enc = duel("d20")
    with pytest.raises(IllegalAction) as e:
        apply(enc, AttackOdds("a", "b", cover="total"), Random(0))
    assert e.value.rule == "d20.attack.total-cover"
    dead = duel("d20", hp=0, dead=True)
    with pytest.raises(IllegalAction):
        apply(dead, AttackOdds("a", "b"), Random(0))
    with pytest.raises(InvalidAction) as bad:
        apply(enc, AttackOdds("a", "b", attack=Attack("x", 0, "40d20")), Random(0))
    assert bad.value.path == ("attack", "damage")
    with pytest.raises(InvalidAction):
        apply(enc, AttackOdds("a", "a"), Random(0))
    result = apply(enc, AttackOdds("a", "b"), Random(0))
    assert result.encounter is enc
    assert enc.combatant("a").budget.action  # nothing spent


def test_dice_sums_and_keeps_are_exact() -> None:
    two = sum_dice(2, 6)
    assert two.low == 2 and two.weights == (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    kh = keep_dice(2, 20, 1, lowest=False).counts()
    assert kh == {v: 2 * v - 1 for v in range(1, 21)}
    k3 = keep_dice(4, 6, 3, lowest=False)
    assert k3.total == 1296 and k3.counts()[18] == 21 and k3.counts()[3] == 1


# ------------------------------------------------------------------ frequency vs probability


def _within(freq: float, p: float, n: int) -> bool:
    if p in (0.0, 1.0):
        return freq == p
    return abs(freq - p) <= BOUND * math.sqrt(p * (1 - p) / n)


def _check_frequencies(enc: Encounter, n: int, **params: Any) -> None:
    o = odds(enc, **params)
    target = params["target_id"]
    before = enc.combatant(target)
    hit = crit = fumble = drop = death = 0
    totals: list[int] = []
    for seed in range(n):
        r = apply(enc, ResolveAttack(spend="free", **params), Random(seed))
        out = r.outcome
        after = r.encounter.combatant(target)
        hit += out.hit
        crit += out.critical
        fumble += out.fumble
        drop += before.hp > 0 and after.hp == 0
        death += after.dead and not before.dead
        dealt = sum(e.amount or 0 for e in r.events if e.type == "damage" and e.target == target)
        totals.append(dealt if out.hit else 0)
    for name, count, p in (
        ("hit", hit, o.hit),
        ("critical", crit, o.critical),
        ("fumble", fumble, o.fumble),
        ("drop", drop, o.drop),
        ("death", death, o.death),
    ):
        assert _within(count / n, p, n), (name, count / n, p)
    dist = damage_of(o)
    for value in sorted(dist, key=dist.__getitem__, reverse=True)[:6]:
        freq = sum(1 for t in totals if t == value) / n
        assert _within(freq, dist[value], n), ("damage", value, freq, dist[value])
    variance = sum(p * (v - o.mean_damage) ** 2 for v, p in dist.items())
    assert abs(sum(totals) / n - o.mean_damage) <= BOUND * math.sqrt(variance / n)


@pytest.mark.rule("d20.attack.roll")
@pytest.mark.rule("d20.crit.damage")
def test_d20_frequencies_match_odds_with_advantage_cover_and_crit_tables() -> None:
    # a PC with temp HP behind stated half cover; crits and the extra-dice bands drop it,
    # damage at 0 HP from the extra dice can kill it (d20.death.damage-at-zero)
    enc = duel("d20", hp=9, maxHp=9, tempHp=2, kind="pc", ac=13)
    _check_frequencies(
        enc,
        4000,
        attacker_id="a",
        target_id="b",
        attack=Attack("greatsword", 4, "2d6+2"),
        advantage=True,
        cover="half",
    )


@pytest.mark.rule("d100.attack.roll")
@pytest.mark.rule("d100.crit.hit")
def test_d100_frequencies_match_odds_with_advantage_and_cover() -> None:
    enc = duel("d100", hp=8, maxHp=8, ac=55)
    _check_frequencies(
        enc,
        4000,
        attacker_id="a",
        target_id="b",
        attack=Attack("rifle", 20, "2d6+1"),
        advantage=True,
        cover="three-quarters",
    )


# ------------------------------------------------------------------ encounterOdds


@pytest.mark.rule("d20.order.steps")
def test_encounter_odds_the_first_to_act_wins_two_thirds_and_a_seed_repeats() -> None:
    """Two monsters that hit half the time (AC 11, +0) and kill with one hit (10 against 8 HP),
    a first: a round ends the fight with 3/4 and a wins with (1/2) / (3/4) = 2/3, in
    (4/3) rounds on average. The same seed gives the same answer."""
    stats: dict[str, Any] = {"hp": 8, "maxHp": 8, "ac": 11}
    stats["attacks"] = [{"name": "axe", "bonus": 0, "damage": "10"}]
    enc = build(
        encounter_doc(
            combatant("a", 0, 0, side="red", **stats),
            combatant("b", 1, 0, side="blue", **stats),
        )
    )
    act = EncounterOdds(runs=380, max_rounds=5)
    out = apply(enc, act, Random(7)).outcome
    assert out == apply(enc, act, Random(7)).outcome
    n = out.runs
    wins = {s.side: s.wins for s in out.sides}
    assert abs(wins["red"] / n - 2 / 3) <= BOUND * math.sqrt((2 / 9) / n)
    assert wins["red"] + wins["blue"] == out.finished and out.finished >= n - 5
    assert out.rounds_mean is not None and out.rounds_low is not None
    assert out.rounds_high is not None
    sd = math.sqrt(1 / 4) / (3 / 4)
    assert abs(out.rounds_mean - 4 / 3) <= BOUND * sd / math.sqrt(out.finished)
    assert out.rounds_low <= out.rounds_mean <= out.rounds_high


def test_encounter_odds_decided_and_stalled_fights() -> None:
    doc = skirmish()
    for c in doc["combatants"][1:]:
        c.update(hp=0, dead=True)
    won = apply(build(doc), EncounterOdds(runs=5), Random(1)).outcome
    assert won.rounds_mean == 0 and [s.win_probability for s in won.sides] == [0, 1]
    doc = skirmish()
    for c in doc["combatants"]:
        c["attacks"] = []
    stalled = apply(build(doc), EncounterOdds(runs=5), Random(1)).outcome
    assert stalled.unfinished == 1 and stalled.rounds_mean is None

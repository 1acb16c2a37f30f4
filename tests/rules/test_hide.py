"""``d20.hide``: what ends hiding, played forward in every ruleset that has Hide.

A hidden creature stops being hidden when it attacks (d20 and d10: hit or miss; d100: when
it hits, ``d100.unseen.attacker``) and when a searcher beats its Stealth total (d20, d10:
Wisdom (Perception) by sight; d100: the DM's DC, ``d100.hide.contest``). Once revealed it is
seen again: attacks against it lose ``target-unseen`` and leaving a reach provokes.
"""

from __future__ import annotations

from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc, play_exactly

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    AttackOdds,
    Hide,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
    Search,
)

D20_D10 = ["d20", "d10"]
BOW = {"name": "bow", "bonus": 4, "damage": "1d6", "kind": "ranged", "range": 80}


def _fight(ruleset: str, *, hero: dict[str, Any] | None = None) -> Encounter:
    """Round 1, the goblin's turn; then the hero's, then the ally's. The goblin (Stealth +5)
    stands next to the hero; the ally (a bow) 15 ft off."""
    combatants = [
        combatant("gob", 3, 2, side="foes", hp=30, maxHp=30, ac=10, skills={"stealth": 5}),
        combatant("hero", 2, 2, kind="pc", speed=30, **(hero or {})),
        combatant("ally", 2, 5, kind="pc", speed=30, attacks=[BOW]),
    ]
    return build(
        encounter_doc(
            *combatants,
            ruleset=ruleset,
            round=1,
            turnOf="gob",
            order=[{"combatantId": c["id"], "initiative": 9 - i} for i, c in enumerate(combatants)],
        )
    )


def _hidden(ruleset: str, **over: Any) -> Encounter:
    """The goblin has hidden (Stealth 10 + 5 = 15) with a free action, its action left."""
    hid = play_exactly(_fight(ruleset, **over), Hide("gob", spend="free"), [10])
    assert hid.encounter.combatant("gob").stealth == 15
    return hid.encounter


def _next(enc: Encounter) -> Encounter:
    return apply(enc, NextTurn(), ScriptedRandom([])).encounter


@pytest.mark.rule("d20.hide")
@pytest.mark.parametrize("ruleset", D20_D10)
def test_d20_hide_an_attack_from_hiding_reveals_even_when_it_misses(ruleset: str) -> None:
    """The attack from hiding has advantage (two d20, the 4 kept: 8 misses AC 12); the
    goblin is then seen: its next attack, a round later, rolls one d20 without
    ``attacker-unseen``, and the hero's own attack on its turn has no ``target-unseen``."""
    enc = _hidden(ruleset)
    first = play_exactly(enc, ResolveAttack("gob", "hero"), [3, 4])
    assert "attacker-unseen" in first.outcome.advantage_sources and not first.outcome.hit
    assert "revealed" in [e.type for e in first.events]
    on_hero = _next(first.encounter)
    back = play_exactly(on_hero, ResolveAttack("hero", "gob"), [15, 3])
    assert "target-unseen" not in back.outcome.disadvantage_sources and back.outcome.hit
    round_two = _next(_next(back.encounter))
    assert round_two.turn_of == "gob"
    second = play_exactly(round_two, ResolveAttack("gob", "hero"), [15, 3])
    assert "attacker-unseen" not in second.outcome.advantage_sources
    assert second.outcome.hit and second.outcome.natural == 15


@pytest.mark.rule("d20.hide")
@pytest.mark.rule("d100.unseen.attacker")
def test_d20_hide_d100_a_miss_keeps_the_attacker_hidden_a_hit_reveals_it() -> None:
    """d100: the hidden goblin misses (two d100 with advantage, 7 kept: 11 against AC 12);
    it is still hidden, so its next attack has ``attacker-unseen`` again; that one hits and
    reveals it, and the odds of a third no longer count it."""
    enc = _hidden("d100")
    miss = apply(enc, ResolveAttack("gob", "hero", spend="free"), ScriptedRandom([6, 7]))
    assert "attacker-unseen" in miss.outcome.advantage_sources and not miss.outcome.hit
    assert miss.encounter.combatant("gob").has("hidden")
    hit = apply(miss.encounter, ResolveAttack("gob", "hero"), ScriptedRandom([50, 60, 3]))
    assert "attacker-unseen" in hit.outcome.advantage_sources and hit.outcome.hit
    assert not hit.encounter.combatant("gob").has("hidden")
    odds = apply(hit.encounter, AttackOdds("gob", "hero"), ScriptedRandom([])).outcome
    assert "attacker-unseen" not in odds.advantage_sources


@pytest.mark.rule("d20.hide")
@pytest.mark.parametrize("ruleset", D20_D10)
def test_d20_hide_a_search_that_beats_stealth_reveals_for_everyone(ruleset: str) -> None:
    """The hero searches on its turn (Perception 16 against Stealth 15: found); the ally's
    attack on the next turn has no ``target-unseen`` (one d20). Before the search the same
    attack's odds had it."""
    on_hero = _next(_hidden(ruleset))
    before = apply(on_hero, AttackOdds("ally", "gob"), ScriptedRandom([])).outcome
    assert "target-unseen" in before.disadvantage_sources
    searched = play_exactly(on_hero, Search("hero"), [16])
    assert searched.outcome.found == ["gob"] and searched.outcome.perception is not None
    assert searched.outcome.perception.total == 16
    assert not searched.encounter.combatant("hero").budget.action
    assert any(e.type == "found" and e.rule == "d20.hide" for e in searched.events)
    on_ally = _next(searched.encounter)
    attack = play_exactly(on_ally, ResolveAttack("ally", "gob"), [15, 3])
    assert "target-unseen" not in attack.outcome.disadvantage_sources and attack.outcome.hit


@pytest.mark.rule("d20.hide")
@pytest.mark.rule("d20.save")
@pytest.mark.parametrize("ruleset", D20_D10)
def test_d20_hide_a_search_that_ties_stealth_keeps_it_hidden(ruleset: str) -> None:
    """Perception 15 against Stealth 15: the searcher is the one changing the situation, so
    the tie keeps the goblin hidden, and the ally's attack still has disadvantage (two d20:
    15 and 3, the 3 kept, a miss)."""
    on_hero = _next(_hidden(ruleset))
    searched = play_exactly(on_hero, Search("hero"), [15])
    assert searched.outcome.found == [] and searched.outcome.still_hidden == ["gob"]
    on_ally = _next(searched.encounter)
    attack = play_exactly(on_ally, ResolveAttack("ally", "gob"), [15, 3])
    assert "target-unseen" in attack.outcome.disadvantage_sources and not attack.outcome.hit


@pytest.mark.rule("d20.hide")
@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("ruleset", D20_D10)
def test_d20_hide_a_blinded_searcher_fails_whatever_it_rolls(ruleset: str) -> None:
    """Perception by sight: a blinded hero's natural 20 finds nothing."""
    on_hero = _next(_hidden(ruleset, hero={"conditions": [{"name": "blinded"}]}))
    searched = play_exactly(on_hero, Search("hero"), [20])
    assert searched.outcome.found == [] and searched.outcome.perception is not None
    assert searched.outcome.perception.automatic_failure == ["blinded"]
    assert searched.encounter.combatant("gob").has("hidden")


@pytest.mark.rule("d20.hide")
@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.parametrize("ruleset", D20_D10)
def test_d20_hide_a_revealed_creature_provokes_opportunity_attacks(ruleset: str) -> None:
    """Hidden, the goblin walks out of the hero's reach unseen: no opportunity attack. Once
    its attack has revealed it, the same walk provokes the hero's opportunity attack."""
    enc = _hidden(ruleset)
    path = [Cell(4, 2), Cell(5, 2)]
    unseen = play_exactly(enc, MoveCombatant("gob", path=path), [])
    assert [o.taken for o in unseen.outcome.opportunity_attacks] in ([], [False])
    attacked = play_exactly(enc, ResolveAttack("gob", "hero"), [3, 4])
    walked = play_exactly(attacked.encounter, MoveCombatant("gob", path=path), [15, 3])
    assert [(o.reactor_id, o.taken, o.hit) for o in walked.outcome.opportunity_attacks] == [
        ("hero", True, True)
    ]
    assert walked.encounter.combatant("gob").hp == 30 - 5


@pytest.mark.rule("d20.hide")
def test_d20_hide_search_exists_in_every_ruleset_with_hide_and_refuses_d100s_options() -> None:
    """d20 and d10 roll Perception: the DM's DC and the scavenging check are d100's."""
    for ruleset in D20_D10:
        on_hero = _next(_hidden(ruleset))
        refused = ((Search("hero", dc=10), "dc"), (Search("hero", scavenging_dc=5), "scavengingDc"))
        for request, field in refused:
            with pytest.raises(InvalidAction) as e:
                apply(on_hero, request, ScriptedRandom([]))
            assert e.value.path == (field,)
        unconscious = _next(_hidden(ruleset, hero={"conditions": [{"name": "unconscious"}]}))
        with pytest.raises(IllegalAction):
            apply(unconscious, Search("hero"), ScriptedRandom([]))


@pytest.mark.rule("d20.hide")
@pytest.mark.rule("d20.oa.trigger")
@pytest.mark.parametrize("ruleset", D20_D10)
def test_d20_hide_an_opportunity_attack_from_hiding_reveals_the_reactor(ruleset: str) -> None:
    """The hidden goblin's opportunity attack on the hero walking away has advantage, misses
    and reveals it: the ally's bow no longer counts it unseen."""
    on_hero = _next(_hidden(ruleset))
    moved = play_exactly(on_hero, MoveCombatant("hero", path=[Cell(1, 2), Cell(0, 2)]), [3, 4])
    assert [(o.reactor_id, o.taken, o.hit) for o in moved.outcome.opportunity_attacks] == [
        ("gob", True, False)
    ]
    assert "revealed" in [e.type for e in moved.events]
    theirs = apply(moved.encounter, AttackOdds("ally", "gob"), ScriptedRandom([])).outcome
    assert "target-unseen" not in theirs.disadvantage_sources

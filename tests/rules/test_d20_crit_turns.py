"""Critical-table effects played across turns and rounds (issue 22): pending choices lapse
with their turn (``d20.crit.effects`` decision 5), "next turn" is that turn only (6),
durations of a dead creature keep counting at its place (8), a delayed turn starts once and
moves in the order carry companions and groups along (``d20.init.lower``)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import InvalidAction, apply
from service.rules.model import Area, Cell, Duration, Encounter
from service.rules.model.outcomes import AttackOddsOutcome, MoveOutcome, NextTurnOutcome
from service.rules.model.requests import (
    ApplyDamage,
    AttackOdds,
    Dash,
    LowerInitiative,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
)
from service.rules.rulesets.d20.requests import ResolveChoice

SWORD = {"name": "longsword", "bonus": 5, "damage": "1d8+3"}
BOLT = {"name": "bolt", "bonus": 5, "damage": "1d10", "kind": "spell", "range": 120}
SCIMITAR = {"name": "scimitar", "bonus": 4, "damage": "1d6+2"}


def fight(*extra: dict[str, Any], order: list[tuple[str, int]] | None = None) -> Encounter:
    """Round 1, the first turn in ``order`` (default hero 20, ally 15, orc 10, orc2 5)."""
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc", hp=24, maxHp=24, attacks=[SWORD, BOLT]),
        combatant("ally", 2, 3, kind="pc", hp=24, maxHp=24),
        combatant("orc", 3, 2, side="orcs", ac=13, hp=50, maxHp=50, attacks=[SCIMITAR]),
        combatant("orc2", 8, 8, side="orcs", ac=13, hp=50, maxHp=50, attacks=[SCIMITAR]),
        *extra,
        round=1,
    )
    places = order or [("hero", 20), ("ally", 15), ("orc", 10), ("orc2", 5)]
    doc["order"] = [{"combatantId": c, "initiative": n} for c, n in places]
    doc["turnOf"] = places[0][0]
    return build(doc)


def next_turn(enc: Encounter) -> tuple[Encounter, NextTurnOutcome]:
    result = apply(enc, NextTurn(), Random(0))
    assert isinstance(result.outcome, NextTurnOutcome)
    return result.encounter, result.outcome


def odds(enc: Encounter, attacker: str, target: str) -> AttackOddsOutcome:
    outcome = apply(enc, AttackOdds(attacker, target), Random(0)).outcome
    assert isinstance(outcome, AttackOddsOutcome)
    return outcome


def turns(enc: Encounter, n: int) -> tuple[Encounter, list[tuple[int, str | None]]]:
    seen = []
    for _ in range(n):
        enc, out = next_turn(enc)
        seen.append((out.round, out.turn_of))
    return enc, seen


# ------------------------------------------------------------------ decision 5


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_pending_choice_lapses_when_its_turn_ends() -> None:
    """Weapon hit 15-19 offers the hero a Disengage on its round 1 turn; the hero ends its
    turn without choosing: the offer lapses, declined and logged, and can't be taken later
    (round 3, after a Dash): leaving the orc's reach then provokes its opportunity attack."""
    hit = play(fight(), ResolveAttack("hero", "orc"), [20, 2, 5, 17])
    assert [c.id for c in hit.encounter.pending_choices] == ["choice-1"]
    enc, out = next_turn(hit.encounter)
    assert out.turn_of == "ally" and enc.pending_choices == []
    ended = apply(hit.encounter, NextTurn(), Random(0))
    lapsed = [e for e in ended.events if e.type == "choice-lapsed"]
    assert [e.data["choiceId"] for e in lapsed] == ["choice-1"]
    assert lapsed[0].rule == "d20.crit.effects"
    enc, _ = turns(enc, 3)  # ally, orc, orc2: round 2, the hero's turn
    enc, _ = turns(enc, 4)  # round 3, the hero's turn
    assert (enc.round, enc.turn_of) == (3, "hero")
    dashed = apply(enc, Dash("hero"), Random(0)).encounter
    with pytest.raises(InvalidAction) as e:
        apply(dashed, ResolveChoice("choice-1", "accept"), Random(0))
    assert e.value.path == ("choiceId",)
    moved = apply(dashed, MoveCombatant("hero", to=Cell(0, 0)), ScriptedRandom([2]))
    assert isinstance(moved.outcome, MoveOutcome)
    assert [(o.reactor_id, o.taken) for o in moved.outcome.opportunity_attacks] == [("orc", True)]


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_choice_accepted_in_its_turn_still_applies() -> None:
    """The same offer taken before the turn ends: the hero leaves the orc's reach freely."""
    hit = play(fight(), ResolveAttack("hero", "orc"), [20, 2, 5, 17])
    enc = apply(hit.encounter, ResolveChoice("choice-1", "accept"), Random(0)).encounter
    moved = apply(enc, MoveCombatant("hero", to=Cell(0, 0)), Random(0))
    assert isinstance(moved.outcome, MoveOutcome)
    assert [(o.reactor_id, o.taken) for o in moved.outcome.opportunity_attacks] == [("orc", False)]


# ------------------------------------------------------------------ decision 6


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_weapon_hit_6_9_next_turn_is_not_the_second_attack_of_this_one() -> None:
    """An Attack action with two attacks: the first rolls weapon hit 6-9 and the hero takes
    it; the second attack of the same action has no advantage, the orc's attacks on the
    hero have it at once; on the hero's next turn its attacks on the orc have it, and after
    that turn neither window is open."""
    doc_enc = fight()
    enc = doc_enc
    hero = enc.combatant("hero")
    hero.attacks_per_action = 2
    first = play(enc, ResolveAttack("hero", "orc"), [20, 2, 5, 7])
    enc = apply(first.encounter, ResolveChoice("choice-1", "accept"), Random(0)).encounter
    assert enc.combatant("hero").budget.attacks_left == 1
    second = play(enc, ResolveAttack("hero", "orc"), [12, 4])
    assert "weapon-hit 6-9" not in second.outcome.advantage_sources
    enc = second.encounter
    enc, _ = turns(enc, 2)  # ally, orc
    assert enc.turn_of == "orc"
    assert "weapon-hit 6-9" in odds(enc, "orc", "hero").advantage_sources
    enc, _ = turns(enc, 2)  # orc2, then round 2: the hero
    assert (enc.round, enc.turn_of) == (2, "hero")
    assert "weapon-hit 6-9" in odds(enc, "hero", "orc").advantage_sources
    again = play(enc, ResolveAttack("hero", "orc"), [3, 15, 4])
    assert again.outcome.advantage_sources == ["weapon-hit 6-9"]
    enc, _ = next_turn(again.encounter)
    assert "weapon-hit 6-9" not in odds(enc, "orc", "hero").advantage_sources
    enc, _ = turns(enc, 3)
    assert (enc.round, enc.turn_of) == (3, "hero")
    assert "weapon-hit 6-9" not in odds(enc, "hero", "orc").advantage_sources


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize(("roll", "choice"), [(3, True), (12, False)])
def test_d20_crit_effects_until_the_end_of_your_next_turn_includes_this_one(
    roll: int, choice: bool
) -> None:
    """Weapon hit 2-5 and 10-14: the hero's second attack of the same Attack action already
    has advantage on the orc."""
    enc = fight()
    enc.combatant("hero").attacks_per_action = 2
    first = play(enc, ResolveAttack("hero", "orc"), [20, 2, 5, roll])
    enc = first.encounter
    if choice:
        enc = apply(enc, ResolveChoice("choice-1", "accept"), Random(0)).encounter
    second = play(enc, ResolveAttack("hero", "orc"), [3, 15, 4])
    source = "weapon-hit 2-5" if roll == 3 else "weapon-hit 10-14"
    assert second.outcome.advantage_sources == [source] and second.outcome.natural == 15


# ------------------------------------------------------------------ decision 8


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_smoke_ends_on_schedule_after_its_caster_dies() -> None:
    """Spell fumble 15-19 fills the hero's square with smoke for 10 rounds (10 of its
    turns). The hero is killed in round 2; its place in the order keeps counting, so the
    smoke ends in round 11 at the hero's place (as if the hero had lived), and the ally
    standing in it is seen again."""
    enc = play(fight(), ResolveAttack("hero", "orc", attack_name="bolt"), [1, 17]).encounter
    assert len(enc.areas) == 1
    assert "target-unseen" in odds(enc, "orc", "ally").disadvantage_sources
    enc, _ = turns(enc, 4)  # round 2, the hero's turn
    enc, _ = next_turn(enc)  # the ally's
    enc = apply(enc, ApplyDamage("hero", 100), Random(0)).encounter
    assert enc.combatant("hero").dead
    ended = None
    for _ in range(60):
        enc, out = next_turn(enc)
        if not enc.areas:
            ended = (out.round, out.turn_of)
            break
        assert "target-unseen" in odds(enc, "orc", "ally").disadvantage_sources
    assert ended == (11, "ally")
    assert "target-unseen" not in odds(enc, "orc", "ally").disadvantage_sources


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_smoke_lasts_ten_turns_of_a_living_caster() -> None:
    """The same smoke with the hero alive ends at the end of its 10th turn after the band
    (round 11), the same place in the order as after its death."""
    enc = play(fight(), ResolveAttack("hero", "orc", attack_name="bolt"), [1, 17]).encounter
    ended = None
    for _ in range(60):
        enc, out = next_turn(enc)
        if not enc.areas:
            ended = (out.round, out.previous, out.turn_of)
            break
    assert ended == (11, "hero", "ally")
    assert "target-unseen" not in odds(enc, "orc", "ally").disadvantage_sources


# ------------------------------------------------------------------ d20.init.lower


@pytest.mark.rule("d20.init.lower")
@pytest.mark.rule("d20.crit.effects")
def test_d20_init_lower_a_delayed_turn_starts_once_for_a_two_turn_duration() -> None:
    """Spell hit 20-29 halves the orc's speed for its next 2 turns. In round 1 the orc
    delays (lowers its initiative before acting) below orc2: when it takes that turn its
    speed is still halved, and again on its round 2 turn; only then does it end (a turn
    starts once, however late it is taken)."""
    hit = play(fight(), ResolveAttack("hero", "orc", attack_name="bolt"), [20, 2, 5, 25])
    enc, _ = turns(hit.encounter, 2)  # ally, orc
    assert enc.turn_of == "orc" and enc.combatant("orc").budget.movement == 15
    enc = apply(enc, LowerInitiative("orc", 1), Random(0)).encounter
    assert enc.turn_of == "orc2"
    enc, out = next_turn(enc)
    assert out.turn_of == "orc" and out.round == 1
    assert enc.combatant("orc").budget.movement == 15, "the delayed turn: still halved"
    enc, seen = turns(enc, 4)
    assert seen == [(2, "hero"), (2, "ally"), (2, "orc2"), (2, "orc")]
    assert enc.combatant("orc").budget.movement == 15, "its second turn: still halved"
    enc, out = next_turn(enc)
    assert "orc:speed-halved" in out.expired
    enc, _ = turns(enc, 3)
    assert enc.turn_of == "orc" and enc.combatant("orc").budget.movement == 30


@pytest.mark.rule("d20.init.lower")
@pytest.mark.rule("d20.init.companions")
@pytest.mark.rule("d20.crit.effects")
def test_d20_init_lower_a_critical_move_to_the_top_carries_the_companion() -> None:
    """Spell hit 15-19 sends the hero to the top of the order after its turn; its wolf acts
    right after it, so the two move together, once the wolf has had its turn: round 1 goes
    on with orc2, and from round 2 the hero and its wolf act first."""
    wolf = combatant("wolf", 1, 2, controller="hero")
    enc = fight(
        wolf,
        order=[("orc", 20), ("ally", 15), ("hero", 10), ("wolf", 10), ("orc2", 5)],
    )
    enc, _ = turns(enc, 2)  # ally, hero
    assert enc.turn_of == "hero"
    hit = play(enc, ResolveAttack("hero", "orc", attack_name="bolt"), [20, 2, 5, 17])
    enc, seen = turns(hit.encounter, 5)
    assert seen == [(1, "wolf"), (1, "orc2"), (2, "hero"), (2, "wolf"), (2, "orc")]
    assert [e.combatant_id for e in enc.order] == ["hero", "wolf", "orc", "ally", "orc2"]


@pytest.mark.rule("d20.init.lower")
@pytest.mark.rule("d20.init.groups")
@pytest.mark.rule("d20.crit.effects")
def test_d20_init_lower_a_critical_move_to_the_bottom_carries_the_group() -> None:
    """Weapon fumble 85-89: orc (of the group 'band', with orc2) moves to the bottom of
    the order as round 2 starts, and orc2 goes with it: the group still acts together."""
    enc = fight(order=[("orc", 20), ("orc2", 20), ("hero", 15), ("ally", 10)])
    enc.combatant("orc").group = "band"
    enc.combatant("orc2").group = "band"
    miss = play(enc, ResolveAttack("orc", "hero"), [1, 87])
    enc, seen = turns(miss.encounter, 4)
    assert seen == [(1, "orc2"), (1, "hero"), (1, "ally"), (2, "hero")]
    assert [e.combatant_id for e in enc.order] == ["hero", "ally", "orc", "orc2"]
    enc, seen = turns(enc, 3)
    assert seen == [(2, "ally"), (2, "orc"), (2, "orc2")]


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_an_area_of_a_removed_creature_counts_a_turn_each_round() -> None:
    """A client removed the smoke's caster from the encounter (and the order): its smoke,
    lasting to the end of the caster's 2nd turn, counts one turn of it as each round
    begins, and ends as round 3 begins; until then the ally in it is unseen."""
    enc = fight()
    enc.areas.append(
        Area(
            center=Cell(2, 3),
            radius=5,
            kind="heavily-obscured",
            duration=Duration(ends="end", of="mage", turns=2),
        )
    )
    enc, seen = turns(enc, 3)
    assert seen[-1] == (1, "orc2") and enc.areas
    enc, out = next_turn(enc)
    assert (out.round, out.turn_of) == (2, "hero") and enc.areas
    assert "target-unseen" in odds(enc, "orc", "ally").disadvantage_sources
    enc, _ = turns(enc, 3)
    assert enc.areas
    enc, out = next_turn(enc)
    assert out.round == 3 and not enc.areas and "area:heavily-obscured" in out.expired
    assert "target-unseen" not in odds(enc, "orc", "ally").disadvantage_sources


@pytest.mark.rule("d20.init.lower")
@pytest.mark.rule("d20.crit.effects")
def test_d20_init_lower_a_critical_move_to_the_top_with_a_dead_companion() -> None:
    """The same band when the hero's wolf is dead: the wolf takes no turn, so the move
    happens as the hero's own turn ends (it does not wait for a turn that never comes)."""
    wolf = combatant("wolf", 1, 2, controller="hero", hp=0, dead=True)
    enc = fight(
        wolf,
        order=[("orc", 20), ("ally", 15), ("hero", 10), ("wolf", 10), ("orc2", 5)],
    )
    enc, _ = turns(enc, 2)  # ally, hero
    hit = play(enc, ResolveAttack("hero", "orc", attack_name="bolt"), [20, 2, 5, 17])
    enc, seen = turns(hit.encounter, 4)
    assert seen == [(1, "orc2"), (2, "hero"), (2, "orc"), (2, "ally")]
    assert [e.combatant_id for e in enc.order] == ["hero", "wolf", "orc", "ally", "orc2"]


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.init.lower")
def test_d20_crit_effects_a_delay_passing_a_dead_casters_place_counts_its_turn() -> None:
    """The orc delays on its turn; the turn passes over the dead hero's place to the ally:
    the hero's smoke, lasting to the end of its next turn, ends there, as it does when
    nextTurn passes that place."""
    smoke = Area(
        center=Cell(2, 3), radius=5, kind="heavily-obscured", duration=Duration("end", "hero")
    )
    enc = fight(order=[("orc", 20), ("hero", 15), ("ally", 10), ("orc2", 5)])
    enc.combatant("hero").hp = 0
    enc.combatant("hero").dead = True
    enc.areas.append(smoke)
    delayed = apply(enc, LowerInitiative("orc", 1), Random(0))
    assert delayed.encounter.turn_of == "ally" and delayed.encounter.areas == []
    assert [e.type for e in delayed.events if e.type == "area-ended"] == ["area-ended"]
    passed, _ = next_turn(enc)
    assert passed.turn_of == "ally" and passed.areas == []

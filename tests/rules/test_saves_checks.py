"""``d20.save`` and ``d20.cond`` on saves and checks: ``rollSave`` and ``rollCheck`` in every
ruleset, the conditions that fail or hinder them, and the tie rule of every contest."""

from __future__ import annotations

from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc, play_exactly

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Encounter
from service.rules.model.requests import (
    ContestSide,
    Help,
    Hide,
    ResolveAttack,
    RollCheck,
    RollSave,
)
from service.rules.rulesets.d100.requests import EscapeGrapple, Shove

RULESETS = ["d20", "d100", "d10"]


def _enc(ruleset: str = "d20", hero: dict[str, Any] | None = None, **gob: Any) -> Encounter:
    """Round 1, the hero's turn; a goblin next to it, an ally behind."""
    h = combatant(
        "hero",
        2,
        2,
        kind="pc",
        abilities={"dexterity": 3, "strength": 1, "wisdom": 2},
        saves={"dexterity": 5, "constitution": 2},
        skills={"perception": 6},
        **(hero or {}),
    )
    g = combatant("gob", 3, 2, side="foes", abilities={"strength": 2}, **gob)
    ally = combatant("ally", 1, 2, kind="pc")
    combatants = [h, g, ally]
    return build(
        encounter_doc(
            *combatants,
            ruleset=ruleset,
            round=1,
            turnOf="hero",
            order=[{"combatantId": c["id"], "initiative": 9 - i} for i, c in enumerate(combatants)],
        )
    )


def _with(conditions: list[dict[str, Any]], ruleset: str = "d20", **hero: Any) -> Encounter:
    return _enc(ruleset, hero={"conditions": conditions, **hero})


@pytest.mark.rule("d20.save")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_d20_save_a_save_against_a_dc_spends_nothing_and_is_logged(ruleset: str) -> None:
    """DC 15 Dexterity save: 10 + 5 meets it, 9 + 5 doesn't; the hero still has its whole
    turn afterwards (its attack is made), and the roll is in the log with its rule."""
    enc = _enc(ruleset)
    made = play_exactly(enc, RollSave("hero", "dexterity", dc=15), [10])
    out = made.outcome
    assert out.success and not out.automatic_failure and out.roll.total == 15
    assert out.roll.rolls == [10] and out.roll.bonus == 5 and out.dc == 15
    assert any(e.type == "roll" and e.rule == "d20.save" for e in made.events)
    failed = play_exactly(enc, RollSave("hero", "dexterity", dc=15), [9])
    assert not failed.outcome.success
    assert made.encounter.combatant("hero").budget == enc.combatant("hero").budget
    hit = [60, 3] if ruleset == "d100" else [15, 3]
    attack = play_exactly(made.encounter, ResolveAttack("hero", "gob"), hit)
    assert attack.outcome.hit


@pytest.mark.rule("d20.save")
def test_d20_save_a_check_uses_the_skill_else_the_ability() -> None:
    enc = _enc()
    skill = play_exactly(enc, RollCheck("hero", skill="perception", dc=18), [12])
    assert skill.outcome.roll.bonus == 6 and skill.outcome.success
    ability = play_exactly(enc, RollCheck("hero", skill="athletics", dc=12), [10])
    assert ability.outcome.roll.bonus == 1 and ability.outcome.roll.ability == "strength"
    assert not ability.outcome.success
    plain = play_exactly(enc, RollCheck("hero", ability="wisdom", dc=12), [10])
    assert plain.outcome.roll.bonus == 2 and plain.outcome.success


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("condition", ["paralyzed", "stunned", "unconscious", "petrified"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_d20_cond_strength_and_dexterity_saves_fail_automatically(
    ruleset: str, condition: str
) -> None:
    """A natural 20 still fails a Strength or Dexterity save; a Constitution save is rolled
    as usual."""
    enc = _with([{"name": condition}], ruleset)
    for ability in ("strength", "dexterity"):
        out = play_exactly(enc, RollSave("hero", ability, dc=5), [20]).outcome  # type: ignore[arg-type]
        assert not out.success and out.automatic_failure
        assert out.roll.automatic_failure == [condition]
    con = play_exactly(enc, RollSave("hero", "constitution", dc=5), [20]).outcome
    assert con.success and not con.automatic_failure


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("condition", ["restrained", "squeezing"])
def test_d20_cond_restrained_and_squeezing_dexterity_saves_have_disadvantage(
    condition: str,
) -> None:
    """Two d20, the lower kept (18 and 4: 9 fails DC 15); a Strength save rolls one."""
    enc = _with([{"name": condition}])
    dex = play_exactly(enc, RollSave("hero", "dexterity", dc=15), [18, 4]).outcome
    assert dex.roll.disadvantage_sources == [condition] and dex.roll.natural == 4
    assert not dex.success
    strength = play_exactly(enc, RollSave("hero", "strength", dc=15), [18]).outcome
    assert strength.roll.disadvantage_sources == [] and strength.success


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_d20_cond_frightened_checks_have_disadvantage_while_the_source_is_seen(
    ruleset: str,
) -> None:
    """Frightened of the goblin: the hero's check has disadvantage, and so has its Stealth
    when it hides (the same function), while the goblin is alive and seen; not once the
    goblin is dead."""
    fear = [{"name": "frightened", "source": "gob"}]
    enc = _with(fear, ruleset)
    check = play_exactly(enc, RollCheck("hero", ability="wisdom", dc=10), [17, 5]).outcome
    assert check.roll.disadvantage_sources == ["frightened"] and not check.success
    hid = play_exactly(enc, Hide("hero"), [17, 5])
    assert hid.outcome.stealth == 5 + 3
    dead = _enc(ruleset, hero={"conditions": fear}, dead=True, hp=0)
    brave = play_exactly(dead, RollCheck("hero", ability="wisdom", dc=10), [17]).outcome
    assert brave.roll.disadvantage_sources == [] and brave.success
    saves = play_exactly(enc, RollSave("hero", "wisdom", dc=10), [17]).outcome
    assert saves.roll.disadvantage_sources == []


@pytest.mark.rule("d20.cond")
def test_d20_cond_poisoned_checks_have_disadvantage_and_that_decides_a_contest() -> None:
    """d100: a poisoned goblin shoves the hero: its check rolls two d20 (19 and 2, the 2
    kept: 4) against the hero's Athletics 10 + 1 and fails, so the hero keeps standing; a
    check the DM asks of the goblin has the same disadvantage."""
    enc = _enc("d100", conditions=[{"name": "poisoned"}])
    shove = play_exactly(enc, Shove("gob", "hero", mode="prone", spend="free"), [19, 2, 10])
    assert not shove.outcome.success and shove.outcome.actor_total == 4
    assert not shove.encounter.combatant("hero").has("prone")
    check = play_exactly(enc, RollCheck("gob", ability="wisdom", dc=10), [19, 2]).outcome
    assert check.roll.disadvantage_sources == ["poisoned"]


@pytest.mark.rule("d20.cond")
@pytest.mark.rule("d20.save")
def test_d20_cond_exhaustion_checks_from_level_1_saves_from_level_3() -> None:
    one = _enc(hero={"exhaustion": 1})
    check = play_exactly(one, RollCheck("hero", ability="wisdom", dc=1), [9, 8]).outcome
    assert check.roll.disadvantage_sources == ["exhaustion"]
    plain = play_exactly(one, RollSave("hero", "wisdom", dc=1), [9]).outcome
    assert plain.roll.disadvantage_sources == []
    three = _enc(hero={"exhaustion": 3})
    save = play_exactly(three, RollSave("hero", "wisdom", dc=1), [9, 8]).outcome
    assert save.roll.disadvantage_sources == ["exhaustion"]


@pytest.mark.rule("d20.cond")
def test_d20_cond_a_blinded_creature_fails_a_check_that_needs_sight() -> None:
    enc = _with([{"name": "blinded"}])
    seen = play_exactly(enc, RollCheck("hero", skill="perception", dc=5, sight=True), [20])
    assert not seen.outcome.success and seen.outcome.roll.automatic_failure == ["blinded"]
    heard = play_exactly(enc, RollCheck("hero", skill="perception", dc=5), [20])
    assert heard.outcome.success


@pytest.mark.rule("d20.save")
def test_d20_save_caller_advantage_cancels_a_condition_disadvantage_and_is_named() -> None:
    enc = _with([{"name": "poisoned"}])
    out = play_exactly(enc, RollCheck("hero", ability="wisdom", dc=12, advantage=True), [10])
    assert out.outcome.roll.advantage_sources == ["caller"]
    assert out.outcome.roll.disadvantage_sources == ["poisoned"]
    assert out.outcome.roll.rolls == [10] and out.outcome.success


@pytest.mark.rule("d20.save")
@pytest.mark.rule("d100.action.help")
def test_d20_save_a_help_is_used_up_by_the_next_check() -> None:
    """The ally helps: the hero's next check has advantage (two d20) and uses the help; the
    check after it rolls one d20."""
    helped = play_exactly(_enc(), Help("hero", "ally", spend="free"), []).encounter
    first = play_exactly(helped, RollCheck("ally", ability="wisdom", dc=10), [3, 12])
    assert first.outcome.roll.advantage_sources == ["help:hero"] and first.outcome.success
    second = play_exactly(first.encounter, RollCheck("ally", ability="wisdom", dc=10), [3])
    assert second.outcome.roll.advantage_sources == [] and not second.outcome.success


@pytest.mark.rule("d20.save")
@pytest.mark.parametrize("ruleset", RULESETS)
def test_d20_save_contest_ties_leave_things_as_they_were(ruleset: str) -> None:
    """The hero's Athletics 11 + 1 against the goblin's 10 + 2: a tie, and the hero (trying
    to change the situation) fails; its Strength save (+0: its saves list none) of 12
    resisting the same 12 succeeds."""
    enc = _enc(ruleset)
    contest = ContestSide("gob", skill="athletics")
    check = play_exactly(enc, RollCheck("hero", skill="athletics", contest=contest), [11, 10])
    assert check.outcome.roll.total == check.outcome.contest.total == 12  # type: ignore[union-attr]
    assert not check.outcome.success
    won = play_exactly(enc, RollCheck("hero", skill="athletics", contest=contest), [12, 10])
    assert won.outcome.success
    save = play_exactly(enc, RollSave("hero", "strength", contest=contest), [12, 10])
    assert save.outcome.success


@pytest.mark.rule("d20.save")
@pytest.mark.rule("d100.grapple.escape")
def test_d20_save_every_d100_contest_tie_keeps_the_situation() -> None:
    """d100: a shove tied (12 against 12) leaves the hero standing; a grappled hero's escape
    tied (12 + 1 against 11 + 2) leaves it grappled."""
    enc = _enc("d100")
    shove = play_exactly(enc, Shove("gob", "hero", mode="prone", spend="free"), [10, 11])
    assert shove.outcome.actor_total == shove.outcome.target_total == 12
    assert not shove.outcome.success
    grappled = _enc("d100", hero={"conditions": [{"name": "grappled", "source": "gob"}]})
    escape = play_exactly(grappled, EscapeGrapple("hero"), [12, 11])
    assert escape.outcome.actor_total == escape.outcome.target_total
    assert not escape.outcome.success
    assert escape.encounter.combatant("hero").has("grappled")


@pytest.mark.rule("d20.save")
def test_d20_save_bad_requests_name_the_field() -> None:
    enc = _enc()
    OTHER = ("contest", "combatantId")
    cases: list[tuple[object, tuple[str, ...]]] = [
        (RollSave("hero", "dexterity"), ("dc",)),
        (RollSave("hero", "dexterity", dc=10, contest=ContestSide("gob", "strength")), ("dc",)),
        (RollCheck("hero", dc=10), ("ability",)),
        (RollCheck("hero", skill="juggling", dc=10), ("ability",)),
        (RollCheck("hero", ability="wisdom", contest=ContestSide("nobody", "wisdom")), OTHER),
        (RollCheck("hero", ability="wisdom", contest=ContestSide("gob")), ("contest", "ability")),
        (RollCheck("hero", ability="wisdom", contest=ContestSide("hero", "wisdom")), OTHER),
        (RollSave("nobody", "wisdom", dc=3), ("combatantId",)),
    ]
    for request, path in cases:
        with pytest.raises(InvalidAction) as e:
            apply(enc, request, ScriptedRandom([]))
        assert e.value.path == path, request
    dead = _enc(dead=True, hp=0)
    with pytest.raises(IllegalAction) as refused:
        apply(dead, RollSave("gob", "wisdom", dc=3), ScriptedRandom([]))
    assert refused.value.rule == "d20.save"


@pytest.mark.rule("d20.cond")
def test_d20_cond_frightened_of_a_source_behind_a_wall_checks_plainly() -> None:
    """The goblin stands behind a wall the whole height of the map: out of sight, the fear
    gives no disadvantage, to a check or to a Stealth roll."""
    fear = [{"name": "frightened", "source": "gob"}]
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc", conditions=fear),
        combatant("gob", 6, 2, side="foes"),
    )
    doc["grid"]["blocked"] = [{"x": 4, "y": y} for y in range(12)]
    enc = build(doc)
    check = play_exactly(enc, RollCheck("hero", ability="wisdom", dc=10), [17]).outcome
    assert check.roll.disadvantage_sources == [] and check.success
    hid = play_exactly(enc, Hide("hero"), [17])
    assert hid.outcome.stealth == 17

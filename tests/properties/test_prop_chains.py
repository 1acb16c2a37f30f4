"""Invariants of any chain of actions on any valid encounter, for every ruleset."""

from __future__ import annotations

import copy
from random import Random

import pytest
from hypothesis import given, settings
from properties.conftest import (
    PROPERTIES,
    Recipe,
    encounters,
    examples,
    make_action,
    run_chain,
    scripts,
)

from service.rules import RulesError, apply, validate
from service.rules.model import Encounter

Script = list[tuple[Recipe, int]]


def check_hp(enc: Encounter) -> None:
    for c in enc.combatants:
        assert 0 <= c.hp <= c.max_hp, (c.id, c.hp, c.max_hp)
        assert c.temp_hp >= 0, (c.id, c.temp_hp)


@pytest.mark.rule("d20.hp.zero")
@pytest.mark.rule("d20.hp.max")
@settings(PROPERTIES, max_examples=examples(80))
@given(encounters(), scripts())
def test_d20_hp_stays_between_zero_and_max(enc: Encounter, script: Script) -> None:
    check_hp(enc)
    for step in run_chain(enc, script):
        if step.result is not None:
            check_hp(step.result.encounter)


@pytest.mark.rule("d20.hp.zero")
@pytest.mark.rule("d20.death.saves")
@settings(PROPERTIES, max_examples=examples(80))
@given(encounters(), scripts())
def test_d20_hp_zero_the_dead_stay_dead(enc: Encounter, script: Script) -> None:
    dead = {c.id for c in enc.combatants if c.dead}
    for step in run_chain(enc, script):
        if step.result is None:
            continue
        after = step.result.encounter
        for c in after.combatants:
            if c.id in dead:
                assert c.dead, (c.id, step.action)
                assert c.hp == 0, (c.id, c.hp, step.action)
            if c.dead:
                dead.add(c.id)


def replay(enc: Encounter, script: Script) -> list[object]:
    out: list[object] = []
    for step in run_chain(enc, script):
        if step.result is None:
            assert step.error is not None
            out.append((type(step.error), step.error.message))
        else:
            r = step.result
            out.append((r.encounter, r.events, r.outcome))
    return out


@settings(PROPERTIES, max_examples=examples(30))
@given(encounters(), scripts())
def test_a_seed_replays_exactly(enc: Encounter, script: Script) -> None:
    first = replay(copy.deepcopy(enc), script)
    second = replay(copy.deepcopy(enc), script)
    assert first == second


@settings(PROPERTIES, max_examples=examples(60))
@given(encounters(), scripts())
def test_apply_never_mutates_its_input(enc: Encounter, script: Script) -> None:
    for recipe, seed in script:
        action = make_action(enc, recipe)
        enc_before = copy.deepcopy(enc)
        action_before = copy.deepcopy(action)
        try:
            result = apply(enc, action, Random(seed))
        except RulesError:
            result = None
        assert enc == enc_before, action
        assert action == action_before
        if result is not None:
            enc = result.encounter


@settings(PROPERTIES, max_examples=examples(50))
@given(encounters(), scripts())
def test_results_stay_valid_encounters(enc: Encounter, script: Script) -> None:
    """Every state the engine answers passes its own checks: what lets a session trust the
    state it stored (``apply(..., trusted=True)``)."""
    for step in run_chain(enc, script):
        if step.result is None:
            continue
        validate(step.result.encounter)


def check_dying(enc: Encounter) -> None:
    for c in enc.combatants:
        assert 0 <= c.death_saves.successes <= 3, c
        assert 0 <= c.death_saves.failures <= 3, c
        if c.stable:
            assert c.hp == 0 and not c.dead, c
        if c.unconscious:
            assert c.hp == 0, c
        if c.dead:
            assert c.hp == 0 and not c.stable, c


@pytest.mark.rule("d20.death.saves")
@pytest.mark.rule("d20.death.stable")
@pytest.mark.rule("d20.death.unconscious")
@settings(PROPERTIES, max_examples=examples(80))
@given(encounters(), scripts())
def test_d20_death_saves_stable_and_unconscious_states_stay_consistent(
    enc: Encounter, script: Script
) -> None:
    check_dying(enc)
    for step in run_chain(enc, script):
        if step.result is not None:
            check_dying(step.result.encounter)

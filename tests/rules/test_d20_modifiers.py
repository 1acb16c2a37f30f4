"""Sources of advantage and disadvantage the state gives an attack (``d20.attack.sources``)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc

from service.rules import apply
from service.rules.model import Attack, Encounter
from service.rules.model.requests import ResolveAttack

BOW = Attack("bow", 5, "1d6", kind="ranged", range=80)
BOLT = Attack("fire bolt", 5, "1d10", kind="spell", range=120)


def _duel(
    attacker: dict[str, Any] | None = None,
    target: dict[str, Any] | None = None,
    *,
    target_at: tuple[int, int] = (3, 2),
    **enc: Any,
) -> Encounter:
    """A hero at (2, 2) and an orc (AC 13, 50 HP) beside it, unless moved."""
    return build(
        encounter_doc(
            combatant("hero", 2, 2, kind="pc", **(attacker or {})),
            combatant("orc", *target_at, side="orcs", ac=13, hp=50, maxHp=50, **(target or {})),
            **enc,
        )
    )


def _attack(enc: Encounter, attack: Attack | None = None, attacker: str = "hero") -> Any:
    target = "orc" if attacker == "hero" else "hero"
    # two d20s (3 and 15) when one of them is kept, then the damage die
    return apply(
        enc,
        ResolveAttack(attacker, target, attack=attack, spend="free", apply_damage=False),
        ScriptedRandom([3, 15, 2, 2]),
    )


def _advantage(result: Any, source: str) -> None:
    out = result.outcome
    assert source in out.advantage_sources, out.advantage_sources
    assert out.advantage and not out.disadvantage
    assert out.natural == 15  # two dice, the higher kept
    roll = next(e.roll for e in result.events if e.rule == "d20.attack.roll")
    assert [d.value for d in roll.dice] == [3, 15]


def _disadvantage(result: Any, source: str) -> None:
    out = result.outcome
    assert source in out.disadvantage_sources, out.disadvantage_sources
    assert out.disadvantage and not out.advantage
    assert out.natural == 3  # two dice, the lower kept


def _cond(*names: str) -> dict[str, Any]:
    return {"conditions": [{"name": n} for n in names]}


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_target_prone_adjacent_gives_advantage() -> None:
    _advantage(_attack(_duel(target=_cond("prone"))), "target-prone")


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_target_prone_at_range_gives_disadvantage() -> None:
    enc = _duel(target=_cond("prone"), target_at=(9, 2))
    _disadvantage(_attack(enc, BOW), "target-prone")


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_attacker_prone_gives_disadvantage() -> None:
    _disadvantage(_attack(_duel(attacker=_cond("prone"))), "attacker-prone")


@pytest.mark.rule("d20.attack.sources")
@pytest.mark.parametrize(
    ("attacker", "target"),
    [(_cond("blinded"), {}), ({}, _cond("invisible")), ({}, _cond("hidden"))],
)
def test_d20_attack_sources_unseen_target_gives_disadvantage(
    attacker: dict[str, Any], target: dict[str, Any]
) -> None:
    _disadvantage(_attack(_duel(attacker, target)), "target-unseen")


@pytest.mark.rule("d20.attack.sources")
@pytest.mark.parametrize(
    ("attacker", "target"),
    [(_cond("invisible"), {}), (_cond("hidden"), {}), ({}, _cond("blinded"))],
)
def test_d20_attack_sources_unseen_attacker_gives_advantage(
    attacker: dict[str, Any], target: dict[str, Any]
) -> None:
    _advantage(_attack(_duel(attacker, target)), "attacker-unseen")


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_heavily_obscured_target_is_unseen() -> None:
    area = {"center": {"x": 9, "y": 2}, "radius": 5, "kind": "heavily-obscured"}
    enc = _duel(target_at=(9, 2), areas=[area])
    result = _attack(enc, BOW)
    # both are unseen by each other: advantage and disadvantage cancel, both named
    assert "target-unseen" in result.outcome.disadvantage_sources
    assert "attacker-unseen" in result.outcome.advantage_sources
    assert not result.outcome.advantage and not result.outcome.disadvantage


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_dodging_target_unless_attacker_unseen() -> None:
    _disadvantage(_attack(_duel(target=_cond("dodging"))), "target-dodging")
    unseen = _attack(_duel(attacker=_cond("invisible"), target=_cond("dodging")))
    assert "target-dodging" not in unseen.outcome.disadvantage_sources
    _advantage(unseen, "attacker-unseen")
    stunned = _attack(_duel(target=_cond("dodging", "stunned")))
    assert "target-dodging" not in stunned.outcome.disadvantage_sources


@pytest.mark.rule("d20.attack.sources")
@pytest.mark.parametrize("name", ["restrained", "stunned", "paralyzed", "unconscious"])
def test_d20_attack_sources_helpless_target_gives_advantage(name: str) -> None:
    _advantage(_attack(_duel(target=_cond(name))), f"target-{name}")


@pytest.mark.rule("d20.size.squeeze")
def test_d20_size_squeeze_squeezing_attacker_disadvantage_and_target_advantage() -> None:
    _disadvantage(_attack(_duel(attacker=_cond("squeezing"))), "attacker-squeezing")
    _advantage(_attack(_duel(target=_cond("squeezing"))), "target-squeezing")


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_frightened_and_exhausted_attacker() -> None:
    _disadvantage(_attack(_duel(attacker=_cond("frightened"))), "attacker-frightened")
    _disadvantage(_attack(_duel(attacker={"exhaustion": 3})), "attacker-exhaustion")
    mild = _attack(_duel(attacker={"exhaustion": 2}))
    assert not mild.outcome.disadvantage_sources


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_effect_with_one_use_is_consumed() -> None:
    help_effect = {
        "kind": "advantage",
        "roll": "attack",
        "against": "orc",
        "uses": 1,
        "source": "help:ally",
    }
    enc = _duel(attacker={"effects": [help_effect]})
    first = _attack(enc)
    _advantage(first, "help:ally")
    assert first.encounter.combatant("hero").effects == []
    assert any(e.type == "effect-ended" for e in first.events)
    second = _attack(first.encounter)
    assert not second.outcome.advantage_sources


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_effect_with_two_uses_counts_down() -> None:
    effect = {"kind": "disadvantage", "roll": "attack", "uses": 2, "source": "shaken"}
    first = _attack(_duel(attacker={"effects": [effect]}))
    _disadvantage(first, "shaken")
    assert first.encounter.combatant("hero").effects[0].uses == 1


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_effect_restricted_by_against_and_start_round() -> None:
    other = {"kind": "advantage", "roll": "attack", "against": "someone-else", "source": "x"}
    later = {"kind": "advantage", "roll": "attack", "startsRound": 2, "source": "later"}
    enc = _duel(attacker={"effects": [other, later]}, round=1)
    assert not _attack(enc).outcome.advantage_sources
    _advantage(_attack(dataclasses.replace(enc, round=2)), "later")


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_attacks_against_effect_on_target() -> None:
    exposed = {"kind": "advantage", "roll": "attacks-against", "against": "hero", "source": "open"}
    _advantage(_attack(_duel(target={"effects": [exposed]})), "open")
    enc = _duel(target={"effects": [{**exposed, "against": "someone-else"}]})
    assert not _attack(enc).outcome.advantage_sources


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_spell_attack_effect_only_on_spell_attacks() -> None:
    effect = {"kind": "disadvantage", "roll": "spell-attack", "source": "shaken casting"}
    enc = _duel(attacker={"effects": [effect]})
    assert not _attack(enc).outcome.disadvantage_sources
    _disadvantage(_attack(enc, BOLT), "shaken casting")


@pytest.mark.rule("d20.attack.sources")
def test_d20_attack_sources_ac_bonus_effect_against_this_attacker_only() -> None:
    guard = {"kind": "ac-bonus", "value": 2, "against": "hero", "source": "weapon-hit 25-29"}
    enc = _duel(target={"effects": [guard]})
    assert _attack(enc).outcome.target_ac == 15
    other = _duel(target={"effects": [{**guard, "against": "someone-else"}]})
    assert _attack(other).outcome.target_ac == 13

"""The d100 critical tables applied to the encounter (``d20.crit.*``)."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc, skirmish

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.errors import LimitExceeded
from service.rules.limits import LAST_ROUND
from service.rules.model import Attack, Cell, Condition, Duration, Encounter, InitiativeEntry
from service.rules.model.outcomes import MoveOutcome
from service.rules.model.requests import (
    ApplyDamage,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
    RollInitiative,
)
from service.rules.rulesets.d20.criticals import _parse_effects
from service.rules.rulesets.d20.effects import effect_json, iter_effects
from service.rules.rulesets.d20.loader import to_wire
from service.rules.rulesets.d20.requests import ResolveChoice
from service.rules.rulesets.d20.tables import CritTable, load_table
from service.rules.rulesets.d100.requests import ContestOutcome, EscapeGrapple, ReleaseGrapple

BOLT = Attack("fire bolt", 5, "1d10", kind="spell", range=120)


def _enc(**hero: Any) -> Encounter:
    """A hero (longsword +5, 1d8+3) beside an orc (AC 13, 50 HP); a second orc farther off."""
    return build(
        encounter_doc(
            combatant(
                "hero",
                2,
                2,
                kind="pc",
                hp=24,
                maxHp=24,
                attacks=[{"name": "longsword", "bonus": 5, "damage": "1d8+3"}],
                **hero,
            ),
            combatant("orc", 3, 2, side="orcs", ac=13, hp=50, maxHp=50),
            combatant("orc2", 6, 6, side="orcs", ac=13, hp=50, maxHp=50),
        )
    )


def _attack(enc: Encounter, script: list[int], attack: Attack | None = None) -> Any:
    rng = ScriptedRandom(script)
    result = apply(enc, ResolveAttack("hero", "orc", attack=attack, spend="free"), rng)
    assert rng.values == [], "the script was not used up"
    return result


def _events(result: Any, type_: str) -> list[Any]:
    return [e for e in result.events if e.type == type_]


def _crit_roll(result: Any) -> Any:
    [event] = [e for e in result.events if e.rule == "d20.crit.tables" and e.type == "roll"]
    return event


def _band(result: Any) -> Any:
    [event] = _events(result, "critical-band")
    return event


# ---------------------------------------------------------------- d20.crit.tables


@pytest.mark.rule("d20.crit.tables")
def test_d20_crit_tables_natural_20_weapon_rolls_the_weapon_hit_table() -> None:
    result = _attack(_enc(), [20, 2, 5, 1])
    event = _crit_roll(result)
    assert event.roll.dice[0].sides == 100 and event.roll.total == 1
    assert event.data["table"] == "weapon_hit"
    band = _band(result)
    assert band.data["table"] == "weapon_hit" and band.data["band"] == "1"
    assert "nothing remarkable" in band.message
    assert result.outcome.damage == 10


@pytest.mark.rule("d20.crit.tables")
def test_d20_crit_tables_natural_1_spell_rolls_the_spell_fumble_table() -> None:
    result = _attack(_enc(), [1, 25], BOLT)  # spell fumble 20-29: knocked prone
    assert _crit_roll(result).data["table"] == "spell_fumble"
    assert _band(result).data["band"] == "20-29"
    assert result.encounter.combatant("hero").has("prone")
    assert not result.outcome.hit


@pytest.mark.rule("d20.crit.tables")
def test_d20_crit_tables_no_roll_on_an_ordinary_hit_nor_in_rulesets_without_them() -> None:
    plain = _attack(_enc(), [15, 4])
    assert not [e for e in plain.events if e.rule == "d20.crit.tables"]
    d10 = dataclasses.replace(_enc(), ruleset="d10")
    crit = _attack(d10, [20, 2, 5])
    assert crit.outcome.critical
    assert not [e for e in crit.events if e.rule == "d20.crit.tables"]


@pytest.mark.rule("d20.crit.table-gap")
def test_d20_crit_table_gap_spell_hit_95_is_the_95_to_99_band() -> None:
    result = _attack(_enc(), [20, 3, 4, 95, 6], BOLT)
    band = _band(result)
    assert band.data["table"] == "spell_hit" and band.data["band"] == "95-99"
    assert "debilitating" in band.data["title"]
    orc = result.encounter.combatant("orc")
    assert orc.hp == 50 - 7 - 6  # critical 2d10 then one extra set
    [choice] = result.encounter.pending_choices
    assert choice.owner == "dm" and choice.source == "spell-hit 95-99"
    assert choice.effects == [{"type": "permanentInjury", "who": "target", "choice": "dm"}]


# ---------------------------------------------------------------- d20.crit.effects


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_prone_on_weapon_hit_75() -> None:
    result = _attack(_enc(), [20, 2, 5, 75])
    assert result.encounter.combatant("orc").has("prone")
    applied = [e for e in result.events if e.type == "critical-effect"]
    assert applied and all(e.rule == "d20.crit.effects" for e in applied)


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_extra_damage_dice_on_weapon_hit_85() -> None:
    result = _attack(_enc(), [20, 2, 5, 85, 4])
    assert result.encounter.combatant("orc").hp == 50 - 10 - 4
    [extra] = [e for e in result.events if e.type == "damage-roll" and e.rule == "d20.crit.effects"]
    assert extra.roll.expression == "1d8" and extra.roll.modifier == 0


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_extra_dice_and_exhaustion_on_weapon_hit_90() -> None:
    result = _attack(_enc(), [20, 2, 5, 92, 8])
    orc = result.encounter.combatant("orc")
    assert orc.hp == 50 - 10 - 8 and orc.exhaustion == 1


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_con_save_failed_self_damage_and_stun_until_damaged() -> None:
    # weapon fumble 90-94: prone; DC 10 Con save (2: fail); 1d6 = 4 damage; stunned 1d4 = 3
    result = _attack(_enc(), [1, 90, 2, 4, 3])
    hero = result.encounter.combatant("hero")
    assert hero.has("prone") and hero.hp == 20
    [stunned] = [c for c in hero.conditions if c.name == "stunned"]
    assert stunned.duration == Duration(ends="end", of="hero", turns=3, until_damaged=True)
    save = next(e for e in result.events if e.roll and e.roll.purpose == "save")
    assert save.data["dc"] == 10 and not save.data["success"]
    # any damage ends the stun
    hurt = apply(result.encounter, ApplyDamage("hero", 1), Random(0)).encounter
    assert not hurt.combatant("hero").has("stunned")
    assert hurt.combatant("hero").has("prone")


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_con_save_uses_the_save_bonus_and_success_halves() -> None:
    # DC 15 Con save: 12 + 3 (save bonus) = 15 succeeds; 2d6 = 5 + 2 -> half: 3
    enc = _enc(saves={"constitution": 3})
    result = _attack(enc, [1, 97, 12, 5, 2])
    hero = result.encounter.combatant("hero")
    assert hero.hp == 24 - 3 and hero.has("prone") and not hero.has("stunned")


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_disadvantage_window_is_used_by_one_attack() -> None:
    # weapon fumble 30-39: disadvantage on the next attack roll against the target
    fumble = _attack(_enc(), [1, 33])
    [effect] = fumble.encounter.combatant("hero").effects
    assert effect.kind == "disadvantage" and effect.against == "orc" and effect.uses == 1
    second = _attack(fumble.encounter, [12, 16, 4])  # two dice, 12 kept: 17 hits
    assert second.outcome.disadvantage_sources == ["weapon-fumble 30-39"]
    assert second.outcome.natural == 12
    assert second.encounter.combatant("hero").effects == []


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_next_round_advantage_for_the_target_only_then() -> None:
    # weapon fumble 2-5: the target has advantage on its first attack against you next round
    fumble = _attack(_enc(), [1, 3])
    [effect] = fumble.encounter.combatant("orc").effects
    assert effect.starts_round == 1 and effect.uses == 1 and effect.against == "hero"
    orc_attack = ResolveAttack("orc", "hero", spend="free", apply_damage=False)
    now = apply(fumble.encounter, orc_attack, ScriptedRandom([10, 5]))
    assert not now.outcome.advantage_sources
    next_round = dataclasses.replace(fumble.encounter, round=1)
    then = apply(next_round, orc_attack, ScriptedRandom([10, 11, 3]))
    assert then.outcome.advantage_sources == ["weapon-fumble 2-5"]
    assert then.encounter.combatant("orc").effects == []


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_ac_bonus_against_the_target() -> None:
    result = _attack(_enc(), [20, 2, 5, 27])
    hero = result.encounter.combatant("hero")
    bonus = next(e for e in hero.effects if e.kind == "ac-bonus")
    assert bonus.value == 2 and bonus.against == "orc"
    back = apply(
        result.encounter, ResolveAttack("orc", "hero", spend="free"), ScriptedRandom([1, 1])
    )
    assert back.outcome.target_ac == 12 + 2


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_heavily_obscured_area_and_blocked_component() -> None:
    smoke = _attack(_enc(), [1, 17], BOLT)
    [area] = smoke.encounter.areas
    assert area.kind == "heavily-obscured" and area.radius == 5
    assert area.duration == Duration(ends="end", of="hero", turns=10)
    assert (area.center.x, area.center.y) == (2, 2)
    cramp = _attack(_enc(), [1, 65], BOLT)
    [effect] = cramp.encounter.combatant("hero").effects
    assert effect.kind == "blocked-component" and effect.note == "somatic"


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_asleep_only_below_the_rolled_hp() -> None:
    awake = _attack(_enc(), [20, 3, 4, 77, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], BOLT)  # 10 < 43 HP
    assert not awake.encounter.combatant("orc").has("asleep")
    asleep = _attack(_enc(), [20, 3, 4, 77, *[8] * 10], BOLT)  # 80 > 43 HP
    assert asleep.encounter.combatant("orc").has("asleep")


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_dex_check_failure_drops_the_weapon() -> None:
    result = _attack(_enc(), [1, 55, 4])
    [moved] = _events(result, "weapon-moved")
    assert moved.data["to"] == "own_feet" and moved.data["holder"] == "hero"
    kept = _attack(_enc(), [1, 55, 14])
    assert not _events(kept, "weapon-moved")


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_tangled_prone_and_targets_dex_check() -> None:
    # weapon fumble 15-19 (melee): attacker prone, no movement; target DC 10 Dex check
    result = _attack(_enc(), [1, 16, 3])
    assert result.encounter.combatant("hero").has("prone")
    assert result.encounter.combatant("hero").budget.movement == 0
    assert result.encounter.combatant("orc").has("prone")


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_end_turn_and_bottom_of_the_order_next_round() -> None:
    enc = _enc(initiativeBonus=10)
    started = apply(enc, RollInitiative(), ScriptedRandom([15, 10, 5])).encounter
    assert [e.combatant_id for e in started.order] == ["hero", "orc", "orc2"]
    fumble = apply(started, ResolveAttack("hero", "orc"), ScriptedRandom([1, 87]))
    hero = fumble.encounter.combatant("hero")
    assert not hero.budget.action and hero.budget.movement == 0
    assert _events(fumble, "end-turn")
    assert [e.combatant_id for e in fumble.encounter.order] == ["hero", "orc", "orc2"]
    enc2 = fumble.encounter
    for _ in range(3):
        enc2 = apply(enc2, NextTurn(), Random(0)).encounter
    assert enc2.round == 2
    assert [e.combatant_id for e in enc2.order] == ["orc", "orc2", "hero"]
    assert enc2.turn_of == "orc"


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_top_of_the_order_after_the_turn() -> None:
    enc = _enc()
    started = apply(enc, RollInitiative(), ScriptedRandom([5, 15, 10])).encounter
    assert [e.combatant_id for e in started.order] == ["orc", "orc2", "hero"]
    enc2 = apply(started, NextTurn(), Random(0)).encounter
    enc2 = apply(enc2, NextTurn(), Random(0)).encounter
    assert enc2.turn_of == "hero"
    crit = apply(enc2, ResolveAttack("hero", "orc"), ScriptedRandom([20, 2, 5, 22])).encounter
    after = apply(crit, NextTurn(), Random(0)).encounter
    assert [e.combatant_id for e in after.order] == ["hero", "orc", "orc2"]
    # it acted last in round 1 and acts first from round 2 on: two turns in a row
    assert after.round == 2 and after.turn_of == "hero"


# ---------------------------------------------------------------- pending choices


def _offer() -> Encounter:
    """Weapon hit 2-5: the attacker may choose advantage on its attacks against the target,
    but all enemies then have advantage against it."""
    result = _attack(_enc(), [20, 2, 5, 3])
    [choice] = result.encounter.pending_choices
    assert choice.id == "choice-1" and choice.owner == "hero"
    assert choice.source == "weapon-hit 2-5" and choice.options == ["accept", "decline"]
    assert [e["type"] for e in choice.effects] == ["rollMode", "rollMode"]
    assert choice.context["attacker"] == "hero" and choice.context["target"] == "orc"
    assert result.encounter.combatant("hero").effects == []  # nothing applied yet
    [offered] = _events(result, "choice-offered")
    assert offered.message == (
        "weapon-hit 2-5: Hero may accept or decline advantage for Hero on attack rolls "
        "against Orc; advantage for Hero's enemies on attack rolls against Hero"
    )
    table = _crit_roll(result)
    assert table.message.startswith("critical hit: d100 on the Weapon Attacks: Critical Hits")
    assert "Table table" not in table.message
    return result.encounter


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_pending_choice_accepted() -> None:
    result = apply(_offer(), ResolveChoice("choice-1", "accept"), Random(0))
    enc = result.encounter
    assert enc.pending_choices == []
    [mine] = enc.combatant("hero").effects
    assert mine.kind == "advantage" and mine.against == "orc" and mine.uses is None
    for orc in ("orc", "orc2"):
        [theirs] = enc.combatant(orc).effects
        assert theirs.kind == "advantage" and theirs.against == "hero"
    assert result.outcome.decision == "accept" and len(result.outcome.applied) == 2
    nxt = apply(enc, ResolveAttack("hero", "orc", spend="free"), ScriptedRandom([4, 9, 1]))
    assert nxt.outcome.advantage_sources == ["weapon-hit 2-5"]


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_pending_choice_declined() -> None:
    result = apply(_offer(), ResolveChoice("choice-1", "decline"), Random(0))
    assert result.encounter.pending_choices == []
    assert all(c.effects == [] for c in result.encounter.combatants)
    assert result.outcome.applied == [] and _events(result, "choice-declined")


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_resolve_unknown_choice_is_invalid() -> None:
    with pytest.raises(InvalidAction) as e:
        apply(_offer(), ResolveChoice("choice-9", "accept"), Random(0))
    assert e.value.path == ("choiceId",)


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_dm_choice_needs_a_detail_and_records_it() -> None:
    enc = _attack(_enc(), [20, 2, 5, 96, 3]).encounter
    [choice] = enc.pending_choices
    with pytest.raises(InvalidAction) as e:
        apply(enc, ResolveChoice(choice.id, "accept"), Random(0))
    assert e.value.path == ("detail",)
    done = apply(enc, ResolveChoice(choice.id, "accept", "lost an eye"), Random(0))
    [injury] = done.encounter.combatant("orc").effects
    assert injury.note == "permanent injury: lost an eye"


def _fighting(ruleset: str = "d20") -> Encounter:
    """Round 1, the hero's turn (hero 20, orc 10, orc2 5), the hero beside the orc."""
    enc = _enc()
    doc_order = [("hero", 20), ("orc", 10), ("orc2", 5)]
    enc.ruleset = ruleset
    enc.round = 1
    enc.turn_of = "hero"
    enc.order = [InitiativeEntry(c, n) for c, n in doc_order]
    return enc


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d100.grapple.escape")
def test_d20_crit_effects_grapple_offer_accepted_rolls_the_contest() -> None:
    """Weapon hit 30-39 with a free hand: the hero accepts and wins the contest, and the orc
    is grappled by the hero (decision 7: the condition, with its grappler as source). On its
    turn the orc escapes (its action: its unarmed check beats the hero's), then walks away
    (the hero's opportunity attack follows it). A failed escape spends the action and leaves
    it grappled. A lost contest grapples nothing; with both hands in use it is a shove."""
    enc = _attack(_fighting(), [20, 2, 5, 35]).encounter  # 30-39: grapple (free hand) or shove
    [choice] = enc.pending_choices
    won = apply(enc, ResolveChoice(choice.id, "accept"), ScriptedRandom([15, 5]))
    orc = won.encounter.combatant("orc")
    assert [(k.name, k.source) for k in orc.conditions] == [("grappled", "hero")]
    on_orc = apply(won.encounter, NextTurn(), Random(0)).encounter
    assert on_orc.turn_of == "orc"
    failed = apply(on_orc, EscapeGrapple("orc"), ScriptedRandom([4, 16]))
    assert isinstance(failed.outcome, ContestOutcome) and failed.outcome.result == "failed"
    assert failed.encounter.combatant("orc").has("grappled")
    with pytest.raises(IllegalAction):
        apply(failed.encounter, EscapeGrapple("orc"), ScriptedRandom([16, 4]))
    escaped = apply(on_orc, EscapeGrapple("orc"), ScriptedRandom([16, 4]))
    assert isinstance(escaped.outcome, ContestOutcome) and escaped.outcome.result == "escaped"
    assert not escaped.encounter.combatant("orc").has("grappled")
    walked = apply(escaped.encounter, MoveCombatant("orc", to=Cell(6, 2)), ScriptedRandom([2]))
    assert isinstance(walked.outcome, MoveOutcome) and walked.outcome.path[-1] == Cell(6, 2)
    assert [o.reactor_id for o in walked.outcome.opportunity_attacks] == ["hero"]
    lost = apply(enc, ResolveChoice(choice.id, "accept"), ScriptedRandom([5, 15]))
    assert not lost.encounter.combatant("orc").has("grappled")
    both = build(
        encounter_doc(
            combatant("hero", 2, 2, features=["both-hands-in-use"]),
            combatant("orc", 3, 2, side="orcs", ac=13, hp=50, maxHp=50),
        )
    )
    shove = _attack(both, [20, 2, 5, 45]).encounter  # 40-49: automatic
    shoved = apply(shove, ResolveChoice("choice-1", "accept"), Random(0))
    assert shoved.encounter.combatant("orc").has("prone")
    assert not shoved.encounter.combatant("orc").has("grappled")


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d100.grapple")
@pytest.mark.parametrize("ruleset", ["d20", "d10"])
def test_d20_crit_effects_a_band_grapple_is_released_in_every_ruleset(ruleset: str) -> None:
    """Weapon hit 40-49 (automatic grapple) in d20; the same grappled condition sent by a
    client in d10: the grappler lets go (no action) and the orc is free; releasing again, or
    escaping a grapple it is not in, is refused with the grapple's rule."""
    if ruleset == "d20":
        enc = _attack(_fighting(), [20, 2, 5, 45]).encounter
        enc = apply(enc, ResolveChoice("choice-1", "accept"), Random(0)).encounter
    else:
        enc = _fighting("d10")
        enc.combatant("orc").conditions.append(Condition("grappled", "hero"))
    assert enc.combatant("orc").has("grappled")
    released = apply(enc, ReleaseGrapple("hero", "orc"), Random(0))
    assert isinstance(released.outcome, ContestOutcome) and released.outcome.result == "released"
    assert not released.encounter.combatant("orc").has("grappled")
    assert released.encounter.combatant("hero").budget.action
    with pytest.raises(IllegalAction) as e:
        apply(released.encounter, ReleaseGrapple("hero", "orc"), Random(0))
    assert e.value.rule == "d100.grapple"
    on_orc = apply(released.encounter, NextTurn(), Random(0)).encounter
    with pytest.raises(IllegalAction) as e:
        apply(on_orc, EscapeGrapple("orc"), Random(0))
    assert e.value.rule == "d100.grapple.escape"


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.rule("d20.cond")
def test_d20_crit_effects_a_band_grapple_holds_the_grappled_creature_in_place() -> None:
    """The orc grappled by a weapon hit 30-39 band can't walk away on its turn (speed 0)
    until it escapes."""
    enc = _attack(_fighting(), [20, 2, 5, 35]).encounter
    enc = apply(enc, ResolveChoice("choice-1", "accept"), ScriptedRandom([15, 5])).encounter
    on_orc = apply(enc, NextTurn(), Random(0)).encounter
    with pytest.raises(IllegalAction):
        apply(on_orc, MoveCombatant("orc", to=Cell(6, 2)), Random(0))


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_opportunity_attack_is_offered_to_the_target() -> None:
    result = _attack(_enc(), [1, 72])
    [choice] = result.encounter.pending_choices
    assert choice.owner == "orc" and choice.effects[0]["type"] == "opportunityAttack"
    done = apply(result.encounter, ResolveChoice(choice.id, "accept"), Random(0))
    assert "reaction" in done.outcome.applied[0]


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_every_table_effect_survives_a_pending_choice_round_trip() -> None:
    for table in CritTable:
        for band in load_table(table).bands:
            for effect in iter_effects(band.effects):
                assert _parse_effects([effect_json(effect)], ()) == (effect,)


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_speed_halved_effect_halves_the_turns_movement() -> None:
    doc = skirmish()
    doc["combatants"][1]["effects"] = [{"kind": "speed-halved", "duration": {"rounds": 2}}]
    enc = build(doc)
    started = apply(enc, RollInitiative(), Random(0)).encounter
    gob = started.combatant("gob1")
    assert gob.budget.movement == 15
    assert started.combatant("gob2").budget.movement == 30


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_pending_choices_are_camel_case_and_old_ones_still_read() -> None:
    """What a pending choice stores is what a client reads: camelCase keys and names (the
    data files stay snake_case). A choice stored before, in snake_case, still resolves."""
    for table in CritTable:
        for band in load_table(table).bands:
            for effect in iter_effects(band.effects):
                wire = to_wire(effect_json(effect))
                assert not any("_" in key for key in _keys(wire)), wire
                assert _parse_effects([wire], ()) == (effect,)
    result = _attack(_enc(), [1, 72])  # weapon fumble 70-79 (melee): an opportunity attack
    [choice] = result.encounter.pending_choices
    assert choice.effects == [
        {"type": "opportunityAttack", "who": "target", "against": "attacker", "appliesTo": "melee"}
    ]
    bow = Attack("longbow", 5, "1d8+3", kind="ranged", range=150, long_range=600)
    offer = _attack(_enc(), [20, 2, 5, 3], bow).encounter
    [choice] = offer.pending_choices
    assert (
        choice.context["attack"]["longRange"] == 600
        and "long_range" not in choice.context["attack"]
    )
    old = dataclasses.replace(
        choice,
        effects=[
            {
                "type": "roll_mode",
                "who": "attacker",
                "mode": "advantage",
                "roll": "attack",
                "against": "target",
                "rolls": "all",
                "duration": {"ends": "end", "of": "attacker", "turns": 1},
                "choice": "attacker",
            }
        ],
        context={
            **choice.context,
            "attack": {
                "name": "longbow",
                "long_range": 600,
                "kind": "ranged",
                "damage": "1d8+3",
                "range": 150,
            },
        },
    )
    enc = dataclasses.replace(offer, pending_choices=[old])
    done = apply(enc, ResolveChoice(old.id, "accept"), Random(0))
    [mine] = done.encounter.combatant("hero").effects
    assert mine.kind == "advantage" and mine.against == "orc"


def _keys(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [*value, *(k for v in value.values() for k in _keys(v))]
    if isinstance(value, list):
        return [k for v in value for k in _keys(v)]
    return []


def test_a_next_round_window_at_the_last_round_is_refused_and_one_round_before_opens() -> None:
    """The last round (``last-round``, 1,000,000) bounds an effect's ``startsRound`` as it
    bounds the encounter's ``round``: a fumble's "next round" window can't open past it, so
    the attack that would open it is refused, nothing changed; a round earlier it opens in
    the last round, and the next turn there is refused too (schemathesis found an answer
    with ``startsRound`` 1,000,001, which no request could send back)."""
    last = dataclasses.replace(_enc(), round=LAST_ROUND.max)
    with pytest.raises(LimitExceeded) as refused:
        _attack(last, [1, 3])
    assert (refused.value.limit, refused.value.maximum) == ("last-round", 1_000_000)
    before = dataclasses.replace(_enc(), round=LAST_ROUND.max - 1)
    [effect] = _attack(before, [1, 3]).encounter.combatant("orc").effects
    assert effect.starts_round == LAST_ROUND.max


def test_the_next_turn_past_the_last_creature_of_the_last_round_is_refused() -> None:
    rolled = apply(_enc(), RollInitiative(), Random(4)).encounter
    at_last = dataclasses.replace(rolled, round=LAST_ROUND.max)
    order = [entry.combatant_id for entry in at_last.order]
    state = at_last
    while state.turn_of != order[-1]:
        state = apply(state, NextTurn(), Random(1)).encounter
        assert state.round == LAST_ROUND.max
    with pytest.raises(LimitExceeded) as refused:
        apply(state, NextTurn(), Random(1))
    assert refused.value.limit == "last-round"

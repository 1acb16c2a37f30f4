"""The d100 critical tables as data (RULES.md d20.crit.tables, d20.crit.effects,
d20.crit.table-gap)."""

from __future__ import annotations

import copy
import json
import re
import typing
from importlib.resources import files
from typing import Any

import pytest

from service.rules.rulesets.d20.effects import (
    AcBonus,
    Ammunition,
    Check,
    Condition,
    Damage,
    DamageRoll,
    Distance,
    Effect,
    EndTurn,
    ExtraDamageDice,
    GrantAction,
    Initiative,
    Movement,
    NextRound,
    OpportunityAttack,
    PermanentInjury,
    RollMode,
    Rounds,
    RoundsDice,
    SelfHit,
    TurnBoundary,
    UntilTurnWithoutSpell,
    WeaponMoved,
    iter_effects,
)
from service.rules.rulesets.d20.loader import LoadError as CritTableError
from service.rules.rulesets.d20.tables import Band, CritTable, load_table, parse_table, table_for

END_OF_ATTACKERS_NEXT_TURN = TurnBoundary(ends="end", of="attacker", turns=1)
END_OF_TARGETS_NEXT_TURN = TurnBoundary(ends="end", of="target", turns=1)

# The bands as the seed prints them (seeds/000, "Critical Hits and Misses"), except the
# spell hit table's 96-99, read as 95-99 (d20.crit.table-gap).
SEED_BANDS = {
    CritTable.WEAPON_HIT: "1 2-5 6-9 10-14 15-19 20-24 25-29 30-39 40-49 50-59 60-69 70-74 "
    "75-79 80-84 85-89 90-94 95-99 100",
    CritTable.WEAPON_FUMBLE: "1 2-5 6-9 10-14 15-19 20-29 30-39 40-49 50-59 60-69 70-79 80-84 "
    "85-89 90-94 95-99 100",
    CritTable.SPELL_HIT: "1 2-5 6-9 10-14 15-19 20-29 30-39 40-49 50-59 60-69 70-74 75-79 "
    "80-84 85-89 90-94 95-99 100",
    CritTable.SPELL_FUMBLE: "1 2-5 6-9 10-14 15-19 20-29 30-39 40-49 50-59 60-69 70-79 80-84 "
    "85-89 90-94 95-99 100",
}


def _raw(table: CritTable) -> dict[str, Any]:
    text = (files("service.rules.rulesets.d20") / "data" / f"{table.value}.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


EFFECT_TYPES = frozenset(
    cls.__dataclass_fields__["type"].default for cls in typing.get_args(Effect)
)


def band(table: CritTable, roll: int) -> Band:
    return load_table(table).band(roll)


def _plain(text: str) -> str:
    return text.replace("\u2019", "'").lower()


# -- d20.crit.tables --------------------------------------------------------------------


@pytest.mark.parametrize("table", list(CritTable))
def test_d20_crit_tables_cover_every_roll_exactly_once(table: CritTable) -> None:
    bands = load_table(table).bands
    for roll in range(1, 101):
        holders = [b for b in bands if b.low <= roll <= b.high]
        assert len(holders) == 1, (table, roll, holders)
        assert load_table(table).band(roll) is holders[0]


@pytest.mark.parametrize("table", list(CritTable))
def test_d20_crit_tables_bands_match_the_seed(table: CritTable) -> None:
    got = " ".join(
        str(b.low) if b.low == b.high else f"{b.low}-{b.high}" for b in load_table(table).bands
    )
    assert got == SEED_BANDS[table]


def test_d20_crit_tables_table_for_attack_kind() -> None:
    assert table_for("melee", critical=True) is CritTable.WEAPON_HIT
    assert table_for("ranged", critical=True) is CritTable.WEAPON_HIT
    assert table_for("melee", critical=False) is CritTable.WEAPON_FUMBLE
    assert table_for("ranged", critical=False) is CritTable.WEAPON_FUMBLE
    assert table_for("spell", critical=True) is CritTable.SPELL_HIT
    assert table_for("spell", critical=False) is CritTable.SPELL_FUMBLE
    assert CritTable.WEAPON_HIT.critical_hit and not CritTable.SPELL_FUMBLE.critical_hit
    assert CritTable.SPELL_HIT.spell and not CritTable.WEAPON_FUMBLE.spell


@pytest.mark.parametrize("roll", [0, 101, -5])
def test_d20_crit_tables_reject_a_roll_outside_1_to_100(roll: int) -> None:
    with pytest.raises(ValueError, match="1 to 100"):
        band(CritTable.WEAPON_HIT, roll)


def test_d20_crit_tables_are_loaded_once() -> None:
    assert load_table(CritTable.SPELL_HIT) is load_table(CritTable.SPELL_HIT)


@pytest.mark.parametrize("table", list(CritTable))
def test_d20_crit_tables_keep_the_seed_titles(table: CritTable) -> None:
    heading = {
        CritTable.WEAPON_HIT: "Weapon Attacks: Critical Hits Table",
        CritTable.WEAPON_FUMBLE: "Weapon Attacks: Critical Fumbles Table",
        CritTable.SPELL_HIT: "Spell Attacks: Critical Hits Table",
        CritTable.SPELL_FUMBLE: "Spell Attacks: Critical Fumbles Table",
    }
    assert load_table(table).title == heading[table]
    assert load_table(table).table is table


# -- d20.crit.table-gap -----------------------------------------------------------------


def test_d20_crit_table_gap_spell_hit_95_is_the_95_99_band() -> None:
    b = band(CritTable.SPELL_HIT, 95)
    assert (b.low, b.high) == (95, 99)
    assert b is band(CritTable.SPELL_HIT, 96) is band(CritTable.SPELL_HIT, 99)
    assert b.title == "Your spell strikes with debilitating force."
    assert b.note is not None and "d20.crit.table-gap" in b.note
    assert (band(CritTable.SPELL_HIT, 94).low, band(CritTable.SPELL_HIT, 94).high) == (90, 94)
    assert [type(e) for e in b.effects] == [ExtraDamageDice, PermanentInjury]
    # band 100 refers to the band by its new range
    assert "(95-99)" in band(CritTable.SPELL_HIT, 100).text


# -- d20.crit.effects: spot checks against the seed --------------------------------------


def test_d20_crit_effects_weapon_hit_75_knocks_the_target_prone() -> None:
    b = band(CritTable.WEAPON_HIT, 75)
    assert b.title == "Your attack knocks your target over."
    assert b.text == "Your target is knocked prone."
    assert b.effects == (Condition(who="target", condition="prone"),)
    assert band(CritTable.WEAPON_HIT, 74) is not b and band(CritTable.WEAPON_HIT, 79) is b


def test_d20_crit_effects_weapon_hit_2_5_is_a_chosen_bargain() -> None:
    b = band(CritTable.WEAPON_HIT, 2)
    assert b.effects == (
        RollMode(
            who="attacker",
            mode="advantage",
            roll="attack",
            against="target",
            rolls="all",
            duration=END_OF_ATTACKERS_NEXT_TURN,
            choice="attacker",
        ),
        RollMode(
            who="enemies",
            mode="advantage",
            roll="attack",
            against="attacker",
            rolls="all",
            duration=END_OF_ATTACKERS_NEXT_TURN,
            choice="attacker",
        ),
    )


def test_d20_crit_effects_weapon_hit_25_29_ac_and_save_advantage_against_the_target() -> None:
    b = band(CritTable.WEAPON_HIT, 27)
    until_your_next_turn = TurnBoundary(ends="start", of="attacker", turns=1)
    assert b.effects == (
        AcBonus(who="attacker", bonus=2, against="target", duration=until_your_next_turn),
        RollMode(
            who="attacker",
            mode="advantage",
            roll="save",
            against="target",
            rolls="all",
            duration=until_your_next_turn,
        ),
    )
    assert "saving throws" in b.text  # OCR "savings throws" fixed


def test_d20_crit_effects_weapon_hit_grapple_or_shove_by_hands() -> None:
    attempt = band(CritTable.WEAPON_HIT, 30).effects
    automatic = band(CritTable.WEAPON_HIT, 49).effects
    for effects, auto in ((attempt, False), (automatic, True)):
        assert effects == (
            GrantAction(
                who="attacker",
                action="grapple",
                automatic=auto,
                requires="free_hand",
                choice="attacker",
            ),
            GrantAction(
                who="attacker",
                action="shove",
                automatic=auto,
                requires="both_hands_in_use",
                choice="attacker",
            ),
        )


def test_d20_crit_effects_weapon_hit_60_69_disarm_steals_or_knocks_away() -> None:
    (disarm,) = band(CritTable.WEAPON_HIT, 60).effects
    assert isinstance(disarm, GrantAction) and disarm.action == "disarm"
    assert disarm.on_success == (
        WeaponMoved(who="target", to="attacker_hand", requires="free_hand"),
        WeaponMoved(
            who="target",
            to="away",
            distance=Distance(feet=20),
            direction="dm",
            requires="both_hands_in_use",
        ),
    )


@pytest.mark.parametrize("roll", [85, 92, 97, 100])
def test_d20_crit_effects_great_force_rolls_an_extra_set_of_dice(roll: int) -> None:
    for table in (CritTable.WEAPON_HIT, CritTable.SPELL_HIT):
        assert band(table, roll).effects[0] == ExtraDamageDice(who="target", sets=1)
    assert sum(
        isinstance(e, PermanentInjury) and e.choice == "dm"
        for e in band(CritTable.WEAPON_HIT, roll).effects
    ) == (1 if roll >= 95 else 0)


def test_d20_crit_effects_weapon_fumble_90_bumps_the_head() -> None:
    b = band(CritTable.WEAPON_FUMBLE, 90)
    assert (b.low, b.high) == (90, 94)
    assert b.effects == (
        Condition(who="attacker", condition="prone"),
        Check(
            who="attacker",
            roll="saving_throw",
            ability="constitution",
            dc=10,
            on_fail=(
                Damage(who="attacker", rolls=(DamageRoll(dice="1d6"),)),
                Condition(
                    who="attacker",
                    condition="stunned",
                    duration=RoundsDice(rounds_dice="1d4", until_damaged=True),
                ),
            ),
            on_success=(Damage(who="attacker", rolls=(DamageRoll(dice="1d6"),), half=True),),
        ),
    )


def test_d20_crit_effects_weapon_fumble_95_99_and_100() -> None:
    (prone, save) = band(CritTable.WEAPON_FUMBLE, 95).effects
    assert prone == Condition(who="attacker", condition="prone")
    assert isinstance(save, Check) and save.dc == 15 and save.ability == "constitution"
    assert save.on_fail[0] == Damage(who="attacker", rolls=(DamageRoll(dice="2d6"),))
    assert save.on_fail[1] == Condition(
        who="attacker",
        condition="stunned",
        duration=RoundsDice(rounds_dice="1d6", until_damaged=True),
    )
    assert band(CritTable.WEAPON_FUMBLE, 100).effects == (
        Condition(who="attacker", condition="prone"),
        Damage(who="attacker", rolls=(DamageRoll(dice="3d6"),)),
        Condition(
            who="attacker",
            condition="stunned",
            duration=RoundsDice(rounds_dice="1d8", until_damaged=True),
        ),
    )


def test_d20_crit_effects_weapon_fumble_melee_and_ranged_variants() -> None:
    b = band(CritTable.WEAPON_FUMBLE, 17)
    melee = b.effects_for("melee")
    ranged = b.effects_for("ranged")
    assert [type(e) for e in melee] == [Condition, Movement, Check]
    check = melee[2]
    assert isinstance(check, Check)
    assert (check.who, check.roll, check.ability, check.dc) == (
        "target",
        "ability_check",
        "dexterity",
        10,
    )
    assert check.on_fail == (Condition(who="target", condition="prone"),)
    assert ranged == (
        Ammunition(
            who="attacker",
            problem="spilled",
            recover_with="object_interaction_or_use_an_object",
            every_shot=True,
            applies_to="ranged",
        ),
    )
    lodged = band(CritTable.WEAPON_FUMBLE, 65).effects_for("ranged")
    assert [(e.type, getattr(e, "problem", None)) for e in lodged] == [("ammunition", "lodged")]
    oa = band(CritTable.WEAPON_FUMBLE, 70)
    assert oa.effects_for("melee") == (
        OpportunityAttack(who="target", against="attacker", applies_to="melee"),
    )
    assert oa.effects_for("ranged") == (
        OpportunityAttack(who="target", against="ally_near_target", applies_to="ranged"),
    )
    for table in CritTable:
        for b in load_table(table).bands:
            tagged = {e.applies_to for e in b.effects} - {None}
            has_variants = b.text.startswith("Melee:")
            assert (tagged == {"melee", "ranged"}) == has_variants, (table, b.low)


def test_d20_crit_effects_weapon_fumble_dexterity_checks_lose_the_weapon() -> None:
    (drop,) = band(CritTable.WEAPON_FUMBLE, 55).effects
    assert drop == Check(
        who="attacker",
        roll="ability_check",
        ability="dexterity",
        dc=10,
        on_fail=(WeaponMoved(who="attacker", to="own_feet"),),
    )
    throw = band(CritTable.WEAPON_FUMBLE, 60).effects_for("melee")[0]
    assert isinstance(throw, Check) and throw.dc == 10 and throw.ability == "dexterity"
    assert throw.on_fail == (WeaponMoved(who="attacker", to="target_space", choice="dm"),)


def test_d20_crit_effects_fumbles_end_the_turn_and_move_initiative() -> None:
    for table, panic, lost in (
        (CritTable.WEAPON_FUMBLE, 80, 85),
        (CritTable.SPELL_FUMBLE, 85, 80),
    ):
        assert band(table, panic).effects == (
            EndTurn(who="attacker"),
            Condition(who="attacker", condition="surprised", duration=END_OF_ATTACKERS_NEXT_TURN),
        )
        assert band(table, lost).effects == (
            EndTurn(who="attacker"),
            Initiative(who="attacker", position="bottom", at="start_of_next_round"),
        )
    top = Initiative(who="attacker", position="top", at="end_of_turn")
    assert band(CritTable.WEAPON_HIT, 20).effects == (top,)
    assert band(CritTable.SPELL_HIT, 15).effects == (top,)


def test_d20_crit_effects_first_attack_next_round() -> None:
    for table in (CritTable.WEAPON_FUMBLE, CritTable.SPELL_FUMBLE):
        for roll, who in ((2, "target"), (6, "enemies")):
            (e,) = band(table, roll).effects
            assert e == RollMode(
                who=who,  # type: ignore[arg-type]
                mode="advantage",
                roll="attack",
                against="attacker",
                rolls="next",
                duration=NextRound(),
            )
    (e,) = band(CritTable.WEAPON_FUMBLE, 45).effects
    assert isinstance(e, RollMode)
    assert (e.mode, e.against, e.rolls, e.duration) == ("disadvantage", "any", "next", None)


def test_d20_crit_effects_spell_hit_20_29_halves_speed_for_two_turns() -> None:
    b = band(CritTable.SPELL_HIT, 20)
    assert (b.low, b.high) == (20, 29)
    assert b.text == "Your target\u2019s movement speed is cut in half for their next 2 turns."
    assert b.effects == (
        Movement(
            who="target",
            mode="speed_halved",
            duration=TurnBoundary(ends="end", of="target", turns=2),
        ),
    )
    assert band(CritTable.SPELL_HIT, 29) is b
    assert band(CritTable.SPELL_HIT, 19) is not b and band(CritTable.SPELL_HIT, 30) is not b


def test_d20_crit_effects_spell_hit_conditions() -> None:
    assert band(CritTable.SPELL_HIT, 40).effects == (
        Condition(who="target", condition="blinded", duration=END_OF_TARGETS_NEXT_TURN),
    )
    assert band(CritTable.SPELL_HIT, 65).effects == (
        Condition(
            who="target",
            condition="frightened",
            source="attacker",
            duration=UntilTurnWithoutSpell(until="turn_without_spell", of="attacker"),
        ),
    )
    assert band(CritTable.SPELL_HIT, 72).effects == (
        Condition(who="target", condition="incapacitated", duration=END_OF_TARGETS_NEXT_TURN),
    )
    assert band(CritTable.SPELL_HIT, 77).effects == (
        Condition(
            who="target", condition="asleep", duration=Rounds(rounds=10), hp_below_roll="10d8"
        ),
    )
    assert band(CritTable.SPELL_HIT, 50).effects == (
        WeaponMoved(
            who="target",
            to="away",
            distance=Distance(dice="1d6", feet_each=5),
            direction="random",
        ),
    )


def test_d20_crit_effects_spell_fumble_95_99_typed_damage() -> None:
    (prone, save) = band(CritTable.SPELL_FUMBLE, 99).effects
    assert prone == Condition(who="attacker", condition="prone")
    rolls = (
        DamageRoll(dice="1d6", damage_type="bludgeoning"),
        DamageRoll(dice="1d6", damage_type="thunder"),
    )
    assert save == Check(
        who="attacker",
        roll="saving_throw",
        ability="constitution",
        dc=15,
        on_fail=(
            Damage(who="attacker", rolls=rolls),
            Condition(
                who="attacker",
                condition="stunned",
                duration=RoundsDice(rounds_dice="1d6", until_damaged=True),
            ),
        ),
        on_success=(Damage(who="attacker", rolls=rolls, half=True),),
    )


def test_d20_crit_effects_spell_fumble_100_hits_yourself() -> None:
    b = band(CritTable.SPELL_FUMBLE, 100)
    assert (b.low, b.high) == (100, 100)
    assert b.text.startswith("You hit yourself with your spell.")
    assert b.effects[0] == SelfHit(
        who="attacker", concentration_duration=END_OF_ATTACKERS_NEXT_TURN
    )
    assert b.effects[1:] == band(CritTable.SPELL_FUMBLE, 95).effects


def test_d20_crit_effects_spell_fumble_components_and_smoke() -> None:
    for roll, component in ((50, "material"), (60, "somatic"), (70, "verbal")):
        (e,) = band(CritTable.SPELL_FUMBLE, roll).effects
        assert (e.type, getattr(e, "component", None), getattr(e, "duration", None)) == (
            "components_blocked",
            component,
            END_OF_ATTACKERS_NEXT_TURN,
        )
    (smoke,) = band(CritTable.SPELL_FUMBLE, 15).effects
    assert smoke.type == "obscured_area"
    assert (smoke.radius_ft, smoke.degree, smoke.duration) == (5, "heavily", Rounds(rounds=10))
    spell_attacks, saves = band(CritTable.SPELL_FUMBLE, 35).effects
    assert isinstance(spell_attacks, RollMode) and isinstance(saves, RollMode)
    assert (spell_attacks.who, spell_attacks.mode, spell_attacks.roll) == (
        "attacker",
        "disadvantage",
        "spell_attack",
    )
    assert (saves.who, saves.mode, saves.roll, saves.against) == (
        "enemies",
        "advantage",
        "spell_save",
        "attacker",
    )


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize("table", list(CritTable))
def test_d20_crit_effects_choices_follow_the_text(table: CritTable) -> None:
    """A band whose text says "you can choose" has an attacker choice, one whose text says
    "chosen by DM" or "DM's choice" has a DM choice (scanned, so a missed band fails)."""
    for b in load_table(table).bands:
        text = _plain(b.text)
        choosers = {e.choice for e in b.choices}
        if "you can choose" in text:
            assert "attacker" in choosers, (table, b.low)
        if "chosen by dm" in text or "dm's choice" in text:
            assert "dm" in choosers, (table, b.low)
        if "attacker" in choosers:
            assert re.search(r"\byou can\b", text), (table, b.low)


def test_d20_crit_effects_vocabulary_is_used_and_durations_round_trip() -> None:
    used = {e.type for t in CritTable for b in load_table(t).bands for e in iter_effects(b.effects)}
    assert used == EFFECT_TYPES

    def durations(raw: list[dict[str, Any]]) -> list[Any]:
        out: list[Any] = []
        for e in raw:
            out += [e[k] for k in ("duration", "concentration_duration") if k in e]
            out += durations(e.get("on_fail", []) + e.get("on_success", []))
        return out

    for table in CritTable:
        for raw_band, b in zip(_raw(table)["bands"], load_table(table).bands, strict=True):
            typed = [
                d.to_json()
                for e in iter_effects(b.effects)
                for d in (getattr(e, "duration", None), getattr(e, "concentration_duration", None))
                if d is not None
            ]
            assert typed == durations(raw_band["effects"])


# -- the loader rejects broken tables ---------------------------------------------------


def _broken(table: CritTable = CritTable.WEAPON_HIT) -> dict[str, Any]:
    return copy.deepcopy(_raw(table))


def test_d20_crit_tables_parse_accepts_the_packaged_data() -> None:
    for table in CritTable:
        assert parse_table(_raw(table), table) == load_table(table)


def test_d20_crit_tables_loader_rejects_a_gap() -> None:
    raw = _broken()
    raw["bands"] = [b for b in raw["bands"] if b["low"] != 50]  # drop 50-59
    with pytest.raises(CritTableError, match=r"50-59 fall in no band"):
        parse_table(raw)


def test_d20_crit_table_gap_the_seed_layout_is_rejected() -> None:
    raw = _broken(CritTable.SPELL_HIT)
    (b,) = [b for b in raw["bands"] if b["low"] == 95]
    b["low"] = 96
    with pytest.raises(CritTableError, match=r"roll\(s\) 95 fall in no band"):
        parse_table(raw, CritTable.SPELL_HIT)


def test_d20_crit_tables_loader_rejects_an_overlap() -> None:
    raw = _broken()
    raw["bands"][1]["high"] = 7  # 2-7 against 6-9
    with pytest.raises(CritTableError, match=r"6-7 fall in more than one band \(2-7, 6-9\)"):
        parse_table(raw)


def test_d20_crit_tables_loader_rejects_a_roll_outside_1_100() -> None:
    raw = _broken()
    raw["bands"][-1]["high"] = 101
    with pytest.raises(CritTableError, match=r"bands\[17\]\.high"):
        parse_table(raw)


def test_d20_crit_effects_loader_rejects_an_unknown_effect_type() -> None:
    raw = _broken()
    raw["bands"][0]["effects"] = [{"type": "fireworks", "who": "target"}]
    with pytest.raises(CritTableError, match=r"bands\[0\]\.effects\[0\]\.type.*fireworks"):
        parse_table(raw)


def test_d20_crit_effects_loader_rejects_a_nested_unknown_effect_type() -> None:
    raw = _broken(CritTable.WEAPON_FUMBLE)
    raw["bands"][13]["effects"][1]["on_fail"].append({"type": "explode"})
    with pytest.raises(CritTableError, match="unknown type"):
        parse_table(raw)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda e: e.update(colour="red"), "unknown field"),
        (lambda e: e.pop("who"), "missing field 'who'"),
        (lambda e: e.update(who="everyone"), "expected one of"),
        (lambda e: e.update(choice="player"), "expected one of"),
        (lambda e: e.update(condition="on fire"), "expected one of"),
        (lambda e: e.update(duration={"turns": 1}), "expected an object shaped like one of"),
        (lambda e: e.update(duration={"rounds_dice": "d"}), "expected dice"),
    ],
)
def test_d20_crit_effects_loader_rejects_malformed_fields(mutate: Any, message: str) -> None:
    raw = _broken()
    effect = raw["bands"][12]["effects"][0]  # 75-79: target knocked prone
    assert effect["condition"] == "prone"
    mutate(effect)
    with pytest.raises(CritTableError, match=message):
        parse_table(raw)


def test_d20_crit_effects_loader_rejects_an_injury_not_chosen_by_the_dm() -> None:
    raw = _broken()
    del raw["bands"][-1]["effects"][-1]["choice"]
    with pytest.raises(CritTableError, match="chosen by the DM"):
        parse_table(raw)


def test_d20_crit_tables_loader_rejects_the_wrong_table() -> None:
    with pytest.raises(CritTableError, match="holds the 'weapon_hit' table"):
        parse_table(_broken(), CritTable.SPELL_FUMBLE)
    with pytest.raises(CritTableError, match="expected a JSON object"):
        parse_table([1, 2, 3])


def test_d20_crit_tables_band_is_typed() -> None:
    b = band(CritTable.WEAPON_FUMBLE, 1)
    assert isinstance(b, Band)
    assert b.effects == () and b.text == "You miss your attack."
    assert 1 in b and 2 not in b

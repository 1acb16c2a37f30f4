"""What an encounter may say: ids and names a client can show (issue 15: ids accepted NUL,
U+202E and whitespace-only)."""

from __future__ import annotations

import unicodedata
from random import Random

import pytest
from factories import build, combatant, encounter_doc
from hypothesis import given
from hypothesis import strategies as st

from service.rules import InvalidAction, apply
from service.rules.mechanics.validation import BIDI_CONTROLS, text_problem
from service.rules.model.requests import NextTurn, RollInitiative

BAD = {
    "nul": "a\x00b",
    "newline": "a\nb",
    "escape": "\x1b[31mred",
    "right-to-left override": "evil\u202egnp.exe",
    "isolate": "\u2067x",
    "left-to-right mark": "x\u200e",
    "line separator": "a\u2028b",
    "blank": "   ",
    "tab only": "\t",
}


@pytest.mark.parametrize("field", ["id", "name"])
@pytest.mark.parametrize("text", list(BAD.values()), ids=list(BAD))
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_combatant_ids_and_names_refuse_control_bidi_and_blank_text(
    field: str, text: str, ruleset: str
) -> None:
    doc = encounter_doc(combatant("a", 0, 0), combatant("b", 2, 0, side="foes"), ruleset=ruleset)
    doc["combatants"][1][field] = text
    with pytest.raises(InvalidAction) as e:
        apply(build(doc), NextTurn(), Random(1))
    assert e.value.path == ("encounter", "combatants", 1, field)
    assert field in e.value.message and ("blank" in e.value.message or "U+" in e.value.message)


@pytest.mark.parametrize("text", ["Zoë", "李小龍", "Ørn the 2nd", "🐉 drake", "a-b_c.d"])
def test_combatant_ids_and_names_take_any_printable_text(text: str) -> None:
    doc = encounter_doc(combatant(text, 0, 0, name=text), combatant("b", 2, 0, side="foes"))
    started = apply(build(doc), RollInitiative(), Random(1)).encounter
    assert {e.combatant_id for e in started.order} == {text, "b"}


@pytest.mark.parametrize("terrain", ["blocked", "difficult", "climb", "swim"])
def test_terrain_cells_lie_on_the_grid(terrain: str) -> None:
    doc = encounter_doc(combatant("a", 0, 0), combatant("b", 2, 0, side="foes"), ruleset="d10")
    doc["grid"][terrain] = [{"x": 1, "y": 1}, {"x": 3, "y": 99}]
    with pytest.raises(InvalidAction) as e:
        apply(build(doc), NextTurn(), Random(1))
    assert e.value.path == ("encounter", "grid", terrain, 1)


def test_an_area_is_centred_on_the_grid() -> None:
    doc = encounter_doc(combatant("a", 0, 0), combatant("b", 2, 0, side="foes"))
    doc["areas"] = [{"center": {"x": -4, "y": 0}, "radius": 10}]
    with pytest.raises(InvalidAction) as e:
        apply(build(doc), NextTurn(), Random(1))
    assert e.value.path == ("encounter", "areas", 0, "center")


@pytest.mark.parametrize(
    ("footprint", "problem"),
    [
        ([{"x": 1, "y": 0}, {"x": 1, "y": 1}], "does not hold its position"),
        ([{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 0, "y": 0}], "twice"),
    ],
)
def test_an_explicit_footprint_holds_its_position_once(
    footprint: list[dict[str, int]], problem: str
) -> None:
    doc = encounter_doc(combatant("a", 0, 0), combatant("b", 4, 0, side="foes"))
    doc["combatants"][0]["footprint"] = footprint
    with pytest.raises(InvalidAction) as e:
        apply(build(doc), NextTurn(), Random(1))
    assert e.value.path == ("encounter", "combatants", 0, "footprint")
    assert problem in e.value.message


def _problem_by_category(text: str) -> str | None:
    if not text.strip():
        return "is blank"
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS:
            return f"holds the control character U+{ord(ch):04X}"
    return None


@given(st.text(max_size=12) | st.text(st.characters(max_codepoint=0x7F), max_size=12))
def test_the_printable_ascii_shortcut_agrees_with_the_categories(text: str) -> None:
    assert text_problem(text) == _problem_by_category(text)


@pytest.mark.parametrize("bad", ["1d0", "2x6", "", "1d6 +", "300d6"])
def test_bad_attack_dice_are_refused_at_their_own_path(bad: str) -> None:
    sword = {"name": "sword", "bonus": 4, "damage": "1d8+2"}
    doc = encounter_doc(
        combatant("a", 0, 0, attacks=[sword, {**sword, "name": "axe"}]),
        combatant("b", 2, 0, side="foes", attacks=[sword, {**sword, "damage": bad}]),
    )
    with pytest.raises(InvalidAction) as e:
        apply(build(doc), NextTurn(), Random(1))
    assert e.value.path == ("encounter", "combatants", 1, "attacks", 1, "damage")

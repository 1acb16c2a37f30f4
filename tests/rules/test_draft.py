"""The Draft: copy-on-write, the input never changed, every field of the encounter kept."""

from __future__ import annotations

import dataclasses

from factories import build, combatant, encounter_doc

from service.rules.model import Draft, Encounter


def test_the_draft_copies_every_field_of_the_encounter() -> None:
    assert [f.name for f in dataclasses.fields(Encounter)] == [
        "ruleset",
        "grid",
        "combatants",
        "round",
        "turn_of",
        "order",
        "pending_choices",
        "areas",
        "step",
    ], "Draft.__init__ builds the encounter field by field: give it the new field"


def test_an_edit_copies_one_combatant_and_leaves_the_input_alone() -> None:
    doc = encounter_doc(combatant("a", 0, 0), combatant("b", 2, 0, side="foes"))
    doc["round"] = 3
    doc["turnOf"] = "a"
    enc = build(doc)
    draft = Draft(enc)
    assert draft.encounter == enc and draft.encounter is not enc
    edited = draft.edit("a")
    edited.hp -= 1
    assert draft.get("a") is edited and draft.edit("a") is edited
    assert draft.get("b") is enc.combatants[1]
    assert enc.combatants[0].hp == edited.hp + 1
    assert draft.finish().combatants[0] is edited
    assert draft.encounter.combatants is not enc.combatants

"""The Draft: copy-on-write, the input never changed, every field of the encounter kept."""

from __future__ import annotations

import dataclasses

import pytest
from factories import build, combatant, encounter_doc

from service.rules.model import Combatant, DeathSaves, Draft, Encounter, TurnBudget
from service.rules.model.draft import shallow_copier


def test_a_shallow_copy_keeps_every_field_and_shares_their_values() -> None:
    doc = encounter_doc(combatant("a", 0, 0), combatant("b", 2, 0, side="foes"))
    doc["round"] = 3
    doc["turnOf"] = "a"
    enc = build(doc)
    for cls, value in [
        (Encounter, enc),
        (Combatant, enc.combatants[0]),
        (DeathSaves, enc.combatants[0].death_saves),
        (TurnBudget, enc.combatants[0].budget),
    ]:
        copied = shallow_copier(cls)(value)
        assert copied == value and copied is not value
        for f in dataclasses.fields(cls):
            assert getattr(copied, f.name) is getattr(value, f.name)


def test_a_class_its_constructor_cannot_rebuild_is_refused() -> None:
    @dataclasses.dataclass
    class Counted:
        n: int
        seen: int = dataclasses.field(default=0, init=False)

    with pytest.raises(TypeError):
        shallow_copier(Counted)


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

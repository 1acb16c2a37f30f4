"""How long the critical tables' effects last, played turn by turn (``d20.crit.effects``
decisions 1 and 2): every window is watched acting on the rolls it bends and then ending at
the boundary RULES.md names, no sooner and no later."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

import pytest
from factories import ScriptedRandom, build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import IllegalAction, InvalidAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.outcomes import AttackOddsOutcome, NextTurnOutcome
from service.rules.model.requests import (
    ApplyDamage,
    AttackOdds,
    Disengage,
    Dodge,
    MoveCombatant,
    NextTurn,
    ResolveAttack,
    RollInitiative,
)
from service.rules.rulesets.d20.requests import ResolveChoice

BOLT = {"name": "bolt", "bonus": 5, "damage": "1d10", "kind": "spell", "range": 120}


def started(**hero: Any) -> Encounter:
    """Round 1, the hero's turn; the order is hero, orc, orc2. The hero (PC) has a longsword
    (1d8+3) and a spell attack (1d10); the orcs (50 HP) a scimitar and a bow."""
    orc_attacks = [
        {"name": "scimitar", "bonus": 4, "damage": "1d6+2"},
        {"name": "bow", "bonus": 4, "damage": "1d8", "kind": "ranged", "range": 150},
    ]
    doc = encounter_doc(
        combatant(
            "hero",
            2,
            2,
            kind="pc",
            hp=24,
            maxHp=24,
            **{"attacks": [{"name": "longsword", "bonus": 5, "damage": "1d8+3"}, BOLT], **hero},
        ),
        combatant("orc", 3, 2, side="orcs", ac=13, hp=50, maxHp=50, attacks=orc_attacks),
        combatant("orc2", 2, 7, side="orcs", ac=13, hp=50, maxHp=50, attacks=orc_attacks),
        round=1,
        turnOf="hero",
        order=[
            {"combatantId": "hero", "initiative": 20},
            {"combatantId": "orc", "initiative": 10},
            {"combatantId": "orc2", "initiative": 5},
        ],
    )
    return build(doc)


def next_turn(enc: Encounter) -> tuple[Encounter, NextTurnOutcome]:
    result = apply(enc, NextTurn(), Random(0))
    assert isinstance(result.outcome, NextTurnOutcome)
    return result.encounter, result.outcome


def odds(
    enc: Encounter, attacker: str, target: str, attack: str | None = None
) -> AttackOddsOutcome:
    outcome = apply(enc, AttackOdds(attacker, target, attack_name=attack), Random(0)).outcome
    assert isinstance(outcome, AttackOddsOutcome)
    return outcome


@dataclass(frozen=True)
class Window:
    """A roll a band bends: ``attacker``'s attack (``attack``) on ``target`` lists ``source``
    among its advantage (or disadvantage) sources while the window is open."""

    attacker: str
    target: str
    source: str
    advantage: bool = True
    attack: str | None = None
    lasts: bool = True
    """False: "your next attack roll", with no time limit: it outlives the others."""
    next_turn_only: bool = False
    """True: "next turn" (weapon hit 6-9): shut for the rest of the current turn, open on the
    attacker's next turn only (``d20.crit.effects`` decision 6)."""

    def open(self, enc: Encounter) -> bool:
        o = odds(enc, self.attacker, self.target, self.attack)
        return self.source in (o.advantage_sources if self.advantage else o.disadvantage_sources)


WINDOW_BANDS = [
    # (critical?, spell?, band roll, needs the attacker's choice, windows)
    pytest.param(
        True,
        False,
        3,
        True,
        [
            Window("hero", "orc", "weapon-hit 2-5"),
            Window("orc", "hero", "weapon-hit 2-5"),
            Window("orc2", "hero", "weapon-hit 2-5", attack="bow"),
        ],
        id="weapon-hit-2-5",
    ),
    pytest.param(
        True,
        False,
        7,
        True,
        [
            Window("hero", "orc", "weapon-hit 6-9", next_turn_only=True),
            Window("orc", "hero", "weapon-hit 6-9"),
        ],
        id="weapon-hit-6-9",
    ),
    pytest.param(
        True, False, 12, False, [Window("hero", "orc", "weapon-hit 10-14")], id="weapon-hit-10-14"
    ),
    pytest.param(
        False,
        False,
        11,
        False,
        [
            Window("orc", "hero", "weapon-fumble 10-14"),
            Window("orc2", "hero", "weapon-fumble 10-14", attack="bow"),
        ],
        id="weapon-fumble-10-14",
    ),
    pytest.param(
        True,
        True,
        4,
        True,
        [
            Window("hero", "orc", "spell-hit 2-5", attack="bolt", lasts=False),
            Window("orc", "hero", "spell-hit 2-5"),
            Window("orc2", "hero", "spell-hit 2-5", attack="bow"),
        ],
        id="spell-hit-2-5",
    ),
    pytest.param(
        True,
        True,
        8,
        True,
        [
            Window("hero", "orc", "spell-hit 6-9", attack="bolt", lasts=False),
            Window("orc", "hero", "spell-hit 6-9"),
        ],
        id="spell-hit-6-9",
    ),
    pytest.param(
        False,
        True,
        13,
        False,
        [
            Window("orc", "hero", "spell-fumble 10-14"),
            Window("orc2", "hero", "spell-fumble 10-14", attack="bow"),
        ],
        id="spell-fumble-10-14",
    ),
    pytest.param(
        False,
        True,
        33,
        False,
        [
            Window("hero", "orc", "spell-fumble 30-39", advantage=False, attack="bolt"),
            Window("hero", "orc2", "spell-fumble 30-39", advantage=False, attack="bolt"),
        ],
        id="spell-fumble-30-39",
    ),
]


def _band(critical: bool, spell: bool, roll: int, choice: bool) -> tuple[Encounter, list[str]]:
    """The hero's attack on the orc on its own turn rolls ``roll`` on the table (and accepts
    the band's offer): the encounter after it, and the effects it left."""
    script = [20, 2, 5, roll] if critical else [1, roll]
    attack = ResolveAttack("hero", "orc", attack_name="bolt" if spell else "longsword")
    enc = play(started(), attack, script).encounter
    if choice:
        enc = apply(enc, ResolveChoice("choice-1", "accept"), Random(0)).encounter
    holders = [f"{c.id}:{e.kind}" for c in enc.combatants for e in c.effects]
    assert holders
    return enc, holders


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize(("critical", "spell", "roll", "choice", "windows"), WINDOW_BANDS)
def test_d20_crit_effects_until_the_end_of_your_next_turn_lasts_through_it(
    critical: bool, spell: bool, roll: int, choice: bool, windows: list[Window]
) -> None:
    """Applied during the attacker's own turn (round 1): the window is open for the rest of
    that turn (decision 6: "until the end of your next turn" includes it; a "next turn"
    window is shut until that turn), through the others' turns, through the attacker's next
    turn (round 2), and closes as that turn ends."""
    enc, _ = _band(critical, spell, roll, choice)
    for w in windows:
        assert w.open(enc) is not w.next_turn_only, f"the rest of the hero's turn: {w}"
    enc, out = next_turn(enc)
    assert out.turn_of == "orc"
    assert all(w.open(enc) is not w.next_turn_only for w in windows)
    enc, out = next_turn(enc)
    assert out.turn_of == "orc2"
    assert all(w.open(enc) is not w.next_turn_only for w in windows)
    enc, out = next_turn(enc)
    assert (out.round, out.turn_of) == (2, "hero")
    assert all(w.open(enc) for w in windows), "still open on the hero's next turn"
    enc, out = next_turn(enc)
    assert out.turn_of == "orc"
    for w in windows:
        assert w.open(enc) is not w.lasts, w
    assert any(name.startswith(("hero:", "orc:", "orc2:")) for name in out.expired)


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_weapon_hit_10_14_advantage_rolls_two_dice_on_the_next_turn() -> None:
    enc, _ = _band(True, False, 12, False)
    for _ in range(3):
        enc, _ = next_turn(enc)
    # round 2, the hero's turn: two d20s, the higher kept
    attack = play(enc, ResolveAttack("hero", "orc"), [3, 15, 4])
    assert attack.outcome.advantage_sources == ["weapon-hit 10-14"]
    assert attack.outcome.natural == 15 and attack.outcome.hit
    enc, out = next_turn(attack.encounter)
    assert "hero:advantage" in out.expired
    later = play(enc, ResolveAttack("hero", "orc", spend="free"), [3])
    assert later.outcome.advantage_sources == [] and later.outcome.natural == 3


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_weapon_hit_10_14_from_an_opportunity_attack_ends_with_the_next_turn() -> (
    None
):
    """A band rolled on someone else's turn (an opportunity attack on the orc's move) lasts
    until the end of the hero's next turn: that of round 2, not one more."""
    enc, _ = next_turn(started())  # the orc's turn
    moved = play(enc, MoveCombatant("orc", to=Cell(5, 2)), [20, 2, 5, 12])
    assert moved.outcome.opportunity_attacks[0].taken
    enc = moved.encounter
    window = Window("hero", "orc", "weapon-hit 10-14", attack="bolt")
    assert window.open(enc)
    enc, _ = next_turn(enc)  # orc2
    enc, out = next_turn(enc)
    assert (out.round, out.turn_of) == (2, "hero") and window.open(enc)
    enc, out = next_turn(enc)
    assert not window.open(enc) and "hero:advantage" in out.expired


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize(("spell", "roll"), [(False, 82), (True, 87)], ids=["weapon", "spell"])
def test_d20_crit_effects_panic_fumble_surprises_the_fumbler_through_its_next_turn(
    spell: bool, roll: int
) -> None:
    """Weapon fumble 80-84, spell fumble 85-89: the turn ends now, and the fumbler is
    surprised until the end of its next turn: no reaction in between, no action nor
    movement on that turn, its reaction back once the turn is over."""
    enc = play(
        started(), ResolveAttack("hero", "orc", attack_name="bolt" if spell else None), [1, roll]
    ).encounter
    hero = enc.combatant("hero")
    assert hero.has("surprised") and not hero.budget.reaction
    assert not hero.budget.action and hero.budget.movement == 0
    enc, _ = next_turn(enc)  # the orc walks away: the surprised hero can't react
    walk = apply(enc, MoveCombatant("orc", to=Cell(5, 2)), Random(0))
    [oa] = walk.outcome.opportunity_attacks
    assert not oa.taken and oa.reason.startswith("surprised")
    enc, _ = next_turn(enc)
    enc, out = next_turn(enc)
    assert (out.round, out.turn_of) == (2, "hero")
    hero = enc.combatant("hero")
    assert hero.has("surprised") and not hero.budget.action and hero.budget.movement == 0
    with pytest.raises(IllegalAction) as refused:
        apply(enc, ResolveAttack("hero", "orc"), Random(0))
    assert refused.value.rule == "d20.order.surprise"
    with pytest.raises(IllegalAction):
        apply(enc, MoveCombatant("hero", to=Cell(2, 4)), Random(0))
    enc, out = next_turn(enc)
    assert "hero:surprised" in out.expired
    hero = enc.combatant("hero")
    assert not hero.has("surprised") and hero.budget.reaction
    walk = play(enc, MoveCombatant("orc", to=Cell(5, 2)), [2])
    [oa] = walk.outcome.opportunity_attacks
    assert oa.taken


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_weapon_hit_80_84_the_target_loses_its_next_turn_only() -> None:
    enc = play(started(), ResolveAttack("hero", "orc"), [20, 2, 5, 81]).encounter
    assert not enc.combatant("orc").budget.reaction
    enc, _ = next_turn(enc)
    orc = enc.combatant("orc")
    assert orc.has("surprised") and not orc.budget.action and orc.budget.movement == 0
    with pytest.raises(IllegalAction):
        apply(enc, ResolveAttack("orc", "hero"), Random(0))
    enc, out = next_turn(enc)
    assert "orc:surprised" in out.expired and enc.combatant("orc").budget.reaction
    enc, _ = next_turn(enc)
    enc, _ = next_turn(enc)
    assert enc.turn_of == "orc" and enc.combatant("orc").budget.action


def _stunned(rounds: int) -> Encounter:
    """Weapon fumble 90-94 on the hero's turn: prone, the DC 10 Constitution save fails
    (2), 1d6 = 4 damage, stunned for 1d4 = ``rounds`` rounds or until damaged."""
    result = play(started(), ResolveAttack("hero", "orc"), [1, 90, 2, 4, rounds])
    hero = result.encounter.combatant("hero")
    assert hero.has("stunned") and hero.has("prone") and hero.hp == 20
    return result.encounter


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_stunned_for_n_rounds_covers_n_turns_of_the_stunned() -> None:
    enc = _stunned(2)
    hero_turns = 0
    while hero_turns < 2:
        enc, out = next_turn(enc)
        if out.turn_of == "hero":
            hero_turns += 1
            assert enc.combatant("hero").has("stunned"), f"stunned on turn {hero_turns}"
            with pytest.raises(IllegalAction) as refused:
                apply(enc, ResolveAttack("hero", "orc"), Random(0))
            assert "incapacitated" in refused.value.message
        elif hero_turns:
            odds_now = odds(enc, out.turn_of or "", "hero", "bow")
            assert "target-stunned" in odds_now.advantage_sources
    enc, out = next_turn(enc)  # the end of its 2nd turn after the fumble
    assert "hero:stunned" in out.expired
    assert "target-stunned" not in odds(enc, "orc", "hero").advantage_sources
    for _ in range(2):
        enc, out = next_turn(enc)
    assert (out.round, out.turn_of) == (4, "hero")
    assert play(enc, ResolveAttack("hero", "orc"), [15, 14, 3]).outcome.hit  # still prone


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_stunned_until_damaged_ends_at_the_first_damage() -> None:
    enc, _ = next_turn(_stunned(4))  # the orc's turn
    hit = play(enc, ResolveAttack("orc", "hero"), [15, 3, 3])
    assert hit.outcome.hit and "target-stunned" in hit.outcome.advantage_sources
    assert not hit.encounter.combatant("hero").has("stunned")
    enc, _ = next_turn(hit.encounter)
    enc, out = next_turn(enc)
    assert out.turn_of == "hero" and enc.combatant("hero").budget.action
    hurt = apply(_stunned(3), ApplyDamage("hero", 1), Random(0)).encounter
    assert not hurt.combatant("hero").has("stunned") and hurt.combatant("hero").has("prone")


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_spell_hit_20_29_halves_the_targets_next_two_turns() -> None:
    enc = play(started(), ResolveAttack("hero", "orc", attack_name="bolt"), [20, 3, 4, 25])
    enc = enc.encounter
    moves = []
    for _ in range(9):
        enc, out = next_turn(enc)
        if out.turn_of == "orc":
            moves.append(enc.combatant("orc").budget.movement)
    assert moves == [15, 15, 30]


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_spell_hit_40_49_blinded_through_the_targets_next_turn() -> None:
    enc = play(started(), ResolveAttack("hero", "orc", attack_name="bolt"), [20, 3, 4, 44])
    enc = enc.encounter
    assert "attacker-unseen" in odds(enc, "hero", "orc").advantage_sources
    enc, _ = next_turn(enc)
    assert "target-unseen" in odds(enc, "orc", "hero").disadvantage_sources
    enc, out = next_turn(enc)
    assert "orc:blinded" in out.expired
    assert "target-unseen" not in odds(enc, "orc", "hero").disadvantage_sources


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_spell_hit_70_74_incapacitated_through_the_targets_next_turn() -> None:
    enc = play(started(), ResolveAttack("hero", "orc", attack_name="bolt"), [20, 3, 4, 71])
    enc, _ = next_turn(enc.encounter)
    with pytest.raises(IllegalAction):
        apply(enc, ResolveAttack("orc", "hero"), Random(0))
    enc, out = next_turn(enc)
    assert "orc:incapacitated" in out.expired
    enc, _ = next_turn(enc)
    enc, _ = next_turn(enc)
    assert enc.turn_of == "orc"
    assert play(enc, ResolveAttack("orc", "hero"), [15, 3]).outcome.hit


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_weapon_hit_25_29_ac_bonus_until_the_start_of_your_next_turn() -> None:
    enc = play(started(), ResolveAttack("hero", "orc"), [20, 2, 5, 27]).encounter
    enc, _ = next_turn(enc)
    assert odds(enc, "orc", "hero").target_ac == 12 + 2
    assert odds(enc, "orc2", "hero", "bow").target_ac == 12
    enc, _ = next_turn(enc)
    enc, out = next_turn(enc)
    assert out.turn_of == "hero" and "hero:ac-bonus" in out.expired
    assert odds(enc, "orc", "hero").target_ac == 12


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_one_minute_is_ten_turns_of_the_sleeper() -> None:
    enc = play(
        started(), ResolveAttack("hero", "orc", attack_name="bolt"), [20, 3, 4, 77, *[8] * 10]
    ).encounter
    asleep_turns = 0
    while enc.combatant("orc").has("asleep"):
        enc, out = next_turn(enc)
        if out.turn_of == "orc":
            asleep_turns += 1
            with pytest.raises(IllegalAction):
                apply(enc, ResolveAttack("orc", "hero"), Random(0))
        assert enc.round <= 12
    assert asleep_turns == 10 and enc.round == 10 and out.previous == "orc"


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_smoke_lasts_ten_turns_of_the_caster() -> None:
    enc = play(started(), ResolveAttack("hero", "orc", attack_name="bolt"), [1, 17]).encounter
    assert len(enc.areas) == 1
    assert "target-unseen" in odds(enc, "orc", "hero").disadvantage_sources
    ended_after = None
    for _ in range(40):
        enc, out = next_turn(enc)
        if not enc.areas:
            ended_after = (out.round, out.previous)
            break
    assert ended_after == (11, "hero")
    assert "target-unseen" not in odds(enc, "orc", "hero").disadvantage_sources


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_blocked_components_refuse_spells_that_need_them() -> None:
    bolt = {**BOLT, "components": ["verbal", "somatic"]}
    for roll, component, refused in (
        (65, "somatic", True),
        (75, "verbal", True),
        (55, "material", False),
    ):
        doc_enc = started(attacks=[{"name": "longsword", "bonus": 5, "damage": "1d8+3"}, bolt])
        enc = play(doc_enc, ResolveAttack("hero", "orc", attack_name="bolt"), [1, roll]).encounter
        enc, _ = next_turn(enc)
        enc, _ = next_turn(enc)
        enc, out = next_turn(enc)
        assert out.turn_of == "hero"
        attack = ResolveAttack("hero", "orc", attack_name="bolt")
        if refused:
            with pytest.raises(IllegalAction) as e:
                apply(enc, attack, Random(0))
            assert component in e.value.message and e.value.rule == "d20.crit.effects"
        else:
            assert apply(enc, attack, Random(0)).outcome.attack_name == "bolt"
        enc, out = next_turn(enc)
        assert "hero:blocked-component" in out.expired
        for _ in range(2):
            enc, _ = next_turn(enc)
        assert apply(enc, attack, Random(0)).outcome.attack_name == "bolt"


# ------------------------------------------------------------- durations a client sends


@pytest.mark.rule("d20.crit.effects")
@pytest.mark.parametrize("ends", ["start", "end"])
def test_d20_crit_effects_a_client_duration_counts_turns_that_start_after_it(ends: str) -> None:
    """``{ends, of: hero, turns: 1}`` set during the hero's own turn: it ends at the start
    (end) of the hero's next turn, not as the current one ends."""
    effect = {
        "kind": "advantage",
        "roll": "attack",
        "source": "blessing",
        "duration": {"ends": ends, "of": "hero", "turns": 1},
    }
    enc = started(effects=[effect])
    for _ in range(2):
        enc, _ = next_turn(enc)
        assert "blessing" in odds(enc, "hero", "orc").advantage_sources
    enc, out = next_turn(enc)
    assert out.turn_of == "hero"
    assert ("blessing" in odds(enc, "hero", "orc").advantage_sources) is (ends == "end")
    enc, out = next_turn(enc)
    assert "blessing" not in odds(enc, "hero", "orc").advantage_sources


@pytest.mark.rule("d20.turn.economy")
def test_disengage_still_ends_with_the_current_turn_and_dodge_at_the_next_start() -> None:
    enc = apply(started(), Disengage("hero"), Random(0)).encounter
    enc, out = next_turn(enc)
    assert "hero:disengaged" in out.expired
    enc = apply(enc, Dodge("orc"), Random(0)).encounter
    enc, out = next_turn(enc)
    assert enc.combatant("orc").has("dodging")
    enc, out = next_turn(enc)
    enc, out = next_turn(enc)
    assert out.turn_of == "orc" and "orc:dodging" in out.expired


@pytest.mark.rule("d20.order.surprise")
def test_d20_order_surprise_the_first_to_act_is_surprised_for_its_first_turn_only() -> None:
    enc = build(
        encounter_doc(
            combatant("hero", 2, 2, kind="pc", initiativeBonus=10),
            combatant("orc", 3, 2, side="orcs"),
        )
    )
    first = apply(enc, RollInitiative(surprised=["hero", "orc"]), ScriptedRandom([15, 2]))
    enc = first.encounter
    assert enc.turn_of == "hero" and not enc.combatant("hero").budget.action
    enc, out = next_turn(enc)
    assert "hero:surprised" in out.expired and enc.combatant("hero").budget.reaction
    enc, out = next_turn(enc)
    assert "orc:surprised" in out.expired
    assert out.turn_of == "hero" and enc.combatant("hero").budget.action


@pytest.mark.rule("d20.crit.effects")
def test_d20_crit_effects_a_duration_set_two_ways_is_refused() -> None:
    for duration, message in (
        ({"ends": "end"}, "both 'ends' and 'of'"),
        ({"ends": "end", "of": "hero", "rounds": 2}, "not both"),
        ({"turns": 3}, "set 'ends' and 'of'"),
    ):
        enc = started(conditions=[{"name": "blessed", "duration": duration}])
        with pytest.raises(InvalidAction) as e:
            apply(enc, NextTurn(), Random(0))
        assert message in str(e.value)
        assert e.value.path == ("encounter", "combatants", 0, "conditions", 0, "duration")

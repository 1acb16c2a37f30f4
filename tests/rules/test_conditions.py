"""``d20.cond``: the conditions of the d20 base's appendix, played forward on every path that
meets them (the attack, the odds, the move and its preview), in every ruleset."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from factories import build, combatant, encounter_doc
from factories import play_exactly as play

from service.rules import IllegalAction, apply
from service.rules.model import Cell, Encounter
from service.rules.model.requests import (
    ApplyDamage,
    AttackOdds,
    Heal,
    Interact,
    MoveCombatant,
    PathCost,
    ResolveAttack,
    StandUp,
)

BOW = {"name": "bow", "bonus": 4, "damage": "1d8+2", "kind": "ranged", "range": 80}


def downed_hero(ruleset: str = "d20", failures: int = 0, orc_x: int = 3) -> Encounter:
    """A player character dying at 0 HP next to an orc (or ``orc_x`` farther off)."""
    return build(
        encounter_doc(
            combatant(
                "hero",
                2,
                2,
                kind="pc",
                hp=0,
                conditions=[{"name": "unconscious"}],
                deathSaves={"successes": 0, "failures": failures},
            ),
            combatant("orc", orc_x, 2, side="orcs", attacks=[{**BOW, "name": "axe"}, BOW]),
            ruleset=ruleset,
        )
    )


@pytest.mark.rule("d20.cond")
@pytest.mark.rule("d20.death.damage-at-zero")
def test_d20_cond_a_hit_on_an_unconscious_creature_from_5_ft_is_critical_and_kills_sooner() -> None:
    """Finding 2: the orc's hit from the next cell is a critical hit (its dice doubled, no
    critical-table roll), so the dying hero takes two failures, and the next hit, an
    ordinary arrow from afar, is the third: the hero dies."""
    enc = build(
        encounter_doc(
            combatant("hero", 2, 2, kind="pc", hp=0, conditions=[{"name": "unconscious"}]),
            combatant(
                "orc",
                3,
                2,
                side="orcs",
                attacks=[{"name": "axe", "bonus": 4, "damage": "1d8+2"}],
            ),
            combatant("archer", 9, 2, side="orcs", attacks=[BOW]),
        )
    )
    # advantage (target-unconscious): 15 and 3, keep 15; a hit, critical: 2d8 (4, 5)
    close = play(enc, ResolveAttack("orc", "hero", spend="free"), [15, 3, 4, 5])
    assert close.outcome.hit and close.outcome.critical
    assert close.outcome.damage == 4 + 5 + 2
    assert not [e for e in close.events if e.type == "critical-band"]
    hero = close.encounter.combatant("hero")
    assert hero.death_saves.failures == 2 and not hero.dead
    # 30 ft away: advantage again (unconscious), an ordinary hit, one more failure: dead
    far = play(close.encounter, ResolveAttack("archer", "hero", spend="free"), [12, 2, 6])
    assert far.outcome.hit and not far.outcome.critical
    assert far.encounter.combatant("hero").dead


@pytest.mark.rule("d20.cond")
def test_d20_cond_an_ordinary_hit_from_afar_is_one_failure() -> None:
    """The same hit from 30 ft is not a critical hit: one failure, one die."""
    enc = downed_hero(orc_x=8)
    out = play(enc, ResolveAttack("orc", "hero", attack_name="bow", spend="free"), [15, 3, 4])
    assert out.outcome.hit and not out.outcome.critical and out.outcome.damage == 6
    assert out.encounter.combatant("hero").death_saves.failures == 1


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_d20_cond_the_odds_agree_every_close_hit_is_critical(ruleset: str) -> None:
    """attackOdds calls the resolver's own judgement: from 5 ft every hit on the dying hero
    is critical, and with one failure already every hit kills; from afar only a natural
    critical does."""
    close = apply(downed_hero(ruleset, failures=1), AttackOdds("orc", "hero"), Random(0)).outcome
    assert close.critical == pytest.approx(close.hit) and close.hit > 0.5  # type: ignore[attr-defined]
    assert close.death == pytest.approx(close.hit)  # type: ignore[attr-defined]
    far = apply(
        downed_hero(ruleset, failures=1, orc_x=8),
        AttackOdds("orc", "hero", attack_name="bow"),
        Random(0),
    ).outcome
    assert far.critical < far.hit  # type: ignore[attr-defined]
    assert far.death == pytest.approx(far.critical)  # type: ignore[attr-defined]


@pytest.mark.rule("d20.cond")
def test_d20_cond_a_paralyzed_creature_hit_from_5_ft_takes_doubled_dice() -> None:
    """Paralyzed: attacks against it have advantage, a hit from within 5 ft is critical; the
    condition ends with its duration and the next hit is ordinary again."""
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc"),
        combatant(
            "orc",
            3,
            2,
            side="orcs",
            hp=40,
            maxHp=40,
            conditions=[
                {"name": "paralyzed", "duration": {"ends": "end", "of": "orc", "turns": 1}}
            ],
        ),
    )
    enc = build(doc)
    out = play(enc, ResolveAttack("hero", "orc", spend="free"), [14, 2, 3, 3])
    assert out.outcome.critical and out.outcome.advantage_sources == ["target-paralyzed"]
    assert out.encounter.combatant("orc").hp == 40 - (3 + 3 + 2)
    freed = build(
        {**doc, "combatants": [doc["combatants"][0], {**doc["combatants"][1], "conditions": []}]}
    )
    plain = play(freed, ResolveAttack("hero", "orc", spend="free"), [14, 3])
    assert plain.outcome.hit and not plain.outcome.critical


def frightened_doc(**orc: Any) -> dict[str, Any]:
    return encounter_doc(
        combatant("hero", 2, 2, kind="pc", conditions=[{"name": "frightened", "source": "orc"}]),
        combatant("orc", 8, 2, side="orcs", **orc),
        combatant("ally", 2, 6, kind="pc"),
    )


@pytest.mark.rule("d20.cond")
def test_d20_cond_frightened_cant_walk_closer_to_its_source_and_the_preview_agrees() -> None:
    """Finding 12: the frightened hero can't walk up to the orc it fears; the path-cost
    preview refuses the same step with the same rule; walking away and a forced push toward
    it are allowed; once the orc is dead, the hero walks up to its body."""
    enc = build(frightened_doc())
    closer = [Cell(3, 2), Cell(4, 2)]
    with pytest.raises(IllegalAction) as refused:
        apply(enc, MoveCombatant("hero", path=closer), Random(0))
    assert refused.value.rule == "d20.cond"
    preview = apply(enc, PathCost("hero", path=closer), Random(0)).outcome
    assert not preview.legal and preview.rule == "d20.cond"  # type: ignore[attr-defined]
    assert preview.failed_step == 0  # type: ignore[attr-defined]
    away = apply(enc, MoveCombatant("hero", path=[Cell(1, 2), Cell(1, 3)]), Random(0))
    assert away.encounter.combatant("hero").position == Cell(1, 3)
    pushed = apply(enc, MoveCombatant("hero", path=closer, forced=True), Random(0))
    assert pushed.encounter.combatant("hero").position == Cell(4, 2)
    dead = apply(enc, ApplyDamage("orc", 100), Random(0)).encounter
    walked = apply(dead, MoveCombatant("hero", path=closer), Random(0))
    assert walked.encounter.combatant("hero").position == Cell(4, 2)


@pytest.mark.rule("d20.cond")
def test_d20_cond_frightened_of_a_creature_out_of_sight_walks_freely() -> None:
    """A wall between them: the source is out of sight, and the hero may walk toward it."""
    doc = frightened_doc()
    doc["grid"]["blocked"] = [{"x": 6, "y": y} for y in range(12)]
    enc = build(doc)
    moved = apply(enc, MoveCombatant("hero", path=[Cell(3, 2), Cell(4, 2)]), Random(0))
    assert moved.encounter.combatant("hero").position == Cell(4, 2)


@pytest.mark.rule("d20.cond")
@pytest.mark.parametrize("ruleset", ["d20", "d10"])
def test_d20_cond_poisoned_attacks_with_disadvantage(ruleset: str) -> None:
    """Poisoned: its attack rolls have disadvantage (the lower of two dice), and the odds say
    so too."""
    doc = encounter_doc(
        combatant("hero", 2, 2, kind="pc", conditions=[{"name": "poisoned"}]),
        combatant("orc", 3, 2, side="orcs", ac=13),
        ruleset=ruleset,
    )
    enc = build(doc)
    out = play(enc, ResolveAttack("hero", "orc", spend="free"), [18, 4])
    assert out.outcome.disadvantage_sources == ["attacker-poisoned"]
    assert out.outcome.natural == 4 and not out.outcome.hit
    odds = apply(enc, AttackOdds("hero", "orc"), Random(0)).outcome
    assert odds.disadvantage_sources == ["attacker-poisoned"]  # type: ignore[attr-defined]


@pytest.mark.rule("d20.cond")
@pytest.mark.rule("d20.death.unconscious")
def test_d20_cond_a_creature_dropped_to_0_hp_falls_prone_and_wakes_prone() -> None:
    """Unconscious, it falls prone and drops its sword: an arrow from afar meets advantage
    (unconscious) and disadvantage (prone, beyond 5 ft), which cancel; healed, it wakes still
    prone and without its sword (refused until picked up, its object interaction), attacks
    with disadvantage, and stands up with half its speed."""
    enc = build(
        encounter_doc(
            combatant("hero", 2, 2, kind="pc", hp=5),
            combatant("orc", 3, 2, side="orcs"),
            combatant("archer", 9, 2, side="orcs", attacks=[BOW]),
            combatant("cleric", 2, 6, kind="pc"),
        )
    )
    fall = apply(enc, ApplyDamage("hero", 5), Random(0))
    [dropped] = [e for e in fall.events if e.type == "weapon-dropped"]
    assert dropped.data == {"weapon": "sword", "at": {"x": 2, "y": 2}}
    down = fall.encounter
    hero = down.combatant("hero")
    assert hero.has("unconscious") and hero.has("prone")
    arrow = play(down, ResolveAttack("archer", "hero", spend="free"), [11, 3])
    assert "target-unconscious" in arrow.outcome.advantage_sources
    assert arrow.outcome.disadvantage_sources == ["target-prone"]
    assert arrow.outcome.natural == 11 and not arrow.outcome.advantage
    awake = apply(down, Heal("hero", 4), Random(0)).encounter
    hero = awake.combatant("hero")
    assert not hero.has("unconscious") and hero.has("prone")
    with pytest.raises(IllegalAction, match="sword is not in hand"):
        apply(awake, ResolveAttack("hero", "orc", spend="free"), Random(0))
    picked = apply(awake, Interact("hero", weapon="sword"), Random(0))
    assert "weapon-recovered" in [e.type for e in picked.events]
    assert not picked.encounter.combatant("hero").budget.object_interaction
    awake = picked.encounter
    swing = play(awake, ResolveAttack("hero", "orc", spend="free"), [17, 2])
    assert swing.outcome.disadvantage_sources == ["attacker-prone"] and swing.outcome.natural == 2
    up = apply(awake, StandUp("hero"), Random(0))
    assert not up.encounter.combatant("hero").has("prone")
    assert up.encounter.combatant("hero").budget.movement == 15

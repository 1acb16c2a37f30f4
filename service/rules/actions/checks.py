"""Saving throws, ability checks and the search for hidden creatures (``d20.save``,
``d20.hide``).

``rollSave`` and ``rollCheck`` are the DM's calls: they roll through
:func:`~service.rules.mechanics.checks.roll_check` (every condition and effect of
``d20.cond``), change nothing in the encounter but the effects a roll uses up, spend nothing
of the turn, and are logged (and kept in a session's log and replay) like any action.
A contest rolls both sides and is decided by
:func:`~service.rules.mechanics.checks.contest_won`.

``rollDice`` is a free roll the table asks for (a dice roller): no rule decides it.

``search`` is an action in every ruleset that has Hide: d20 and d10 roll the searcher's
Wisdom (Perception), which needs sight; d100 takes the DM's DC (``d100.hide.contest``).
A hidden hostile creature whose Stealth total is beaten is found and no longer hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from ..dice import roll as roll_dice
from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..mechanics import economy
from ..mechanics.checks import CheckRoll, Kind, contest_won, reveal, roll_check, roll_modes
from ..mechanics.space import board_of
from ..model import Combatant, Cond, Draft
from ..model.outcomes import DiceRolledOutcome, RollSide, SaveCheckOutcome, SearchOutcome
from ..model.requests import ContestSide, RollCheck, RollDice, RollSave, Search
from ..registry import action
from ..ruleset import Ruleset

SKILL_ABILITIES = {
    "athletics": "strength",
    "unarmed": "strength",
    "acrobatics": "dexterity",
    "sleight of hand": "dexterity",
    "stealth": "dexterity",
    "arcana": "intelligence",
    "history": "intelligence",
    "investigation": "intelligence",
    "nature": "intelligence",
    "religion": "intelligence",
    "repair": "intelligence",
    "animal handling": "wisdom",
    "insight": "wisdom",
    "medicine": "wisdom",
    "perception": "wisdom",
    "survival": "wisdom",
    "scavenging": "wisdom",
    "deception": "charisma",
    "intimidation": "charisma",
    "performance": "charisma",
    "persuasion": "charisma",
}
"""The ability a skill adds when the creature has no bonus for it and none is named."""
CALLER = "caller"
"""The source named for the advantage or disadvantage a request asks for."""
RULE = "d20.save"


def _ability_of(skill: str | None, ability: str | None, path: tuple[str | int, ...]) -> str:
    if ability is not None:
        return ability
    if skill is None:
        raise InvalidAction("name the 'ability' or the 'skill' the check uses", (*path, "ability"))
    known = SKILL_ABILITIES.get(skill.lower())
    if known is None:
        raise InvalidAction(
            f"{skill!r} is not a skill the service knows the ability of: name the 'ability' too",
            (*path, "ability"),
        )
    return known


def _side(
    draft: Draft,
    c: Combatant,
    kind: Kind,
    ability: str,
    skill: str | None,
    rng: Random,
    log: EventLog,
    *,
    against: str | None,
    board_ruleset: Ruleset,
    sight: bool = False,
    advantage: bool = False,
    disadvantage: bool = False,
) -> tuple[RollSide, CheckRoll]:
    if kind == "save":
        bonus = c.save_bonus(ability)
    else:
        bonus = c.skill(skill.lower(), ability) if skill is not None else c.abilities.get(ability)
    what = skill or ability
    check = roll_check(
        draft,
        c.id,
        kind,
        bonus,
        rng,
        log,
        f"{what} {kind}",
        against=against,
        ability=ability,
        board=board_of(draft, board_ruleset),
        sight=sight,
        advantage=(CALLER,) if advantage else (),
        disadvantage=(CALLER,) if disadvantage else (),
    )
    side = RollSide(
        combatant_id=c.id,
        kind=kind,
        ability=ability,
        skill=skill,
        rolls=[d.value for d in check.roll.dice],
        natural=check.roll.natural,
        bonus=bonus,
        total=check.total,
        advantage_sources=list(check.advantage),
        disadvantage_sources=list(check.disadvantage),
        automatic_failure=list(check.fails),
    )
    return side, check


def _roll(
    ruleset: Ruleset,
    draft: Draft,
    kind: Kind,
    act: RollSave | RollCheck,
    ability: str,
    skill: str | None,
    sight: bool,
    rng: Random,
    log: EventLog,
) -> SaveCheckOutcome:
    """The shared pipeline of ``rollSave`` and ``rollCheck``. In a contest the other side's
    check is rolled second; the one trying to change the situation is the checking creature
    (``rollCheck``) or the other (``rollSave``: the save resists it)."""
    if (act.dc is None) == (act.contest is None):
        raise InvalidAction("give a 'dc' or a 'contest', one of them", ("dc",))
    c = draft.combatant(act.combatant_id, "combatantId")
    if c.dead:
        raise IllegalAction(f"{c.name} is dead and rolls nothing", RULE)
    opponent = _opponent(draft, c, act.contest)
    mine, my_roll = _side(
        draft,
        c,
        kind,
        ability,
        skill,
        rng,
        log,
        against=opponent.c.id if opponent else None,
        board_ruleset=ruleset,
        sight=sight,
        advantage=act.advantage,
        disadvantage=act.disadvantage,
    )
    what = f"{(skill or ability).title()} {'saving throw' if kind == 'save' else 'check'}"
    contest: _Contest | None = None
    if opponent is None:
        assert act.dc is not None
        success = not mine.automatic_failure and mine.total >= act.dc
        against = f"DC {act.dc}"
    else:
        contest = opponent.roll(ruleset, draft, c, rng, log)
        success = _wins_contest(kind, mine, contest.side)
        against = f"{opponent.c.name}'s {opponent.what} {contest.side.total}"
    _log_roll(c, what, mine, my_roll, against, success, act.dc, opponent, log)
    if contest is not None:
        contest.log(c, log)
    return SaveCheckOutcome(
        combatant_id=c.id,
        roll=mine,
        success=success,
        automatic_failure=bool(mine.automatic_failure),
        dc=act.dc,
        contest=contest.side if contest else None,
    )


@dataclass(frozen=True, slots=True)
class _Opponent:
    """The other side of a contest: who, and the ability and skill of its check."""

    c: Combatant
    ability: str
    skill: str | None

    @property
    def what(self) -> str:
        return (self.skill or self.ability).title()

    def roll(
        self, ruleset: Ruleset, draft: Draft, c: Combatant, rng: Random, log: EventLog
    ) -> _Contest:
        """Its check against ``c``, rolled after ``c``'s."""
        side, roll = _side(
            draft,
            self.c,
            "check",
            self.ability,
            self.skill,
            rng,
            log,
            against=c.id,
            board_ruleset=ruleset,
        )
        return _Contest(self.c, side, roll)


@dataclass(frozen=True, slots=True)
class _Contest:
    """The other side's check in a contest, rolled."""

    other: Combatant
    side: RollSide
    roll: CheckRoll

    def log(self, c: Combatant, log: EventLog) -> None:
        log.rolled(
            self.roll.roll,
            f"{self.other.name}'s check against {c.name}: {self.side.total}",
            actor=self.other.id,
            target=c.id,
            rule=RULE,
            **_modes(self.side),
        )


def _opponent(draft: Draft, c: Combatant, contest: ContestSide | None) -> _Opponent | None:
    """The other side of the contest, refused when it is ``c`` itself or dead; None
    without a contest."""
    if contest is None:
        return None
    try:
        other = draft.get(contest.combatant_id)
    except InvalidAction as e:
        raise e.at("contest", "combatantId") from None
    if other.id == c.id:
        raise InvalidAction("a contest needs another creature", ("contest", "combatantId"))
    if other.dead:
        raise IllegalAction(f"{other.name} is dead and rolls nothing", RULE)
    ability = _ability_of(contest.skill, contest.ability, ("contest",))
    return _Opponent(other, ability, contest.skill)


def _wins_contest(kind: Kind, mine: RollSide, theirs: RollSide) -> bool:
    """Whether the rolling creature wins the contest (:func:`contest_won`: with a check it
    changes the situation, with a save it resists the other's change)."""
    if mine.automatic_failure:
        return False
    if theirs.automatic_failure:
        return True
    if kind == "check":
        return contest_won(mine.total, theirs.total)
    return not contest_won(theirs.total, mine.total)


def _log_roll(
    c: Combatant,
    what: str,
    mine: RollSide,
    roll: CheckRoll,
    against: str,
    success: bool,
    dc: int | None,
    opponent: _Opponent | None,
    log: EventLog,
) -> None:
    fails = mine.automatic_failure
    against_dc: dict[str, Any] = {"dc": dc} if dc is not None else {}
    log.rolled(
        roll.roll,
        f"{c.name}'s {what}: {mine.total} against {against}, "
        + ("success" if success else "failure")
        + (f" ({', '.join(fails)}: fails automatically)" if fails else ""),
        actor=c.id,
        target=opponent.c.id if opponent else None,
        rule=RULE,
        success=success,
        **against_dc,
        **_modes(mine),
    )


@action(
    "rollSave",
    summary="A saving throw the DM calls for, against a DC or another creature's check.",
    order=262,
)
def roll_save(
    ruleset: Ruleset, draft: Draft, act: RollSave, rng: Random, log: EventLog
) -> SaveCheckOutcome:
    """``d20.save``, with the automatic failures and disadvantages of ``d20.cond``."""
    return _roll(ruleset, draft, "save", act, act.ability, None, False, rng, log)


@action(
    "rollCheck",
    summary="An ability check the DM calls for, against a DC or contested by another creature.",
    order=264,
)
def roll_check_action(
    ruleset: Ruleset, draft: Draft, act: RollCheck, rng: Random, log: EventLog
) -> SaveCheckOutcome:
    """``d20.save``, with the disadvantages and automatic failures of ``d20.cond``."""
    ability = _ability_of(act.skill, act.ability, ())
    return _roll(ruleset, draft, "check", act, ability, act.skill, act.sight, rng, log)


@action(
    "rollDice",
    summary="A free roll of any dice (a dice roller): logged, no rule, nothing changed.",
    order=266,
)
def roll_free(
    ruleset: Ruleset, draft: Draft, act: RollDice, rng: Random, log: EventLog
) -> DiceRolledOutcome:
    """No rule decides a free roll: it is thrown, logged (``rule`` null) and answered. A
    dice expression beyond the engine's limits is refused as an attack's damage is."""
    who = draft.combatant(act.combatant_id, "combatantId") if act.combatant_id else None
    purpose = act.purpose or "free roll"
    rolled = roll_dice(act.expression, rng, purpose)
    roller = who.name if who is not None else "The DM"
    label = f" for {act.purpose}" if act.purpose else ""
    log.rolled(
        rolled,
        f"{roller} rolls {rolled.expression}{label}: {rolled.total}",
        actor=who.id if who is not None else None,
    )
    return DiceRolledOutcome(
        total=rolled.total,
        expression=rolled.expression,
        purpose=purpose,
        combatant_id=who.id if who is not None else None,
    )


@action(
    "search",
    summary="Search for hidden creatures (d20, d10: Perception; d100: the DM's DC and an "
    "optional scavenging check).",
    order=330,
)
def search(
    ruleset: Ruleset, draft: Draft, act: Search, rng: Random, log: EventLog
) -> SearchOutcome:
    """``d20.hide`` (d100: ``d100.action.search`` and ``d100.hide.contest``): an action. Each
    hidden hostile creature whose Stealth total the search beats (:func:`contest_won`: the
    searcher is the one changing the situation, a tie keeps it hidden) is found and no longer
    hidden. d20 and d10: one Wisdom (Perception) check by sight, so a blinded searcher fails;
    d100: the DM's ``dc`` stands for that check, and ``scavengingDc`` asks for the scavenging
    check (d20 + ``scavenging``, Wisdom without it; success on meeting it)."""
    c = draft.combatant(act.combatant_id, "combatantId")
    rule = ruleset.rule_ids.search
    if not ruleset.search_by_dc:
        for name, value in (("dc", act.dc), ("scavengingDc", act.scavenging_dc)):
            if value is not None:
                raise InvalidAction(
                    f"'{name}' is d100's: in the {ruleset.id} ruleset the searcher rolls its "
                    "Wisdom (Perception)",
                    (name,),
                )
    if c.incapacitated:
        raise IllegalAction(f"{c.name} is incapacitated and can't act", rule)
    economy.spend(ruleset, draft, c.id, "action", log)
    outcome = SearchOutcome(combatant_id=c.id)
    score: int | None = act.dc
    blind: list[str] = []
    if not ruleset.search_by_dc:
        side, check = _side(
            draft,
            c,
            "check",
            "wisdom",
            "perception",
            rng,
            log,
            against=None,
            board_ruleset=ruleset,
            sight=True,
        )
        outcome.perception = side
        blind = side.automatic_failure
        score = side.total
        log.rolled(
            check.roll,
            f"{c.name} searches: Perception {side.total}"
            + (f" ({', '.join(blind)}: fails automatically)" if blind else ""),
            actor=c.id,
            rule=rule,
            **_modes(side),
        )
    if score is not None:
        what = "DC" if ruleset.search_by_dc else "Perception"
        _find(draft, c, score, bool(blind), what, rule, outcome, log)
    if act.scavenging_dc is not None:
        scav, roll = _side(
            draft,
            c,
            "check",
            "wisdom",
            "scavenging",
            rng,
            log,
            against=None,
            board_ruleset=ruleset,
        )
        outcome.scavenging_total = scav.total
        outcome.scavenging_success = scav.total >= act.scavenging_dc
        log.rolled(
            roll.roll,
            f"{c.name}'s scavenging check: {scav.total} against DC {act.scavenging_dc}",
            actor=c.id,
            rule="d100.action.search",
            success=outcome.scavenging_success,
            **_modes(scav),
        )
    return outcome


def _modes(side: RollSide) -> dict[str, Any]:
    return roll_modes(side.advantage_sources, side.disadvantage_sources, side.automatic_failure)


def _find(
    draft: Draft,
    c: Combatant,
    score: int,
    fails: bool,
    what: str,
    rule: str,
    outcome: SearchOutcome,
    log: EventLog,
) -> None:
    for other in draft:
        if other.id == c.id or other.side == c.side:
            continue
        if not (other.has(Cond.HIDDEN) or other.stealth is not None):
            continue
        stealth = other.stealth if other.stealth is not None else 0
        against = f"{what} {score} against Stealth {stealth}"
        if not fails and contest_won(score, stealth):
            reveal(draft, other.id, log, rule, None)
            outcome.found.append(other.id)
            log.note(
                "found",
                f"{c.name} finds {other.name} ({against})",
                actor=c.id,
                target=other.id,
                rule=rule,
            )
        else:
            outcome.still_hidden.append(other.id)
            log.note(
                "not-found",
                f"{other.name} stays hidden ({against})",
                actor=c.id,
                target=other.id,
                rule=rule,
            )

"""Initiative and turns (``d20.init.*``, ``d20.order.*``, death saves at the start of a turn).

Decisions (RULES.md leaves them open):

* ``d20.init.groups``: combatants sharing a ``group`` roll one d20, with the initiative bonus
  of the group's first member (in encounter order); the members take consecutive places in
  the order, in encounter order.
* ``d20.init.companions``: a combatant with a ``controller`` rolls nothing; it takes the
  place right after its controller (and after the companions listed before it), with the
  controller's initiative. A companion inside a group follows its controller, not the group.
* ``d20.init.lower``: a combatant moves down with its companions, after everyone already at
  its new count. A group member lowering alone leaves its group's block. During its own turn
  it may lower only before it has acted; the turn then passes on. A combatant that has
  already acted this round can't move below the current turn (it would act twice).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from random import Random
from typing import Annotated, Literal, TypeVar

from annotated_types import Ge, Le, Len

from . import dice
from .actions import ActionSpec, InitiativeOutcome, RollInitiative, register_action
from .core import RulesetCore
from .damage import add_death_save_failures, heal
from .errors import IllegalAction, InvalidAction
from .events import EventLog
from .state import Combatant, Condition, Draft, Duration, Effect, Id, InitiativeEntry

Initiative = Annotated[int, Ge(-1000), Le(1000)]
T = TypeVar("T", Condition, Effect)


@dataclass(slots=True)
class NextTurn:
    """End the current turn and start the next living combatant's (a new round after the last)."""

    expected_turn_of: Id | None = None
    """Whose turn the caller believes is ending; refused if it is someone else's (a guard
    against ending the same turn twice)."""


@dataclass(slots=True)
class DeathSave:
    """A death saving throw rolled at the start of a turn (``d20.death.saves``)."""

    combatant_id: str
    natural: int
    success: bool
    successes: int
    failures: int
    stable: bool
    dead: bool
    regained_hp: bool
    """A natural 20: 1 HP back, conscious again (``d20.death.nat``)."""
    hours_to_regain: int | None = None
    """Became stable: hours (1d4) after which it regains 1 HP if not healed (not applied)."""


@dataclass(slots=True)
class NextTurnOutcome:
    """Whose turn ended, whose began, the round, and what the start of the turn rolled."""

    previous: str | None
    turn_of: str | None
    round: int
    new_round: bool
    death_save: DeathSave | None = None
    expired: list[str] = field(default_factory=list)
    """``combatantId:name`` of every condition and effect that ended, ``area:kind`` for areas."""
    readied_lapsed: bool = False
    sides_standing: list[str] = field(default_factory=list)
    """Sides with a combatant still up (alive and conscious)."""
    fight_over: bool = False
    """At most one side is left standing (``d20.order.steps``)."""


@dataclass(slots=True)
class LowerInitiative:
    """Move a combatant down the order (``d20.init.lower``); raising needs a named feature."""

    combatant_id: Id
    initiative: Initiative
    """The new initiative count."""
    feature: Annotated[str, Len(1, 80)] | None = None
    """One of the combatant's ``features`` (a feat, magic) that lets it raise its initiative."""


@dataclass(slots=True)
class LowerInitiativeOutcome:
    combatant_id: str
    previous: int
    initiative: int
    raised: bool
    order: list[InitiativeEntry]
    turn_of: str | None


register_action(
    ActionSpec(
        "nextTurn",
        "next-turn",
        NextTurn,
        NextTurnOutcome,
        "next_turn",
        "End the current turn and start the next: durations, readied actions, death saves.",
    )
)
register_action(
    ActionSpec(
        "lowerInitiative",
        "lower-initiative",
        LowerInitiative,
        LowerInitiativeOutcome,
        "lower_initiative",
        "Move a combatant down the initiative order (raising needs a named feature).",
    )
)


def stabilize_creature(c: Combatant, rng: Random, log: EventLog, rule: str) -> int:
    """Make ``c`` stable (counts reset, still unconscious); roll and report the 1d4 hours
    after which it would regain 1 HP (``d20.death.stable``: reported, not applied)."""
    c.stable = True
    c.death_saves.successes = 0
    c.death_saves.failures = 0
    log.note("stable", f"{c.name} is stable", target=c.id, rule=rule)
    roll = dice.roll("1d4", rng, "stable-recovery-hours")
    log.rolled(
        roll,
        f"{c.name} regains 1 HP after {roll.total} hours unless healed first",
        target=c.id,
        rule="d20.death.stable",
        hours=roll.total,
    )
    return roll.total


class TurnRules(RulesetCore):
    """Rolling initiative, starting and ending turns."""

    # ---------------------------------------------------------------- initiative

    def roll_initiative(
        self, draft: Draft, action: RollInitiative, rng: Random, log: EventLog
    ) -> InitiativeOutcome:
        """``d20.init.roll``: d20 + initiative bonus each; ties by higher bonus, then a roll-off.
        Groups roll once (``d20.init.groups``); companions follow their controller."""
        enc = draft.encounter
        for i, cid in enumerate(action.surprised):
            if not any(c.id == cid for c in enc.combatants):
                raise InvalidAction(f"no combatant with id {cid!r}", ("surprised", i))
        companions = self._companions(draft)
        living = [c for c in enc.combatants if not c.dead]
        units: dict[str, list[Combatant]] = {}
        leaders: list[Combatant] = []
        for c in living:
            if c.controller is not None:
                continue
            key = f"group:{c.group}" if c.group is not None else f"id:{c.id}"
            if key not in units:
                units[key] = []
                leaders.append(c)
            units[key].append(c)
        members_of = {
            leader.id: units[f"group:{leader.group}" if leader.group else f"id:{leader.id}"]
            for leader in leaders
        }
        rolled: list[tuple[int, int, Combatant]] = []
        for leader in leaders:
            members = members_of[leader.id]
            roll = dice.roll_die(self.initiative_die, rng, "initiative", leader.initiative_bonus)
            if len(members) > 1:
                log.rolled(
                    roll,
                    f"group {leader.group} ({', '.join(m.name for m in members)}) rolls "
                    f"{roll.total} for initiative with {leader.name}'s bonus",
                    actor=leader.id,
                    rule="d20.init.groups",
                    group=leader.group,
                    members=[m.id for m in members],
                )
            else:
                log.rolled(
                    roll,
                    f"{leader.name} rolls {roll.total} for initiative",
                    actor=leader.id,
                    rule="d20.init.roll",
                )
            rolled.append((roll.total, leader.initiative_bonus, leader))
        entries: list[InitiativeEntry] = []
        for lead in self._order(rolled, rng, log):
            for member in members_of[lead.combatant_id]:
                self._place(entries, member.id, lead, companions, draft, log)
        return self.begin_combat(draft, entries, action.surprised, log)

    def begin_combat(
        self, draft: Draft, entries: list[InitiativeEntry], surprised: list[str], log: EventLog
    ) -> InitiativeOutcome:
        """Set the order, round 1 and fresh budgets, mark the surprised, start the first
        turn: what every way of deciding the order ends with."""
        enc = draft.encounter
        enc.order = entries
        enc.round = 1
        enc.turn_of = None
        enc.step = None
        for c in list(draft):
            fresh = draft.edit(c.id)
            self.reset_budget(fresh)
            fresh.budget.reaction = True
            if c.id in surprised:
                self.surprise(fresh, log)
        if entries:
            self.start_turn(draft, entries[0].combatant_id, log)
        return InitiativeOutcome(list(entries), enc.round, enc.turn_of)

    def _companions(self, draft: Draft) -> dict[str, list[str]]:
        """Controller id -> the living combatants it controls, refusing unknown controllers
        and loops."""
        enc = draft.encounter
        ids = {c.id for c in enc.combatants}
        out: dict[str, list[str]] = {}
        controller_of = {c.id: c.controller for c in enc.combatants if c.controller}
        for i, c in enumerate(enc.combatants):
            if c.controller is None:
                continue
            path = ("encounter", "combatants", i, "controller")
            if c.controller not in ids or c.controller == c.id:
                raise InvalidAction(f"{c.name}'s controller {c.controller!r} is unknown", path)
            seen = {c.id}
            up: str | None = c.controller
            while up is not None:
                if up in seen:
                    raise InvalidAction(f"{c.name}'s controllers form a loop", path)
                seen.add(up)
                up = controller_of.get(up)
            if not c.dead:
                out.setdefault(c.controller, []).append(c.id)
        return out

    def _place(
        self,
        entries: list[InitiativeEntry],
        cid: str,
        lead: InitiativeEntry,
        companions: dict[str, list[str]],
        draft: Draft,
        log: EventLog,
    ) -> None:
        entries.append(InitiativeEntry(cid, lead.initiative, lead.tiebreak))
        for companion in companions.get(cid, []):
            log.note(
                "initiative-companion",
                f"{draft.get(companion).name} acts right after {draft.get(cid).name}",
                actor=companion,
                target=cid,
                rule="d20.init.companions",
            )
            self._place(entries, companion, lead, companions, draft, log)

    def _order(
        self, rolled: list[tuple[int, int, Combatant]], rng: Random, log: EventLog
    ) -> list[InitiativeEntry]:
        """Sort by total, then bonus; a roll-off (d20, again until distinct) breaks the rest."""
        rolled.sort(key=lambda t: (-t[0], -t[1]))
        entries: list[InitiativeEntry] = []
        i = 0
        while i < len(rolled):
            j = i
            while j < len(rolled) and rolled[j][:2] == rolled[i][:2]:
                j += 1
            tied = [t[2] for t in rolled[i:j]]
            for c, tiebreak in self._roll_off(tied, rng, log):
                entries.append(InitiativeEntry(c.id, rolled[i][0], tiebreak))
            i = j
        return entries

    def _roll_off(
        self, tied: list[Combatant], rng: Random, log: EventLog
    ) -> list[tuple[Combatant, int]]:
        if len(tied) == 1:
            return [(tied[0], 0)]
        while True:
            rolls = [(rng.randint(1, 20), c) for c in tied]
            if len({r for r, _ in rolls}) == len(rolls):
                break
        names = ", ".join(f"{c.name} {r}" for r, c in rolls)
        log.note(
            "initiative-tie",
            f"roll-off for a tie: {names}",
            rule="d20.init.roll",
            rolls={c.id: r for r, c in rolls},
        )
        rolls.sort(key=lambda t: -t[0])
        return [(c, r) for r, c in rolls]

    # ---------------------------------------------------------------- lowering

    def lower_initiative(
        self, draft: Draft, action: LowerInitiative, rng: Random, log: EventLog
    ) -> LowerInitiativeOutcome:
        """``d20.init.lower``: act later from now on. Not a readied action
        (``d20.init.ready-vs-delay``): nothing is held, no reaction is used."""
        enc = draft.encounter
        c = self._combatant(draft, action.combatant_id, "combatantId")
        if enc.round == 0 or not enc.order:
            raise IllegalAction("roll initiative first", "d20.order.steps")
        if c.dead or c.incapacitated:
            raise IllegalAction(f"{c.name} can't act and can't change its place", "d20.init.lower")
        order = enc.order
        idx = next((i for i, e in enumerate(order) if e.combatant_id == c.id), None)
        if idx is None:
            raise InvalidAction(f"{c.name} is not in the initiative order", ("combatantId",))
        previous = order[idx].initiative
        raised = action.initiative > previous
        if raised:
            if action.feature is None:
                raise IllegalAction(
                    f"{c.name} can't raise its initiative ({previous} to {action.initiative}) "
                    "without a named feature or magic",
                    "d20.init.lower",
                )
            if action.feature not in c.features:
                raise IllegalAction(
                    f"{c.name} has no feature {action.feature!r} "
                    f"(it has: {', '.join(c.features) or 'none'})",
                    "d20.init.lower",
                )
        current = next((i for i, e in enumerate(order) if e.combatant_id == enc.turn_of), None)
        own_turn = enc.turn_of == c.id
        if own_turn:
            b = c.budget
            moved = b.movement is not None and b.movement < c.speed
            if not (b.action and b.bonus_action and b.object_interaction) or moved:
                raise IllegalAction(
                    f"{c.name} has already acted this turn; it may lower its initiative only "
                    "before acting",
                    "d20.init.lower",
                )
        # the block that moves: the combatant and its companions (consecutive after it)
        block = [idx]
        descendants = self._descendants(draft, c.id)
        j = idx + 1
        while j < len(order) and order[j].combatant_id in descendants:
            block.append(j)
            j += 1
        moving = [order[i] for i in block]
        rest = [e for i, e in enumerate(order) if i not in block]
        # after everyone already at the new count
        pos = next((i for i, e in enumerate(rest) if e.initiative < action.initiative), len(rest))
        if current is not None and not own_turn and not raised:
            acted = idx < current
            cur_in_rest = next(i for i, e in enumerate(rest) if e.combatant_id == enc.turn_of)
            if acted and pos > cur_in_rest:
                raise IllegalAction(
                    f"{c.name} has already acted this round; moving below the current turn "
                    "would let it act twice (lower it on its own turn instead)",
                    "d20.init.lower",
                )
        new_entries = [InitiativeEntry(e.combatant_id, action.initiative, 0) for e in moving]
        enc.order = [*rest[:pos], *new_entries, *rest[pos:]]
        verb = "raises" if raised else "lowers"
        log.note(
            "initiative-changed",
            f"{c.name} {verb} its initiative from {previous} to {action.initiative}"
            + (f" ({action.feature})" if raised else ""),
            actor=c.id,
            rule="d20.init.lower",
            previous=previous,
            initiative=action.initiative,
            feature=action.feature,
        )
        if own_turn:
            # the turn passes to the first living combatant now at or after its old place;
            # it takes its own turn when its new count comes up
            nxt = next(
                (e.combatant_id for e in enc.order[idx:] if not draft.get(e.combatant_id).dead),
                c.id,
            )
            if nxt != c.id:
                log.note(
                    "turn-delayed",
                    f"{c.name} delays its turn to initiative {action.initiative}",
                    actor=c.id,
                    rule="d20.init.ready-vs-delay",
                )
                self.begin_turn(draft, nxt, rng, log, [])
        return LowerInitiativeOutcome(
            c.id, previous, action.initiative, raised, list(enc.order), enc.turn_of
        )

    def _descendants(self, draft: Draft, cid: str) -> set[str]:
        out: set[str] = set()
        frontier = [cid]
        while frontier:
            up = frontier.pop()
            for c in draft:
                if c.controller == up and c.id not in out:
                    out.add(c.id)
                    frontier.append(c.id)
        return out

    # ---------------------------------------------------------------- turns

    def next_turn(
        self, draft: Draft, action: NextTurn, rng: Random, log: EventLog
    ) -> NextTurnOutcome:
        """``d20.order.steps``: take turns in initiative order; after the last, the next round."""
        enc = draft.encounter
        if enc.round == 0 or not enc.order:
            raise IllegalAction(
                "roll initiative before taking turns (surprise, positions, initiative, turns)",
                "d20.order.steps",
            )
        previous = enc.turn_of
        if action.expected_turn_of is not None and action.expected_turn_of != previous:
            raise IllegalAction(
                f"it is {previous!r}'s turn, not {action.expected_turn_of!r}'s",
                "d20.order.steps",
            )
        order = enc.order
        idx = next((i for i, e in enumerate(order) if e.combatant_id == previous), -1)
        expired: list[str] = []
        if previous is not None:
            self.end_turn(draft, previous, log, expired)
        new_round = False
        nxt: str | None = None
        for step in range(1, len(order) + 1):
            j = idx + step
            if j >= len(order) and not new_round:
                new_round = True
                self.begin_round(draft, log, expired)
            candidate = order[j % len(order)].combatant_id
            if not draft.get(candidate).dead:
                nxt = candidate
                break
        outcome = NextTurnOutcome(previous, None, enc.round, new_round, expired=expired)
        if nxt is None:
            enc.turn_of = None
            log.note("no-turn", "every combatant in the order is dead", rule="d20.order.steps")
        else:
            lapsed, save = self.begin_turn(draft, nxt, rng, log, expired)
            outcome.readied_lapsed = lapsed
            outcome.death_save = save
        outcome.turn_of = enc.turn_of
        outcome.round = enc.round
        outcome.sides_standing = sorted(
            {c.side for c in draft if not c.dead and not c.unconscious and c.hp > 0}
        )
        outcome.fight_over = len(outcome.sides_standing) <= 1
        if outcome.fight_over:
            log.note(
                "fight-over",
                "at most one side is left standing: the fight can end",
                rule="d20.order.steps",
                sides=outcome.sides_standing,
            )
        return outcome

    def end_turn(self, draft: Draft, combatant_id: str, log: EventLog, expired: list[str]) -> None:
        """End-of-turn durations of this creature count down; a surprised creature's first
        turn is over, so it can react again (``d20.order.surprise``)."""
        was_surprised = draft.get(combatant_id).has("surprised")
        self._expire_turn(draft, "end", combatant_id, log, expired)
        c = draft.get(combatant_id)
        if was_surprised and not c.has("surprised"):
            c = draft.edit(combatant_id)
            c.budget.reaction = True
            log.note(
                "surprise-over",
                f"{c.name} is no longer surprised and can react",
                target=c.id,
                rule="d20.order.surprise",
            )
        log.note("turn-end", f"{c.name}'s turn ends", actor=c.id, rule="d20.order.steps")

    def begin_round(self, draft: Draft, log: EventLog, expired: list[str]) -> None:
        """A new round: ``rounds`` durations count down on conditions, effects and areas."""
        enc = draft.encounter
        enc.round += 1
        log.note("round-start", f"round {enc.round} begins", rule="d20.order.steps")
        before = len(expired)
        for c in list(draft):
            if not any(_counts_rounds(d) for d in _durations(c)):
                continue
            e = draft.edit(c.id)
            e.conditions = _tick_rounds(e.conditions, e.id, expired)
            e.effects = _tick_rounds(e.effects, e.id, expired)
        if len(expired) > before:
            log.note(
                "durations-ended",
                f"round {enc.round}: {', '.join(expired[before:])} ended",
                rule="d20.order.steps",
                expired=expired[before:],
            )
        areas = []
        for area in enc.areas:
            d = area.duration
            if d is not None and d.rounds is not None:
                if d.rounds <= 1:
                    expired.append(f"area:{area.kind}")
                    continue
                area = dataclasses.replace(
                    area, duration=dataclasses.replace(d, rounds=d.rounds - 1)
                )
            areas.append(area)
        enc.areas = areas

    def begin_turn(
        self, draft: Draft, combatant_id: str, rng: Random, log: EventLog, expired: list[str]
    ) -> tuple[bool, DeathSave | None]:
        """Start-of-turn durations end, the readied action lapses, the budget comes back, and a
        creature dying at 0 HP rolls its death save."""
        self._expire_turn(draft, "start", combatant_id, log, expired)
        lapsed = self.lapse_readied(draft, combatant_id, log)
        self.start_turn(draft, combatant_id, log)
        save = None
        c = draft.get(combatant_id)
        if c.hp == 0 and not c.dead and not c.stable and c.unconscious:
            save = self.death_save(draft, combatant_id, rng, log)
        return lapsed, save

    def lapse_readied(self, draft: Draft, combatant_id: str, log: EventLog) -> bool:
        """``d20.ready.expiry``: a readied action lasts until the start of your next turn; a
        readied spell's held energy (and its concentration) is lost with it."""
        c = draft.get(combatant_id)
        if c.readied is None:
            return False
        c = draft.edit(combatant_id)
        readied = c.readied
        assert readied is not None
        c.readied = None
        log.note(
            "readied-lapsed",
            f"{c.name}'s readied {readied.action} ({readied.trigger}) lapses",
            actor=c.id,
            rule="d20.ready.expiry",
        )
        if readied.spell is not None and c.concentration == readied.spell:
            c.concentration = None
            log.note(
                "concentration-ended",
                f"{c.name} stops holding {readied.spell}: the spell is lost",
                actor=c.id,
                rule="d20.ready.spell",
            )
        return True

    def death_save(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> DeathSave:
        """``d20.death.saves`` and ``d20.death.nat``."""
        c = draft.edit(combatant_id)
        roll = dice.roll_die(20, rng, "death-save")
        natural = roll.natural
        regained = False
        hours = None
        if natural == 20:
            log.rolled(
                roll,
                f"{c.name} rolls a natural 20 on a death save",
                actor=c.id,
                rule="d20.death.nat",
            )
            heal(c, log, 1, None)
            regained = True
            success = True
        elif natural == 1:
            log.rolled(
                roll,
                f"{c.name} rolls a natural 1 on a death save: two failures",
                actor=c.id,
                rule="d20.death.nat",
            )
            add_death_save_failures(c, log, 2, "d20.death.nat")
            success = False
        elif roll.total >= 10:
            success = True
            c.death_saves.successes = min(3, c.death_saves.successes + 1)
            log.rolled(
                roll,
                f"{c.name} succeeds on a death save ({c.death_saves.successes}/3)",
                actor=c.id,
                rule="d20.death.saves",
            )
            if c.death_saves.successes >= 3:
                hours = stabilize_creature(c, rng, log, "d20.death.saves")
        else:
            success = False
            log.rolled(roll, f"{c.name} fails a death save", actor=c.id, rule="d20.death.saves")
            add_death_save_failures(c, log, 1, "d20.death.saves")
        return DeathSave(
            c.id,
            natural,
            success,
            c.death_saves.successes,
            c.death_saves.failures,
            c.stable,
            c.dead,
            regained,
            hours,
        )

    def _expire_turn(
        self,
        draft: Draft,
        ends: Literal["start", "end"],
        of: str,
        log: EventLog,
        expired: list[str],
    ) -> None:
        """Durations that end at the ``ends`` of ``of``'s turn count down; at 0 they end."""
        enc = draft.encounter
        for c in list(draft):
            if not any(_tied_to(d, ends, of) for d in _durations(c)):
                continue
            e = draft.edit(c.id)
            before = len(expired)
            e.conditions = _tick_turns(e.conditions, ends, of, e.id, expired)
            e.effects = _tick_turns(e.effects, ends, of, e.id, expired)
            for name in expired[before:]:
                log.note(
                    "condition-ended",
                    f"{e.name}'s {name.split(':', 1)[1]} ends at the {ends} of "
                    f"{draft.get(of).name}'s turn",
                    target=e.id,
                    rule="d20.order.steps",
                )
        areas = []
        for area in enc.areas:
            d = area.duration
            if _tied_to(d, ends, of):
                assert d is not None
                if d.turns <= 1:
                    expired.append(f"area:{area.kind}")
                    continue
                area = dataclasses.replace(area, duration=dataclasses.replace(d, turns=d.turns - 1))
            areas.append(area)
        enc.areas = areas


def _durations(c: Combatant) -> list[Duration | None]:
    return [x.duration for x in c.conditions] + [x.duration for x in c.effects]


def _tied_to(d: Duration | None, ends: str, of: str) -> bool:
    return d is not None and d.ends == ends and d.of == of


def _counts_rounds(d: Duration | None) -> bool:
    return d is not None and d.rounds is not None


def _tick_turns(items: list[T], ends: str, of: str, holder: str, expired: list[str]) -> list[T]:
    out: list[T] = []
    for item in items:
        d = item.duration
        if d is not None and _tied_to(d, ends, of):
            if d.turns <= 1:
                expired.append(f"{holder}:{_label(item)}")
                continue
            item = dataclasses.replace(item, duration=dataclasses.replace(d, turns=d.turns - 1))
        out.append(item)
    return out


def _tick_rounds(items: list[T], holder: str, expired: list[str]) -> list[T]:
    out: list[T] = []
    for item in items:
        d = item.duration
        if d is not None and d.rounds is not None:
            if d.rounds <= 1:
                expired.append(f"{holder}:{_label(item)}")
                continue
            item = dataclasses.replace(item, duration=dataclasses.replace(d, rounds=d.rounds - 1))
        out.append(item)
    return out


def _label(item: Condition | Effect) -> str:
    return item.name if isinstance(item, Condition) else item.kind

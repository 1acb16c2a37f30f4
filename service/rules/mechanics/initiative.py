"""Initiative in the d20 base (``d20.init.*``): rolls, groups, companions and ties.

Decisions (RULES.md leaves them open):

* ``d20.init.groups``: combatants sharing a ``group`` roll one d20, with the initiative bonus
  of the group's first member (in encounter order); the members take consecutive places in
  the order, in encounter order.
* ``d20.init.individual``: a player character rolls its own initiative even when it is
  given a ``group`` (groups are for opponents).
* ``d20.init.companions``: a combatant with a ``controller`` rolls nothing; it takes the
  place right after its controller (and after the companions listed before it), with the
  controller's initiative. A companion inside a group follows its controller, not the group.
  A companion whose controller is dead rolls for itself.
* Ties: by total, then by initiative bonus; what is still tied is settled by one d20
  roll-off, and what the roll-off leaves tied is put in a random order (never re-rolled:
  more than 20 tied could never all differ).
"""

from __future__ import annotations

from random import Random

from .. import dice
from ..errors import InvalidAction
from ..events import EventLog
from ..model import Combatant, Draft, Duration, Effect, EffectKind, InitiativeEntry


def roll_d20_order(draft: Draft, die: int, rng: Random, log: EventLog) -> list[InitiativeEntry]:
    """Each unit (a lone combatant, or a group) rolls ``die`` + bonus; companions follow."""
    enc = draft.encounter
    followers = companions(draft)
    units: dict[str, list[Combatant]] = {}
    leaders: list[Combatant] = []
    members_of: dict[str, list[Combatant]] = {}
    for c in enc.combatants:
        if c.dead or (c.controller is not None and not draft.get(c.controller).dead):
            continue
        key = f"group:{c.group}" if c.group is not None and c.kind != "pc" else f"id:{c.id}"
        if key not in units:
            units[key] = members_of[c.id] = []
            leaders.append(c)
        units[key].append(c)
    rolled: list[tuple[int, int, Combatant]] = []
    for leader in leaders:
        members = members_of[leader.id]
        roll = dice.roll_die(die, rng, "initiative", leader.initiative_bonus)
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
    for lead in _order(rolled, rng, log):
        for member in members_of[lead.combatant_id]:
            _place(entries, member.id, lead, followers, draft, log)
    return entries


def companions(draft: Draft) -> dict[str, list[str]]:
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


def descendants(draft: Draft, combatant_id: str) -> set[str]:
    """Everyone ``combatant_id`` controls, directly or through its companions."""
    out: set[str] = set()
    frontier = [combatant_id]
    while frontier:
        up = frontier.pop()
        for c in draft.encounter.combatants:
            if c.controller == up and c.id not in out:
                out.add(c.id)
                frontier.append(c.id)
    return out


def _place(
    entries: list[InitiativeEntry],
    cid: str,
    lead: InitiativeEntry,
    followers: dict[str, list[str]],
    draft: Draft,
    log: EventLog,
) -> None:
    entries.append(InitiativeEntry(cid, lead.initiative, lead.tiebreak))
    for companion in followers.get(cid, []):
        log.note(
            "initiative-companion",
            f"{draft.get(companion).name} acts right after {draft.get(cid).name}",
            actor=companion,
            target=cid,
            rule="d20.init.companions",
        )
        _place(entries, companion, lead, followers, draft, log)


def _order(
    rolled: list[tuple[int, int, Combatant]], rng: Random, log: EventLog
) -> list[InitiativeEntry]:
    """Sort by total, then bonus; a roll-off breaks the rest."""
    rolled.sort(key=lambda t: (-t[0], -t[1]))
    entries: list[InitiativeEntry] = []
    i = 0
    while i < len(rolled):
        j = i
        while j < len(rolled) and rolled[j][:2] == rolled[i][:2]:
            j += 1
        tied = [t[2] for t in rolled[i:j]]
        for c, tiebreak in _roll_off(tied, rng, log):
            entries.append(InitiativeEntry(c.id, rolled[i][0], tiebreak))
        i = j
    return entries


def _roll_off(tied: list[Combatant], rng: Random, log: EventLog) -> list[tuple[Combatant, int]]:
    """One d20 roll-off for a tied group, highest first; those still tied after it are put
    in a random order with the same source (a Fisher-Yates shuffle), so it always ends:
    at most ``2n - 1`` draws for ``n`` tied, whatever ``n``."""
    if len(tied) == 1:
        return [(tied[0], 0)]
    rolls = [(rng.randint(1, 20), c) for c in tied]
    names = ", ".join(f"{c.name} {r}" for r, c in rolls)
    log.note(
        "initiative-tie",
        f"roll-off for a tie: {names}",
        rule="d20.init.roll",
        rolls={c.id: r for r, c in rolls},
    )
    by_roll: dict[int, list[Combatant]] = {}
    for r, c in rolls:
        by_roll.setdefault(r, []).append(c)
    out: list[tuple[Combatant, int]] = []
    for r in sorted(by_roll, reverse=True):
        group = by_roll[r]
        if len(group) > 1:
            shuffle(group, rng)
            log.note(
                "initiative-tie",
                f"still tied on {r}: {', '.join(c.name for c in group)} (in a random order)",
                rule="d20.init.roll",
                order=[c.id for c in group],
            )
        out.extend((c, r) for c in group)
    return out


def shuffle(items: list[Combatant], rng: Random) -> None:
    """Fisher-Yates with ``rng.randint``: ``len(items) - 1`` draws, each order equally likely."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randint(0, i)
        items[i], items[j] = items[j], items[i]


ACTED = "d20.init.lower"
"""The source of the effect that marks a combatant as having acted this round."""


def acted_this_round(round_: int, resumes: str | None = None) -> Effect:
    """The mark of a combatant that lowered its initiative after acting: it skips its new
    place until the next round begins (``rounds: 1`` ends as it does). ``resumes``: it
    lowered it during its own turn, and the order goes on from this creature's place
    (:func:`resumes_at`)."""
    return Effect(
        kind=EffectKind.OTHER,
        source=ACTED,
        against=resumes,
        note=f"acted in round {round_}: its new place in the order counts from the next round",
        duration=Duration(rounds=1),
    )


def waits_for_next_round(c: Combatant) -> bool:
    return any(e.source == ACTED for e in c.effects)


def resumes_at(c: Combatant) -> str | None:
    """Where the order goes on after the turn of a creature that moved its place during
    that turn, after acting (:func:`acted_this_round` with ``against``): the creature that
    came after it (its own id: its turn was the round's last). None: it did not move."""
    return next((e.against for e in c.effects if e.source == ACTED and e.against), None)


DELAYED = "d20.init.lower:delayed"
"""The source of the effect that marks a creature whose turn has started and that delayed
it (lowered its initiative before acting): the turn resumes later, without starting again."""


def delayed_turn() -> Effect:
    """The mark of a delayed turn (``d20.init.lower``): when the creature's new place comes
    up, its turn goes on (a fresh budget, since nothing was spent) but does not start again,
    so durations counted in its turns count it once. It ends there, or as the next round
    begins if the creature never gets to its new place."""
    return Effect(
        kind=EffectKind.OTHER,
        source=DELAYED,
        note="delayed its turn: it resumes at its new place in the order",
        duration=Duration(rounds=1),
    )


def resume_delayed(draft: Draft, combatant_id: str) -> bool:
    """Whether ``combatant_id``'s turn is a delayed one resuming (and clear the mark)."""
    c = draft.get(combatant_id)
    if not any(e.source == DELAYED for e in c.effects):
        return False
    e = draft.edit(combatant_id)
    e.effects = [x for x in e.effects if x.source != DELAYED]
    return True


def of_the_order(e: Effect) -> bool:
    """A mark of a place in the current order (:func:`acted_this_round`,
    :func:`delayed_turn`): what a change of place records, not what anyone did to the
    creature."""
    return e.source in (ACTED, DELAYED)


def clear_order_marks(draft: Draft) -> None:
    """A new order (``rollInitiative``): the marks of places in the old one end with it."""
    for c in draft:
        if any(of_the_order(e) for e in c.effects):
            e = draft.edit(c.id)
            e.effects = [x for x in e.effects if not of_the_order(x)]


def acting_with(draft: Draft, combatant_id: str) -> set[str]:
    """``d20.init.companions``, ``d20.init.groups``: the creatures whose place in the order
    moves with ``combatant_id``'s: itself, the members of its group (not for a player
    character), and everyone any of them controls."""
    c = draft.get(combatant_id)
    out = {c.id}
    if c.group is not None and c.kind != "pc":
        out |= {
            o.id
            for o in draft.encounter.combatants
            if o.group == c.group and o.kind != "pc" and o.controller is None
        }
    for member in list(out):
        out |= descendants(draft, member)
    return out


MOVED = "moved-places"
"""The draft's memo of the creatures :func:`move_place` moved."""


def move_place(draft: Draft, moving: set[str], initiative: int) -> list[InitiativeEntry]:
    """Every change of place in the order (``d20.init.lower``, a critical table's move to
    the top or bottom): the entries of ``moving`` keep their order among themselves, take
    ``initiative`` and go after everyone already at that count or above. The order list is
    changed in place (a ``nextTurn`` in progress reads it, and finds who moved in the
    draft's memo under :data:`MOVED`); answers the moved entries."""
    order = draft.encounter.order
    draft.memo.setdefault(MOVED, set()).update(moving)
    moved = [
        InitiativeEntry(e.combatant_id, initiative, 0) for e in order if e.combatant_id in moving
    ]
    rest = [e for e in order if e.combatant_id not in moving]
    pos = next((i for i, e in enumerate(rest) if e.initiative < initiative), len(rest))
    order[:] = [*rest[:pos], *moved, *rest[pos:]]
    return moved

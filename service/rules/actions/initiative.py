"""Initiative: ``rollInitiative`` and ``lowerInitiative``.

Rolling initiative, in order (:func:`roll_initiative`): check the surprised are known; the
ruleset's ``order_of_combat`` hook decides the order (d20: rolled, groups and companions;
d100: from positions; d10: 1d10, unaware creatures, shared counts); then
:func:`begin_combat`: the order is set, round 1 begins with fresh budgets, the surprised are
marked, and the first turn starts.

``d20.init.lower`` (decisions): a combatant moves down with its companions, after everyone
already at its new count. A group member lowering alone leaves its group's block. During its
own turn it may lower only before it has acted (nothing of its fresh turn spent); the turn
then passes on. A combatant that has already acted this round may still lower its
initiative (RULES.md): when its new place comes after the current turn, it (with its
companions) skips that place for the rest of this round (an ``other`` effect from
``d20.init.lower`` lasting until the next round begins), so it never acts twice in a round.
Raising (with a named feature) above the current turn is refused for a combatant that has
not acted yet this round (it would lose its turn); on its own turn it gives its turn up.
"""

from __future__ import annotations

from random import Random

from ..errors import IllegalAction, InvalidAction
from ..events import EventLog
from ..mechanics.durations import expire_at_turn
from ..mechanics.initiative import acted_this_round, descendants, waits_for_next_round
from ..model import Combatant, Draft, InitiativeEntry
from ..model.outcomes import InitiativeOutcome, LowerInitiativeOutcome
from ..model.requests import LowerInitiative, RollInitiative
from ..registry import action
from ..ruleset import Ruleset
from .turn import begin_turn, start_turn


@action(
    "rollInitiative",
    summary="Roll initiative, set round 1 and start the first turn.",
    order=10,
)
def roll_initiative(
    ruleset: Ruleset, draft: Draft, act: RollInitiative, rng: Random, log: EventLog
) -> InitiativeOutcome:
    """``d20.order.steps``: surprise, positions, initiative, then the first turn."""
    for i, cid in enumerate(act.surprised):
        if cid not in draft:
            raise InvalidAction(f"no combatant with id {cid!r}", ("surprised", i))
    entries = ruleset.order_of_combat(draft, act, rng, log)
    return begin_combat(ruleset, draft, entries, act.surprised, rng, log)


def begin_combat(
    ruleset: Ruleset,
    draft: Draft,
    entries: list[InitiativeEntry],
    surprised: list[str],
    rng: Random,
    log: EventLog,
) -> InitiativeOutcome:
    """Set the order, round 1 and fresh budgets, mark the surprised, start the first turn:
    what every way of deciding the order ends with."""
    enc = draft.encounter
    enc.order = entries
    enc.round = 1
    enc.turn_of = None
    enc.step = None
    for c in draft:
        fresh = draft.edit(c.id)
        ruleset.reset_budget(draft, fresh)
        fresh.budget.reaction = True
        if c.id in surprised:
            ruleset.surprise(fresh, log)
    if entries:
        expire_at_turn(draft, "start", entries[0].combatant_id, log, [])
        start_turn(ruleset, draft, entries[0].combatant_id, rng, log)
    return InitiativeOutcome(list(entries), enc.round, enc.turn_of)


@action(
    "lowerInitiative",
    summary="Move a combatant down the initiative order (raising needs a named feature).",
    order=50,
)
def lower_initiative(
    ruleset: Ruleset, draft: Draft, act: LowerInitiative, rng: Random, log: EventLog
) -> LowerInitiativeOutcome:
    """``d20.init.lower``: act later from now on. Not a readied action
    (``d20.init.ready-vs-delay``): nothing is held, no reaction is used."""
    enc = draft.encounter
    c = ruleset.combatant(draft, act.combatant_id, "combatantId")
    if enc.round == 0 or not enc.order:
        raise IllegalAction("roll initiative first", "d20.order.steps")
    if c.dead or c.incapacitated:
        raise IllegalAction(f"{c.name} can't act and can't change its place", "d20.init.lower")
    order = enc.order
    idx = next((i for i, e in enumerate(order) if e.combatant_id == c.id), None)
    if idx is None:
        raise InvalidAction(f"{c.name} is not in the initiative order", ("combatantId",))
    previous = order[idx].initiative
    raised = act.initiative > previous
    if raised:
        if act.feature is None:
            raise IllegalAction(
                f"{c.name} can't raise its initiative ({previous} to {act.initiative}) "
                "without a named feature or magic",
                "d20.init.lower",
            )
        if act.feature not in c.features:
            raise IllegalAction(
                f"{c.name} has no feature {act.feature!r} "
                f"(it has: {', '.join(c.features) or 'none'})",
                "d20.init.lower",
            )
    current = next((i for i, e in enumerate(order) if e.combatant_id == enc.turn_of), None)
    own_turn = enc.turn_of == c.id
    if own_turn and _has_acted(ruleset, draft, c):
        raise IllegalAction(
            f"{c.name} has already acted this turn; it may lower its initiative only before acting",
            "d20.init.lower",
        )
    # the block that moves: the combatant and its companions (consecutive after it)
    block = [idx]
    followers = descendants(draft, c.id)
    j = idx + 1
    while j < len(order) and order[j].combatant_id in followers:
        block.append(j)
        j += 1
    moving = [order[i] for i in block]
    rest = [e for i, e in enumerate(order) if i not in block]
    # after everyone already at the new count
    pos = next((i for i, e in enumerate(rest) if e.initiative < act.initiative), len(rest))
    waits = False
    if current is not None and current in block[1:]:
        raise IllegalAction(
            f"{draft.get(order[current].combatant_id).name}, whom {c.name} controls, is taking "
            f"its turn: {c.name} may change its place on its own turn or after this one",
            "d20.init.lower",
        )
    if current is not None and not own_turn:
        acted = idx < current
        cur_in_rest = next(i for i, e in enumerate(rest) if e.combatant_id == enc.turn_of)
        if raised and not acted and pos <= cur_in_rest:
            raise IllegalAction(
                f"{c.name} has not acted yet this round: raising it above the current turn "
                "would skip its turn (raise it on its own turn, or once it has acted)",
                "d20.init.lower",
            )
        waits = acted and pos > cur_in_rest
    new_entries = [InitiativeEntry(e.combatant_id, act.initiative, 0) for e in moving]
    enc.order = [*rest[:pos], *new_entries, *rest[pos:]]
    verb = "raises" if raised else "lowers"
    log.note(
        "initiative-changed",
        f"{c.name} {verb} its initiative from {previous} to {act.initiative}"
        + (f" ({act.feature})" if raised else ""),
        actor=c.id,
        rule="d20.init.lower",
        previous=previous,
        initiative=act.initiative,
        feature=act.feature,
    )
    if waits:
        for e in moving:
            w = draft.edit(e.combatant_id)
            w.effects = [*w.effects, acted_this_round(enc.round)]
        log.note(
            "initiative-waits",
            f"{c.name} has acted this round: its new place counts from round {enc.round + 1}",
            actor=c.id,
            rule="d20.init.lower",
        )
    if own_turn:
        # the turn passes to the first living combatant now at or after its old place;
        # it takes its own turn when its new count comes up
        nxt = next(
            (
                e.combatant_id
                for e in enc.order[idx:]
                if not draft.get(e.combatant_id).dead
                and not waits_for_next_round(draft.get(e.combatant_id))
            ),
            c.id,
        )
        if nxt != c.id:
            log.note(
                "turn-delayed",
                f"{c.name} delays its turn to initiative {act.initiative}",
                actor=c.id,
                rule="d20.init.ready-vs-delay",
            )
            begin_turn(ruleset, draft, nxt, rng, log, [])
    return LowerInitiativeOutcome(
        c.id, previous, act.initiative, raised, list(enc.order), enc.turn_of
    )


def _has_acted(ruleset: Ruleset, draft: Draft, c: Combatant) -> bool:
    """Whether anything of the creature's fresh turn is spent (an action, an attack, its
    bonus action where it has one, its free interaction, some movement)."""
    b = c.budget
    fresh_bonus = ruleset.has_bonus_action(c)
    moved = b.movement is not None and b.movement != ruleset.turn_speed(draft, c)
    spent_bonus = fresh_bonus and not b.bonus_action
    return not b.action or spent_bonus or not b.object_interaction or moved or b.attacks_left > 0

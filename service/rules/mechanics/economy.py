"""The turn economy (``d20.turn.economy``): a fresh turn's budget, whether a creature has a
bonus action at all, spending an action, a bonus action or a reaction, and what surprise
takes away (``d20.order.surprise``).

The ruleset's flags decide where the economies differ: whether a bonus action needs a grant
(``bonus_action_needs_grant``, :data:`BONUS_ACTION_GRANT`) and when a used reaction comes back
(``reaction_returns``); a fresh turn's movement is the ruleset's ``turn_speed`` hook.
"""

from __future__ import annotations

from typing import Literal, Protocol

from ..errors import IllegalAction
from ..events import EventLog
from ..model import Combatant, Cond, Condition, Draft, Duration, Spend

BONUS_ACTION_GRANT = "bonus-action:"
"""A feature whose name starts with this grants a bonus action where bonus actions need one
(the ruleset flag ``bonus_action_needs_grant``)."""


class _Ids(Protocol):
    @property
    def bonus_action(self) -> str: ...


class Ruleset(Protocol):
    """What the turn economy asks of a ruleset: its flags, the rule a refused bonus action is
    logged under (``rule_ids.bonus_action``) and the movement a turn starts with."""

    @property
    def bonus_action_needs_grant(self) -> bool: ...

    @property
    def reaction_returns(self) -> Literal["turn", "round"]: ...

    @property
    def rule_ids(self) -> _Ids: ...

    def turn_speed(self, draft: Draft, c: Combatant) -> int: ...


def has_bonus_action(ruleset: Ruleset, c: Combatant) -> bool:
    """Whether the creature has a bonus action to take at all (``d20.turn.economy``;
    where they need a grant, a ``bonus-action:…`` feature)."""
    if not ruleset.bonus_action_needs_grant:
        return True
    return any(f.startswith(BONUS_ACTION_GRANT) for f in c.features)


def reset_budget(ruleset: Ruleset, draft: Draft, c: Combatant) -> None:
    """A fresh turn: action, bonus action, full movement, one object interaction, and the
    reaction where it comes back with the turn (``d20.turn.economy``)."""
    b = c.budget
    b.action = b.object_interaction = True
    if ruleset.reaction_returns == "turn":
        b.reaction = True
    b.bonus_action = has_bonus_action(ruleset, c)
    b.movement = ruleset.turn_speed(draft, c)
    b.attacks_left = 0


def surprise(c: Combatant, log: EventLog) -> None:
    """``d20.order.surprise``: can't move or act on its first turn, nor react until it ends
    (:func:`spend` refuses what it would spend)."""
    c.conditions.append(Condition(Cond.SURPRISED, None, Duration("end", c.id, turns=0)))
    c.budget.reaction = False
    log.note("surprised", f"{c.name} is surprised", target=c.id, rule="d20.order.surprise")


def spend(
    ruleset: Ruleset,
    draft: Draft,
    combatant_id: str,
    what: Spend,
    log: EventLog,
    *,
    attack: bool = False,
) -> None:
    """Use up part of a combatant's turn budget, or refuse (``d20.turn.economy``).

    Every action but a reaction belongs to the creature whose turn it is. ``attack``:
    what is spent is one attack of an Attack action (an attack roll, or what replaces
    one: a shove, a grapple), not another action. An Attack action allowing several
    attacks (``attacks_per_action``) is one action (RULES.md decision): its first attack
    spends it and leaves the others to make; while some are left, nothing but those
    attacks may use the action (no Dodge, Dash, Ready, Hide, second interaction...), and
    after another action no attack may use it."""
    if what == "free":
        return
    c = draft.get(combatant_id)
    if what == "bonus-action" and ruleset.bonus_action_needs_grant:
        _check_granted_bonus_action(ruleset, draft, c)
    _check_whose_turn(draft, c, what)
    c = draft.edit(combatant_id)
    if what == "action":
        _spend_action(c, attack)
    elif what == "bonus-action":
        _spend_bonus_action(c)
    elif what == "reaction":
        _spend_reaction(c)


def _check_granted_bonus_action(ruleset: Ruleset, draft: Draft, c: Combatant) -> None:
    rule = ruleset.rule_ids.bonus_action
    if not has_bonus_action(ruleset, c):
        raise IllegalAction(
            f"{c.name} has no bonus action: only a feature or device that grants one "
            f"(a '{BONUS_ACTION_GRANT}…' feature) gives one",
            rule,
        )
    turn_of = draft.encounter.turn_of
    if turn_of is None or turn_of == c.id:
        if c.incapacitated:
            raise IllegalAction(
                f"{c.name} can't take actions, so it can't take a bonus action", rule
            )
        if not c.budget.bonus_action:
            raise IllegalAction(f"{c.name} has already taken its bonus action this turn", rule)


def _check_whose_turn(draft: Draft, c: Combatant, what: Spend) -> None:
    """Refuse what isn't a reaction out of the creature's turn, and what a surprised
    creature would spend (``d20.order.surprise``)."""
    turn_of = draft.encounter.turn_of
    if what != "reaction" and turn_of is not None and turn_of != c.id:
        raise IllegalAction(
            f"it is {draft.get(turn_of).name}'s turn, not {c.name}'s", "d20.turn.economy"
        )
    if c.has(Cond.SURPRISED) and (what == "reaction" or turn_of == c.id):
        raise IllegalAction(
            f"{c.name} is surprised: it can't "
            + ("react until its turn ends" if what == "reaction" else "act this turn"),
            "d20.order.surprise",
        )


def _spend_action(c: Combatant, attack: bool) -> None:
    """The action, or one attack of the Attack action under way (:func:`spend`)."""
    b = c.budget
    if attack and b.attacks_left > 0:
        b.attacks_left -= 1
    elif b.attacks_left > 0:
        more = b.attacks_left
        raise IllegalAction(
            f"{c.name} has begun its Attack action ({more} more "
            f"attack{'s' if more > 1 else ''} to make): the rest of that action can "
            "only be those attacks",
            "d20.turn.economy",
        )
    elif b.action:
        b.action = False
        b.attacks_left = c.attacks_per_action - 1 if attack else 0
    else:
        raise IllegalAction(f"{c.name} has no action left this turn", "d20.turn.economy")


def _spend_bonus_action(c: Combatant) -> None:
    if not c.budget.bonus_action:
        raise IllegalAction(f"{c.name} has no bonus action left this turn", "d20.turn.economy")
    c.budget.bonus_action = False


def _spend_reaction(c: Combatant) -> None:
    if not c.budget.reaction:
        raise IllegalAction(f"{c.name} has already used its reaction", "d20.turn.economy")
    c.budget.reaction = False

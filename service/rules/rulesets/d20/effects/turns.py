"""Effects on the order and the turn: initiative moved, the turn ended, an opportunity attack
offered."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from ....model import Effect as StateEffect
from .play import (
    Base,
    Play,
)
from .vocabulary import (
    RULE,
    Party,
)


@dataclass(frozen=True, kw_only=True)
class Initiative(Base):
    """``initiative``: ``who`` moves to the ``top`` (or ``bottom``) of the initiative order.

    ``at="end_of_turn"``: when ``who``'s turn ends (the current one if the attack was made
    on it, else its next one), so it acts first from the next round on.
    ``at="start_of_next_round"``: when the next round starts, so it acts last in it. This is
    a named feature (``d20.init.lower`` allows raising initiative only so).
    """

    type: Literal["initiative"] = field(default="initiative", init=False)
    who: Party
    position: Literal["top", "bottom"]
    at: Literal["end_of_turn", "start_of_next_round"]

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        when = "when its turn ends" if self.at == "end_of_turn" else "as the next round starts"
        play.give(
            cid,
            StateEffect(
                kind=f"initiative-{self.position}",
                source=play.source,
                note=f"moves to the {self.position} of the order {when}",
            ),
        )
        play.done(f"{cid} moves to the {self.position} of the order {when}")


@dataclass(frozen=True, kw_only=True)
class EndTurn(Base):
    """``end_turn``: ``who``'s current turn ends at once (unused movement, action and bonus
    action are lost). If it is not ``who``'s turn (the attack was a reaction), nothing."""

    type: Literal["end_turn"] = field(default="end_turn", init=False)
    who: Party

    def apply(self, play: Play) -> None:
        cid = play.party(self.who)
        if play.draft.encounter.turn_of not in (None, cid):
            return
        b = play.draft.edit(cid).budget
        b.action = b.bonus_action = b.object_interaction = False
        b.movement = 0
        b.attacks_left = 0
        play.applied.append(f"{cid}'s turn ends")
        play.log.note(
            "end-turn",
            f"{play.draft.get(cid).name}'s turn ends now",
            actor=cid,
            rule=RULE,
            end_turn=True,
        )


@dataclass(frozen=True, kw_only=True)
class OpportunityAttack(Base):
    """``opportunity_attack``: ``who`` may use its reaction (if it has one) for one melee
    attack against ``against``: the ``attacker``, or ``ally_near_target``, one ally of the
    attacker within ``who``'s melee reach (``who`` picks which). Offered like any reaction:
    it fires or is declined by ``who``'s side."""

    type: Literal["opportunity_attack"] = field(default="opportunity_attack", init=False)
    who: Party
    against: Literal["attacker", "ally_near_target"]

    def reaction_of(self, play: Play) -> str | None:
        return play.party(self.who)

    def offer(self, names: Mapping[str, str]) -> str:
        return f"an opportunity attack by {names[self.who]} against {names[self.against]}"

    def apply(self, play: Play) -> None:
        who = play.party(self.who)
        at = play.attacker_id if self.against == "attacker" else "an ally of the attacker"
        detail = f" ({play.detail})" if play.detail else ""
        play.done(
            f"{who} may use its reaction for one melee attack against {at}{detail}: "
            "resolveAttack with spend 'reaction'"
        )

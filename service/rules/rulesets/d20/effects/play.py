"""One band being applied (:class:`Play`), what every effect is (:class:`Base`), and effects in
their JSON shape."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any

from ....events import EventLog
from ....mechanics.checks import contest_won, roll_check
from ....mechanics.distributions import (
    DamageDist,
)
from ....mechanics.space import board_of
from ....model import Attack, Draft, PendingChoice
from ....model import Effect as StateEffect
from ....ruleset import Hit, Ruleset
from ..loader import camel, to_wire
from .vocabulary import (
    RULE,
    Chooser,
    HandsNeeded,
    WeaponKind,
    Who,
)


@dataclass
class Play:
    """One band being applied: the attack it follows, and what applying it produced."""

    ruleset: Ruleset
    draft: Draft
    rng: Random
    log: EventLog
    attacker_id: str
    target_id: str
    attack: Attack
    source: str
    """``weapon-hit 75-79``: names the band in effects, sources and choices."""
    prompt: str
    detail: str | None = None
    applied: list[str] = field(default_factory=list)
    offered: list[str] = field(default_factory=list)

    def party(self, who: str) -> str:
        return self.attacker_id if who == "attacker" else self.target_id

    def who(self, who: Who) -> list[str]:
        if who != "enemies":
            return [self.party(who)]
        attacker = self.draft.get(self.attacker_id)
        return [
            c.id for c in self.draft.encounter.combatants if not c.dead and c.side != attacker.side
        ]

    def done(self, message: str, **data: Any) -> None:
        self.applied.append(message)
        self.log.note("critical-effect", message, actor=self.attacker_id, rule=RULE, **data)

    def give(self, holder: str, effect: StateEffect) -> None:
        c = self.draft.edit(holder)
        c.effects = [*c.effects, effect]

    def deal(self, target: str, amount: int, critical: bool) -> None:
        hit = Hit(
            target,
            amount,
            critical=critical,
            source_id=self.attacker_id,
            melee=self.attack.kind == "melee",
        )
        self.ruleset.deal_damage(self.draft, hit, self.rng, self.log)

    def hands_ok(self, requires: str | None) -> bool:
        if requires is None:
            return True
        both = "both-hands-in-use" in self.draft.get(self.attacker_id).features
        return both if requires == "both_hands_in_use" else not both

    def apply_list(self, effects: Sequence[Base]) -> None:
        """Apply in order; the attacker's choices of one list form one offer, DM choices
        and opportunity attacks one offer each."""
        attacker_choice = [e for e in effects if e.choice == "attacker"]
        offered = False
        for effect in effects:
            if effect.choice == "attacker":
                if not offered:
                    self.offer(attacker_choice, self.attacker_id)
                    offered = True
            elif effect.choice == "dm" and not effect.settled_without_asking(self):
                self.offer([effect], "dm")
            elif (reactor := effect.reaction_of(self)) is not None:
                owner = self.draft.get(reactor)
                if not owner.budget.reaction or owner.incapacitated:
                    self.log.note(
                        "no-effect",
                        f"{owner.name} has no reaction for an opportunity attack",
                        actor=owner.id,
                        rule=RULE,
                    )
                else:
                    self.offer([effect], owner.id)
            else:
                self.apply(effect)

    def apply(self, effect: Base) -> None:
        """One effect, unless its hands don't fit or the creature it is for is dead."""
        if not self.hands_ok(effect.requires):
            return
        who = getattr(effect, "who", None)
        if who in ("attacker", "target") and self.draft.get(self.party(who)).dead:
            self.log.note(
                "no-effect",
                f"{self.party(who)} is dead: {effect.type.replace('_', ' ')} does not apply",
                actor=self.attacker_id,
                target=self.party(who),
                rule=RULE,
            )
            return
        effect.apply(self)

    def offer(self, effects: Sequence[Base], owner: str) -> None:
        enc = self.draft.encounter
        taken = {c.id for c in enc.pending_choices}
        n = len(enc.pending_choices) + 1
        while f"choice-{n}" in taken:
            n += 1
        choice = PendingChoice(
            id=f"choice-{n}",
            owner=owner,
            prompt=self.prompt,
            options=["accept", "decline"],
            source=self.source,
            effects=[to_wire(effect_json(e)) for e in effects],
            context={
                "attacker": self.attacker_id,
                "target": self.target_id,
                "attack": attack_json(self.attack),
            },
        )
        enc.pending_choices.append(choice)
        self.offered.append(choice.id)
        names = self.party_names()
        offered = "; ".join(e.offer(names) for e in effects)
        who = "the DM" if owner == "dm" else self.draft.get(owner).name
        self.log.note(
            "choice-offered",
            f"{self.source}: {who} may accept or decline {offered}",
            actor=self.attacker_id,
            target=None if owner == "dm" else owner,
            rule=RULE,
            choice_id=choice.id,
            owner=owner,
        )

    def party_names(self) -> dict[str, str]:
        """How a choice's words name each party of the attack."""
        attacker = self.draft.get(self.attacker_id).name
        target = self.draft.get(self.target_id).name
        return {
            "attacker": attacker,
            "target": target,
            "enemies": f"{attacker}'s enemies",
            "any": "anyone",
            "ally_near_target": f"an ally of {attacker} near {target}",
        }

    def contest(self, what: str) -> bool:
        """The attacker's Athletics against the target's Athletics or Acrobatics."""
        a = self.draft.get(self.attacker_id)
        t = self.draft.get(self.target_id)
        board = board_of(self.draft, self.ruleset)
        mine = roll_check(
            self.draft,
            a.id,
            "check",
            a.skill("athletics", "strength"),
            self.rng,
            self.log,
            "check",
            against=t.id,
            board=board,
        ).roll
        best = max(t.skill("athletics", "strength"), t.skill("acrobatics", "dexterity"))
        theirs = roll_check(
            self.draft, t.id, "check", best, self.rng, self.log, "check", against=a.id, board=board
        ).roll
        won = contest_won(mine.total, theirs.total)
        self.log.rolled(
            mine, f"{a.name}'s Athletics for the {what}: {mine.total}", actor=a.id, rule=RULE
        )
        self.log.rolled(
            theirs,
            f"{t.name} resists the {what}: {theirs.total}; "
            + ("the attacker wins" if won else "the target holds"),
            actor=t.id,
            rule=RULE,
        )
        return won


@dataclass(frozen=True, kw_only=True)
class Base:
    """What every effect may carry (see the module docstring)."""

    if TYPE_CHECKING:
        type: str
        """Its kind's tag in the data (each kind's class sets it)."""
    choice: Chooser | None = None
    applies_to: WeaponKind | None = None
    requires: HandsNeeded | None = None

    def apply(self, play: Play) -> None:
        raise NotImplementedError

    def offer(self, names: Mapping[str, str]) -> str:
        """What accepting it does, in words, the parties named by ``names`` (``attacker``,
        ``target``...): a pending choice's message."""
        return self.type.replace("_", " ") + self.hands_words()

    def hands_words(self) -> str:
        """The hands it needs, in words (empty when it needs none)."""
        if self.requires is None:
            return ""
        return " (with a free hand)" if self.requires == "free_hand" else " (with both hands busy)"

    def settled_without_asking(self, play: Play) -> bool:
        """A DM choice with only one option needs no asking."""
        return False

    def damage_odds(self, attack: Attack) -> DamageDist | None:
        """For the odds: the damage this effect deals the target at once, if any."""
        return None

    def odds_excluded(self) -> str | None:
        """For the odds: what of this effect's damage they leave out, if any."""
        nested = ("damage", "extra_damage_dice", "self_hit")
        if any(e.type in nested for e in walk_effects(self.children())):
            return "damage from saves and checks nested in critical-table bands"
        return None

    def children(self) -> tuple[Base, ...]:
        """Effects nested in this one."""
        return ()

    def reaction_of(self, play: Play) -> str | None:
        """The creature whose reaction this effect offers (an opportunity attack), or None."""
        return None


def walk_effects(effects: Iterable[Base]) -> Iterator[Base]:
    """Every effect, depth first, including those nested in ``on_fail`` / ``on_success``."""
    for effect in effects:
        yield effect
        yield from walk_effects(effect.children())


_COMMON = ("choice", "applies_to", "requires")


WEAPON_STATE = ("dropped_at", "ammo_problem")
"""Fields of an attack that say what happened to the weapon, not what it is."""


def attack_json(attack: Attack) -> dict[str, Any]:
    """The weapon a pending choice's effects will use, on the wire (camelCase keys): its
    profile, without what has happened to it and without empty fields."""
    profile = {
        f.name: getattr(attack, f.name)
        for f in dataclasses.fields(attack)
        if f.name not in WEAPON_STATE and getattr(attack, f.name) is not None
    }
    return {camel(k): v for k, v in profile.items()}


def effect_json(effect: Base) -> dict[str, Any]:
    """An effect in the data files' JSON shape (snake_case; a pending choice stores it in
    camelCase, :func:`~.loader.to_wire`): its type, its own fields, then the fields every
    effect may carry."""
    out: dict[str, Any] = {"type": effect.type}
    names = [f.name for f in dataclasses.fields(effect) if f.name not in ("type", *_COMMON)]
    for name in (*names, *_COMMON):
        value = getattr(effect, name)
        if value is not None:
            out[name] = _json_value(value)
    return out


def _json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "type"):
            return effect_json(value)  # type: ignore[arg-type]
        return {
            f.name: getattr(value, f.name)
            for f in dataclasses.fields(value)
            if getattr(value, f.name) is not None
        }
    return value

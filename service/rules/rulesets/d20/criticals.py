"""The critical tables applied to the encounter (``d20.crit.*``), and ``resolveChoice``.

After a natural 20 (critical hit) or a natural 1 (fumble), :func:`roll_band` rolls d100 on
the matching table (``d20.crit.tables``) before the attack's damage lands, logs the band,
rolls its extra sets of damage dice, which join the attack's damage as one instance
(``d20.crit.effects`` decision 3), and once that damage has landed applies its other
effects in order (``d20.crit.effects``, :mod:`.effects`). Effects the seed leaves to a
person ("you can choose", "chosen by DM") and opportunity attacks become pending choices that
``resolveChoice`` accepts or declines.

Reading decisions (where the state has no exact shape for a table's wording):

* "next round" windows become an effect with ``starts_round = round + 1`` and
  ``Duration(rounds=2)`` (rounds are counted down as each round begins, so it lives through
  the whole next round and ends when the one after starts).
* Initiative moves are recorded as an effect (``initiative-top`` / ``initiative-bottom``)
  and carried out by :func:`move_in_order` when the turn ends or the next round starts,
  with the creatures that act with the holder (``d20.init.lower``).
* A pending choice lapses, declined, when the turn ends (:func:`lapse_choices`,
  ``d20.crit.effects`` decision 5).
* Hands: a combatant has a free hand unless its ``features`` name ``both-hands-in-use``.
* Ending a turn empties the combatant's turn budget and logs an ``end-turn`` event; the
  turn itself is advanced by ``nextTurn`` as usual.
"""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

from ... import dice
from ...errors import InvalidAction
from ...events import EventLog
from ...mechanics.distributions import DamageDist, summed
from ...mechanics.initiative import acting_with, move_place
from ...model import Attack, Draft, PendingChoice
from ...model.outcomes import AttackOutcome
from ...registry import action
from ...ruleset import AttackSetup, BandOdds, CriticalRoll, Ruleset
from .effects import (
    RULE,
    WEAPON_STATE,
    Effect,
    ExtraDamageDice,
    PermanentInjury,
    Play,
    WeaponMoved,
    direction_in,
    directions,
    iter_effects,
)
from .loader import LoadError, from_wire, snake
from .requests import ChoiceOutcome, ResolveChoice
from .tables import CritTable, load_table, parse_table, table_for

TABLE_RULE = "d20.crit.tables"


class BandRoll(CriticalRoll):
    """A band rolled for an attack: its extra damage dice, already rolled, and the rest of
    its effects, applied by :meth:`apply` once the attack's damage has landed."""

    def __init__(self, play: Play, extra: int, rest: tuple[Effect, ...]) -> None:
        self.extra_damage = extra
        self.play = play
        self.rest = rest

    def apply(self) -> None:
        play = self.play
        play.apply_list(self.rest)
        play.log.note(
            "critical-applied",
            f"{play.source} applied: " + ("; ".join(play.applied) or "nothing mechanical"),
            actor=play.attacker_id,
            target=play.target_id,
            rule=RULE,
            applied=list(play.applied),
            offered=list(play.offered),
        )


def roll_band(
    ruleset: Ruleset,
    draft: Draft,
    setup: AttackSetup,
    outcome: AttackOutcome,
    rng: Random,
    log: EventLog,
) -> BandRoll | None:
    """After a natural 20 or a natural 1 that missed, before the damage lands: roll d100 on
    the matching table, and the band's extra damage dice."""
    if outcome.natural >= ruleset.critical_min:
        critical = True
    elif outcome.natural <= ruleset.fumble_max and not outcome.hit:
        critical = False
    else:
        return None
    attacker, target, attack = setup.attacker, setup.target, setup.attack
    table = table_for(attack.kind, critical)
    loaded = load_table(table)
    roll = dice.roll_die(100, rng, "critical-table")
    log.rolled(
        roll,
        f"{'critical hit' if critical else 'critical fumble'}: d100 on the "
        f"{loaded.title}: {roll.total}",
        actor=attacker.id,
        target=target.id,
        rule=TABLE_RULE,
        table=table.value,
    )
    band = loaded.band(roll.total)
    source = f"{table.value.replace('_', '-')} {band.span}"
    log.note(
        "critical-band",
        f"{source}: {band.title} {band.text}",
        actor=attacker.id,
        target=target.id,
        rule=TABLE_RULE,
        table=table.value,
        band=band.span,
        title=band.title,
        text=band.text,
    )
    play = Play(
        ruleset=ruleset,
        draft=draft,
        rng=rng,
        log=log,
        attacker_id=attacker.id,
        target_id=target.id,
        attack=attack,
        source=source,
        prompt=f"{band.title} {band.text}"[:1000],
    )
    effects = band.effects_for(attack.kind)
    joined = [e for e in effects if outcome.hit and _joins_the_damage(e, play)]
    extra = sum(e.roll(play) for e in joined if isinstance(e, ExtraDamageDice))
    return BandRoll(play, extra, tuple(e for e in effects if e not in joined))


def _joins_the_damage(effect: Effect, play: Play) -> bool:
    """An extra set of the attack's dice for its target, asked of no one: part of the
    attack's own damage (``d20.crit.effects`` decision 3)."""
    return (
        isinstance(effect, ExtraDamageDice)
        and effect.who == "target"
        and effect.choice is None
        and play.hands_ok(effect.requires)
    )


def band_odds(
    attacker_features: list[str], attack: Attack, critical: bool, excludes: list[str]
) -> list[BandOdds]:
    """For the odds: each band of the table the attack rolls on, with the extra dice that
    join the attack's damage and the other damage its effects deal the target at once
    (``damage_odds``), in order; what they leave out goes in ``excludes``
    (``odds_excluded``)."""
    table = load_table(table_for(attack.kind, critical))
    both = "both-hands-in-use" in attacker_features
    out: list[BandOdds] = []
    for band in table.bands:
        hits = []
        extra: list[dict[int, int]] = []
        for effect in band.effects_for(attack.kind):
            if effect.choice is not None:
                continue
            if effect.requires is not None and both != (effect.requires == "both_hands_in_use"):
                continue
            dist = effect.damage_odds(attack)
            if dist is not None and isinstance(effect, ExtraDamageDice):
                extra.append(dict(dist.counts))
                continue
            if dist is not None:
                hits.append(dist)
                continue
            excluded = effect.odds_excluded()
            if excluded is not None:
                excludes.append(excluded)
        joined = DamageDist.of(summed(extra), True) if extra else None
        out.append(
            BandOdds(
                table=table.table.value,
                low=band.low,
                high=band.high,
                title=band.title,
                hits=tuple(hits),
                extra=joined,
            )
        )
    return out


def lapse_choices(draft: Draft, combatant_id: str, log: EventLog) -> None:
    """``d20.crit.effects`` decision 5: the pending choices still open when a turn ends
    lapse, declined and logged; each was offered during that turn (those of earlier turns
    lapsed at their end; one offered outside any turn lapses at the end of the next)."""
    enc = draft.encounter
    if not enc.pending_choices:
        return
    name = draft.get(combatant_id).name
    for choice in enc.pending_choices:
        attacker = choice.context.get("attacker")
        log.note(
            "choice-lapsed",
            f"{name}'s turn ends: {choice.owner} did not choose, declined: {choice.prompt}",
            actor=attacker if isinstance(attacker, str) and attacker in draft else None,
            rule=RULE,
            choice_id=choice.id,
        )
    enc.pending_choices = []


def _last_to_act(draft: Draft, holder: str) -> str | None:
    """The last living creature in the order of those that act with ``holder``."""
    together = acting_with(draft, holder)
    alive = [
        e.combatant_id
        for e in draft.encounter.order
        if e.combatant_id in together and not draft.get(e.combatant_id).dead
    ]
    return alive[-1] if alive else None


def move_in_order(draft: Draft, cid: str, position: str, log: EventLog) -> None:
    """Carry out an ``initiative-top`` / ``initiative-bottom`` effect of ``cid``, through
    :func:`~service.rules.mechanics.initiative.move_place` like ``lowerInitiative``: the
    creatures that act with it (its companions, its group) move with it
    (``d20.init.lower``). A move to the top waits for the end of the turn of the last of
    them in the order, so none of them loses its turn this round. The order list is changed
    in place so that a ``nextTurn`` in progress goes on with the right creature."""
    kind = f"initiative-{position}"
    order = draft.encounter.order
    holders = [
        e.combatant_id
        for e in order
        if any(x.kind == kind for x in draft.get(e.combatant_id).effects)
    ]
    if position == "top":
        holders = [h for h in holders if _last_to_act(draft, h) == cid]
    elif cid not in holders:
        return
    else:
        holders = [cid]
    for holder in holders:
        c = draft.edit(holder)
        c.effects = [e for e in c.effects if e.kind != kind]
        together = acting_with(draft, holder)
        rest = [e for e in order if e.combatant_id not in together]
        if not rest:
            continue
        initiative = (
            min(1000, rest[0].initiative + 1)
            if position == "top"
            else max(-1000, rest[-1].initiative - 1)
        )
        moved = move_place(draft, together, initiative)
        others = [draft.get(e.combatant_id).name for e in moved if e.combatant_id != holder]
        log.note(
            "initiative-moved",
            f"{c.name} moves to the {position} of the initiative order"
            + (f" with {', '.join(others)}" if others else ""),
            actor=holder,
            rule=RULE,
            position=position,
            moved=[e.combatant_id for e in moved],
        )


@action(
    "resolveChoice",
    summary="Accept or decline a pending choice (a critical table effect left to a person).",
    order=170,
    rulesets=("d20",),
)
def resolve_choice(
    ruleset: Ruleset, draft: Draft, act: ResolveChoice, rng: Random, log: EventLog
) -> ChoiceOutcome:
    enc = draft.encounter
    index = next((i for i, c in enumerate(enc.pending_choices) if c.id == act.choice_id), None)
    if index is None:
        known = ", ".join(c.id for c in enc.pending_choices) or "none"
        raise InvalidAction(
            f"no pending choice with id {act.choice_id!r} (pending: {known})", ("choiceId",)
        )
    choice = enc.pending_choices[index]
    if act.decision not in choice.options:
        raise InvalidAction(
            f"choice {choice.id!r} takes one of {', '.join(choice.options)}", ("decision",)
        )
    where = ("encounter", "pendingChoices", index)
    effects = _parse_effects(choice.effects, (*where, "effects"))
    play = _play(ruleset, draft, rng, log, choice, act.detail, (*where, "context"))
    if (
        act.decision == "accept"
        and act.detail is None
        and any(isinstance(e, PermanentInjury) for e in effects)
    ):
        raise InvalidAction("the DM's choice needs a detail: name the injury", ("detail",))
    if act.decision == "accept" and _needs_direction(effects, play):
        names = ", ".join(directions(play))
        raise InvalidAction(
            f"the DM's choice needs a detail naming the direction the weapon flies ({names})",
            ("detail",),
        )
    enc.pending_choices = [c for c in enc.pending_choices if c.id != choice.id]
    outcome = ChoiceOutcome(choice.id, act.decision, choice.owner)
    if act.decision == "decline":
        log.note(
            "choice-declined",
            f"{choice.owner} declines: {choice.prompt}",
            actor=play.attacker_id,
            rule=RULE,
            choice_id=choice.id,
        )
        return outcome
    log.note(
        "choice-accepted",
        f"{choice.owner} accepts: {choice.prompt}" + (f" ({act.detail})" if act.detail else ""),
        actor=play.attacker_id,
        rule=RULE,
        choice_id=choice.id,
        detail=act.detail,
    )
    for effect in effects:
        play.apply(effect)
    outcome.applied = list(play.applied)
    outcome.offered = list(play.offered)
    return outcome


def _needs_direction(effects: tuple[Effect, ...], play: Play) -> bool:
    """A weapon knocked away in a direction the DM picks, and no direction named."""
    return direction_in(play.detail, play) is None and any(
        isinstance(e, WeaponMoved) and e.direction == "dm" and play.hands_ok(e.requires)
        for e in iter_effects(effects)
    )


def _parse_effects(raw: list[dict[str, Any]], path: tuple[str | int, ...]) -> tuple[Effect, ...]:
    """Effects back from a pending choice (camelCase, or snake_case as stored before),
    checked as strictly as the data files."""
    doc = {
        "table": CritTable.WEAPON_HIT.value,
        "title": "pending choice",
        "bands": [
            {"low": 1, "high": 100, "title": "choice", "text": "choice", "effects": from_wire(raw)}
        ],
    }
    try:
        return parse_table(doc).bands[0].effects
    except LoadError as exc:
        raise InvalidAction(f"the pending choice's effects are malformed: {exc}", path) from None


def _play(
    ruleset: Ruleset,
    draft: Draft,
    rng: Random,
    log: EventLog,
    choice: PendingChoice,
    detail: str | None,
    path: tuple[str | int, ...],
) -> Play:
    ctx = choice.context
    attacker, target, attack = ctx.get("attacker"), ctx.get("target"), ctx.get("attack")
    if not isinstance(attacker, str) or not isinstance(target, str):
        raise InvalidAction("a pending choice's context names its attacker and target", path)
    for cid, key in ((attacker, "attacker"), (target, "target")):
        try:
            draft.get(cid)
        except InvalidAction as e:
            raise e.at(*path, key) from None
    names = {f.name for f in dataclasses.fields(Attack)} - set(WEAPON_STATE)
    try:
        if not isinstance(attack, dict):
            raise TypeError("not an object")
        profile = {snake(k): v for k, v in attack.items() if isinstance(k, str)}
        weapon = Attack(**{k: v for k, v in profile.items() if k in names})
        dice.parse(weapon.damage)
    except (TypeError, InvalidAction) as exc:
        raise InvalidAction(
            f"the pending choice's attack is malformed: {exc}", (*path, "attack")
        ) from None
    return Play(
        ruleset=ruleset,
        draft=draft,
        rng=rng,
        log=log,
        attacker_id=attacker,
        target_id=target,
        attack=weapon,
        source=choice.source or "choice",
        prompt=choice.prompt,
        detail=detail,
    )

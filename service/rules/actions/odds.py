"""Odds: the exact chances of one attack (``attackOdds``) and a simulated fight
(``encounterOdds``). Both are queries: they read the encounter and change nothing.

``attackOdds`` takes what ``resolveAttack`` takes and answers, without rolling, the chances
the real resolution would produce, through the same functions: :func:`prepare_attack`
(refusals, cover, advantage, AC), :func:`judge` (hit, critical, fumble) and, for the
target's HP and life, :func:`~service.rules.mechanics.damage.land`. With the critical tables
(``d20``) the bands that deal damage to the target at once (the ruleset's
``critical_band_odds``) are included exactly as the engine deals them: a band's extra damage
dice land with the attack's own damage, one instance (``d20.crit.effects`` decision 3), any
other damage after it. What is left out is listed in the outcome's ``excludes``.

Precision: every probability is computed exactly (integer counts of equally likely
outcomes, then :class:`fractions.Fraction`) and reported as a float rounded to 12 decimal
places. A damage expression too big to enumerate quickly (more than
:data:`~service.rules.limits.ODDS_DICE` dice once doubled by a critical hit, or an estimated
work above :data:`~service.rules.limits.ODDS_ENUMERATION`) is refused with
:class:`~service.rules.errors.LimitExceeded`.

``encounterOdds`` plays the fight out many times with the real attack pipeline
(``resolveAttack`` with ``spend="free"``): each round, every standing combatant in
initiative order (encounter order before initiative is rolled), starting with the one
whose turn it is, attacks the nearest standing foe with its first attack. Each turn goes
through the ruleset's turn hooks (``before_turn``, ``after_turn_end``) and each attack through
``after_action``, as ``nextTurn`` and ``apply`` do, so d10 simultaneous steps
(``d10.init.ties``) open, hold damage and close exactly as in resolution, a step already
open (asked mid-count) included: two creatures on one count can kill each other. Movement,
turn budgets, durations and death saves are not played; a refused attack (total cover, a
broken weapon...) is skipped. A run ends when at most one side has a creature standing
(above 0 HP and not dead) once a turn has ended, when a whole round passes with no attack,
or at ``max_rounds``; one where every side fell counts in ``unfinished``. Run
``i`` uses ``Random(rng.getrandbits(64))``, so the same seed gives the same answer. The
work is bounded up front (:data:`~service.rules.limits.ODDS_WORK`): ``runs`` x
``max_rounds`` x (the square of the cells all combatants fill + 50 per combatant).
"""

from __future__ import annotations

import copy
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random

from .. import dice
from ..errors import IllegalAction
from ..events import EventLog
from ..limits import ODDS_DICE, ODDS_ENUMERATION, ODDS_WORK, round_work
from ..mechanics.damage import Victim, Vitals, land
from ..mechanics.distributions import (
    DamageDist,
    clamp_counts,
    expression_dist,
    expression_work,
    natural_odds,
    support,
)
from ..mechanics.space import Board, board_of
from ..model import Combatant, Draft, Encounter
from ..model.outcomes import (
    AttackOddsOutcome,
    BandChance,
    DamageChance,
    EncounterOddsOutcome,
    SideChance,
)
from ..model.requests import DEFAULT_RUNS, AttackOdds, EncounterOdds, ResolveAttack
from ..registry import action
from ..ruleset import AttackSetup, BandOdds, Ruleset
from .attack import judge, prepare_attack, resolve_attack

ODDS_TURN_WEIGHT = 50
"""What one simulated turn costs besides its look at every cell (nearest foe, cover,
flanking), in :data:`~service.rules.limits.ODDS_WORK` units: measured, about 50 times a
cell's share."""
DIGITS = 12
"""Probabilities are exact fractions reported as floats rounded to this many decimals."""
Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""

Key = tuple[int, bool, bool, bool]
"""(damage dealt, dropped, died, instant death)."""
_Layer = tuple[int, Vitals, bool]
"""(damage dealt so far, the target's vitals, instant death so far)."""


@action(
    "attackOdds",
    summary="The exact chances of an attack: hit, critical, fumble, damage, drop and death.",
    order=250,
    query=True,
)
def attack_odds(
    ruleset: Ruleset, draft: Draft, act: AttackOdds, rng: Random, log: EventLog
) -> AttackOddsOutcome:
    setup = prepare_attack(ruleset, draft, act)
    expression = dice.parse(setup.attack.damage)
    half_again = ruleset.critical_damage == "half-again"
    _check_size(expression, 1 if half_again else 2, ruleset.uses_critical_tables)
    verdicts = _Verdicts.of(ruleset, setup)
    landings = _Landings.of(ruleset, setup, act)
    landings.miss(1 - verdicts.hit)
    plain, crit = _damage_counts(expression, half_again)
    excludes = ["attacks refused at resolution time by the turn budget (odds spend nothing)"]
    if not act.apply_damage:
        excludes.append("the attack's own damage: applyDamage is false (it is rolled only)")
    landings.add(plain, verdicts.hit - verdicts.critical, False, ())
    bands: list[BandChance] = []
    if ruleset.uses_critical_tables:
        bands = _land_critical_bands(ruleset, draft, setup, verdicts, crit, landings, excludes)
    else:
        landings.add(crit, verdicts.critical, True, ())
    if _on_one_step(draft, setup.attacker, setup.target):
        excludes.append(
            "the timing of simultaneous turns (d10.init.ties): the damage waits until "
            "the step ends; drop and death say what it does when it lands, leaving out "
            "other damage already waiting"
        )
    totals = _Totals.of(landings.results)
    outcome = _attack_outcome(setup, verdicts, totals, bands, excludes)
    _log_attack_odds(ruleset, setup, verdicts, totals, log)
    return outcome


@dataclass(frozen=True, slots=True)
class _Verdicts:
    """The chances of the attack roll's verdicts, over every natural roll (:func:`judge`)."""

    hit: Fraction
    critical: Fraction
    rolled_critical: Fraction
    fumble: Fraction

    @classmethod
    def of(cls, ruleset: Ruleset, setup: AttackSetup) -> _Verdicts:
        hit = critical = rolled = fumble = Fraction(0)
        adv, dis = bool(setup.advantage), bool(setup.disadvantage)
        for natural, p in natural_odds(ruleset.attack_die, adv, dis).items():
            total = natural + setup.attack.bonus
            verdict = judge(ruleset, natural, total, setup.ac, setup.close_critical)
            hit += p if verdict.hit else 0
            critical += p if verdict.critical else 0
            rolled += p if verdict.rolled_critical else 0
            fumble += p if verdict.fumble else 0
        return cls(hit, critical, rolled, fumble)


def _damage_counts(
    expression: dice.DiceExpression, half_again: bool
) -> tuple[dict[int, int], dict[int, int]]:
    """The damage of a hit and of a critical hit (its dice doubled, or its amount half
    again), as counts of equally likely outcomes."""
    plain = clamp_counts(expression_dist(expression))
    if not half_again:
        return plain, clamp_counts(expression_dist(expression, 2))
    crit: dict[int, int] = defaultdict(int)
    for v, w in plain.items():
        crit[v + v // 2] += w
    return plain, crit


@dataclass(slots=True)
class _Landings:
    """The chances of each outcome on the target (:data:`Key`), added as the hits that
    make it land (:func:`~service.rules.mechanics.damage.land`)."""

    victim: Victim
    start: Vitals
    knockout: bool
    apply_damage: bool
    """The attack's own damage lands (``applyDamage``); the hits after it land anyway."""
    results: dict[Key, Fraction]

    @classmethod
    def of(cls, ruleset: Ruleset, setup: AttackSetup, act: AttackOdds) -> _Landings:
        knockout = act.knockout and setup.attack.kind == "melee"
        victim = Victim.of(setup.target, ruleset.instant_death_multiplier)
        return cls(
            victim, Vitals.of(setup.target), knockout, act.apply_damage, defaultdict(Fraction)
        )

    def miss(self, p: Fraction) -> None:
        """With chance ``p``: no damage."""
        self.results[(0, False, False, False)] += p

    def add(
        self, counts: dict[int, int], p: Fraction, critical: bool, hits: Sequence[DamageDist]
    ) -> None:
        """With chance ``p``: the attack's damage (``counts``), then each of ``hits`` while
        the target lives."""
        if p == 0:
            return
        total = sum(counts.values())
        layer = self._land_own_damage(counts, critical)
        for hit in hits:
            layer = self._land_hit(layer, hit)
        denominator = total * math.prod(h.total for h in hits) * p.denominator
        start = self.start
        for (dealt, state, inst), w in layer.items():
            key = (dealt, start.hp > 0 and state.hp == 0, not start.dead and state.dead, inst)
            self.results[key] += Fraction(w * p.numerator, denominator)

    def _land_own_damage(self, counts: dict[int, int], critical: bool) -> dict[_Layer, int]:
        layer: dict[_Layer, int] = defaultdict(int)
        for amount, w in counts.items():
            state, inst = (
                self._landed(self.start, amount, critical)
                if self.apply_damage
                else (self.start, False)
            )
            layer[(amount, state, inst)] += w
        return layer

    def _land_hit(self, layer: dict[_Layer, int], hit: DamageDist) -> dict[_Layer, int]:
        nxt: dict[_Layer, int] = defaultdict(int)
        for (dealt, state, inst), w in layer.items():
            if state.dead:
                nxt[(dealt, state, inst)] += w * hit.total
                continue
            for amount, hw in hit.counts:
                after, now = self._landed(state, amount, hit.critical)
                nxt[(dealt + amount, after, inst or now)] += w * hw
        return nxt

    def _landed(self, v: Vitals, amount: int, critical: bool) -> tuple[Vitals, bool]:
        landing = land(v, amount, self.victim, critical=critical, knockout=self.knockout)
        return landing.after, landing.death in ("instant", "damage-at-zero")


def _land_critical_bands(
    ruleset: Ruleset,
    draft: Draft,
    setup: AttackSetup,
    verdicts: _Verdicts,
    crit: dict[int, int],
    landings: _Landings,
    excludes: list[str],
) -> list[BandChance]:
    """The critical hits with the critical tables (``d20.crit.effects``): a critical that
    rolls no table, then each band's damage (its extra dice with the attack's, its hits
    after); the fumble bands' chances. Answers every band's chance."""
    attacker, attack = setup.attacker, setup.attack
    by_hits: dict[tuple[DamageDist | None, tuple[DamageDist, ...]], Fraction]
    by_hits = defaultdict(Fraction)
    bands: list[BandChance] = []
    landings.add(crit, verdicts.critical - verdicts.rolled_critical, True, ())
    for band in ruleset.critical_band_odds(draft, attacker, attack, True, excludes):
        p_band = verdicts.rolled_critical * Fraction(band.high - band.low + 1, 100)
        by_hits[(band.extra, band.hits)] += p_band
        bands.append(_band_chance(band, p_band))
    for (extra, hits), p_group in by_hits.items():
        landings.add(crit if extra is None else _plus(crit, extra), p_group, True, hits)
    for band in ruleset.critical_band_odds(draft, attacker, attack, False, excludes):
        p_band = verdicts.fumble * Fraction(band.high - band.low + 1, 100)
        bands.append(_band_chance(band, p_band))
    excludes.append(
        "critical-table effects that don't deal damage to the target at once "
        "(conditions, advantage windows, AC, exhaustion, weapons, initiative...)"
    )
    excludes.append("critical-table effects left to a choice (pending choices)")
    return bands


def _on_one_step(draft: Draft, attacker: Combatant, target: Combatant) -> bool:
    """Both are members of the open simultaneous step (``d10.init.ties``)."""
    step = draft.encounter.step
    return step is not None and attacker.id in step.members and target.id in step.members


@dataclass(frozen=True, slots=True)
class _Totals:
    """The outcomes on the target summed up: the chance of each amount of damage, of a
    drop, of a death, of an instant death."""

    damage: dict[int, Fraction]
    mean: Fraction
    drop: Fraction
    death: Fraction
    instant: Fraction

    @classmethod
    def of(cls, results: dict[Key, Fraction]) -> _Totals:
        damage: dict[int, Fraction] = defaultdict(Fraction)
        drop = death = instant = Fraction(0)
        for (amount, dropped, died, inst), p in results.items():
            damage[amount] += p
            drop += p if dropped else 0
            death += p if died else 0
            instant += p if inst else 0
        mean = sum((v * p for v, p in damage.items()), Fraction(0))
        return cls(damage, mean, drop, death, instant)


def _attack_outcome(
    setup: AttackSetup,
    verdicts: _Verdicts,
    totals: _Totals,
    bands: list[BandChance],
    excludes: list[str],
) -> AttackOddsOutcome:
    adv, dis = setup.advantage, setup.disadvantage
    return AttackOddsOutcome(
        attacker_id=setup.attacker.id,
        target_id=setup.target.id,
        attack_name=setup.attack.name,
        target_ac=setup.ac,
        cover=setup.cover,
        cover_source=setup.cover_source,
        advantage=bool(adv) and not dis,
        disadvantage=bool(dis) and not adv,
        advantage_sources=adv,
        disadvantage_sources=dis,
        hit=_float(verdicts.hit),
        critical=_float(verdicts.critical),
        fumble=_float(verdicts.fumble),
        damage=[DamageChance(v, _float(p)) for v, p in sorted(totals.damage.items()) if p],
        mean_damage=_float(totals.mean),
        drop=_float(totals.drop),
        death=_float(totals.death),
        instant_death=_float(totals.instant),
        critical_bands=bands,
        excludes=list(dict.fromkeys(excludes)),
    )


def _log_attack_odds(
    ruleset: Ruleset, setup: AttackSetup, verdicts: _Verdicts, totals: _Totals, log: EventLog
) -> None:
    attacker, target = setup.attacker, setup.target
    log.note(
        "odds",
        f"{attacker.name} against {target.name} with {setup.attack.name} (AC {setup.ac}): hit "
        f"{float(verdicts.hit):.1%}, critical {float(verdicts.critical):.1%}, mean damage "
        f"{float(totals.mean):.2f}, drop {float(totals.drop):.1%}, death "
        f"{float(totals.death):.1%}",
        actor=attacker.id,
        target=target.id,
        rule=ruleset.rule_ids.attack_roll,
        advantage=setup.advantage,
        disadvantage=setup.disadvantage,
        cover=setup.cover,
    )


def _check_size(expression: dice.DiceExpression, multiplier: int, tables: bool) -> None:
    count = expression.dice_count * multiplier
    ODDS_DICE.check(count, f"{expression.text!r} on a critical hit", ("attack", "damage"))
    # the damage itself, and a band's extra set of dice landing after a critical one
    work = expression_work(expression, multiplier) + expression_work(expression, 1)
    if tables:
        work += 8 * support(expression, multiplier) * support(expression, 1)
    ODDS_ENUMERATION.check(
        work, f"computing the odds of {expression.text!r} (an estimate)", ("attack", "damage")
    )


def _plus(counts: dict[int, int], extra: DamageDist) -> dict[int, int]:
    """The damage with a band's extra dice added: one amount, landing at once."""
    out: dict[int, int] = defaultdict(int)
    for a, wa in counts.items():
        for b, wb in extra.counts:
            out[a + b] += wa * wb
    return dict(out)


def _band_chance(band: BandOdds, p: Fraction) -> BandChance:
    return BandChance(band.table, band.low, band.high, band.title, _float(p))


def _float(p: Fraction) -> float:
    return round(float(p), DIGITS)


@action(
    "encounterOdds",
    summary="Simulate the fight many times: expected rounds and each side's chance to win.",
    order=260,
    query=True,
)
def encounter_odds(
    ruleset: Ruleset, draft: Draft, act: EncounterOdds, rng: Random, log: EventLog
) -> EncounterOddsOutcome:
    start = copy.copy(draft.encounter)
    ids = [c.id for c in start.combatants]
    order = [e.combatant_id for e in start.order if e.combatant_id in ids]
    order += [cid for cid in ids if cid not in order]
    first = order.index(start.turn_of) if start.turn_of in order else 0
    sides = sorted({c.side for c in start.combatants})
    wins: dict[str, int] = dict.fromkeys(sides, 0)
    rounds: list[int] = []
    board = board_of(draft, ruleset)
    runs = odds_runs(board, start, act)
    for _ in range(runs):
        run_rng = Random(rng.getrandbits(64))
        winner, taken = _play(ruleset, board, start, order, first, act.max_rounds, run_rng)
        if winner is not None:
            wins[winner] += 1
            rounds.append(taken)
    finished = len(rounds)
    mean = low = high = None
    if finished:
        m = sum(rounds) / finished
        if finished > 1:
            var = sum((r - m) ** 2 for r in rounds) / (finished - 1)
            half = Z95 * math.sqrt(var / finished)
        else:
            half = 0.0
        mean, low, high = round(m, 6), round(m - half, 6), round(m + half, 6)
    outcome = EncounterOddsOutcome(
        runs=runs,
        finished=finished,
        rounds_mean=mean,
        rounds_low=low,
        rounds_high=high,
        sides=[SideChance(s, wins[s], round(wins[s] / runs, DIGITS)) for s in sides],
        unfinished=round((runs - finished) / runs, DIGITS),
    )
    log.note(
        "odds",
        f"{runs} simulated fights: "
        + ", ".join(f"{s} wins {wins[s] / runs:.1%}" for s in sides)
        + (f"; {mean:.2f} rounds on average" if mean is not None else ""),
        rule="d20.order.steps",
        runs=runs,
    )
    return outcome


def odds_work(board: Board, encounter: Encounter, runs: int, max_rounds: int) -> int:
    """The work an ``encounterOdds`` may take, in :data:`~service.rules.limits.ODDS_WORK`
    units: ``runs`` x ``max_rounds`` x :func:`~service.rules.limits.round_work` (cells² +
    50 x combatants + the lists each walks)."""
    cells = sum(len(board.cells(c)) for c in encounter.combatants)
    return runs * max_rounds * round_work(cells, encounter.combatants, ODDS_TURN_WEIGHT)


def odds_runs(board: Board, encounter: Encounter, act: EncounterOdds) -> int:
    """The runs to simulate: ``act.runs``, refused over the work budget; omitted, as many
    as the budget allows up to :data:`DEFAULT_RUNS`, at least 1 (whose work must fit)."""
    runs = act.runs
    if runs is None:
        per_run = odds_work(board, encounter, 1, act.max_rounds)
        runs = max(1, min(DEFAULT_RUNS, ODDS_WORK.max // max(1, per_run)))
    n = len(encounter.combatants)
    ODDS_WORK.check(
        odds_work(board, encounter, runs, act.max_rounds),
        f"{runs} runs x {act.max_rounds} rounds with {n} combatants",
        ("runs",) if act.runs is not None else ("maxRounds",),
    )
    return runs


def _play(
    ruleset: Ruleset,
    board: Board,
    start: Encounter,
    order: Sequence[str],
    first: int,
    max_rounds: int,
    rng: Random,
) -> tuple[str | None, int]:
    """One fight: the winning side (None if undecided) and the rounds it took. Every turn
    goes through the ruleset's turn hooks as ``nextTurn`` does (``before_turn`` when it
    begins, except the turn already under way; ``after_turn_end``) and the attack through
    ``after_action`` as ``apply`` does, so d10 simultaneous steps open, hold and close as in
    resolution (``d10.init.ties``): a creature killed on its own count still attacks, and
    both may fall."""
    enc = start
    standing = _standing_sides(enc)
    if len(standing) <= 1:
        return (standing[0] if standing else None), 0
    for round_no in range(1, max_rounds + 1):
        attacked = False
        for cid in order[first:] if round_no == 1 else order:
            begun = round_no == 1 and cid == order[first] and start.turn_of == cid
            if not begun:
                enc = _turn_hook(ruleset, board, enc, cid, rng, start=True)
            me = enc.combatant(cid)
            foe = None
            if _standing(me) and not me.incapacitated and me.attacks:
                foe = _nearest_foe(board, enc, me)
            if foe is not None:
                attack = ResolveAttack(me.id, foe.id, attack_name=me.attacks[0].name, spend="free")
                draft = _draft(enc, board)
                try:
                    resolve_attack(ruleset, draft, attack, rng, EventLog())
                except IllegalAction:
                    pass
                else:
                    ruleset.after_action(draft, enc, EventLog())
                    enc = draft.finish()
                    attacked = True
            enc = _turn_hook(ruleset, board, enc, cid, rng, start=False)
            standing = _standing_sides(enc)
            if len(standing) <= 1:
                return (standing[0] if standing else None), round_no
        if not attacked:
            return None, round_no
    return None, max_rounds


def _turn_hook(
    ruleset: Ruleset,
    board: Board,
    enc: Encounter,
    cid: str,
    rng: Random,
    *,
    start: bool,
) -> Encounter:
    """``cid``'s turn begins (``start``: ``before_turn``, then it is its turn) or ends
    (``after_turn_end``)."""
    draft = _draft(enc, board)
    if start:
        ruleset.before_turn(draft, cid, rng, EventLog())
        draft.encounter.turn_of = cid
    elif enc.turn_of == cid:
        ruleset.after_turn_end(draft, cid, rng, EventLog())
    return draft.finish()


def _draft(enc: Encounter, board: Board) -> Draft:
    draft = Draft(enc)
    draft.memo["board"] = board
    return draft


def _nearest_foe(board: Board, enc: Encounter, me: Combatant) -> Combatant | None:
    mine = board.cells(me)
    best: tuple[int, int] | None = None
    found: Combatant | None = None
    for i, other in enumerate(enc.combatants):
        if other.side == me.side or not _standing(other):
            continue
        d = board.geometry.space_distance(mine, board.cells(other))
        if best is None or (d, i) < best:
            best, found = (d, i), other
    return found


def _standing(c: Combatant) -> bool:
    return not c.dead and c.hp > 0


def _standing_sides(enc: Encounter) -> list[str]:
    return sorted({c.side for c in enc.combatants if _standing(c)})

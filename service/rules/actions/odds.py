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
whose turn it is, attacks the nearest standing foe with its first attack. Movement, turn
budgets, durations and death saves are not played; a refused attack (total cover, a broken
weapon...) is skipped. A run ends when at most one side has a creature standing (above 0
HP and not dead), when a whole round passes with no attack, or at ``max_rounds``. Run
``i`` uses ``Random(rng.getrandbits(64))``, so the same seed gives the same answer. The
work is bounded up front (:data:`~service.rules.limits.ODDS_WORK`): ``runs`` x
``max_rounds`` x (the square of the cells all combatants fill + 50 per combatant).
"""

from __future__ import annotations

import copy
import math
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from random import Random

from .. import dice
from ..errors import IllegalAction
from ..events import EventLog
from ..limits import ODDS_DICE, ODDS_ENUMERATION, ODDS_WORK
from ..mechanics.damage import Vitals, land
from ..mechanics.distributions import (
    DamageDist,
    clamp_counts,
    expression_dist,
    expression_work,
    natural_odds,
    support,
)
from ..mechanics.space import Board
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
from ..ruleset import BandOdds, Ruleset
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
    attacker, target, attack, ac = setup.attacker, setup.target, setup.attack, setup.ac
    adv, dis = setup.advantage, setup.disadvantage
    expression = dice.parse(attack.damage)
    half_again = ruleset.critical_damage == "half-again"
    crit_multiplier = 1 if half_again else 2
    tables = ruleset.uses_critical_tables
    _check_size(expression, crit_multiplier, tables)

    p_hit = p_crit = p_fumble = Fraction(0)
    for natural, p in natural_odds(ruleset.attack_die, bool(adv), bool(dis)).items():
        verdict = judge(ruleset, natural, natural + attack.bonus, ac)
        p_hit += p if verdict.hit else 0
        p_crit += p if verdict.critical else 0
        p_fumble += p if verdict.fumble else 0

    knockout = act.knockout and attack.kind == "melee"
    victim = ruleset.victim(target)
    start = Vitals.of(target)
    excludes = ["attacks refused at resolution time by the turn budget (odds spend nothing)"]
    results: dict[Key, Fraction] = defaultdict(Fraction)
    results[(0, False, False, False)] += 1 - p_hit

    plain = clamp_counts(expression_dist(expression))
    if half_again:
        crit: dict[int, int] = defaultdict(int)
        for v, w in plain.items():
            crit[v + v // 2] += w
    else:
        crit = clamp_counts(expression_dist(expression, crit_multiplier))
    if not act.apply_damage:
        excludes.append("the attack's own damage: applyDamage is false (it is rolled only)")

    def landed(v: Vitals, amount: int, critical: bool) -> tuple[Vitals, bool]:
        landing = land(v, amount, victim, critical=critical, knockout=knockout)
        return landing.after, landing.death in ("instant", "damage-at-zero")

    def add(
        counts: dict[int, int], p: Fraction, critical: bool, hits: Sequence[DamageDist]
    ) -> None:
        if p == 0:
            return
        total = sum(counts.values())
        layer: dict[tuple[int, Vitals, bool], int] = defaultdict(int)
        for amount, w in counts.items():
            state, inst = landed(start, amount, critical) if act.apply_damage else (start, False)
            layer[(amount, state, inst)] += w
        for hit in hits:
            nxt: dict[tuple[int, Vitals, bool], int] = defaultdict(int)
            for (dealt, state, inst), w in layer.items():
                if state.dead:
                    nxt[(dealt, state, inst)] += w * hit.total
                    continue
                for amount, hw in hit.counts:
                    after, now = landed(state, amount, hit.critical)
                    nxt[(dealt + amount, after, inst or now)] += w * hw
            layer = nxt
        denominator = total * math.prod(h.total for h in hits) * p.denominator
        for (dealt, state, inst), w in layer.items():
            key = (dealt, start.hp > 0 and state.hp == 0, not start.dead and state.dead, inst)
            results[key] += Fraction(w * p.numerator, denominator)

    add(plain, p_hit - p_crit, False, ())
    bands_out: list[BandChance] = []
    if tables:
        by_hits: dict[tuple[DamageDist | None, tuple[DamageDist, ...]], Fraction]
        by_hits = defaultdict(Fraction)
        for band in ruleset.critical_band_odds(draft, attacker, attack, True, excludes):
            p_band = p_crit * Fraction(band.high - band.low + 1, 100)
            by_hits[(band.extra, band.hits)] += p_band
            bands_out.append(_band_chance(band, p_band))
        for (extra, hits), p_group in by_hits.items():
            add(crit if extra is None else _plus(crit, extra), p_group, True, hits)
        for band in ruleset.critical_band_odds(draft, attacker, attack, False, excludes):
            bands_out.append(_band_chance(band, p_fumble * Fraction(band.high - band.low + 1, 100)))
        excludes.append(
            "critical-table effects that don't deal damage to the target at once "
            "(conditions, advantage windows, AC, exhaustion, weapons, initiative...)"
        )
        excludes.append("critical-table effects left to a choice (pending choices)")
    else:
        add(crit, p_crit, True, ())
    step = draft.encounter.step
    if step is not None and attacker.id in step.members and target.id in step.members:
        excludes.append(
            "the timing of simultaneous turns (d10.init.ties): the damage waits until "
            "the step ends; drop and death say what it does when it lands, leaving out "
            "other damage already waiting"
        )

    damage: dict[int, Fraction] = defaultdict(Fraction)
    drop = death = instant = Fraction(0)
    for (amount, dropped, died, inst), p in results.items():
        damage[amount] += p
        drop += p if dropped else 0
        death += p if died else 0
        instant += p if inst else 0
    mean = sum((v * p for v, p in damage.items()), Fraction(0))
    outcome = AttackOddsOutcome(
        attacker.id,
        target.id,
        attack.name,
        ac,
        setup.cover,
        setup.cover_source,
        bool(adv) and not dis,
        bool(dis) and not adv,
        adv,
        dis,
        _float(p_hit),
        _float(p_crit),
        _float(p_fumble),
        [DamageChance(v, _float(p)) for v, p in sorted(damage.items()) if p],
        _float(mean),
        _float(drop),
        _float(death),
        _float(instant),
        bands_out,
        list(dict.fromkeys(excludes)),
    )
    log.note(
        "odds",
        f"{attacker.name} against {target.name} with {attack.name} (AC {ac}): hit "
        f"{float(p_hit):.1%}, critical {float(p_crit):.1%}, mean damage {float(mean):.2f}, "
        f"drop {float(drop):.1%}, death {float(death):.1%}",
        actor=attacker.id,
        target=target.id,
        rule=ruleset.rule_ids.attack_roll,
        advantage=adv,
        disadvantage=dis,
        cover=setup.cover,
    )
    return outcome


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
    start.step = None
    ids = [c.id for c in start.combatants]
    order = [e.combatant_id for e in start.order if e.combatant_id in ids]
    order += [cid for cid in ids if cid not in order]
    first = order.index(start.turn_of) if start.turn_of in order else 0
    sides = sorted({c.side for c in start.combatants})
    wins: dict[str, int] = dict.fromkeys(sides, 0)
    rounds: list[int] = []
    board = ruleset.board(draft)
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
        runs,
        finished,
        mean,
        low,
        high,
        [SideChance(s, wins[s], round(wins[s] / runs, DIGITS)) for s in sides],
        round((runs - finished) / runs, DIGITS),
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
    units: ``runs`` x ``max_rounds`` x (cells² + 50 x combatants)."""
    cells = sum(len(board.cells(c)) for c in encounter.combatants)
    return runs * max_rounds * (cells * cells + ODDS_TURN_WEIGHT * len(encounter.combatants))


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
    """One fight: the winning side (None if undecided) and the rounds it took."""
    enc = start
    standing = _standing_sides(enc)
    if len(standing) <= 1:
        return (standing[0] if standing else None), 0
    for round_no in range(1, max_rounds + 1):
        attacked = False
        for cid in order[first:] if round_no == 1 else order:
            me = enc.combatant(cid)
            if not _standing(me) or me.incapacitated or not me.attacks:
                continue
            foe = _nearest_foe(board, enc, me)
            if foe is None:
                continue
            attack = ResolveAttack(me.id, foe.id, attack_name=me.attacks[0].name, spend="free")
            draft = Draft(enc)
            draft.memo["board"] = board
            try:
                resolve_attack(ruleset, draft, attack, rng, EventLog())
            except IllegalAction:
                continue
            enc = draft.finish()
            attacked = True
            standing = _standing_sides(enc)
            if len(standing) <= 1:
                return (standing[0] if standing else None), round_no
        if not attacked:
            return None, round_no
    return None, max_rounds


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

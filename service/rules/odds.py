"""Odds: the exact chances of one attack (``attackOdds``) and a simulated fight
(``encounterOdds``). Both are queries: they read the encounter and change nothing.

``attackOdds`` takes what ``resolveAttack`` takes and answers, without rolling, the chances
the real resolution would produce. It goes through the same hooks as the resolution:
``check_can_attack`` and total cover refuse alike (``d20.attack.total-cover``), ``cover``
gives the computed or stated degree, ``attack_modifiers`` plus the caller's flags give
advantage and disadvantage (they cancel whatever their counts, ``d20.attack.roll``),
``ac_bonus`` adds lasting AC effects. On top of that:

* critical hits and fumbles by the ruleset's flags (``critical_min``, ``fumble_max``);
  critical damage doubles every die (``d20.crit.damage``) or, in ``d100``, adds 50% rounded
  down (``d100.crit.hit``, :attr:`critical_damage`);
* damage lands as :func:`~service.rules.damage.deal_damage` lands it: temporary HP first,
  dropping to 0, instant death past the ruleset's threshold (``d20.death.instant``: twice
  max HP, ``d100.death.instant``: once), monsters die at 0 unless villains
  (``d20.death.monsters``), the knockout flag on a melee attack (``d20.death.knockout``),
  damage at 0 HP (``d20.death.damage-at-zero``: death save failures, or death at max HP);
* with the critical tables (``d20``): the chance of each band, and the bands that deal
  damage to the target (the extra sets of damage dice of the "great force" bands, and
  any ``damage`` effect aimed at the target) are included exactly in the damage, drop and
  death figures, applied after the attack's own damage like the engine does.

What is left out is listed in the outcome's ``excludes`` (effects that don't change the
target's HP right away, choices left to a person, nested saves...).

Precision: every probability is computed exactly (integer counts of equally likely
outcomes, then :class:`fractions.Fraction`) and reported as a float rounded to 12 decimal
places. Dice sums use a sliding-window convolution; keep-highest/lowest terms a dynamic
programme over faces. A damage expression too big to enumerate quickly (more than
:data:`MAX_ODDS_DICE` dice once doubled by a critical hit, or an estimated work above
:data:`MAX_ODDS_WORK`) is refused with :class:`InvalidAction`.

``encounterOdds`` plays the fight out many times with the real engine (:func:`apply` with
:class:`ResolveAttack`, ``spend="free"``): each round, every standing combatant in
initiative order (encounter order before initiative is rolled), starting with the one
whose turn it is, attacks the nearest standing foe with its first attack. Movement, turn
budgets, durations and death saves are not played; a refused attack (total cover, a broken
weapon...) is skipped. A run ends when at most one side has a creature standing (above 0
HP and not dead), when a whole round passes with no attack, or at ``max_rounds``. Run
``i`` uses ``Random(rng.getrandbits(64))``, so the same seed gives the same answer.
"""

from __future__ import annotations

import copy
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random
from typing import TYPE_CHECKING, Annotated

from annotated_types import Ge, Le

from . import crit_tables as ct
from . import dice
from .actions import ActionSpec, CoverSource, ResolveAttack, register_action
from .core import RulesetCore
from .errors import IllegalAction, InvalidAction
from .events import EventLog
from .state import Attack, Combatant, CoverDegree, Draft, Encounter

if TYPE_CHECKING:
    pass

MAX_ODDS_DICE = 60
"""Most dice a damage expression may roll for odds, counted as a critical hit rolls them."""
MAX_ODDS_WORK = 300_000
"""Most elementary steps (an estimate) the damage enumeration may take: a hover-tooltip
budget, well under 50 ms."""
"""Rulesets (by id) whose critical hit adds 50% of the damage, rounded down
(``d100.crit.hit``), instead of rolling every die twice (``d20.crit.damage``)."""
DIGITS = 12
"""Probabilities are exact fractions reported as floats rounded to this many decimals."""
MAX_RUNS = 2000
MAX_ROUNDS = 100
Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""


# --------------------------------------------------------------------------------------------
# Parameters and outcomes


@dataclass(slots=True)
class AttackOdds(ResolveAttack):
    """The chances of one attack, with exactly the input of ``resolveAttack``. Nothing is
    rolled, spent or changed: the turn budget is neither checked nor used, and ``spend``
    is ignored."""


@dataclass(slots=True)
class DamageChance:
    """One value of the damage distribution and its probability."""

    value: int
    probability: float


@dataclass(slots=True)
class BandChance:
    """The chance that a critical-table band's effect happens on this attack."""

    table: str
    """``weapon_hit``, ``weapon_fumble``, ``spell_hit`` or ``spell_fumble``."""
    low: int
    high: int
    title: str
    probability: float


@dataclass(slots=True)
class AttackOddsOutcome:
    """The exact chances of one attack (floats rounded to 12 decimals)."""

    attacker_id: str
    target_id: str
    attack_name: str
    target_ac: int
    """The AC the attack has to meet: cover and AC effects included."""
    cover: CoverDegree
    cover_source: CoverSource
    advantage: bool
    disadvantage: bool
    advantage_sources: list[str]
    disadvantage_sources: list[str]
    hit: float
    critical: float
    fumble: float
    """A natural roll at or below the fumble range that misses."""
    damage: list[DamageChance]
    """Damage the attack deals to the target (0 on a miss), sorted by value: its own damage
    plus, in ``d20``, the damage critical-table bands deal to the target."""
    mean_damage: float
    drop: float
    """The target goes from above 0 HP to 0 HP."""
    death: float
    """The target is alive before and dead after (any rule: instant death, a monster at 0
    HP, death save failures from damage at 0 HP)."""
    instant_death: float
    """The target dies from the instant death rules (``d20.death.instant`` /
    ``d100.death.instant``, or damage at 0 HP of at least its maximum HP)."""
    critical_bands: list[BandChance] = field(default_factory=list)
    """``d20``: every band of the Critical Hit and Critical Fumble tables this attack rolls
    on, with its chance. Empty for rulesets without the tables."""
    excludes: list[str] = field(default_factory=list)
    """What the figures leave out."""


@dataclass(slots=True)
class EncounterOdds:
    """Simulate the fight from the current state: everyone attacks the nearest standing foe
    with its first attack each round, until at most one side is standing."""

    runs: Annotated[int, Ge(1), Le(MAX_RUNS)] = 200
    """Seeded runs (Monte Carlo)."""
    max_rounds: Annotated[int, Ge(1), Le(MAX_ROUNDS)] = MAX_ROUNDS
    """A run still undecided after this many rounds counts as unfinished."""


@dataclass(slots=True)
class SideChance:
    """How often one side won."""

    side: str
    wins: int
    win_probability: float


@dataclass(slots=True)
class EncounterOddsOutcome:
    """The simulated fights: rounds to a decision (mean and 95% confidence interval over
    the finished runs) and each side's chance to win."""

    runs: int
    finished: int
    """Runs that ended with one side standing."""
    rounds_mean: float | None
    rounds_low: float | None
    """Lower bound of the 95% confidence interval of the mean (normal approximation)."""
    rounds_high: float | None
    sides: list[SideChance]
    unfinished: float
    """Share of runs with no winner: round cap reached, a round with no possible attack,
    or nobody left standing."""


register_action(
    ActionSpec(
        "attackOdds",
        "attack-odds",
        AttackOdds,
        AttackOddsOutcome,
        "attack_odds",
        "The exact chances of an attack: hit, critical, fumble, damage, drop and death.",
        query=True,
    )
)
register_action(
    ActionSpec(
        "encounterOdds",
        "encounter-odds",
        EncounterOdds,
        EncounterOddsOutcome,
        "encounter_odds",
        "Simulate the fight many times: expected rounds and each side's chance to win.",
        query=True,
    )
)


# --------------------------------------------------------------------------------------------
# Exact dice distributions: integer counts of equally likely outcomes


@dataclass(slots=True, frozen=True)
class Dist:
    """A distribution over consecutive integers from ``low``: ``weights[i]`` of ``total``
    equally likely outcomes give ``low + i``."""

    low: int
    weights: tuple[int, ...]
    total: int

    def counts(self) -> dict[int, int]:
        return {self.low + i: w for i, w in enumerate(self.weights) if w}

    def shifted(self, by: int) -> Dist:
        return Dist(self.low + by, self.weights, self.total)

    def negated(self) -> Dist:
        return Dist(-(self.low + len(self.weights) - 1), self.weights[::-1], self.total)

    def plus(self, other: Dist) -> Dist:
        out = [0] * (len(self.weights) + len(other.weights) - 1)
        for i, a in enumerate(self.weights):
            if a:
                for j, b in enumerate(other.weights):
                    out[i + j] += a * b
        return Dist(self.low + other.low, tuple(out), self.total * other.total)


POINT_ZERO = Dist(0, (1,), 1)


def sum_dice(count: int, sides: int) -> Dist:
    """``count``d``sides``: each die added by a sliding window over prefix sums."""
    weights = [1]
    for _ in range(count):
        prefix = [0]
        acc = 0
        for w in weights:
            acc += w
            prefix.append(acc)
        n = len(weights)
        weights = [
            prefix[min(i, n - 1) + 1] - prefix[max(0, i - sides + 1)] for i in range(n + sides - 1)
        ]
    return Dist(count, tuple(weights), sides**count)


def keep_dice(count: int, sides: int, keep: int, lowest: bool) -> Dist:
    """``count``d``sides`` keeping the ``keep`` highest (or lowest): faces are taken from the
    most favoured down; a state is (dice placed, kept sum); the first ``keep`` are kept."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    faces = range(1, sides + 1) if lowest else range(sides, 0, -1)
    for face in faces:
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (placed, kept_sum), w in states.items():
            left = count - placed
            binom = 1
            for j in range(left + 1):
                kept = min(j, max(0, keep - placed))
                nxt[(placed + j, kept_sum + kept * face)] += w * binom
                binom = binom * (left - j) // (j + 1)
        states = nxt
    sums = {s: w for (placed, s), w in states.items() if placed == count}
    low, high = min(sums), max(sums)
    return Dist(low, tuple(sums.get(v, 0) for v in range(low, high + 1)), sides**count)


def _term_work(count: int, sides: int, keep: int | None) -> int:
    if keep is None:
        return count * count * sides
    return sides * (count + 1) ** 2 * (keep * sides + 1)


def expression_work(expression: dice.DiceExpression, multiplier: int) -> int:
    """An estimate of the steps :func:`expression_dist` takes."""
    work = 0
    support = 1
    for t in expression.terms:
        count = t.count * multiplier
        keep = None if t.keep is None else t.keep * multiplier
        work += _term_work(count, t.sides, keep)
        size = (keep if keep is not None else count) * (t.sides - 1) + 1
        work += support * size
        support += size - 1
    return work


def _support(expression: dice.DiceExpression, multiplier: int) -> int:
    """How many values the dice of ``expression`` can total."""
    size = 1
    for t in expression.terms:
        rolled = (t.keep if t.keep is not None else t.count) * multiplier
        size += rolled * (t.sides - 1)
    return size


def expression_dist(expression: dice.DiceExpression, multiplier: int = 1) -> Dist:
    """The distribution of the total of ``expression`` with every dice term rolled
    ``multiplier`` times over (as :func:`dice.roll` rolls it); the modifier added once."""
    total = POINT_ZERO
    for t in expression.terms:
        count = t.count * multiplier
        if t.keep is None:
            part = sum_dice(count, t.sides)
        else:
            part = keep_dice(count, t.sides, t.keep * multiplier, t.keep_lowest)
        total = total.plus(part if t.sign > 0 else part.negated())
    return total.shifted(expression.modifier)


def clamp_counts(dist: Dist) -> dict[int, int]:
    """``max(0, total)``: damage is never negative."""
    out: dict[int, int] = defaultdict(int)
    for value, w in dist.counts().items():
        out[max(0, value)] += w
    return dict(out)


# --------------------------------------------------------------------------------------------
# The target's HP as damage lands (mirrors damage.deal_damage)

TargetState = tuple[int, int, bool, int]
"""(temporary HP, HP, dead, death save failures)."""


@dataclass(slots=True, frozen=True)
class _Victim:
    max_hp: int
    pc_rules: bool
    threshold: int
    knockout: bool
    """The attack may knock out instead of kill (knockout flag and a melee attack)."""

    def land(self, s: TargetState, amount: int, critical: bool) -> tuple[TargetState, bool]:
        """The state after ``amount`` damage, and whether it was an instant death."""
        temp, hp, dead, failures = s
        if dead:
            return s, False
        absorbed = min(temp, amount)
        temp -= absorbed
        remaining = amount - absorbed
        if hp > 0:
            lost = min(hp, remaining)
            hp -= lost
            if hp == 0 and lost > 0:
                if remaining - lost >= self.threshold:
                    return (temp, 0, True, failures), True
                if self.knockout or self.pc_rules:
                    return (temp, 0, False, 0), False
                return (temp, 0, True, failures), False
            return (temp, hp, False, failures), False
        if remaining > 0:
            if remaining >= self.max_hp:
                return (temp, 0, True, failures), True
            failures = min(3, failures + (2 if critical else 1))
            return (temp, 0, failures >= 3, failures), False
        return (temp, hp, False, failures), False


@dataclass(slots=True, frozen=True)
class _Hit:
    """A damage effect a critical-table band deals to the target after the attack's own:
    (amount, weight) pairs over ``total``."""

    counts: tuple[tuple[int, int], ...]
    total: int
    critical: bool

    @classmethod
    def of(cls, counts: dict[int, int], critical: bool) -> _Hit:
        return cls(tuple(sorted(counts.items())), sum(counts.values()), critical)


# --------------------------------------------------------------------------------------------
# The queries


class OddsRules(RulesetCore):
    """``attackOdds`` and ``encounterOdds``; add to the ruleset's bases to enable them."""

    # ------------------------------------------------------------------ attackOdds

    def attack_odds(
        self, draft: Draft, action: AttackOdds, rng: Random, log: EventLog
    ) -> AttackOddsOutcome:
        setup = self.prepare_attack(draft, action)
        attacker, target, attack = setup.attacker, setup.target, setup.attack
        cover, cover_source, adv, dis, ac = (
            setup.cover,
            setup.cover_source,
            setup.advantage,
            setup.disadvantage,
            setup.ac,
        )
        expression = dice.parse(attack.damage)
        half_again = self.critical_damage == "half-again"
        crit_multiplier = 1 if half_again else 2
        tables = bool(getattr(self, "uses_critical_tables", False))
        self._odds_check_size(expression, crit_multiplier, tables)

        faces = natural_odds(self.attack_die, bool(adv), bool(dis))
        p_hit = p_crit = p_fumble = Fraction(0)
        for natural, p in faces.items():
            critical = natural >= self.critical_min
            fumble = natural <= self.fumble_max
            hit = critical or (not fumble and natural + attack.bonus >= ac)
            p_hit += p if hit else 0
            p_crit += p if critical else 0
            p_fumble += p if fumble and not hit else 0

        victim = _Victim(
            target.max_hp,
            target.follows_pc_death_rules,
            self.instant_death_multiplier * target.max_hp,
            action.knockout and attack.kind == "melee",
        )
        start: TargetState = (target.temp_hp, target.hp, target.dead, target.death_saves.failures)
        excludes = [
            "attacks refused at resolution time by the turn budget (odds spend nothing)",
        ]
        results: dict[tuple[int, bool, bool, bool], Fraction] = defaultdict(Fraction)
        results[(0, False, False, False)] += 1 - p_hit

        plain = clamp_counts(expression_dist(expression))
        if half_again:
            crit: dict[int, int] = defaultdict(int)
            for v, w in plain.items():
                crit[v + v // 2] += w
        else:
            crit = clamp_counts(expression_dist(expression, crit_multiplier))
        plain_total = sum(plain.values())
        crit_total = sum(crit.values())
        apply_main = action.apply_damage
        if not apply_main:
            excludes.append("the attack's own damage: applyDamage is false (it is rolled only)")

        def add(
            counts: dict[int, int], total: int, p: Fraction, critical: bool, bands: list[_Hit]
        ) -> None:
            if p == 0:
                return
            joint = _land_all(victim, start, counts, total, critical, apply_main, bands)
            denominator = total * math.prod(b.total for b in bands) * p.denominator
            for key, w in joint.items():
                results[key] += Fraction(w * p.numerator, denominator)

        add(plain, plain_total, p_hit - p_crit, False, [])
        bands_out: list[BandChance] = []
        if tables:
            hit_table = ct.load_table(ct.table_for(attack.kind, True))
            by_hits: dict[tuple[_Hit, ...], Fraction] = defaultdict(Fraction)
            for band in hit_table.bands:
                p_band = p_crit * Fraction(band.high - band.low + 1, 100)
                hits = self._odds_band_hits(draft, attacker, attack, band, excludes)
                by_hits[tuple(hits)] += p_band
                bands_out.append(_band_chance(hit_table, band, p_band))
            for hits_key, p_group in by_hits.items():
                add(crit, crit_total, p_group, True, list(hits_key))
            fumble_table = ct.load_table(ct.table_for(attack.kind, False))
            for band in fumble_table.bands:
                p_band = p_fumble * Fraction(band.high - band.low + 1, 100)
                self._odds_band_hits(draft, attacker, attack, band, excludes)
                bands_out.append(_band_chance(fumble_table, band, p_band))
            excludes.append(
                "critical-table effects that don't deal damage to the target at once "
                "(conditions, advantage windows, AC, exhaustion, weapons, initiative...)"
            )
            excludes.append("critical-table effects left to a choice (pending choices)")
        else:
            add(crit, crit_total, p_crit, True, [])
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
            cover,
            cover_source,
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
            rule="d100.attack.roll" if self.id == "d100" else "d20.attack.roll",
            advantage=adv,
            disadvantage=dis,
            cover=cover,
        )
        return outcome

    def _odds_check_size(
        self, expression: dice.DiceExpression, multiplier: int, tables: bool
    ) -> None:
        count = expression.dice_count * multiplier
        if count > MAX_ODDS_DICE:
            raise InvalidAction(
                f"{expression.text!r} rolls {count} dice on a critical hit; odds are computed "
                f"for at most {MAX_ODDS_DICE}",
                ("attack", "damage"),
            )
        # the damage itself, and a band's extra set of dice landing after a critical one
        work = expression_work(expression, multiplier) + expression_work(expression, 1)
        if tables:
            work += 8 * _support(expression, multiplier) * _support(expression, 1)
        if work > MAX_ODDS_WORK:
            raise InvalidAction(
                f"{expression.text!r} is too big to compute odds for quickly (about {work} "
                f"steps, at most {MAX_ODDS_WORK})",
                ("attack", "damage"),
            )

    def _odds_band_hits(
        self,
        draft: Draft,
        attacker: Combatant,
        attack: Attack,
        band: ct.Band,
        excludes: list[str],
    ) -> list[_Hit]:
        """The band's effects that deal damage to the target at once, in order; notes what
        it can't include."""
        hits: list[_Hit] = []
        for effect in band.effects_for(attack.kind):
            if effect.choice is not None:
                continue
            if not _hands_ok(attacker, effect.requires):
                continue
            if isinstance(effect, ct.ExtraDamageDice):
                if effect.who != "target":
                    excludes.append("extra damage dice a critical-table band deals the attacker")
                    continue
                parsed = dice.parse(attack.damage)
                if not parsed.terms:
                    continue
                only = dice.DiceExpression(parsed.text, parsed.terms, 0)
                counts = clamp_counts(expression_dist(only, effect.sets))
                hits.append(_Hit.of(counts, True))
            elif isinstance(effect, ct.Damage):
                if effect.who != "target":
                    excludes.append("damage critical-fumble bands deal to the attacker")
                    continue
                hits.append(_damage_effect(effect))
            elif isinstance(effect, ct.SelfHit):
                excludes.append("damage critical-fumble bands deal to the attacker")
            elif isinstance(effect, (ct.Check, ct.GrantAction)) and any(
                isinstance(e, (ct.Damage, ct.ExtraDamageDice, ct.SelfHit))
                for e in ct.iter_effects((effect,))
            ):
                excludes.append("damage from saves and checks nested in critical-table bands")
        return hits

    # ------------------------------------------------------------------ encounterOdds

    def encounter_odds(
        self, draft: Draft, action: EncounterOdds, rng: Random, log: EventLog
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
        for _ in range(action.runs):
            run_rng = Random(rng.getrandbits(64))
            winner, taken = self._odds_play(start, order, first, action.max_rounds, run_rng)
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
            action.runs,
            finished,
            mean,
            low,
            high,
            [SideChance(s, wins[s], round(wins[s] / action.runs, DIGITS)) for s in sides],
            round((action.runs - finished) / action.runs, DIGITS),
        )
        log.note(
            "odds",
            f"{action.runs} simulated fights: "
            + ", ".join(f"{s} wins {wins[s] / action.runs:.1%}" for s in sides)
            + (f"; {mean:.2f} rounds on average" if mean is not None else ""),
            rule="d20.order.steps",
            runs=action.runs,
        )
        return outcome

    def _odds_play(
        self, start: Encounter, order: Sequence[str], first: int, max_rounds: int, rng: Random
    ) -> tuple[str | None, int]:
        """One fight: the winning side (None if undecided) and the rounds it took."""
        from .ruleset import apply  # the engine's entry point (imported late: no cycle)

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
                foe = self._odds_nearest_foe(enc, me)
                if foe is None:
                    continue
                attack = ResolveAttack(me.id, foe.id, attack_name=me.attacks[0].name, spend="free")
                try:
                    enc = apply(enc, attack, rng).encounter
                except IllegalAction:
                    continue
                attacked = True
                standing = _standing_sides(enc)
                if len(standing) <= 1:
                    return (standing[0] if standing else None), round_no
            if not attacked:
                return None, round_no
        return None, max_rounds

    def _odds_nearest_foe(self, enc: Encounter, me: Combatant) -> Combatant | None:
        geometry = self.geometry(enc.grid)
        mine = self.space(geometry, me)
        best: tuple[int, int] | None = None
        found: Combatant | None = None
        for i, other in enumerate(enc.combatants):
            if other.side == me.side or not _standing(other):
                continue
            d = geometry.space_distance(mine, self.space(geometry, other))
            if best is None or (d, i) < best:
                best, found = (d, i), other
        return found


# --------------------------------------------------------------------------------------------
# Helpers


def natural_odds(sides: int, advantage: bool, disadvantage: bool) -> dict[int, Fraction]:
    """The kept face of the attack die: one die, or the higher (lower) of two; advantage
    and disadvantage cancel (``d20.attack.roll``)."""
    square = sides * sides
    if advantage and not disadvantage:
        return {v: Fraction(2 * v - 1, square) for v in range(1, sides + 1)}
    if disadvantage and not advantage:
        return {v: Fraction(2 * (sides - v) + 1, square) for v in range(1, sides + 1)}
    return {v: Fraction(1, sides) for v in range(1, sides + 1)}


def _land_all(
    victim: _Victim,
    start: TargetState,
    counts: dict[int, int],
    total: int,
    critical: bool,
    apply_main: bool,
    hits: list[_Hit],
) -> dict[tuple[int, bool, bool, bool], int]:
    """(damage dealt, dropped, died, instant death) -> weight, over ``total`` times the
    bands' totals."""
    layer: dict[tuple[int, TargetState, bool], int] = defaultdict(int)
    for amount, w in counts.items():
        if apply_main:
            state, inst = victim.land(start, amount, critical)
        else:
            state, inst = start, False
        layer[(amount, state, inst)] += w
    for hit in hits:
        nxt: dict[tuple[int, TargetState, bool], int] = defaultdict(int)
        for (dealt, state, inst), w in layer.items():
            if state[2]:  # dead: the band's effect does not apply
                nxt[(dealt, state, inst)] += w * hit.total
                continue
            for amount, hw in hit.counts:
                after, now = victim.land(state, amount, hit.critical)
                nxt[(dealt + amount, after, inst or now)] += w * hw
        layer = nxt
    out: dict[tuple[int, bool, bool, bool], int] = defaultdict(int)
    for (dealt, state, inst), w in layer.items():
        dropped = start[1] > 0 and state[1] == 0
        died = not start[2] and state[2]
        out[(dealt, dropped, died, inst)] += w
    return out


def _damage_effect(effect: ct.Damage) -> _Hit:
    """A band's ``damage`` effect: each roll at least 0, summed, halved (rounded down)."""
    counts: dict[int, int] = {0: 1}
    total = 1
    for part in effect.rolls:
        dist = clamp_counts(expression_dist(dice.parse(part.dice)))
        merged: dict[int, int] = defaultdict(int)
        for a, wa in counts.items():
            for b, wb in dist.items():
                merged[a + b] += wa * wb
        counts, total = dict(merged), total * sum(dist.values())
    if effect.half:
        halved: dict[int, int] = defaultdict(int)
        for v, w in counts.items():
            halved[v // 2] += w
        counts = dict(halved)
    return _Hit.of(counts, False)


def _hands_ok(attacker: Combatant, requires: str | None) -> bool:
    if requires is None:
        return True
    both = "both-hands-in-use" in attacker.features
    return both if requires == "both_hands_in_use" else not both


def _band_chance(table: ct.Table, band: ct.Band, p: Fraction) -> BandChance:
    return BandChance(table.table.value, band.low, band.high, band.title, _float(p))


def _float(p: Fraction) -> float:
    return round(float(p), DIGITS)


def _standing(c: Combatant) -> bool:
    return not c.dead and c.hp > 0


def _standing_sides(enc: Encounter) -> list[str]:
    return sorted({c.side for c in enc.combatants if _standing(c)})

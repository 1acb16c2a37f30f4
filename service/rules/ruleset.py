"""The base ruleset: the ``d20`` rules every ruleset inherits, as flags and named hooks.

RULES.md: "where a seed is silent, the d20 rules are the base that the other two rulesets
inherit". A ruleset is a subclass that changes class flags (dice, thresholds, its size
ladder, how reactions come back...) and overrides some of the hooks below. The pipelines
that call the hooks, in order, are in :mod:`service.rules.actions` (``attack``, ``turn``,
``movement``...); the mechanics they share are in :mod:`service.rules.mechanics`.

The hooks are named one way, by what the pipeline asks of them. A hook named
``before_<step>`` or ``after_<step>`` runs at that moment of a pipeline (a ``before_`` hook
may refuse the step by raising :class:`IllegalAction`):

==========================  ==================================================  =============
hook                        when it runs                                        overridden by
==========================  ==================================================  =============
``before_combat``           before initiative is rolled (again)                 d10
``before_turn``             before a creature's turn is set up                  d10
``after_turn_start``        once a creature's turn has started                  d100, d10
``after_turn_end``          once a creature's turn has ended                    d20, d10
``after_round_start``       once a new round has begun, before its first turn   d20
``before_attack``           before an attack roll: may it be made at all        d100
``after_attack``            once an attack is done (reveal, ammo, condition)    d100
``before_move``             before a move: refuse it, or settle what it needs   d100
``after_step``              after each step: what it carries along or breaks    d100
``after_action``            once an action is done (may hold part of it back)   d10
==========================  ==================================================  =============

Any other hook answers a question a pipeline asks, and is named for its answer (a noun; a
yes-or-no question, ``holds``, a verb). ``deal_damage`` is the step itself, which a ruleset
may replace whole:

==========================  ==================================================  =============
hook                        what it decides                                     overridden by
==========================  ==================================================  =============
``order_of_combat``         the initiative order (rolled, or from positions)    d100, d10
``attack_modifiers``        the sources of advantage and disadvantage           d100
``critical_table``          a critical table rolled before the damage lands     d20
``critical_band_odds``      the critical bands an attack's odds include         d20
``turn_speed``              the movement a turn starts with                     d100
``terrain``                 extra terrain a mover meets (climbing, swimming)    d10
``flying_speed``            whether and how fast a creature flies               d10
``interaction_cost``        what using a device costs                           d10
``holds``                   whether what is done to a creature now waits        d10
``deal_damage``             when and how damage lands                           d10
==========================  ==================================================  =============

The services the pipelines share live with their idea, not here: the combatant lookup on
:class:`~service.rules.model.Draft` (``draft.combatant``, ``draft.actor``), the map of an
action in :mod:`service.rules.mechanics.space` (``board_of``, ``board_for``, on the ruleset's
size ladder), the turn economy in :mod:`service.rules.mechanics.economy` (``spend``,
``reset_budget``, ``has_bonus_action``, ``surprise``, reading the ruleset's flags), the death
rules' view of a creature in :mod:`service.rules.mechanics.damage` (``Victim.of``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from random import Random
from typing import ClassVar, Literal

from .errors import IllegalAction
from .events import EventLog
from .grid import Cell as GridCell
from .grid import Occupant
from .mechanics import concentration, exhaustion, initiative
from .mechanics.checks import reveal
from .mechanics.damage import Victim, deal_damage
from .mechanics.distributions import DamageDist
from .mechanics.grapple import GRAPPLING, end_broken_grapples, holders, involved, moving_grapples
from .mechanics.modifiers import attack_sources, effect_active, reach_of
from .mechanics.space import board_of
from .model import (
    Attack,
    Combatant,
    Cond,
    CoverDegree,
    Draft,
    Encounter,
    InitiativeEntry,
    Spend,
)
from .model.outcomes import AttackOutcome, DamageOutcome
from .model.requests import RollInitiative


@dataclass(frozen=True, slots=True)
class RuleIds:
    """The RULES.md ids a ruleset writes for the base rules it states in its own words.

    Every event and error is written with the id of the ruleset that decided it: the base
    pipelines take these from ``ruleset.rule_ids`` instead of writing a d20 id.
    """

    attack_roll: str = "d20.attack.roll"
    critical_damage: str = "d20.crit.damage"
    instant_death: str = "d20.death.instant"
    knockout: str = "d20.death.knockout"
    hide: str | None = None
    """The rule a Hide's Stealth roll is logged under (the d20 base names none)."""
    object_interaction: str = "d20.turn.object"
    bonus_action: str = "d20.turn.economy"
    move_through: str = "d20.size.space"
    """The rule a move refused through a hostile creature's space is logged under."""
    dash: str = "d20.turn.economy"
    disengage: str = "d20.oa.exempt"
    dodge: str = "d20.turn.economy"
    help: str = "d20.turn.economy"
    ready: str = "d20.ready.trigger"
    reveal: str = "d20.hide"
    """The rule a hidden attacker's reveal is logged under."""
    search: str = "d20.hide"
    """The rule a Search's finds are logged under."""
    grappled: str = "d20.cond"
    """The rule a grappled creature's refused move is logged under."""
    stand_up: str = "d20.cond"
    """The rule standing up from prone is decided and logged under (d20's conditions borrow
    d100's half-speed cost)."""
    drop_prone: str = "d20.cond"
    """The rule dropping prone is logged under."""


@dataclass(frozen=True, slots=True)
class AttackSetup:
    """Everything an attack roll depends on, decided before the die is rolled."""

    attacker: Combatant
    target: Combatant
    attack: Attack
    cover: CoverDegree
    cover_source: Literal["computed", "stated", "none"]
    advantage: list[str]
    disadvantage: list[str]
    ac: int
    """The AC to meet: the target's, plus cover, plus AC effects against this attacker."""
    close_critical: bool = False
    """Every hit is a critical hit (``d20.cond``: paralyzed or unconscious, within 5 ft)."""


@dataclass(frozen=True, slots=True)
class Hit:
    """One instance of damage about to land: how much, on whom, from what."""

    target_id: str
    amount: int
    critical: bool = False
    source_id: str | None = None
    melee: bool = False
    knockout: bool = False


class CriticalRoll:
    """What a roll on a critical table (the ``critical_table`` hook) does to its attack:
    ``extra_damage`` joins the attack's own damage, one instance with it (``d20.crit.effects``
    decision 3); :meth:`apply` applies the rest of the band once that damage has landed."""

    extra_damage: int = 0

    def apply(self) -> None:
        """The band's other effects, in order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BandOdds:
    """A band of a critical table, for the odds: its span, the damage dice it adds to the
    attack's own damage (``extra``, landing with it), and the other damage it deals the
    target at once (``hits``, each landing after it, in order)."""

    table: str
    low: int
    high: int
    title: str
    hits: tuple[DamageDist, ...] = ()
    extra: DamageDist | None = None


class Ruleset:
    """The d20 base. Subclasses set ``id`` and ``title`` and override flags and hooks."""

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    supported: ClassVar[bool] = True

    attack_die: ClassVar[int] = 20
    critical_min: ClassVar[int] = 20
    """A natural roll at or above this hits and is a critical hit."""
    fumble_max: ClassVar[int] = 1
    """A natural roll at or below this misses."""
    initiative_die: ClassVar[int | None] = 20
    """The die initiative rolls (plus the bonus); None where the order comes from positions."""
    critical_damage: ClassVar[Literal["double-dice", "half-again"]] = "double-dice"
    """What a critical hit does to damage: every die rolled twice (d20), or 50% more (d100)."""
    instant_death_multiplier: ClassVar[int] = 2
    """Instant death when the damage left at 0 HP is at least this many times max HP."""
    uses_critical_tables: ClassVar[bool] = False
    sizes: ClassVar[tuple[str, ...]] = ("tiny", "small", "medium", "large", "huge", "gargantuan")
    square_extent: ClassVar[dict[str, int]] = {
        "tiny": 1,
        "small": 1,
        "medium": 1,
        "large": 2,
        "huge": 3,
        "gargantuan": 4,
    }
    """Side of a creature's space in 5-ft cells, by size."""
    tile_share: ClassVar[dict[str, int]] = {"tiny": 4}
    """How many creatures of a size share one cell (``d20.size.space``); 1 when absent."""
    reaction_returns: ClassVar[Literal["turn", "round"]] = "turn"
    """When a used reaction comes back: at the start of its owner's turn, or of a new round."""
    bonus_action_needs_grant: ClassVar[bool] = False
    """Whether a creature has a bonus action only when a feature grants one."""
    cover_save_ability: ClassVar[str] = "dexterity"
    """The saving throw cover protects."""
    creature_space_difficult: ClassVar[bool] = False
    """Whether another creature's space is difficult terrain for a mover passing through it
    (d100.move.through); in the d20 base an ally lets a mover through at no extra cost."""
    revealed_by: ClassVar[Literal["attack", "hit"]] = "attack"
    """``d20.hide``: a hidden attacker stops being hidden when its attack is made, hit or miss;
    d100 (``d100.unseen.attacker``): only when it hits."""
    search_by_dc: ClassVar[bool] = False
    """``d20.hide``: a searcher rolls Wisdom (Perception) against each hidden creature's
    Stealth total; d100 (``d100.hide.contest``): the DM's DC stands for that roll."""
    hostile_passable_size_gap: ClassVar[int | None] = None
    """A hostile creature's space is passable when the sizes differ by at least this many
    steps (d100: 2); None: never (the d20 base: "other creatures can't get through unless
    the hobgoblin lets them", seed 000)."""
    rule_ids: ClassVar[RuleIds] = RuleIds()

    # -- hooks -----------------------------------------------------------------------------

    def order_of_combat(
        self, draft: Draft, request: RollInitiative, rng: Random, log: EventLog
    ) -> list[InitiativeEntry]:
        """The initiative order: d20 + bonus each (``d20.init.roll``); groups roll once
        (``d20.init.groups``); companions follow their controller (``d20.init.companions``)."""
        die = self.initiative_die
        assert die is not None, f"{self.id} rolls no initiative: it overrides order_of_combat"
        return initiative.roll_d20_order(draft, die, rng, log)

    def before_attack(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> None:
        """Before an attack is rolled (and before a reactor is offered an opportunity
        attack): refuse an attack the rules forbid, a downed attacker, a dead target
        (``d20.hp.zero``), a target out of reach or range (``d20.grid.range``)."""
        if attacker.dead or attacker.incapacitated or attacker.hp == 0:
            state = (
                "dead"
                if attacker.dead
                else "incapacitated"
                if attacker.incapacitated
                else "at 0 HP"
            )
            raise IllegalAction(f"{attacker.name} is {state} and can't attack", "d20.hp.zero")
        if target.dead:
            raise IllegalAction(f"{target.name} is already dead", "d20.hp.zero")
        board = board_of(draft, self)
        if not reach_of(board, attacker, target, attack)[0]:
            feet = board.distance_ft(attacker, target)
            melee = attack.kind == "melee"
            limit = attack.reach if melee else attack.long_range or attack.range
            raise IllegalAction(
                f"{target.name} is {feet} ft from {attacker.name}, beyond the {limit} ft "
                f"{'reach' if melee else 'range'} of {attack.name}",
                "d20.grid.range",
            )

    def attack_modifiers(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> tuple[list[str], list[str]]:
        """The sources of advantage and of disadvantage the state gives this attack
        (``d20.attack.sources``)."""
        return attack_sources(board_of(draft, self), draft.encounter, attacker, target, attack)

    def deal_damage(self, draft: Draft, hit: Hit, rng: Random, log: EventLog) -> DamageOutcome:
        """Deal damage now; every attack and action goes through here, so a ruleset can
        change when damage lands (d10 holds it until a simultaneous step ends). Then a
        concentrating target saves or loses its concentration (``d20.ready.spell``)."""
        outcome = deal_damage(
            draft,
            log,
            hit.target_id,
            hit.amount,
            Victim.of(draft.get(hit.target_id), self.instant_death_multiplier),
            instant_death_rule=self.rule_ids.instant_death,
            critical=hit.critical,
            source_id=hit.source_id,
            melee=hit.melee,
            knockout=hit.knockout,
        )
        concentration.after_damage(draft, hit.target_id, hit.amount, rng, log, hit.source_id)
        return outcome

    def critical_table(
        self, draft: Draft, setup: AttackSetup, outcome: AttackOutcome, rng: Random, log: EventLog
    ) -> CriticalRoll | None:
        """Once the attack roll is judged and its damage rolled, before the damage lands: a
        critical hit or fumble rolls on the ruleset's critical table, if it has one (d20)."""
        return None

    def after_attack(
        self, draft: Draft, setup: AttackSetup, outcome: AttackOutcome, rng: Random, log: EventLog
    ) -> None:
        """What follows an attack once it is resolved, its damage dealt and its critical
        band applied: a hidden attacker is revealed (``d20.hide``, :attr:`revealed_by`).
        A ruleset that overrides it calls it too."""
        if outcome.hit or self.revealed_by == "attack":
            what = "attacks" if self.revealed_by == "attack" else "hits"
            reveal(
                draft,
                setup.attacker.id,
                log,
                self.rule_ids.reveal,
                f"{what} and gives away its location",
            )

    def critical_band_odds(
        self, draft: Draft, attacker: Combatant, attack: Attack, critical: bool, excludes: list[str]
    ) -> list[BandOdds]:
        """For the odds: the bands of the table a critical hit (or fumble) rolls on, each
        with the damage it deals the target; what they can't include goes in ``excludes``.
        Empty without critical tables."""
        return []

    def turn_speed(self, draft: Draft, c: Combatant) -> int:
        """The movement a turn starts with: 0 while grappled or restrained (``d20.cond``);
        speed, halved by a ``speed-halved`` effect, and by exhaustion from level 2 (0 from
        level 5)."""
        if c.conditions and (holders(c) or c.has(Cond.RESTRAINED)):
            return 0
        base = c.speed
        enc = draft.encounter
        if any(e.kind == "speed-halved" and effect_active(enc, e) for e in c.effects):
            base //= 2
        return exhaustion.speed(c, base)

    def before_turn(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Before ``combatant_id``'s turn is set up (its budget, whose turn it is)."""

    def after_turn_start(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Once ``combatant_id``'s turn has started: grapples that no longer hold end
        (``d20.cond``: the grappler incapacitated, or the two out of reach). A ruleset that
        overrides it calls it too."""
        end_broken_grapples(self, draft, log)

    def before_combat(self, draft: Draft, rng: Random, log: EventLog) -> None:
        """Before initiative is rolled, a first time or again mid-fight: settle what the old
        order left open (d10's simultaneous step)."""

    def after_turn_end(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Once ``combatant_id``'s turn has ended (its end-of-turn durations are done)."""

    def after_round_start(self, draft: Draft, rng: Random, log: EventLog) -> None:
        """Once a new round has begun (its round durations are done), before its first turn."""

    def after_action(self, draft: Draft, before: Encounter, log: EventLog) -> None:
        """Once an action is done (``before``: the encounter it started from): a ruleset may
        hold back part of what it did (d10 simultaneous steps)."""

    def holds(self, draft: Draft, target_id: str) -> bool:
        """Whether what an action does to ``target_id`` now waits (``after_action`` takes it
        back and makes it later): its outcome then shows the creature as it stands."""
        return False

    def terrain(self, draft: Draft, mover: Combatant) -> Iterable[Occupant]:
        """Terrain the mover meets besides walls, difficult cells and other creatures."""
        return ()

    def before_move(
        self, draft: Draft, mover_id: str, forced: bool, log: EventLog
    ) -> Collection[str]:
        """Before ``mover_id`` moves (``forced``: moved by something else, or teleporting):
        raise :class:`IllegalAction` to refuse the move. Answers the creatures that move
        along with the mover (``after_step`` moves them): they make no opportunity attacks
        on it. The base: grapples that no longer hold end first; a grappled creature can't
        move itself (speed 0, ``d20.cond``): it escapes first, or is moved by force."""
        end_broken_grapples(self, draft, log)
        draft.memo[GRAPPLING] = involved(draft)
        held = holders(draft.get(mover_id))
        if held and not forced:
            c = draft.get(mover_id)
            names = ", ".join(draft.get(h).name for h in held)
            raise IllegalAction(
                f"{c.name} is grappled by {names}: its speed is 0 (escapeGrapple first)",
                self.rule_ids.grappled,
            )
        if not forced and draft.get(mover_id).has(Cond.RESTRAINED):
            raise IllegalAction(
                f"{draft.get(mover_id).name} is restrained: its speed is 0", "d20.cond"
            )
        return ()

    def after_step(
        self,
        draft: Draft,
        mover_id: str,
        left: tuple[GridCell, ...],
        forced: bool,
        log: EventLog,
    ) -> None:
        """After each step of a move (and after a teleport), the mover already in its new
        place; ``left`` is the space it stood in before the step. A ruleset moves what the
        mover carries along (d100 drags the creatures it grapples) or ends what the step
        breaks; raising :class:`IllegalAction` refuses the whole move. The base ends the
        grapples the step pulled apart; a ruleset that overrides it calls it too."""
        if mover_id in moving_grapples(draft):
            end_broken_grapples(self, draft, log)

    def flying_speed(self, c: Combatant) -> int:
        """The speed ``c`` flies at when a move says ``fly``: its ``fly_speed``; a creature
        without one can't fly."""
        if not c.fly_speed:
            raise IllegalAction(f"{c.name} has no flying speed", "d20.turn.economy")
        return c.fly_speed

    def interaction_cost(self, c: Combatant, device: str | None) -> Spend | None:
        """What using ``device`` costs ``c``: ``None`` for the usual free object interaction
        (``d20.turn.object``), else the part of the turn it takes."""
        return None

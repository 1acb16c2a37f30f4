"""The base ruleset: the ``d20`` rules every ruleset inherits, as flags and named hooks.

RULES.md: "where a seed is silent, the d20 rules are the base that the other two rulesets
inherit". A ruleset is a subclass that changes class flags (dice, thresholds, its size
ladder, how reactions come back...) and overrides some of the hooks below. The pipelines
that call the hooks, in order, are in :mod:`service.rules.actions` (``attack``, ``turn``,
``movement``...); the mechanics they share are in :mod:`service.rules.mechanics`.

The hooks, and who overrides them:

==========================  ==================================================  ============
hook                        what it decides                                     overridden by
==========================  ==================================================  ============
``order_of_combat``         the initiative order (rolled, or from positions)    d100, d10
``check_attack``            whether an attack may be made at all                d100
``attack_modifiers``        the sources of advantage and disadvantage           d100
``deal_damage``             when and how damage lands                           d10
``critical_table``          a critical table rolled before the damage lands     d20
``after_attack``            what follows an attack (ammunition, condition)      d100
``critical_band_odds``      the critical bands an attack's odds include         d20
``turn_speed``              the movement a turn starts with                     d100
``before_turn``             before a creature's turn is set up                  d10
``on_turn_start``           once a creature's turn has started                  d100, d10
``on_turn_end``             once a creature's turn has ended                    d20, d10
``on_round_start``          once a new round has begun                          d20
``terrain``                 extra terrain a mover meets (climbing, swimming)    d10
``before_move``             refuse a move, or settle what it depends on         d100
``after_step``              what a step carries along or breaks (dragging)      d100
``flying_speed``            whether and how fast a creature flies               d10
``interaction_cost``        what using a device costs                           d10
==========================  ==================================================  ============
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from random import Random
from typing import ClassVar, Literal

from .errors import IllegalAction, InvalidAction
from .events import EventLog
from .grid import Cell as GridCell
from .grid import Occupant
from .mechanics import concentration, exhaustion, initiative
from .mechanics.damage import Victim, deal_damage, hp_max
from .mechanics.distributions import DamageDist
from .mechanics.modifiers import attack_sources, effect_active, reach_of
from .mechanics.space import Board, geometry_of
from .mechanics.validation import validate_encounter
from .model import (
    Attack,
    Combatant,
    Cond,
    Condition,
    CoverDegree,
    Draft,
    Duration,
    Grid,
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


@dataclass(frozen=True, slots=True)
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


BONUS_ACTION_GRANT = "bonus-action:"
"""A feature whose name starts with this grants a bonus action where bonus actions need one
(``Ruleset.bonus_action_needs_grant``)."""


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
    reaction_returns: ClassVar[Literal["turn", "round"]] = "turn"
    """When a used reaction comes back: at the start of its owner's turn, or of a new round."""
    bonus_action_needs_grant: ClassVar[bool] = False
    """Whether a creature has a bonus action only when a feature grants one."""
    cover_save_ability: ClassVar[str] = "dexterity"
    """The saving throw cover protects."""
    creature_space_difficult: ClassVar[bool] = False
    """Whether another creature's space is difficult terrain for a mover passing through it
    (d100.move.through); in the d20 base an ally lets a mover through at no extra cost."""
    hostile_passable_size_gap: ClassVar[int | None] = None
    """A hostile creature's space is passable when the sizes differ by at least this many
    steps (d100: 2); None: never (the d20 base: "other creatures can't get through unless
    the hobgoblin lets them", seed 000)."""
    rule_ids: ClassVar[RuleIds] = RuleIds()

    # -- services the pipelines share ------------------------------------------------------

    def board(self, draft: Draft) -> Board:
        """The map as this action sees it, built (or found in the cache) once per action."""
        board = draft.memo.get("board")
        if board is None:
            board = draft.memo["board"] = self.board_for(draft.encounter.grid)
        assert isinstance(board, Board)
        return board

    def board_for(self, grid: Grid) -> Board:
        """A map on this ruleset's size ladder."""
        return Board(geometry_of(grid), self.square_extent, self.sizes)

    def validate(self, draft: Draft) -> None:
        """Refuse an encounter whose types are right but whose contents are not (two
        creatures in one cell, a size this ruleset doesn't know...)."""
        validate_encounter(draft.encounter, self.board(draft))

    def combatant(self, draft: Draft, combatant_id: str, field: str) -> Combatant:
        """The combatant, or an :class:`InvalidAction` at the request's ``field``."""
        try:
            return draft.get(combatant_id)
        except InvalidAction as e:
            raise e.at(field) from None

    def actor(self, draft: Draft, combatant_id: str, field: str = "combatantId") -> Combatant:
        """A combatant about to act: refused when dead or incapacitated."""
        c = self.combatant(draft, combatant_id, field)
        if c.dead or c.incapacitated:
            state = "dead" if c.dead else "incapacitated"
            raise IllegalAction(f"{c.name} is {state} and can't act", "d20.hp.zero")
        return c

    def can_see(self, draft: Draft, viewer: Combatant, seen: Combatant) -> bool:
        """Whether ``viewer`` can see ``seen`` (``d20.facing.none``)."""
        return self.board(draft).can_see(draft.encounter, viewer, seen)

    def victim(self, c: Combatant) -> Victim:
        """What the death rules need of ``c``: its hit point maximum (halved by exhaustion
        from level 4), whether it follows the PC rules, the instant-death multiplier."""
        return Victim(hp_max(c), c.follows_pc_death_rules, self.instant_death_multiplier)

    def has_bonus_action(self, c: Combatant) -> bool:
        """Whether the creature has a bonus action to take at all (``d20.turn.economy``;
        where they need a grant, a ``bonus-action:…`` feature)."""
        if not self.bonus_action_needs_grant:
            return True
        return any(f.startswith(BONUS_ACTION_GRANT) for f in c.features)

    def reset_budget(self, draft: Draft, c: Combatant) -> None:
        """A fresh turn: action, bonus action, full movement, one object interaction, and the
        reaction where it comes back with the turn (``d20.turn.economy``)."""
        b = c.budget
        b.action = b.object_interaction = True
        if self.reaction_returns == "turn":
            b.reaction = True
        b.bonus_action = self.has_bonus_action(c)
        b.movement = self.turn_speed(draft, c)
        b.attacks_left = 0

    def surprise(self, c: Combatant, log: EventLog) -> None:
        """``d20.order.surprise``: can't move or act on its first turn, nor react until it ends."""
        c.conditions.append(Condition(Cond.SURPRISED, None, Duration("end", c.id, turns=0)))
        c.budget.reaction = False
        log.note("surprised", f"{c.name} is surprised", target=c.id, rule="d20.order.surprise")

    def spend(
        self,
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
        enc = draft.encounter
        c = draft.get(combatant_id)
        if what == "bonus-action" and self.bonus_action_needs_grant:
            self._check_granted_bonus_action(draft, c)
        if what != "reaction" and enc.turn_of is not None and enc.turn_of != combatant_id:
            raise IllegalAction(
                f"it is {draft.get(enc.turn_of).name}'s turn, not {c.name}'s",
                "d20.turn.economy",
            )
        if c.has(Cond.SURPRISED) and (what == "reaction" or enc.turn_of == combatant_id):
            raise IllegalAction(
                f"{c.name} is surprised: it can't "
                + ("react until its turn ends" if what == "reaction" else "act this turn"),
                "d20.order.surprise",
            )
        c = draft.edit(combatant_id)
        b = c.budget
        if what == "action":
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
        elif what == "bonus-action":
            if not b.bonus_action:
                raise IllegalAction(
                    f"{c.name} has no bonus action left this turn", "d20.turn.economy"
                )
            b.bonus_action = False
        elif what == "reaction":
            if not b.reaction:
                raise IllegalAction(f"{c.name} has already used its reaction", "d20.turn.economy")
            b.reaction = False

    def _check_granted_bonus_action(self, draft: Draft, c: Combatant) -> None:
        rule = self.rule_ids.bonus_action
        if not self.has_bonus_action(c):
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

    # -- hooks -----------------------------------------------------------------------------

    def order_of_combat(
        self, draft: Draft, request: RollInitiative, rng: Random, log: EventLog
    ) -> list[InitiativeEntry]:
        """The initiative order: d20 + bonus each (``d20.init.roll``); groups roll once
        (``d20.init.groups``); companions follow their controller (``d20.init.companions``)."""
        die = self.initiative_die
        assert die is not None, f"{self.id} rolls no initiative: it overrides order_of_combat"
        return initiative.roll_d20_order(draft, die, rng, log)

    def check_attack(
        self, draft: Draft, attacker: Combatant, target: Combatant, attack: Attack
    ) -> None:
        """Refuse an attack the rules forbid before any roll: a downed attacker, a dead
        target (``d20.hp.zero``), a target out of reach or range (``d20.grid.range``)."""
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
        board = self.board(draft)
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
        return attack_sources(self.board(draft), draft.encounter, attacker, target, attack)

    def deal_damage(self, draft: Draft, hit: Hit, rng: Random, log: EventLog) -> DamageOutcome:
        """Deal damage now; every attack and action goes through here, so a ruleset can
        change when damage lands (d10 holds it until a simultaneous step ends). Then a
        concentrating target saves or loses its concentration (``d20.ready.spell``)."""
        outcome = deal_damage(
            draft,
            log,
            hit.target_id,
            hit.amount,
            self.victim(draft.get(hit.target_id)),
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
        band applied."""

    def critical_band_odds(
        self, draft: Draft, attacker: Combatant, attack: Attack, critical: bool, excludes: list[str]
    ) -> list[BandOdds]:
        """For the odds: the bands of the table a critical hit (or fumble) rolls on, each
        with the damage it deals the target; what they can't include goes in ``excludes``.
        Empty without critical tables."""
        return []

    def turn_speed(self, draft: Draft, c: Combatant) -> int:
        """The movement a turn starts with: speed, halved by a ``speed-halved`` effect, and
        by exhaustion from level 2 (0 from level 5)."""
        base = c.speed
        enc = draft.encounter
        if any(e.kind == "speed-halved" and effect_active(enc, e) for e in c.effects):
            base //= 2
        return exhaustion.speed(c, base)

    def before_turn(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Before ``combatant_id``'s turn is set up (its budget, whose turn it is)."""

    def on_turn_start(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Once ``combatant_id``'s turn has started."""

    def on_turn_end(self, draft: Draft, combatant_id: str, rng: Random, log: EventLog) -> None:
        """Once ``combatant_id``'s turn has ended (its end-of-turn durations are done)."""

    def on_round_start(self, draft: Draft, rng: Random, log: EventLog) -> None:
        """Once a new round has begun (its round durations are done), before its first turn."""

    def terrain(self, draft: Draft, mover: Combatant) -> Iterable[Occupant]:
        """Terrain the mover meets besides walls, difficult cells and other creatures."""
        return ()

    def before_move(
        self, draft: Draft, mover_id: str, forced: bool, log: EventLog
    ) -> Collection[str]:
        """Before ``mover_id`` moves (``forced``: moved by something else, or teleporting):
        raise :class:`IllegalAction` to refuse the move. Answers the creatures that move
        along with the mover (``after_step`` moves them): they make no opportunity attacks
        on it."""
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
        breaks; raising :class:`IllegalAction` refuses the whole move."""

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

"""What a client can ask the engine to do: the parameters of every base action and query.

Each is a plain dataclass; the transports validate a request's JSON straight into it (field
names become camelCase on the wire) and :func:`service.rules.apply` dispatches on its type to
the action's pipeline in :mod:`service.rules.actions`. The actions a ruleset adds of its own
(d100's reload, shove, grapple...) define their parameters in the ruleset's package.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Ge, Le, Len

from .combatant import Attack
from .values import MAX_COMBATANTS, Cell, CoverDegree, Id, Spend

Text = Annotated[str, Len(1, 400)]
Initiative = Annotated[int, Ge(-1000), Le(1000)]
PotionSource = Literal["hand", "pouch", "belt", "backpack"]
OtherReactors = Literal["take", "decline"]
MAX_RUNS = 2000
"""Most runs ``encounterOdds`` may simulate."""
MAX_ROUNDS = 100
"""Most rounds one simulated fight may last."""


@dataclass(slots=True)
class RollInitiative:
    """Roll initiative for every combatant, set round 1 and start the first turn."""

    surprised: list[Id] = field(default_factory=list)
    """Combatants the DM rules surprised: they can't move or act on their first turn."""
    order: list[Id] | None = None
    """d100: the order the players declare (in the open): no roll."""
    entry_point: Cell | None = None
    """d100: the entrance of a building: the nearest combatant acts first, no roll."""
    initiator_id: Id | None = None
    """d10: the creature whose hostile action started the fight (it gains no precedence)."""
    heard_by: list[Id] = field(default_factory=list)
    """d10: creatures that hear the initiator (aware even without line of sight)."""


@dataclass(slots=True)
class ResolveAttack:
    """One attack roll by ``attacker_id`` against ``target_id``, and its damage on a hit."""

    attacker_id: Id
    target_id: Id
    attack_name: Annotated[str, Len(1, 80)] | None = None
    """The name of one of the attacker's attacks; omitted means ``attack`` or its first."""
    attack: Attack | None = None
    """An attack described inline, instead of one of the attacker's."""
    advantage: bool = False
    """Advantage the caller grants, on top of what the state gives."""
    disadvantage: bool = False
    cover: CoverDegree | None = None
    """A cover degree the DM states; it wins over the computed one."""
    apply_damage: bool = True
    """False rolls the damage but leaves the target's HP alone."""
    knockout: bool = False
    """Knock the target out instead of killing it if a melee hit drops it to 0 HP."""
    spend: Spend = "action"
    """What the attack uses: the action (an Attack action), a bonus action, the reaction, or
    nothing (the DM's fiat)."""


@dataclass(slots=True)
class ApplyDamage:
    """Damage dealt to ``target_id`` by anything: temp HP first, then HP."""

    target_id: Id
    amount: Annotated[int, Ge(0), Le(1_000_000)]
    critical: bool = False
    """The damage comes from a critical hit (two death-save failures at 0 HP)."""
    source_id: Id | None = None
    melee: bool = False
    """The damage comes from a melee attack by ``source_id`` (a knockout needs one)."""
    knockout: bool = False
    damage_type: Annotated[str, Len(0, 40)] | None = None


@dataclass(slots=True)
class NextTurn:
    """End the current turn and start the next living combatant's (a new round after the last)."""

    expected_turn_of: Id | None = None
    """Whose turn the caller believes is ending; refused if it is someone else's (a guard
    against ending the same turn twice)."""


@dataclass(slots=True)
class LowerInitiative:
    """Move a combatant down the order (``d20.init.lower``); raising needs a named feature."""

    combatant_id: Id
    initiative: Initiative
    """The new initiative count."""
    feature: Annotated[str, Len(1, 80)] | None = None
    """One of the combatant's ``features`` (a feat, magic) that lets it raise its initiative."""


@dataclass(slots=True)
class Dash:
    """Extra movement equal to your speed this turn."""

    combatant_id: Id
    spend: Spend = "action"
    """The action, or a bonus action a feature grants."""


@dataclass(slots=True)
class Disengage:
    """Your movement provokes no opportunity attacks until the end of this turn."""

    combatant_id: Id
    spend: Spend = "action"


@dataclass(slots=True)
class Dodge:
    """Until the start of your next turn you are ``dodging``."""

    combatant_id: Id
    spend: Spend = "action"


@dataclass(slots=True)
class Help:
    """Give an ally advantage on its next ability check (no ``target_id``), or on its next
    attack against ``target_id``, before the start of your next turn."""

    combatant_id: Id
    ally_id: Id
    target_id: Id | None = None
    task: Text | None = None
    """What the check is for (a note only)."""
    spend: Spend = "action"


@dataclass(slots=True)
class Hide:
    """A Stealth check (d20 + stealth, else Dexterity); the total is what searchers must beat."""

    combatant_id: Id
    spend: Spend = "action"


@dataclass(slots=True)
class Ready:
    """Hold an action (or a move, or a spell) for a perceivable trigger (``d20.ready.*``)."""

    combatant_id: Id
    trigger: Text
    action: Annotated[str, Len(1, 40)] = "attack"
    """``attack``, ``move``, ``spell`` or another action's name."""
    attack_name: Annotated[str, Len(1, 80)] | None = None
    spell: Annotated[str, Len(1, 80)] | None = None
    """The readied spell (with ``action: spell``): cast now, held with concentration."""


@dataclass(slots=True)
class OpportunityChoice:
    """What one reactor does with the opportunity attack a move offers it (``d20.oa.trigger``)."""

    reactor_id: Id
    """The hostile creature whose reach the mover leaves."""
    take: bool = True
    """False declines it: the reactor keeps its reaction."""
    attack_name: Annotated[str, Len(1, 80)] | None = None
    """One of the reactor's melee attacks; omitted: its usable melee attack with the
    longest reach (a broken or empty weapon is passed over)."""
    knockout: bool = False
    """Knock the mover out instead of killing it if the attack drops it to 0 HP."""
    advantage: bool = False
    """Advantage the caller grants, on top of what the state gives."""
    disadvantage: bool = False
    """Disadvantage the caller imposes, on top of what the state gives."""
    cover: CoverDegree | None = None
    """A cover degree the DM states for this attack; it wins over the computed one."""


@dataclass(slots=True)
class TriggerReadied:
    """The trigger happened: fire the readied action with the reaction, or decline.

    A readied attack takes ``target_id`` (and the attack options below); a readied move
    takes ``path`` or ``to`` (and ``fly``): the creature moves up to its speed, out of its
    turn, with opportunity attacks as any move (``opportunity_attacks``)."""

    combatant_id: Id
    fire: bool = True
    target_id: Id | None = None
    """The target of a readied attack."""
    keep: bool = True
    """On a decline: keep holding the action (until the start of your next turn); false
    abandons it (a readied spell is lost)."""
    knockout: bool = False
    """A readied melee attack: knock the target out instead of killing it at 0 HP."""
    advantage: bool = False
    """A readied attack: advantage the caller grants, on top of what the state gives."""
    disadvantage: bool = False
    """A readied attack: disadvantage the caller imposes, on top of what the state gives."""
    cover: CoverDegree | None = None
    """A readied attack: the cover degree the DM states; it wins over the computed one."""
    path: list[Cell] | None = None
    """A readied move: the cells the creature's anchor passes through, in order."""
    to: Cell | None = None
    """A readied move: a destination (the cheapest legal path is found)."""
    fly: bool = False
    """A readied move: fly (see ``moveCombatant``)."""
    opportunity_attacks: Annotated[list[OpportunityChoice], Len(0, MAX_COMBATANTS)] = field(
        default_factory=list
    )
    """A readied move: who takes or declines the opportunity attacks it offers."""
    other_reactors: OtherReactors = "take"
    """A readied move: what a reactor not in ``opportunity_attacks`` does."""


@dataclass(slots=True)
class Stabilize:
    """First aid: a DC 10 Wisdom (Medicine) check on an unconscious creature at 0 HP."""

    combatant_id: Id
    target_id: Id


@dataclass(slots=True)
class DrinkPotion:
    """Drink a potion, or feed it to another creature (an unconscious one, say)."""

    combatant_id: Id
    """Who takes the potion out and uses it."""
    target_id: Id | None = None
    """Who drinks it; omitted means the user itself."""
    source: PotionSource = "hand"
    """Where the potion is: in hand, a pouch or on a belt (a bonus action to drink), or in
    the backpack (the action)."""
    healing: Annotated[str, Len(1, 40)] = "2d4+2"
    """The potion's healing dice."""


@dataclass(slots=True)
class Interact:
    """Interact with an object (draw a sword, open a door, pull a lever...)."""

    combatant_id: Id
    description: Text = "interacts with an object"
    device: Annotated[str, Len(1, 80)] | None = None
    """A named device being used; a ruleset may make some devices take the action (d10)."""
    weapon: Annotated[str, Len(1, 80)] | None = None
    """One of your attacks whose weapon a critical fumble or a disarm disturbed: pick it up
    where it lies (within reach), pick up a piece of its spilled ammunition, or free its
    lodged ammunition (that takes the action)."""


@dataclass(slots=True)
class Heal:
    """Healing from the DM or an effect: HP back up to the maximum; no budget is spent."""

    target_id: Id
    amount: Annotated[int, Ge(0), Le(1_000_000)]
    source_id: Id | None = None


@dataclass(slots=True)
class MoveCombatant:
    """Move a combatant along a path of cells, or to a destination by the cheapest path.

    Every opportunity attack the move provokes is reported; those the reactors take are
    rolled just before the mover leaves their reach. Each reactor takes its opportunity
    attack or declines it as ``opportunity_attacks`` says; one not listed does what
    ``other_reactors`` says (by default it takes it when it can). A reactor that can't
    attack (no reaction, can't see the mover, a broken or empty weapon...) is reported
    with the reason and never stops the move.
    """

    combatant_id: Id
    path: list[Cell] | None = None
    """The cells the creature's anchor passes through, in order (its own cell may lead)."""
    to: Cell | None = None
    """A destination: the service finds the cheapest legal path."""
    teleport: bool = False
    """Teleportation: no path, no movement spent, no opportunity attacks."""
    forced: bool = False
    """Moved by something else (shoved, hurled, falling, dragged): no movement spent, no
    opportunity attacks (``d20.oa.exempt``); an unconscious creature can be moved."""
    fly: bool = False
    """Fly, with the creature's flying speed (d10: only with a flying device): the ground's
    difficult, climb and swim cells don't apply; the flight uses the share of the turn's
    movement it takes at that speed (60 ft flown at 60 ft uses all of a 30 ft walk)."""
    opportunity_attacks: Annotated[list[OpportunityChoice], Len(0, MAX_COMBATANTS)] = field(
        default_factory=list
    )
    """Each listed reactor takes (with its attack's options) or declines (``take: false``)
    the opportunity attack the move offers it."""
    other_reactors: OtherReactors = "take"
    """What a reactor not listed in ``opportunity_attacks`` does: ``take`` its opportunity
    attack when it can, or ``decline`` it."""


@dataclass(slots=True)
class StandUp:
    """Stand up from prone: costs half the creature's speed."""

    combatant_id: Id


@dataclass(slots=True)
class DropProne:
    """Drop prone: costs no movement."""

    combatant_id: Id


@dataclass(slots=True)
class PathCost:
    """How much a move would cost, without making it."""

    combatant_id: Id
    path: list[Cell] | None = None
    to: Cell | None = None
    fly: bool = False
    """Price the move as a flight (see ``moveCombatant``)."""


@dataclass(slots=True)
class Pair:
    """A question about two combatants: an attacker (or origin) and a target."""

    attacker_id: Id
    target_id: Id


@dataclass(slots=True)
class CoverQuery(Pair):
    """The cover a target has against an attacker, computed from the map."""


@dataclass(slots=True)
class FlankingQuery(Pair):
    """Whether an attacker flanks a target, and with whom."""


@dataclass(slots=True)
class ReachQuery(Pair):
    """The distance from an attacker to a target, and which of its attacks reach."""


@dataclass(slots=True)
class AttackOdds(ResolveAttack):
    """The chances of one attack, with exactly the input of ``resolveAttack``. Nothing is
    rolled, spent or changed: the turn budget is neither checked nor used, and ``spend``
    is ignored."""


@dataclass(slots=True)
class EncounterOdds:
    """Simulate the fight from the current state: everyone attacks the nearest standing foe
    with its first attack each round, until at most one side is standing."""

    runs: Annotated[int, Ge(1), Le(MAX_RUNS)] = 200
    """Seeded runs (Monte Carlo)."""
    max_rounds: Annotated[int, Ge(1), Le(MAX_ROUNDS)] = MAX_ROUNDS
    """A run still undecided after this many rounds counts as unfinished."""

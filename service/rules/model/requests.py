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

from ..limits import IDS, PATH_CELLS, ROUNDS, RUNS
from .combatant import ENTRIES_LEN, Attack, Combatant
from .effects import Condition, Effect
from .values import MAX_COMBATANTS, Cell, Count, CoverDegree, Id, Spend

Text = Annotated[str, Len(1, 400)]
Initiative = Annotated[int, Ge(-1000), Le(1000)]
PotionSource = Literal["hand", "pouch", "belt", "backpack"]
OtherReactors = Literal["take", "decline"]
MAX_RUNS = RUNS.max
"""Most runs ``encounterOdds`` may simulate."""
MAX_ROUNDS = ROUNDS.max
"""Most rounds one simulated fight may last."""
DEFAULT_RUNS = 200
"""Most runs ``encounterOdds`` simulates when ``runs`` is omitted."""
DEFAULT_ROUNDS = 20
"""The rounds a simulated fight may last when ``max_rounds`` is omitted."""


@dataclass(slots=True)
class RollInitiative:
    """Roll initiative for every combatant, set round 1 and start the first turn."""

    surprised: Annotated[list[Id], Len(0, IDS.max)] = field(default_factory=list)
    """Combatants the DM rules surprised: they can't move or act on their first turn."""
    order: Annotated[list[Id], Len(0, IDS.max)] | None = None
    """d100: the order the players declare (in the open): no roll."""
    entry_point: Cell | None = None
    """d100: the entrance of a building: the nearest combatant acts first, no roll."""
    initiator_id: Id | None = None
    """d10: the creature whose hostile action started the fight (it gains no precedence)."""
    heard_by: Annotated[list[Id], Len(0, IDS.max)] = field(default_factory=list)
    """d10: creatures that hear the initiator (aware even without line of sight)."""


@dataclass(slots=True)
class ResolveAttack:
    """One attack roll by ``attacker_id`` against ``target_id``, and its damage on a hit."""

    attacker_id: Id
    """The attacking combatant."""
    target_id: Id
    """The combatant attacked (not the attacker)."""
    attack_name: Annotated[str, Len(1, 80)] | None = None
    """The name of one of the attacker's attacks; omitted means ``attack`` or its first."""
    attack: Attack | None = None
    """An attack described inline, instead of one of the attacker's."""
    advantage: bool = False
    """Advantage the caller grants, on top of what the state gives."""
    disadvantage: bool = False
    """Disadvantage the caller imposes, on top of what the state gives; with any advantage the two
    cancel (``d20.attack.roll``)."""
    cover: CoverDegree | None = None
    """A cover degree the DM states; it wins over the computed one."""
    apply_damage: bool = True
    """False rolls the damage but leaves the target's HP alone."""
    knockout: bool = False
    """Knock the target out if the hit drops it to 0 HP: unconscious and stable instead of dying
    (``d20.death.knockout``); melee attacks only. Instant death still applies."""
    spend: Spend = "action"
    """What the attack uses: the action (an Attack action), a bonus action, the reaction, or
    nothing (the DM's fiat)."""


@dataclass(slots=True)
class ApplyDamage:
    """Damage dealt to ``target_id`` by anything: temp HP first, then HP."""

    target_id: Id
    """The combatant that takes the damage."""
    amount: Annotated[int, Ge(0), Le(1_000_000)]
    """Damage in hit points: temporary HP absorb it first, then ``hp``, with the death rules at 0 HP
    (``d20.hp.zero``, ``d20.death.*``); 0 changes nothing."""
    critical: bool = False
    """The damage comes from a critical hit (two death-save failures at 0 HP)."""
    source_id: Id | None = None
    """The combatant that dealt it, if any (checked; named in the log). A knockout needs it; in d10,
    damage between two creatures acting on one count waits for the count to end
    (``d10.init.ties``)."""
    melee: bool = False
    """The damage comes from a melee attack by ``source_id`` (a knockout needs one)."""
    knockout: bool = False
    """The melee attacker chooses to knock the target out if this drops it to 0 HP: unconscious and
    stable instead of dying (``d20.death.knockout``); needs ``melee`` and ``source_id``. Instant
    death still applies."""
    damage_type: Annotated[str, Len(0, 40)] | None = None
    """A label (``fire``, ``slashing``...) for the client: the service applies no resistance,
    immunity or vulnerability."""


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
    """The combatant that moves in the order (``d20.init.lower``), with the companions it controls;
    on its own turn, only before it has acted."""
    initiative: Initiative
    """The new initiative count."""
    feature: Annotated[str, Len(1, 80)] | None = None
    """One of the combatant's ``features`` (a feat, magic) that lets it raise its initiative."""


@dataclass(slots=True)
class Dash:
    """Extra movement equal to your speed this turn."""

    combatant_id: Id
    """The creature that dashes (``d20.turn.economy``, ``d100.action.dash``)."""
    spend: Spend = "action"
    """What it uses (``d20.turn.economy``, ``d100.action.dash``): the action, on the creature's
    own turn; a bonus action only with a ``bonus-action:dash`` feature (Cunning Action is dash,
    disengage and hide); the reaction, on any turn; or ``free``: nothing (the DM's fiat)."""


@dataclass(slots=True)
class Disengage:
    """Your movement provokes no opportunity attacks until the end of this turn."""

    combatant_id: Id
    """The creature that disengages: ``disengaged`` until its turn ends (``d20.oa.exempt``,
    ``d100.action.disengage``)."""
    spend: Spend = "action"
    """What it uses (``d20.turn.economy``): the action, on the creature's own turn; a bonus action
    only with a ``bonus-action:disengage`` feature (Cunning Action is dash, disengage and hide); the
    reaction, on any turn; or ``free``: nothing (the DM's fiat)."""


@dataclass(slots=True)
class Dodge:
    """Until the start of your next turn you are ``dodging``."""

    combatant_id: Id
    """The creature that dodges: ``dodging`` until the start of its next turn (``d20.turn.economy``,
    ``d100.action.dodge``)."""
    spend: Spend = "action"
    """What it uses (``d20.turn.economy``): the action, on the creature's own turn; a bonus action
    only with a ``bonus-action:dodge`` feature (Cunning Action is dash, disengage and hide); the
    reaction, on any turn; or ``free``: nothing (the DM's fiat)."""


@dataclass(slots=True)
class Help:
    """Give an ally advantage on its next ability check (no ``target_id``), or on its next
    attack against ``target_id``, before the start of your next turn."""

    combatant_id: Id
    """The helper (``d20.turn.economy``, ``d100.action.help``): the advantage lasts until the start
    of its next turn."""
    ally_id: Id
    """The ally that gains advantage, once (not the helper)."""
    target_id: Id | None = None
    """A third creature: the advantage is on the ally's next attack against it; omitted: on the
    ally's next ability check."""
    task: Text | None = None
    """What the check is for (a note only)."""
    spend: Spend = "action"
    """What it uses (``d20.turn.economy``): the action, on the creature's own turn; a bonus action
    only with a ``bonus-action:help`` feature (Cunning Action is dash, disengage and hide); the
    reaction, on any turn; or ``free``: nothing (the DM's fiat)."""


@dataclass(slots=True)
class Hide:
    """A Stealth check (d20 + stealth, else Dexterity); the total is what searchers must beat."""

    combatant_id: Id
    """The creature that hides: it becomes ``hidden``, and its Stealth total is kept in ``stealth``
    for searchers to beat (``d100.action.hide``, ``d100.hide.contest``)."""
    spend: Spend = "action"
    """What it uses (``d20.turn.economy``): the action, on the creature's own turn; a bonus action
    only with a ``bonus-action:hide`` feature (Cunning Action is dash, disengage and hide); the
    reaction, on any turn; or ``free``: nothing (the DM's fiat)."""


@dataclass(slots=True)
class Ready:
    """Hold an action (or a move, or a spell) for a perceivable trigger (``d20.ready.*``)."""

    combatant_id: Id
    """The creature readying: it spends its action now and its reaction when the trigger fires
    (``d20.ready.trigger``)."""
    trigger: Text
    """The perceivable trigger, in words: the service doesn't watch for it, ``triggerReadied`` says
    it happened."""
    action: Annotated[str, Len(1, 40)] = "attack"
    """``attack``, ``move``, ``spell`` or another action's name."""
    attack_name: Annotated[str, Len(1, 80)] | None = None
    """One of its attacks, to ready (naming one makes the readied action an attack); omitted: its
    first attack when it fires."""
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
    """The creature whose readied action's trigger happened."""
    fire: bool = True
    """True fires the readied action with the reaction (``d20.ready.trigger``); false lets the
    trigger pass (see ``keep``)."""
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
    path: Annotated[list[Cell], Len(0, PATH_CELLS.max)] | None = None
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
    """The creature giving first aid, within 5 ft of the target: it spends its action
    (``d20.death.stabilize``)."""
    target_id: Id
    """The dying creature: unconscious at 0 HP and not yet stable."""


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
    """The creature acting, on its own turn: its free object interaction, or its action for a second
    one (``d20.turn.object``)."""
    description: Text = "interacts with an object"
    """What it does, as a verb phrase for the log (``draws a sword``); a note only."""
    device: Annotated[str, Len(1, 80)] | None = None
    """A named device being used; a ruleset may make some devices take the action (d10)."""
    weapon: Annotated[str, Len(1, 80)] | None = None
    """One of your attacks whose weapon a critical fumble, a disarm or falling unconscious
    disturbed: pick it up where it lies (within reach), pick up a piece of its spilled
    ammunition, or free its lodged ammunition (that takes the action)."""


@dataclass(slots=True)
class Heal:
    """Healing from the DM or an effect: HP back up to the maximum; no budget is spent."""

    target_id: Id
    """The combatant healed."""
    amount: Annotated[int, Ge(0), Le(1_000_000)]
    """Hit points restored, up to the hit point maximum (halved from exhaustion level 4); any
    regained at 0 HP ends unconsciousness and resets the death saves (``d20.death.unconscious``).
    The dead regain nothing."""
    source_id: Id | None = None
    """Who heals, if anyone (checked; named in the log)."""


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
    """The creature that moves: on its own turn, unless ``forced`` or ``teleport``."""
    path: Annotated[list[Cell], Len(0, PATH_CELLS.max)] | None = None
    """The cells the creature's anchor passes through, in order (its own cell may lead)."""
    to: Cell | None = None
    """A destination: the service finds the cheapest legal path."""
    teleport: bool = False
    """Teleportation (``d20.oa.exempt``): the creature appears at ``to`` (or the last cell of
    ``path``) if its space fits there (on the grid, no wall, no other creature), on any turn; no
    movement spent, no opportunity attacks."""
    forced: bool = False
    """Moved by something else (shoved, hurled, falling, dragged): on any turn and any distance,
    no movement spent, and the reactors it passes are offered no opportunity attack
    (``d20.oa.exempt``); an unconscious or grappled creature can be moved."""
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
    """The prone creature, on its own turn (``d100.prone.stand``)."""


@dataclass(slots=True)
class DropProne:
    """Drop prone: costs no movement."""

    combatant_id: Id
    """The creature that drops prone, on its own turn (``d100.prone.drop``)."""


@dataclass(slots=True)
class PathCost:
    """How much a move would cost, without making it."""

    combatant_id: Id
    """The creature whose move is priced, as it stands (its movement left, size, posture)."""
    path: Annotated[list[Cell], Len(0, PATH_CELLS.max)] | None = None
    """The cells its anchor would pass through, in order (its own cell may lead); give ``path`` or
    ``to``, not both."""
    to: Cell | None = None
    """A destination: the cheapest legal path there is priced."""
    fly: bool = False
    """Price the move as a flight (see ``moveCombatant``)."""


@dataclass(slots=True)
class Pair:
    """A question about two combatants: an attacker (or origin) and a target."""

    attacker_id: Id
    """The attacker: the creature the question is asked from."""
    target_id: Id
    """The target (not the attacker)."""


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

    runs: Annotated[int, Ge(1), Le(MAX_RUNS)] | None = None
    """Seeded runs (Monte Carlo). Omitted: 200, or as many as the work budget allows
    (``odds-work``: ``runs`` x ``max_rounds`` x (cells x cells + 50 x combatants), the cells
    all combatants fill, at most 200,000), at least 1; the outcome says how many ran."""
    max_rounds: Annotated[int, Ge(1), Le(MAX_ROUNDS)] = DEFAULT_ROUNDS
    """A run still undecided after this many rounds counts as unfinished."""


AbilityName = Literal["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"]
SkillName = Annotated[str, Len(1, 40)]
DC = Annotated[int, Ge(-100), Le(1000)]


@dataclass(slots=True)
class ContestSide:
    """The other creature of a contest (``d20.save``) and what it rolls: an ability check of
    ``ability``, or of ``skill`` (its skill bonus; without one, ``ability``, else the skill's
    usual ability)."""

    combatant_id: Id
    """The other creature (not the one rolling)."""
    ability: AbilityName | None = None
    """The ability it checks (with ``skill``: what it adds without a bonus for the skill)."""
    skill: SkillName | None = None
    """The skill it checks (``athletics``, ``acrobatics``, ``perception``...)."""


@dataclass(slots=True)
class RollSave:
    """``d20.save``: a saving throw the DM calls for, d20 + the creature's save bonus for
    ``ability``, against ``dc`` or, in a contest, against the other creature's check (the
    saving creature resists: a tie is a success). Changes nothing and spends nothing."""

    combatant_id: Id
    """The creature that saves."""
    ability: AbilityName
    """The ability of the save: its ``saves`` bonus (its ability modifier without them)."""
    dc: DC | None = None
    """The DC to meet; give it or ``contest``, not both."""
    contest: ContestSide | None = None
    """The creature whose check the save resists, and what it rolls."""
    advantage: bool = False
    """Advantage the DM grants (listed as ``caller``), on top of the state's."""
    disadvantage: bool = False
    """Disadvantage the DM imposes (listed as ``caller``)."""


@dataclass(slots=True)
class RollDice:
    """A free roll of dice the table asks for, outside any rule (a dice roller): logged as a
    ``roll`` event and kept in a session's log and replay like any action (on a session with
    fair dice its seed comes from the commitment, so anyone can check it after the reveal).
    Changes nothing and spends nothing."""

    expression: Annotated[str, Len(1, 120)]
    """Dice notation, as an attack's damage takes it (``2d6+3``, ``4d6kh3``, ``1d%``)."""
    combatant_id: Id | None = None
    """The creature that rolls (a seat rolls only for its own); none: the DM."""
    purpose: Annotated[str, Len(1, 80)] | None = None
    """What the roll is for, as the log shows it (``"treasure"``); none: ``"free roll"``."""


@dataclass(slots=True)
class RollCheck:
    """``d20.save``: an ability check the DM calls for, d20 + the creature's bonus for
    ``skill`` (its skill bonus; without one, ``ability``, else the skill's usual ability) or
    for ``ability``, against ``dc`` or contested by another creature (``combatantId`` is the
    one trying to change the situation: it must beat the other's total). Changes nothing and
    spends nothing."""

    combatant_id: Id
    """The creature that makes the check."""
    ability: AbilityName | None = None
    """The ability it checks (with ``skill``: what it adds without a bonus for the skill)."""
    skill: SkillName | None = None
    """``perception``, ``stealth``, ``athletics``...: give it or ``ability`` (or both: the
    ability is then what a creature without the skill adds)."""
    dc: DC | None = None
    """The DC to meet; give it or ``contest``, not both."""
    contest: ContestSide | None = None
    """The creature that resists, and what it rolls."""
    sight: bool = False
    """The check needs sight (Perception by sight...): a blinded creature fails it."""
    advantage: bool = False
    """Advantage the DM grants (listed as ``caller``), on top of the state's."""
    disadvantage: bool = False
    """Disadvantage the DM imposes (listed as ``caller``)."""


@dataclass(slots=True)
class Search:
    """Look for hidden creatures (``d20.hide``; d100: ``d100.action.search`` and
    ``d100.hide.contest``), and in d100 make the scavenging check the DM asks for."""

    combatant_id: Id
    """The searcher: it spends its action."""
    dc: DC | None = None
    """d100: the DM's DC for this search: a hidden hostile creature is found when the DC beats
    its Stealth total. Other rulesets roll the searcher's Wisdom (Perception) instead and
    refuse a DC."""
    scavenging_dc: DC | None = None
    """d100, when the DM asks for a scavenging check: d20 + the ``scavenging`` skill (Wisdom)."""


MaxHp = Annotated[int, Ge(1), Le(1_000_000)]


@dataclass(slots=True)
class AddCombatant:
    """The DM puts a creature into the fight (not an act of anyone's turn: nothing is spent).

    Refused, with the field's path, when its id is taken, its space is off the map, on a
    wall or in another creature's, or the encounter would not be consistent with it. Once
    initiative is rolled it joins the order (a dead creature doesn't): at ``initiative``
    when given; else a companion with its living controller, a group member with its group
    (``d20.init.companions``, ``d20.init.groups``); else it rolls the ruleset's initiative
    die + its bonus with the request's seed (d100, which rolls no initiative: the bottom of
    the order). It goes after everyone already at its count, and takes its first turn when
    the order reaches it (next round if its place is before the current turn)."""

    combatant: Combatant
    """The creature, as the encounter holds it (``budget`` omitted: everything)."""
    initiative: Initiative | None = None
    """Its initiative count, once initiative is rolled (refused before: ``rollInitiative``
    makes the order); omitted: its group's or controller's count, or rolled."""


@dataclass(slots=True)
class RemoveCombatant:
    """The DM takes a creature out of the fight, and every state it held or made ends with
    it: its place in the order (on its own turn, the turn passes as ``nextTurn`` would
    first), the grapples it holds, fear of it (conditions it is the ``source`` of), effects
    ``against`` it, the pending choices it decides or that name it, its companions' tie to
    it (they roll for themselves), its place in a d10 simultaneous step. Durations counted
    in its turns keep counting, one turn of it as each round begins (``d20.crit.effects``
    decision 8), so an area or a window it made ends on schedule. Nothing is spent."""

    combatant_id: Id
    """The creature removed, dead or alive."""


@dataclass(slots=True)
class UpdateCombatant:
    """The DM corrects a creature: only the fields given change, to what they say (the rules
    of what led there are not played: HP set to 0 makes no one unconscious, a new position
    is no move and provokes nothing). Refused, with the field's path and nothing changed,
    when the result is impossible (HP over the maximum, two creatures in one space, a cell
    off the map, an unknown id). Grapples that the new position puts out of reach end.
    Nothing is spent."""

    combatant_id: Id
    """The creature corrected."""
    hp: Count | None = None
    """Its hit points now, 0 to its ``maxHp`` (the new one, when both are given)."""
    temp_hp: Count | None = None
    """Its temporary hit points now."""
    max_hp: MaxHp | None = None
    """Its hit point maximum (``hp`` must stay at most this)."""
    position: Cell | None = None
    """Where it stands now: a placed cell (its footprint, if it has one, moves with it), on
    the map, off the walls, in no other creature's space."""
    conditions: Annotated[list[Condition], ENTRIES_LEN] | None = None
    """Its conditions, the whole list (``[]`` clears them)."""
    effects: Annotated[list[Effect], ENTRIES_LEN] | None = None
    """Its effects, the whole list (``[]`` clears them)."""
    attacks: Annotated[list[Attack], ENTRIES_LEN] | None = None
    """Its attacks, the whole list."""
    features: Annotated[list[Annotated[str, Len(1, 80)]], ENTRIES_LEN] | None = None
    """Its named features, the whole list."""
    villain: bool | None = None
    """It follows the player-character death rules (``d20.death.monsters``)."""
    immune_to_flanking: bool | None = None
    """It can't be flanked (``d20.flank.size-limit``)."""
    stable: bool | None = None
    """At 0 HP and stable (``d20.death.stable``)."""
    dead: bool | None = None
    """Dead (``d20.hp.zero``): only at 0 HP."""

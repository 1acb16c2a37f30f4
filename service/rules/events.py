"""What happened: the event log an action returns, every roll and decision in order.

Every event has a ``type`` from :data:`EVENT_TYPES`, the catalog that says what each type
means and which keys its ``data`` may hold (camelCase on the wire, like every other key:
the log writes them so, whatever the Python keyword the engine passed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypedDict


@dataclass(slots=True)
class Die:
    """One die rolled: its number of sides, the face it showed, and whether it counted."""

    sides: int
    value: int
    kept: bool = True


@dataclass(slots=True)
class Roll:
    """A roll of a dice expression: what for, the notation, each die, the modifier, the total."""

    purpose: str
    expression: str
    dice: list[Die]
    modifier: int
    total: int

    @property
    def natural(self) -> int:
        """The face of the first kept die (the natural roll of a d20 or d100 test)."""
        for die in self.dice:
            if die.kept:
                return die.value
        return 0


@dataclass(slots=True, kw_only=True)
class Event:
    """One entry of the log.

    ``type`` is a short kebab-case word (``roll``, ``damage``, ``death``, ``turn-start``...);
    ``rule`` names the RULES.md id that decided it, where one did; ``data`` carries the
    type's own details.
    """

    type: str
    message: str
    actor: str | None = None
    target: str | None = None
    roll: Roll | None = None
    amount: int | None = None
    rule: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


class Point(TypedDict):
    """A cell of the board, as an event's data gives it."""

    x: int
    y: int


@dataclass(frozen=True, slots=True)
class DataKey:
    """One key of an event type's ``data``: the type of its value and what it holds.

    ``type`` is a plain annotation (``int``, ``str | None``, ``list[str]``,
    ``dict[str, int]``, :class:`Point`...) the wire contract turns into a schema; a key
    is absent where the event has nothing to say, never null unless its type says so.
    """

    type: Any
    description: str


@dataclass(frozen=True, slots=True)
class EventType:
    """One type of event: what it means, and what its ``data`` keys hold."""

    summary: str
    data: Mapping[str, DataKey] = field(default_factory=dict)


EVENT_TYPES: Mapping[str, EventType] = {
    "roll": EventType(
        "A roll of dice other than an attack's or its damage (initiative, saves, checks, death "
        "saves, critical tables, durations...): `roll` holds every die and its `purpose`; "
        "`amount` is its total.",
        {
            "advantage": DataKey(list[str], "saves: the sources of advantage applied"),
            "disadvantage": DataKey(list[str], "saves: the sources of disadvantage applied"),
            "table": DataKey(str, "critical-table rolls: which table"),
            "dc": DataKey(int, "checks and saves: the DC to meet"),
            "success": DataKey(bool, "checks and saves: whether it met the DC"),
            "automaticFailure": DataKey(
                list[str],
                "checks and saves: the conditions that fail it whatever the total (d20.cond)",
            ),
            "group": DataKey(str, "initiative: the group that rolled once"),
            "members": DataKey(list[str], "initiative: the members of that group"),
            "hours": DataKey(int, "a stable creature: hours until it regains 1 HP"),
            "condition": DataKey(int, "a weapon's condition after a fumble (d100)"),
            "broken": DataKey(bool, "whether that weapon broke (d100)"),
        },
    ),
    "attack-roll": EventType(
        "An attack roll (`roll` holds every die; `actor` attacks `target`); `amount` is its "
        "total against the target's AC.",
        {
            "advantage": DataKey(list[str], "the sources of advantage applied"),
            "disadvantage": DataKey(list[str], "the sources of disadvantage applied"),
            "cover": DataKey(str, "the cover degree against the target"),
        },
    ),
    "damage-roll": EventType(
        "A damage roll (`roll` holds every die: on a d20 critical hit, the dice twice); "
        "`amount` is its total, before resistances and temporary hit points (the `damage` "
        "entry after it says what the target lost).",
        {
            "damageType": DataKey(str | None, "the damage type of a critical band's damage"),
            "bonus": DataKey(int, "a d100 critical hit: the 50% bonus damage"),
        },
    ),
    "turn-start": EventType("A creature's turn begins."),
    "turn-end": EventType("A creature's turn ends."),
    "round-start": EventType("A new round begins."),
    "no-turn": EventType("Every combatant in the order is dead: nobody's turn."),
    "fight-over": EventType(
        "At most one side is left standing (d20.order.steps).",
        {"sides": DataKey(list[str], "the sides still standing")},
    ),
    "turn-delayed": EventType("A creature lowered its initiative on its turn: it acts later."),
    "surprised": EventType("A creature is surprised (d20.order.surprise)."),
    "surprise-over": EventType("A surprised creature's first turn is over: it can react."),
    "combat-start": EventType("d10: a creature's hostile action starts the fight."),
    "aware": EventType("d10: an unaware creature becomes aware on its first turn."),
    "initiative-unaware": EventType("d10: an unaware creature's initiative, without a roll."),
    "initiative-tie": EventType(
        "Combatants tied on initiative: a roll-off, or (d10) a shared count.",
        {
            "rolls": DataKey(dict[str, int], "the roll-off, by combatant id"),
            "initiative": DataKey(int, "the shared count (d10)"),
            "members": DataKey(list[str], "the combatants on it (d10)"),
            "order": DataKey(list[str], "a roll-off still tied: the random order drawn"),
        },
    ),
    "initiative-companion": EventType("A companion acts right after its controller."),
    "initiative-order": EventType(
        "d100: the order of combat from positions or as declared.",
        {
            "method": DataKey(str, "`entry-point` or `declared`"),
            "order": DataKey(list[str], "the combatant ids in order"),
        },
    ),
    "initiative-changed": EventType(
        "A creature lowered (or, with a feature, raised) its initiative.",
        {
            "previous": DataKey(int, "the old count"),
            "initiative": DataKey(int, "the new count"),
            "feature": DataKey(str | None, "its feature"),
            "moved": DataKey(
                list[str], "the combatants that moved (it, its companions, its group)"
            ),
        },
    ),
    "initiative-waits": EventType(
        "A creature that has acted this round lowered its initiative: its new place counts from "
        "the next round (it does not act twice in this one).",
        {
            "combatants": DataKey(
                list[str], "those of the moved creatures that have acted this round"
            )
        },
    ),
    "initiative-moved": EventType(
        "A critical band moved a creature to the top or bottom of the order.",
        {
            "position": DataKey(str, "`top` or `bottom`"),
            "moved": DataKey(
                list[str], "the combatants that moved (it, its companions, its group)"
            ),
        },
    ),
    "step-opened": EventType(
        "d10: creatures on one count act simultaneously from now.",
        {
            "initiative": DataKey(int, "the count"),
            "members": DataKey(list[str], "the combatants on it"),
        },
    ),
    "step-closed": EventType(
        "d10: the simultaneous count ends; what it held has landed.",
        {
            "initiative": DataKey(int, "the count"),
            "members": DataKey(list[str], "the combatants on it"),
            "applied": DataKey(int, "how many held damages landed"),
            "held": DataKey(int, "how many other held changes (healing, conditions...) it had"),
        },
    ),
    "deferred": EventType(
        "d10: damage between creatures on one count waits for the count to end.",
        {"initiative": DataKey(int, "the count")},
    ),
    "deferred-applied": EventType("d10: damage held by a simultaneous count lands now."),
    "held": EventType(
        "d10: what a turn did to another creature on its count (healing, conditions, effects "
        "such as Dodge, forced movement) waits for the count to end.",
        {"initiative": DataKey(int, "the count")},
    ),
    "held-applied": EventType("d10: a change held by a simultaneous count is made now."),
    "reactions-restored": EventType(
        "d10: a new round gives reactions back.",
        {"combatants": DataKey(list[str], "whose reactions came back")},
    ),
    "damage": EventType(
        "A creature takes damage; `amount` is the damage.",
        {"tempHpAbsorbed": DataKey(int, "how much its temporary HP absorbed")},
    ),
    "healing": EventType("A creature regains HP; `amount` is what it regained."),
    "unconscious": EventType("A creature drops to 0 HP and falls unconscious."),
    "conscious": EventType("A creature at 0 HP regains HP and wakes up."),
    "knocked-out": EventType("A melee attack knocks a creature out: unconscious and stable."),
    "death": EventType(
        "A creature dies; `rule` says which death rule killed it.",
        {
            "overflow": DataKey(int, "instant death: damage left after 0 HP"),
            "threshold": DataKey(int, "what it had to reach"),
        },
    ),
    "death-save-failure": EventType(
        "A creature at 0 HP suffers death-save failures; `amount` is how many."
    ),
    "stable": EventType("A dying creature is stable."),
    "unstable": EventType("A stable creature is damaged and dying again."),
    "no-effect": EventType("Something was asked that the state makes pointless (said why)."),
    "condition-ended": EventType(
        "A condition or effect ends (its duration ran out, damage, the creature it named left).",
        {
            "ended": DataKey(
                list[str], "the names of the conditions and the kinds of the effects that ended"
            )
        },
    ),
    "area-ended": EventType("An area (smoke...) ends at the start or end of its turn."),
    "hp-max-halved": EventType(
        "Exhaustion level 4 halves a creature's hit point maximum.",
        {"hp": DataKey(int, "its HP now")},
    ),
    "weapon-recovered": EventType(
        "A creature picks up its dropped or flung weapon (an object interaction).",
        {"weapon": DataKey(str, "the attack's name")},
    ),
    "weapon-dropped": EventType(
        "A creature falling unconscious drops the weapon it holds where it lies (``d20.cond``).",
        {
            "weapon": DataKey(str, "the attack's name"),
            "at": DataKey(Point, "the cell where it lies"),
        },
    ),
    "ammunition-recovered": EventType(
        "A creature picks up spilled ammunition, or frees lodged ammunition.",
        {"weapon": DataKey(str, "the attack's name")},
    ),
    "durations-ended": EventType(
        "Round durations that ran out as a new round began.",
        {"expired": DataKey(list[str], "what ended")},
    ),
    "effect-ended": EventType("An effect that counted uses is used up."),
    "move": EventType(
        "A creature moves; `amount` is the feet spent.",
        {
            "path": DataKey(list[list[int]], "the cells it passed"),
            "stopped": DataKey(str, "why the move stopped short of its path's end"),
        },
    ),
    "teleport": EventType("A creature teleports: no path, no opportunity attacks."),
    "stand-up": EventType("A prone creature stands up (half its speed)."),
    "drop-prone": EventType("A creature drops prone (no movement)."),
    "opportunity-attack": EventType("A mover leaves a reactor's reach: it attacks."),
    "opportunity-attack-not-taken": EventType(
        "A mover leaves a reactor's reach: no attack (the message says why)."
    ),
    "dash": EventType("Dash: extra movement this turn."),
    "disengage": EventType("Disengage: no opportunity attacks until the turn ends."),
    "dodge": EventType("Dodge: attacks against it have disadvantage."),
    "help": EventType("Help: an ally's next check or attack has advantage."),
    "interact": EventType(
        "An object interaction (free, or the action).",
        {"device": DataKey(str | None, "the device used")},
    ),
    "readied": EventType("A creature readies an action for a trigger."),
    "readied-fired": EventType("A readied action fires with the reaction."),
    "readied-declined": EventType("A trigger passes without the readied action."),
    "readied-lapsed": EventType("A readied action lapses at the start of its owner's turn."),
    "concentration": EventType("A readied spell is held with concentration."),
    "concentration-ended": EventType(
        "Concentration ends (a failed save, 0 HP, incapacitated, another spell readied).",
        {
            "spell": DataKey(str, "the spell it held"),
            "lost": DataKey(bool, "whether a readied spell was lost with it"),
        },
    ),
    "critical-band": EventType(
        "The band a critical hit or fumble rolled on its table.",
        {
            "table": DataKey(str, "`weapon_hit`, `weapon_fumble`, `spell_hit` or `spell_fumble`"),
            "band": DataKey(str, "its span (`75-79`)"),
            "title": DataKey(str, "the seed's description"),
            "text": DataKey(str, "the seed's effect text"),
        },
    ),
    "critical-effect": EventType(
        "One mechanical effect of a critical band, applied.",
        {
            "condition": DataKey(str, "the condition it gave"),
            "amount": DataKey(int, "the damage it dealt"),
            "weapon": DataKey(str, "the attack whose ammunition it changed"),
            "problem": DataKey(str, "what became of that ammunition (`spilled`, `lodged`)"),
            "to": DataKey(Point, "the cell it pushed the target to"),
        },
    ),
    "critical-applied": EventType(
        "What a critical band did in all.",
        {
            "applied": DataKey(list[str], "one line per effect applied"),
            "offered": DataKey(list[str], "ids of the choices it offered"),
        },
    ),
    "choice-offered": EventType(
        "A pending choice is offered (a critical table left it to a person).",
        {
            "choiceId": DataKey(str, "its id"),
            "owner": DataKey(str, "who decides (a combatant id or `dm`)"),
        },
    ),
    "choice-accepted": EventType(
        "A pending choice is accepted.",
        {"choiceId": DataKey(str, "its id"), "detail": DataKey(str | None, "the DM's answer")},
    ),
    "choice-declined": EventType(
        "A pending choice is declined.", {"choiceId": DataKey(str, "its id")}
    ),
    "choice-lapsed": EventType(
        "A pending choice still open when the turn ends lapses, declined (d20.crit.effects "
        "decision 5).",
        {"choiceId": DataKey(str, "its id")},
    ),
    "end-turn": EventType(
        "A critical band ends the creature's turn at once.",
        {"endTurn": DataKey(bool, "always true")},
    ),
    "weapon-moved": EventType(
        "A critical band moves a weapon out of its holder's hand.",
        {
            "to": DataKey(str, "`own_feet`, `target_space`, `attacker_hand` or `away`"),
            "holder": DataKey(str, "whose weapon"),
            "weapon": DataKey(str, "the attack's name"),
            "at": DataKey(Point, "the cell where it lies now"),
            "distanceFt": DataKey(int, "how far it flew"),
            "direction": DataKey(str, "which way"),
            "detail": DataKey(str | None, "the DM's answer"),
        },
    ),
    "odds": EventType(
        "A summary of computed odds.",
        {
            "advantage": DataKey(list[str], "sources of advantage"),
            "disadvantage": DataKey(list[str], "sources of disadvantage"),
            "cover": DataKey(str, "the cover degree"),
            "runs": DataKey(int, "encounterOdds: the simulated fights"),
        },
    ),
    "ammo-spent": EventType("d100: a shot spends a round; `amount` is what is left."),
    "reloaded": EventType("d100: a weapon is reloaded; `amount` is the rounds loaded."),
    "speed-reduced": EventType("d100: a creature's speed is reduced this turn."),
    "contest": EventType(
        "A contest of checks (shove, grapple, escape; a tie: the one trying to change the "
        "situation fails, d20.save).",
        {"success": DataKey(bool, "whether the actor won")},
    ),
    "prone": EventType(
        "d100: a shove knocks a creature prone.", {"mode": DataKey(str, "always `prone`")}
    ),
    "pushed": EventType(
        "d100: a shove pushes a creature 5 ft.",
        {"x": DataKey(int, "its new column"), "y": DataKey(int, "its new row")},
    ),
    "push-blocked": EventType("d100: a shove's push is blocked (the message says by what)."),
    "grappled": EventType("d100: a creature is grappled."),
    "grapple-ended": EventType(
        "d100: a grapple ends by itself (out of reach, the grappler down, the held creature dead)."
    ),
    "dragged": EventType(
        "d100: a grappler's move drags the creature it holds (forced movement).",
        {"x": DataKey(int, "its new column"), "y": DataKey(int, "its new row")},
    ),
    "speed-changed": EventType(
        "d100: a grapple changes a creature's speed during its turn; `amount` is the movement "
        "left.",
        {"speed": DataKey(int, "its speed now")},
    ),
    "escaped": EventType("d100: a grappled creature escapes."),
    "released": EventType("d100: a grappler lets go."),
    "found": EventType("A search finds a hidden creature (d20.hide, d100.hide.contest)."),
    "not-found": EventType("A hidden creature stays hidden from a search."),
    "combatant-added": EventType(
        "The DM adds a creature (addCombatant); `amount` is its initiative count, if any.",
        {
            "side": DataKey(str, "its side"),
            "initiative": DataKey(int | None, "its count in the order (null: not in the order)"),
            "initiativeFrom": DataKey(
                str | None, "`request`, `controller`, `group`, `rolled` or `bottom`"
            ),
        },
    ),
    "combatant-removed": EventType(
        "The DM removes a creature (removeCombatant), and what ended with it.",
        {
            "ended": DataKey(
                list[str], "what ended with it (`grapple:<id>`, `choice:<id>`, `companion:<id>`...)"
            )
        },
    ),
    "combatant-updated": EventType(
        "The DM corrects a creature (updateCombatant): only the fields given change.",
        {
            "fields": DataKey(list[str], "the fields that changed (camelCase)"),
            "before": DataKey(
                dict[str, Any],
                "their values before, by field (conditions and attacks by name, effects by kind, "
                "a cell as x and y)",
            ),
            "after": DataKey(dict[str, Any], "their values now, by field"),
        },
    ),
    "revealed": EventType(
        "A hidden attacker gives away its location (d20.hide: when it attacks; d100: when it hits)."
    ),
}
"""Every type of event the engine writes, and what its ``data`` holds."""


@cache
def camel(name: str) -> str:
    """``temp_hp_absorbed`` -> ``tempHpAbsorbed``: how every key reaches the wire."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


class EventLog:
    """An append-only list of events, with a shorthand for each common kind."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[Event] = []

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event

    def note(
        self,
        type: str,
        message: str,
        *,
        actor: str | None = None,
        target: str | None = None,
        amount: int | None = None,
        rule: str | None = None,
        **data: Any,
    ) -> Event:
        keys = {camel(k): v for k, v in data.items()}
        return self.add(
            Event(
                type=type,
                message=message,
                actor=actor,
                target=target,
                roll=None,
                amount=amount,
                rule=rule,
                data=keys,
            )
        )

    def rolled(
        self,
        roll: Roll,
        message: str,
        *,
        type: str = "roll",
        actor: str | None = None,
        target: str | None = None,
        rule: str | None = None,
        **data: Any,
    ) -> Roll:
        keys = {camel(k): v for k, v in data.items()}
        self.events.append(
            Event(
                type=type,
                message=message,
                actor=actor,
                target=target,
                roll=roll,
                amount=roll.total,
                rule=rule,
                data=keys,
            )
        )
        return roll

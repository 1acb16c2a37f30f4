"""Conditions, lasting effects, and how long they last.

Condition names are open: a client may track any condition (``blessed``, ``raging``) and
the engine carries it and ends it when its duration runs out. The names the rules act on
are the members of :class:`Cond`; code names them through it, never as bare strings.
Effect kinds and the rolls they bend are closed sets (:class:`EffectKind`,
:class:`EffectRoll`): the engine knows what each one does.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le, Len

from ..limits import LAST_ROUND
from .values import Id, Small


class Cond(enum.StrEnum):
    """The condition names the rules act on."""

    BLINDED = "blinded"
    DODGING = "dodging"
    """Took the Dodge action: attacks against it have disadvantage."""
    DISENGAGED = "disengaged"
    """Took the Disengage action: its movement provokes no opportunity attacks."""
    FRIGHTENED = "frightened"
    GRAPPLED = "grappled"
    HIDDEN = "hidden"
    INCAPACITATED = "incapacitated"
    INVISIBLE = "invisible"
    PARALYZED = "paralyzed"
    PETRIFIED = "petrified"
    POISONED = "poisoned"
    PRONE = "prone"
    RESTRAINED = "restrained"
    SQUEEZING = "squeezing"
    STUNNED = "stunned"
    SURPRISED = "surprised"
    UNCONSCIOUS = "unconscious"
    ASLEEP = "asleep"
    """From the spell critical table's fey energy: read as unconscious for attacks."""


INCAPACITATING = frozenset(
    {
        Cond.INCAPACITATED,
        Cond.UNCONSCIOUS,
        Cond.STUNNED,
        Cond.PARALYZED,
        Cond.PETRIFIED,
        Cond.ASLEEP,
    }
)
"""Conditions that leave a creature unable to act (``incapacitated`` in the d20 base)."""


class EffectKind(enum.StrEnum):
    """What a lasting :class:`Effect` does."""

    ADVANTAGE = "advantage"
    DISADVANTAGE = "disadvantage"
    AC_BONUS = "ac-bonus"
    BLOCKED_COMPONENT = "blocked-component"
    SPEED_HALVED = "speed-halved"
    INITIATIVE_TOP = "initiative-top"
    INITIATIVE_BOTTOM = "initiative-bottom"
    OTHER = "other"


class EffectRoll(enum.StrEnum):
    """The rolls an advantage or disadvantage effect applies to."""

    ATTACK = "attack"
    SPELL_ATTACK = "spell-attack"
    SAVE = "save"
    SPELL_SAVE = "spell-save"
    CHECK = "check"
    ATTACKS_AGAINST = "attacks-against"
    """Rolls made against the holder: advantage here means its attackers have advantage."""
    SPELL = "spell"


@dataclass(slots=True)
class Duration:
    """How long a condition or effect lasts. Set exactly one way:

    * ``ends`` + ``of`` (+ ``turns``): until the start (or the end) of the ``turns``-th turn
      of ``of`` that *starts after* the duration began: "until the end of your next turn"
      is ``{ends: end, of: you, turns: 1}``, and set during your own turn it lasts through
      your following turn (``d20.crit.effects`` decision 1). ``turns: 0`` with ``ends: end``
      is "until the end of the current turn" (Disengage). The service counts the turns in
      ``turns_started``;
    * ``rounds``: for that many rounds, counted down each time a new round begins;
    * ``until_damaged`` (alone or with either of the above): ends when its holder takes damage;
    * ``while_casting`` (with ``ends: end``): the end of a turn in which ``of`` cast a spell
      doesn't end it; the first counted turn without one does ("until you stop casting magic").

    With none of them set it lasts until removed.
    """

    ends: Literal["start", "end"] | None = None
    """``start`` or ``end``: the boundary of ``of``'s turn at which it ends (set with ``of``)."""
    of: Id | None = None
    """The combatant whose turns it counts (set with ``ends``)."""
    turns: Annotated[int, Ge(0), Le(1000)] = 1
    """Which of ``of``'s turns ends it, counting those that start after it began: 1 (the default)
    is the next one; 0 is the first boundary to come, so ``ends: end`` set during ``of``'s turn
    ends with that turn. Only with ``ends``."""
    rounds: Annotated[int, Ge(1), Le(10_000)] | None = None
    """Lasts this many rounds: one is taken off as each new round begins and it ends at 0
    (``rounds: 1`` ends when the next round begins). Not with ``ends``."""
    until_damaged: bool = False
    """Ends as soon as its holder takes damage (any amount above 0, temporary HP included), alone or
    besides the turns or rounds (``d20.crit.effects`` decision 2). Only a condition ends this way:
    damage leaves an effect or an area in place."""
    turns_started: Annotated[int, Ge(0), Le(1000)] = 0
    """How many of ``of``'s turns have started since the duration began (counted by the
    service: a client sets it only to carry a duration over from an earlier state)."""
    from_next_turn: bool = False
    """An effect with it applies only from the start of ``of``'s next turn (once
    ``turns_started`` is 1 or more): "advantage next turn" is that turn only, not the rest of
    the current one (``d20.crit.effects`` decision 6). Only with ``ends``."""
    while_casting: bool = False
    """It lasts while ``of`` keeps casting: each spell ``of`` casts (a spell attack, readying a
    spell) sets ``turns`` to the next turn of ``of`` to start, so it ends at the end of the
    first turn without one, or after ``of``'s death (spell hit 60-69's "until you stop casting
    magic", ``d20.crit.effects``). Only with ``ends: end``."""

    def problem(self) -> str | None:
        """Why this duration is not set exactly one way, or None when it is."""
        if (self.ends is None) != (self.of is None):
            return "a duration tied to a turn needs both 'ends' and 'of'"
        if self.ends is not None and self.rounds is not None:
            return "a duration counts either turns ('ends' and 'of') or 'rounds', not both"
        if self.ends is None and (self.turns != 1 or self.turns_started or self.from_next_turn):
            return (
                "'turns', 'turnsStarted' and 'fromNextTurn' count the turns of 'of': "
                "set 'ends' and 'of'"
            )
        if self.while_casting and self.ends != "end":
            return "'whileCasting' counts the ends of turns: set 'ends' to 'end' and 'of'"
        return None


@dataclass(slots=True)
class Condition:
    """A named condition (``prone``, ``unconscious``, ``stunned``...) with how long it lasts."""

    name: Annotated[str, Len(1, 40)]
    """Its name (1 to 40 characters). The rules act on ``blinded``, ``dodging``, ``disengaged``,
    ``frightened``, ``grappled``, ``hidden``, ``incapacitated``, ``invisible``, ``paralyzed``,
    ``petrified``, ``poisoned``, ``prone``, ``restrained``, ``squeezing``, ``stunned``,
    ``surprised``, ``unconscious`` and ``asleep``; any other name is carried and ends with its
    duration."""
    source: Id | None = None
    """The creature that caused it, where that matters: the one a ``frightened`` creature fears (its
    disadvantage lasts while it sees it alive; a source that is no combatant always counts), the
    grappler of a ``grappled`` one (``d100.grapple``)."""
    duration: Duration | None = None
    """How long it lasts; null: until it is removed (by the client, or by the rule that gave it)."""


@dataclass(slots=True)
class Effect:
    """A lasting modifier on its holder: advantage windows, an AC bonus, a blocked component...

    ``kind``: ``advantage`` / ``disadvantage`` on the holder's ``roll``; ``ac-bonus`` (``value``);
    ``blocked-component`` (``note`` names it); ``speed-halved``; ``other`` (described in
    ``note``). ``roll``: ``attack``, ``spell-attack``, ``save``, ``spell-save``, ``check``, or
    ``attacks-against`` (rolls made against the holder: advantage here means its attackers
    have advantage). ``against`` limits it to one creature (the target, the attacker or the
    source); ``uses`` counts the rolls it still applies to; ``starts_round`` delays it.
    """

    kind: Annotated[str, Len(1, 40)]
    """What it does: ``advantage`` or ``disadvantage`` on ``roll``; ``ac-bonus`` (``value``);
    ``blocked-component`` (``note``); ``speed-halved`` (from its holder's next turn);
    ``initiative-top`` / ``initiative-bottom`` (d20: its holder moves to the top of the order when
    its turn ends / to the bottom when the next round begins, and the effect ends); ``other``. Any
    other kind is carried and does nothing."""
    roll: Annotated[str, Len(1, 40)] = "attack"
    """The rolls an ``advantage`` or ``disadvantage`` bends: ``attack`` (the holder's attack rolls),
    ``spell-attack`` (its spell attacks only), ``save``, ``check``, or ``attacks-against`` (attack
    rolls made against the holder). ``spell-save`` (saves against spells) and ``spell`` are carried:
    the service rolls no such roll."""
    against: Id | None = None
    """Limits it to one creature: the target of the holder's attacks (``attack``, ``spell-attack``),
    the attacker (``attacks-against``, ``ac-bonus``), the creature on the other side of a check or
    save (``check``, ``save``); null: any."""
    value: Small = 0
    """``ac-bonus`` only: the AC it adds (negative lowers it); other kinds ignore it."""
    uses: Annotated[int, Ge(1), Le(100)] | None = None
    """How many more rolls an ``advantage`` or ``disadvantage`` applies to: each attack, check or
    save it bends uses one, and it ends at 0; null: no limit (it lasts its duration)."""
    starts_round: Annotated[int, Ge(0), Le(LAST_ROUND.max)] | None = None
    """The round from which it applies (a "next round" window: ``d20.crit.effects``); its duration
    counts down meanwhile. Null: at once."""
    duration: Duration | None = None
    """How long it lasts; null: until it is used up (``uses``) or removed."""
    source: Annotated[str, Len(0, 120)] | None = None
    """Where it comes from, named as the source of the advantage or disadvantage it gives
    (``weapon-fumble 30-39``, ``help:hero``); null: named ``effect``. The service marks a combatant
    that waits for the next round (``d20.init.lower``) with an ``other`` effect from
    ``d20.init.lower``, and one whose delayed turn resumes later with one from
    ``d20.init.lower:delayed``."""
    note: Annotated[str, Len(0, 400)] | None = None
    """Free text: the component a ``blocked-component`` blocks (``verbal``, ``somatic`` or
    ``material``), a Help's task, what an ``other`` effect does."""

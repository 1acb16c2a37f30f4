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
    * ``until_damaged`` (alone or with either of the above): ends when its holder takes damage.

    With none of them set it lasts until removed.
    """

    ends: Literal["start", "end"] | None = None
    of: Id | None = None
    turns: Annotated[int, Ge(0), Le(1000)] = 1
    rounds: Annotated[int, Ge(1), Le(10_000)] | None = None
    until_damaged: bool = False
    turns_started: Annotated[int, Ge(0), Le(1000)] = 0
    """How many of ``of``'s turns have started since the duration began (counted by the
    service: a client sets it only to carry a duration over from an earlier state)."""

    def problem(self) -> str | None:
        """Why this duration is not set exactly one way, or None when it is."""
        if (self.ends is None) != (self.of is None):
            return "a duration tied to a turn needs both 'ends' and 'of'"
        if self.ends is not None and self.rounds is not None:
            return "a duration counts either turns ('ends' and 'of') or 'rounds', not both"
        if self.ends is None and (self.turns != 1 or self.turns_started):
            return "'turns' and 'turnsStarted' count the turns of 'of': set 'ends' and 'of'"
        return None


@dataclass(slots=True)
class Condition:
    """A named condition (``prone``, ``unconscious``, ``stunned``...) with how long it lasts."""

    name: Annotated[str, Len(1, 40)]
    source: Id | None = None
    duration: Duration | None = None


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
    roll: Annotated[str, Len(1, 40)] = "attack"
    against: Id | None = None
    value: Small = 0
    uses: Annotated[int, Ge(1), Le(100)] | None = None
    starts_round: Annotated[int, Ge(0), Le(1_000_000)] | None = None
    duration: Duration | None = None
    source: Annotated[str, Len(0, 120)] | None = None
    note: Annotated[str, Len(0, 400)] | None = None

"""What ``resolveChoice`` takes and answers (the critical tables' pending choices)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from annotated_types import Len

from ...model import Id


@dataclass(slots=True)
class ResolveChoice:
    """Accept or decline a pending choice: a "you can choose" or "chosen by DM" critical
    table effect, or an opportunity attack a fumble offered."""

    choice_id: Id
    """The ``id`` of one of the encounter's ``pendingChoices``."""
    decision: Literal["accept", "decline"]
    """``accept`` applies the choice's effects; ``decline`` drops it. Either must be one of the
    choice's ``options``."""
    detail: Annotated[str, Len(1, 400)] | None = None
    """The DM's answer where the choice needs one (which permanent injury, which square or
    direction...)."""


@dataclass(slots=True)
class ChoiceOutcome:
    """What resolving a pending choice did."""

    choice_id: str
    decision: str
    owner: str
    """Who decided: a combatant id, or ``dm``."""
    applied: list[str] = field(default_factory=list)
    """One line for each effect applied (empty when declined)."""
    offered: list[str] = field(default_factory=list)
    """Ids of new pending choices the accepted effects raised (a check's DM choice...)."""

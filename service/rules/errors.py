"""The engine's errors: every way a request can fail that is not a bug.

Transports map them by type: :class:`InvalidAction` is bad input (REST 422; a
:class:`LimitExceeded` is a request over the work budget), :class:`IllegalAction` is an
action the rules forbid (REST 409).
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

Path = tuple[str | int, ...]


class RulesError(ValueError):
    """Base of every error the engine raises on purpose."""

    code = "rules-error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidAction(RulesError):
    """The input is malformed or inconsistent: an unknown id, a cell off the grid...

    ``path`` locates the bad field in the request document, e.g.
    ``("encounter", "combatants", 2, "position")``.
    """

    code = "invalid-input"

    def __init__(self, message: str, path: Sequence[str | int] = ()) -> None:
        super().__init__(message)
        self.path: Path = tuple(path)

    def at(self, *prefix: str | int) -> InvalidAction:
        """The same error with ``prefix`` put in front of its path."""
        self.path = (*prefix, *self.path)
        return self


SHOWN_NAMES = 12
"""At most this many known names are listed in an error for an unknown one."""
CLOSE = 0.6
"""How alike (difflib's ratio) a known name must be to an unknown one to be suggested."""


def known_names(name: str, known: Sequence[str], owner: str) -> str:
    """What to say after an unknown ``name``: the closest known names (up to three equally
    close), if they are close enough ("did you mean"), and what ``owner`` has (the first
    :data:`SHOWN_NAMES`)."""
    if not known:
        return f"{owner} has none"
    shown = ", ".join(known[:SHOWN_NAMES]) + (", ..." if len(known) > SHOWN_NAMES else "")
    scores = [difflib.SequenceMatcher(None, name, k).ratio() for k in known]
    best = max(scores)
    close = [repr(k) for k, score in zip(known, scores, strict=True) if score == best][:3]
    guess = f"did you mean {' or '.join(close)}? " if best >= CLOSE else ""
    return f"{guess}{owner} has: {shown}"


class LimitExceeded(InvalidAction):
    """The request asks for more work than the engine's budget allows
    (:mod:`service.rules.limits`): ``limit`` names the limit, ``maximum`` is its value.

    Raised before the work starts where the work can be counted up front, else as soon as
    the budget runs out (a ``to``-path's search). An :class:`InvalidAction`, so both doors
    answer it as bad input (REST 422) with its code, ``limit`` and ``max``.
    """

    code = "limit-exceeded"

    def __init__(
        self, message: str, limit: str, maximum: int, path: Sequence[str | int] = ()
    ) -> None:
        super().__init__(message, path)
        self.limit = limit
        self.maximum = maximum


class UnknownRuleset(InvalidAction):
    """No ruleset is registered under the requested id."""

    code = "unknown-ruleset"


class NotSupported(InvalidAction):
    """The ruleset exists but does not support this action (yet)."""

    code = "not-supported"


class IllegalAction(RulesError):
    """A well-formed action that the rules forbid; ``rule`` is its RULES.md id."""

    code = "rule-violation"

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

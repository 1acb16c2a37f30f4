"""What a seat may do (docs/seats.md, ADR 0007).

A request with a seat token is its seat's: it may read its session (the session, its events,
replay log and verdict), follow its stream, and run the session's actions and queries that
decide only for the seat's creatures (:func:`service.rules.decisions` says whom an action
decides for). Anything else is 403 ``seat-forbidden``, naming the seat (and the creature):
another session, a stateless action, the DM's operations (edits, initiative, undo, reveal,
fork, title, delete, seats, the list of sessions).
"""

from __future__ import annotations

from typing import Any

from service.api.core import Kind, Problem, format_path
from service.api.models import Seat
from service.rules import ActionSpec, Encounter, decisions
from service.store import Seat as StoredSeat

__all__ = ["check_decisions", "check_session", "dm_only", "forbidden", "seat_model"]


def forbidden(
    seat: StoredSeat, detail: str, *, combatant_id: str | None = None, path: str | None = None
) -> Problem:
    extra: dict[str, Any] = {"seatId": seat.id}
    if combatant_id is not None:
        extra["combatantId"] = combatant_id
    if path:
        extra["path"] = path
    return Problem(Kind.FORBIDDEN, "seat-forbidden", "Not this seat's", detail, extra=extra)


def dm_only(seat: StoredSeat) -> Problem:
    """403 for a seat asking what only the DM (the tenant's API key) may do."""
    return forbidden(
        seat,
        f"seat {seat.id} may read its session and act as its creatures; this is the DM's "
        "(send the tenant's API key)",
    )


def check_session(seat: StoredSeat, session_id: str) -> None:
    """Refuse a seat of another session."""
    if seat.session_id != session_id:
        raise forbidden(seat, f"seat {seat.id} belongs to session {seat.session_id}, not this one")


def check_decisions(seat: StoredSeat, spec: ActionSpec, request: Any, encounter: Encounter) -> None:
    """Refuse an action that decides for a creature not the seat's, or that only the DM
    decides (checked on the version it would change)."""
    own = set(seat.combatants)
    for decision in decisions(spec, request, encounter):
        where = format_path(decision.path) if decision.path else None
        if decision.combatant_id is None:
            detail = f"`{spec.name}` is the DM's to decide, not seat {seat.id}'s"
            if where:
                detail = f"{where} of `{spec.name}` is the DM's to decide, not seat {seat.id}'s"
            raise forbidden(seat, detail, path=where)
        if decision.combatant_id not in own:
            raise forbidden(
                seat,
                f"seat {seat.id} acts as {', '.join(seat.combatants)}, not "
                f"{decision.combatant_id!r}" + (f" ({where})" if where else ""),
                combatant_id=decision.combatant_id,
                path=where,
            )


def seat_model(seat: StoredSeat) -> Seat:
    return Seat(
        id=seat.id,
        session_id=seat.session_id,
        combatants=list(seat.combatants),
        label=seat.label,
        created=seat.created,
        approval="dm" if seat.approval else "none",
    )

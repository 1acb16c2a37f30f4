"""Proposals: a seat with approval proposes its actions, and the DM approves or rejects each
(docs/seats.md). A proposal is checked as its action would be, kept by the store beside its
session, and applied by :func:`~service.api.sessions.run` on the version it was made on."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Awaitable

from pydantic import ValidationError
from pydantic_core import to_json

from service.api import seats
from service.api.core import Kind, Problem, draw_seed, from_validation_error, invalid, run_action
from service.api.models import MODELS, Proposal, ProposalList, ProposeRequest, SessionRef
from service.api.pool import EnginePool, is_light
from service.api.sessions import (
    SessionAnswer,
    Written,
    document_size,
    fingerprint,
    from_store_error,
    load_stored,
    run,
    store_errors,
)
from service.store import Change, SessionStore, Stored, VersionConflict
from service.store import Proposal as StoredProposal
from service.store import Seat as StoredSeat

__all__ = [
    "MAX_PROPOSAL_BYTES",
    "approve",
    "list_proposals",
    "needs_approval",
    "proposal_model",
    "propose",
    "reject",
]


def needs_approval(seat: StoredSeat) -> Problem:
    """403 for an action sent by a seat whose actions are proposals."""
    return seats.forbidden(
        seat,
        f"seat {seat.id}'s actions need the DM's approval: propose them "
        "(POST /v1/sessions/{id}/proposals, GraphQL proposeAction)",
    )


async def propose(
    store: SessionStore,
    tenant: str,
    session_id: str,
    proposed: ProposeRequest,
    *,
    pool: EnginePool,
    seat: StoredSeat | None,
    expected_version: int | None = None,
) -> Proposal:
    """Keep a seat's action for the DM (a seat with approval): checked as the action would
    be (its parameters, the seat's creatures, the rules, on the current version; its dice
    are not shown), then kept for that version. Nothing is written to the session."""
    models = MODELS.get(proposed.action)
    if models is None or models.spec.query:
        raise invalid(f"is not an action a seat may propose: {proposed.action[:80]!r}", ("action",))
    if seat is None:
        raise invalid("only a seat's token proposes; the DM runs the action itself", ("action",))
    if not seat.approval:
        raise seats.forbidden(seat, f"seat {seat.id} acts without approval: run the action itself")
    try:
        request = models.session_request_adapter.validate_json(to_json(proposed.params))
    except ValidationError as error:
        raise from_validation_error(error, ("params",), root=models.session_request) from None
    with store_errors():
        stored = await store.read(tenant, session_id)
    if expected_version is not None and stored.version != expected_version:
        raise from_store_error(VersionConflict(stored.version))
    rehearsal = dataclasses.replace(
        request, seed=request.seed if request.seed is not None else draw_seed()
    )

    def rehearse(stop: threading.Event) -> None:
        encounter, kept = load_stored(stored)
        seats.check_decisions(seat, models.spec, rehearsal, encounter)
        run_action(models, encounter, rehearsal, count=False, stop=stop, trusted=kept is not None)

    await pool.run(rehearse, light=is_light(models.spec.name, document_size(stored)))
    params = models.session_request_adapter.dump_python(
        request, mode="json", by_alias=True, exclude_defaults=True
    )
    if len(to_json(params)) > MAX_PROPOSAL_BYTES:
        raise Problem(
            Kind.INVALID_INPUT,
            "limit-exceeded",
            "Limit exceeded",
            f"a proposal's parameters take at most {MAX_PROPOSAL_BYTES} bytes of JSON",
            extra={"limit": "proposal-bytes", "max": MAX_PROPOSAL_BYTES},
        )
    with store_errors():
        kept = await store.seating.propose(
            tenant, session_id, seat.id, models.spec.name, params, stored.version
        )
    return proposal_model(kept)


MAX_PROPOSAL_BYTES = 16_384
"""The most bytes of a proposal's parameters (as JSON): a seat's 20 proposals stay small."""


def proposal_model(proposal: StoredProposal) -> Proposal:
    return Proposal(
        id=proposal.id,
        seat_id=proposal.seat_id,
        action=proposal.action,
        params=proposal.params,
        version=proposal.version,
        created=proposal.created,
    )


async def list_proposals(
    store: SessionStore, tenant: str, session_id: str, seat: StoredSeat | None = None
) -> ProposalList:
    """The proposals waiting on the session's current version (a seat sees its own)."""
    with store_errors():
        found = await store.seating.proposals(tenant, session_id)
    return ProposalList([proposal_model(p) for p in found if seat is None or p.seat_id == seat.id])


def proposal_not_found(proposal_id: str) -> Problem:
    return Problem(
        Kind.NOT_FOUND,
        "proposal-not-found",
        "Proposal not found",
        f"no proposal {proposal_id[:40]!r} is waiting: never made, approved, rejected, stale "
        "(the session moved on) or its seat revoked",
    )


async def approve(
    store: SessionStore,
    tenant: str,
    session_id: str,
    proposal_id: str,
    *,
    pool: EnginePool,
    idempotency_key: str | None = None,
) -> Written[SessionAnswer]:
    """Apply a proposal as proposed, on the version it was made on (the DM's): 409
    ``proposal-stale`` if the session moved on (the proposal is dropped). Its seat's limits
    still hold: a seat revoked meanwhile took its proposals with it.

    With an ``idempotency_key``, a retry after an answer that was lost answers what the
    approval answered (the proposal is gone by then), as any keyed write does; without one,
    it finds the proposal gone (404), and the session's version says whether it applied."""
    keyed = (
        None
        if idempotency_key is None
        else fingerprint("approveProposal", session_id, {"proposalId": proposal_id}, None)
    )
    with store_errors():
        found = await store.seating.proposals(tenant, session_id, proposal_id)
        seat = None if not found else await store.seating.seat(tenant, session_id, found[0].seat_id)
    if not found or seat is None:
        if idempotency_key is not None:
            return await _replayed(store, tenant, session_id, idempotency_key, keyed, proposal_id)
        raise proposal_not_found(proposal_id)
    proposal = found[0]
    models = MODELS[proposal.action]
    request = models.session_request_adapter.validate_json(to_json(proposal.params))
    try:
        written = await run(
            models,
            store,
            tenant,
            session_id,
            request,
            pool=pool,
            expected_version=proposal.version,
            idempotency_key=idempotency_key,
            seat=seat,
            request_fingerprint=keyed,
        )
    except Problem as problem:
        if problem.code != "version-conflict":
            raise
        with store_errors():
            await store.seating.proposals(tenant, session_id, proposal_id, drop=True)
        raise Problem(
            Kind.CONFLICT,
            "proposal-stale",
            "Proposal stale",
            f"the proposal was made on version {proposal.version}; the session has moved on, "
            "so it was dropped",
            extra={"version": proposal.version},
        ) from None
    with store_errors():
        await store.seating.proposals(tenant, session_id, proposal_id, drop=True)
    return written


async def _replayed(
    store: SessionStore,
    tenant: str,
    session_id: str,
    idempotency_key: str,
    fingerprint: str | None,
    proposal_id: str,
) -> Written[SessionAnswer]:
    """What the approval first made with ``idempotency_key`` answered; 404
    ``proposal-not-found`` (nothing written, the key left free) if no approval made it."""

    def gone(stored: Stored) -> Awaitable[Change]:
        raise proposal_not_found(proposal_id)

    with store_errors():
        applied = await store.apply_json(
            tenant,
            session_id,
            gone,
            idempotency_key=idempotency_key,
            request_fingerprint=fingerprint,
        )
    ref = SessionRef(applied.session.id, applied.session.version, applied.session.commitment)
    return Written(SessionAnswer(applied.response, ref), applied.replayed)


async def reject(store: SessionStore, tenant: str, session_id: str, proposal_id: str) -> None:
    """Drop the proposal; its rejection is told to the DM's followers and the proposing
    seat's (``event: rejected``, GraphQL ``ProposalRejectedNotice``)."""
    with store_errors():
        dropped = await store.seating.reject(tenant, session_id, proposal_id)
    if dropped is None:
        raise proposal_not_found(proposal_id)

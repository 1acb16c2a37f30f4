"""The engine's work off the event loop: a few worker threads, fair between tenants, and a
deadline per request.

The engine is pure CPU work; run on the event loop, one heavy request would stop every other
request (and ``/healthz``) until it ends. :meth:`EnginePool.run` queues the work for a
worker thread and waits for it:

- **fair between tenants**: each tenant (:data:`tenant_var`, set by :func:`engine_pool`
  from the request's principal, else its client address) has a queue of its own, and the
  workers take the next job from each tenant in turn, so one tenant's burst of heavy
  requests waits behind its own work, and another tenant's request waits for at most the
  jobs already running (each bounded by the work budget), not for the whole burst;
- **light work doesn't wait behind heavy work**: a job the caller marks ``light`` (its
  work-budget estimate is small: see :func:`is_light`) goes to a queue of its own, which
  every worker serves first, and one worker serves only it; so a light request never waits
  for another tenant's running heavy jobs, only for its share of the GIL;
- **tiny work runs on the event loop**: a job the caller marks ``inline`` (see
  :func:`runs_inline`: an action whose work is linear in a small encounter) runs at once in
  the caller, without the hop to a thread and back (issue 27), its work bounded in advance
  by what it is, not by the deadline;
- **the deadline counts from when the engine starts** the work, not from the call: time
  spent waiting for a free thread is bounded separately, by the same number of seconds
  (past it the work never starts). Either way the caller gets a ``deadline-exceeded``
  problem (503 with ``Retry-After``), and the work is told to stop: a thread cannot be
  killed, but the random source the work draws from
  (:class:`~service.api.core.Interruptible`) raises at its next draw, so a simulation
  (``encounterOdds``) or a run of rolls stops within a draw. Work that draws nothing runs
  to its end (the engine's work budget bounds it); its result is dropped.

The engine's Python code gives the event loop its turn every few milliseconds (the GIL's
switch interval); validating or dumping a large document in pydantic-core does not, but
the body limit bounds that.

A session write runs its action through here from inside the store's compare-and-set, so an
action that misses its deadline raises before anything is written.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import math
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any, TypeVar

from starlette.requests import HTTPConnection

from service.api.auth import principal_of
from service.api.core import Kind, Problem
from service.api.lightfirst import GivingWay, demote
from service.rules import REGISTRY, Encounter
from service.rules.actions.odds import ODDS_TURN_WEIGHT
from service.rules.limits import round_work

T = TypeVar("T")

DEFAULT_THREADS = 2
"""Worker threads for any work: the engine holds the GIL, so more threads add no speed, only
more work in flight competing with the event loop for it. One more serves light work only."""
LIGHT_BYTES = 32_768
"""A request whose encounter document is at most this size is light (unless its action is
one of :data:`HEAVY_ACTIONS`): the engine's work on it is a few milliseconds at most."""
HEAVY_ACTIONS = frozenset({"encounterOdds"})
"""Actions heavy at any size (a simulation of many fights)."""


INLINE_BYTES = 8_192
"""A body of at most this size is read on the event loop when its action may run there (see
:func:`inline_candidate`): reading it costs less than the hop to a thread."""
INLINE_CELLS = 4
"""The most cells any creature of an encounter run on the event loop may fill (2 x 2): reach
and cover cost grows with the square of two spaces."""
INLINE_WORK = 1_000
"""The most work, in the units of ``odds-work`` (about 1.5 µs each: one simulated round of the
encounter, :func:`~service.rules.limits.round_work`, plus its terrain's cells), of an
encounter whose action runs on the event loop. One action does less than a simulated round;
12 medium creatures with short lists come to about 750."""
INLINE_ACTIONS = frozenset(
    {
        "addCombatant",
        "applyDamage",
        "dash",
        "disengage",
        "dodge",
        "dropProne",
        "drinkPotion",
        "escapeGrapple",
        "grapple",
        "heal",
        "help",
        "interact",
        "lowerInitiative",
        "nextTurn",
        "ready",
        "releaseGrapple",
        "reload",
        "removeCombatant",
        "repair",
        "resolveAttack",
        "resolveChoice",
        "rollCheck",
        "rollDice",
        "rollInitiative",
        "rollSave",
        "shove",
        "stabilize",
        "standUp",
        "updateCombatant",
    }
)
"""The actions whose work is at most linear in the encounter and in two creatures' spaces: no
path search (moves, ``pathCost``, ``triggerReadied``), no simulation or enumeration of dice
(``encounterOdds``, ``attackOdds``), no sight lines from every creature (``hide``,
``search``), no query over whole spaces (``cover``, ``reach``, ``flanking``). A new action
runs in a thread until it is added here."""


def inline_candidate(action: str, body_bytes: int) -> bool:
    """Whether a request for ``action`` with a body of ``body_bytes`` is worth reading on the
    event loop to ask :func:`runs_inline` of its encounter."""
    return action in INLINE_ACTIONS and body_bytes <= INLINE_BYTES


def runs_inline(action: str, encounter: Encounter) -> bool:
    """Whether the engine's work for ``action`` on ``encounter`` is so small that it runs on
    the event loop (issue 27): an action of :data:`INLINE_ACTIONS`, no creature filling more
    than :data:`INLINE_CELLS` cells, and at most :data:`INLINE_WORK` of work. Such work takes
    well under a millisecond, about what the hop to a thread and back costs. The estimate
    itself reads a few fields of each creature."""
    ruleset = REGISTRY.get(encounter.ruleset)
    if action not in INLINE_ACTIONS or ruleset is None:
        return False
    extent = ruleset.square_extent
    cells = 0
    for c in encounter.combatants:
        space = len(c.footprint) if c.footprint else extent.get(c.size, 1) ** 2
        if space > INLINE_CELLS:
            return False
        cells += space
    grid = encounter.grid
    terrain = len(grid.blocked) + len(grid.difficult) + len(grid.climb) + len(grid.swim)
    work = round_work(cells, encounter.combatants, ODDS_TURN_WEIGHT) + terrain
    return work <= INLINE_WORK


def is_light(action: str, document_bytes: int) -> bool:
    """Whether the engine's work for ``action`` on a document of ``document_bytes`` is light:
    small enough to go ahead of heavy work (its budget estimate is a few milliseconds)."""
    return action not in HEAVY_ACTIONS and document_bytes <= LIGHT_BYTES


def deadline_exceeded(seconds: float) -> Problem:
    return Problem(
        Kind.UNAVAILABLE,
        "deadline-exceeded",
        "Deadline exceeded",
        f"the engine did not finish this request within {seconds:g} s, so it was given up "
        "and nothing was changed; send less work (fewer runs, a shorter path...) or retry "
        "when the service is less busy",
        headers={"Retry-After": str(max(1, math.ceil(seconds)))},
    )


tenant_var: contextvars.ContextVar[str] = contextvars.ContextVar("engine_tenant", default="")
"""Whose work a request's engine jobs are (:func:`engine_pool` sets it)."""

Job = Callable[[], None]


class _Lanes:
    """Jobs by tenant, taken one tenant at a time in turn (round robin)."""

    def __init__(self) -> None:
        self._lanes: OrderedDict[str, deque[Job]] = OrderedDict()

    def __bool__(self) -> bool:
        return bool(self._lanes)

    def put(self, tenant: str, job: Job) -> None:
        self._lanes.setdefault(tenant, deque()).append(job)

    def take(self) -> Job:
        """The next tenant's next job (that tenant goes to the back)."""
        tenant, lane = next(iter(self._lanes.items()))
        job = lane.popleft()
        del self._lanes[tenant]
        if lane:
            self._lanes[tenant] = lane
        return job

    def clear(self) -> None:
        self._lanes.clear()


class FairQueue:
    """Light and heavy jobs by tenant: light ones first, each kind one tenant at a time in
    turn (round robin)."""

    def __init__(self) -> None:
        self._light = _Lanes()
        self._heavy = _Lanes()
        self._ready = threading.Condition()
        self._closed = False

    def put(self, tenant: str, job: Job, *, light: bool = False) -> None:
        with self._ready:
            if self._closed:
                raise RuntimeError("the engine pool is closed")
            (self._light if light else self._heavy).put(tenant, job)
            self._ready.notify_all()

    def take(self, *, heavy: bool = True) -> Job | None:
        """The next light job, else (if ``heavy``) the next heavy one; None once closed."""
        with self._ready:
            while not (self._light or (heavy and self._heavy)) and not self._closed:
                self._ready.wait()
            if self._closed:
                return None
            return (self._light if self._light else self._heavy).take()

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._light.clear()
            self._heavy.clear()
            self._ready.notify_all()


class EnginePool:
    """Worker threads for the engine, fair between tenants, each call with a deadline of
    ``deadline`` seconds from when its work starts (and as long to wait for a thread)."""

    def __init__(self, deadline: float, threads: int = DEFAULT_THREADS) -> None:
        self.deadline = deadline
        self._queue = FairQueue()
        self._running: set[threading.Event] = set()
        for i in range(threads):
            threading.Thread(target=self._work, name=f"engine_{i}", daemon=True).start()
        threading.Thread(target=self._work, args=(False,), name="engine_light", daemon=True).start()

    def _work(self, heavy: bool = True) -> None:
        while (job := self._queue.take(heavy=heavy)) is not None:
            job()

    async def run(
        self, work: Callable[[threading.Event], T], *, light: bool = False, inline: bool = False
    ) -> T:
        """``work(stop)`` in a worker thread; its result, or a ``deadline-exceeded`` problem.
        ``light``: the caller's estimate says the work is small (:func:`is_light`): it goes
        ahead of heavy work. ``inline``: it is tiny (:func:`runs_inline`): it runs here, on
        the event loop, at once (its ``stop`` is never set).

        ``stop`` is set when the deadline passes: pass it to ``run_action`` (or
        check it) so the work ends early. The work runs in a copy of the caller's context
        (its request id reaches the log lines it writes).

        The answer comes back through one ``call_soon_threadsafe`` onto an asyncio future
        (no ``wrap_future``/``wait_for`` chain: a tenth of a small request's cost).
        """
        if self.deadline <= 0:
            raise deadline_exceeded(self.deadline)
        if inline:
            return work(_NEVER)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        if light:
            stop = threading.Event()
        else:
            demote()
            stop = GivingWay()
        context = contextvars.copy_context()

        def started() -> None:
            expiry.cancel()
            timers.append(loop.call_later(self.deadline, self._expire, answer))

        def in_thread() -> None:
            if stop.is_set():  # given up while it waited
                return
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(started)
            try:
                result, error = context.run(work, stop), None
            except BaseException as e:
                result, error = None, e
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(_settle, answer, result, error)

        expiry = loop.call_later(self.deadline, self._expire, answer)
        timers = [expiry]
        self._queue.put(tenant_var.get(), in_thread, light=light)
        self._running.add(stop)
        try:
            return await answer
        finally:
            for timer in timers:
                timer.cancel()
            stop.set()
            self._running.discard(stop)

    def _expire(self, answer: asyncio.Future[Any]) -> None:
        _settle(answer, None, deadline_exceeded(self.deadline))

    def close(self) -> None:
        """Stop what is running (at its next draw) and refuse new work."""
        for stop in list(self._running):
            stop.set()
        self._queue.close()


_NEVER = threading.Event()
"""The ``stop`` of inline work: its bound is what it is, not a deadline (never set)."""


def _settle(answer: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """Give ``answer`` its result or error, unless it has one (the deadline came first, or
    the work finished first)."""
    if answer.done():
        return
    if error is not None:
        answer.set_exception(error)
    else:
        answer.set_result(result)


def engine_pool(connection: HTTPConnection) -> EnginePool:
    """The application's engine pool (made on first use, with the settings' deadline); the
    jobs the request queues from here on are its tenant's (:data:`tenant_var`)."""
    principal = principal_of(connection)
    if principal is not None:
        tenant_var.set(principal.tenant)
    elif connection.client is not None:
        tenant_var.set(f"ip:{connection.client.host}")
    state = connection.app.state
    pool: EnginePool | None = getattr(state, "engine_pool", None)
    if pool is None:
        pool = state.engine_pool = EnginePool(state.settings.engine_deadline_seconds)
    return pool


def close_engine_pool(state: Any) -> None:
    """Close the application's engine pool, if it made one (the lifespan's shutdown)."""
    pool: EnginePool | None = getattr(state, "engine_pool", None)
    if pool is not None:
        state.engine_pool = None
        pool.close()

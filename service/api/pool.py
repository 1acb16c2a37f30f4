"""The engine's work off the event loop: a few worker threads, and a deadline per request.

The engine is pure CPU work; run on the event loop, one heavy request would stop every other
request (and ``/healthz``) until it ends. :meth:`EnginePool.run` runs the work in a thread
and waits at most the deadline (counted from the call, so time spent waiting for a free
thread counts too). Past the deadline the caller gets a ``deadline-exceeded`` problem (503
with ``Retry-After``), and the work is told to stop: a thread cannot be killed, but the
random source the work draws from (:class:`~service.api.core.Interruptible`) raises at its
next draw, so a simulation (``encounterOdds``) or a run of rolls stops within a draw. Work
that draws nothing runs to its end (the engine's work budget bounds it); its result is
dropped.

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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from starlette.requests import HTTPConnection

from service.api.core import Kind, Problem

T = TypeVar("T")

DEFAULT_THREADS = 2
"""Worker threads: the engine holds the GIL, so more threads add no speed, only more work
in flight competing with the event loop for it."""


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


class EnginePool:
    """Worker threads for the engine, each call with a deadline of ``deadline`` seconds."""

    def __init__(self, deadline: float, threads: int = DEFAULT_THREADS) -> None:
        self.deadline = deadline
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="engine")
        self._running: set[threading.Event] = set()

    async def run(self, work: Callable[[threading.Event], T]) -> T:
        """``work(stop)`` in a worker thread; its result, or a ``deadline-exceeded`` problem.

        ``stop`` is set when the deadline passes: pass it to ``run_action`` (or
        check it) so the work ends early. The work runs in a copy of the caller's context
        (its request id reaches the log lines it writes).

        The answer comes back through one ``call_soon_threadsafe`` onto an asyncio future
        (no ``wrap_future``/``wait_for`` chain: a tenth of a small request's cost).
        """
        if self.deadline <= 0:
            raise deadline_exceeded(self.deadline)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        stop = threading.Event()
        context = contextvars.copy_context()

        def in_thread() -> None:
            try:
                result, error = context.run(work, stop), None
            except BaseException as e:
                result, error = None, e
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(_settle, answer, result, error)

        queued = self._executor.submit(in_thread)
        expiry = loop.call_later(self.deadline, self._expire, answer)
        self._running.add(stop)
        try:
            return await answer
        finally:
            expiry.cancel()
            stop.set()
            queued.cancel()
            self._running.discard(stop)

    def _expire(self, answer: asyncio.Future[Any]) -> None:
        _settle(answer, None, deadline_exceeded(self.deadline))

    def close(self) -> None:
        """Stop what is running (at its next draw) and refuse new work."""
        for stop in list(self._running):
            stop.set()
        self._executor.shutdown(wait=False, cancel_futures=True)


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
    """The application's engine pool (made on first use, with the settings' deadline)."""
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

"""The engine pool (issue 24, fair engine time): light work goes ahead of heavy work and never
waits for another tenant's running heavy jobs; each kind is shared out tenant by tenant."""

from __future__ import annotations

import asyncio
import threading

from service.api.pool import EnginePool, FairQueue, is_light, tenant_var


def test_light_jobs_are_taken_first_and_a_light_worker_takes_no_heavy_job() -> None:
    queue = FairQueue()
    done: list[str] = []
    queue.put("a", lambda: done.append("a-heavy-1"))
    queue.put("a", lambda: done.append("a-heavy-2"))
    queue.put("b", lambda: done.append("b-heavy"))
    queue.put("b", lambda: done.append("b-light"), light=True)
    for _ in range(4):
        job = queue.take()
        assert job is not None
        job()
    assert done == ["b-light", "a-heavy-1", "b-heavy", "a-heavy-2"]
    queue.put("a", lambda: done.append("late"))
    taker = threading.Thread(target=lambda: done.append(str(queue.take(heavy=False))))
    taker.start()
    queue.close()
    taker.join()
    assert done[-1] == "None"


async def test_a_light_request_finishes_while_every_heavy_worker_is_busy() -> None:
    """Tenant A's heavy jobs hold both general workers (they wait on an event); tenant B's
    light job is answered meanwhile, and B's heavy one would have to wait."""
    pool = EnginePool(deadline=60, threads=2)
    release = threading.Event()
    started = threading.Semaphore(0)

    def heavy(stop: threading.Event) -> str:
        started.release()
        release.wait(60)
        return "heavy"

    try:
        tenant_var.set("a")
        held = [asyncio.ensure_future(pool.run(heavy)) for _ in range(2)]
        for _ in range(2):
            await asyncio.to_thread(started.acquire)
        tenant_var.set("b")
        waiting = asyncio.ensure_future(pool.run(lambda stop: "b-heavy"))
        assert await pool.run(lambda stop: "b-light", light=True) == "b-light"
        assert not waiting.done() and not any(h.done() for h in held)
        release.set()
        assert await asyncio.gather(*held, waiting) == ["heavy", "heavy", "b-heavy"]
    finally:
        release.set()
        pool.close()


def test_what_is_light() -> None:
    assert is_light("resolveAttack", 4_000)
    assert not is_light("resolveAttack", 400_000)
    assert not is_light("encounterOdds", 2_000)

"""The engine pool (issue 24, fair engine time): light work goes ahead of heavy work and never
waits for another tenant's running heavy jobs; each kind is shared out tenant by tenant."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from doors import GraphQL
from starlette.testclient import TestClient

from service.api.pool import (
    DEFAULT_THREADS,
    INLINE_ACTIONS,
    EnginePool,
    FairQueue,
    is_light,
    tenant_var,
)
from service.api.rest import examples
from service.app import create_app
from service.rules.registry import ACTIONS
from service.settings import Settings


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


# --- tiny work on the event loop (issue 27) --------------------------------------------------


@contextlib.contextmanager
def engine_threads_held(client: TestClient, pool: EnginePool) -> Iterator[None]:
    """Every thread of ``pool`` (the light one too) held by a job that waits, until the block
    ends."""
    release = threading.Event()
    started = threading.Semaphore(0)

    def hold(stop: threading.Event) -> None:
        started.release()
        release.wait(60)

    try:
        for _ in range(DEFAULT_THREADS + 1):
            client.portal.start_task_soon(functools.partial(pool.run, hold, light=True))  # type: ignore[union-attr]
        for _ in range(DEFAULT_THREADS + 1):
            assert started.acquire(timeout=30)
        yield
    finally:
        release.set()


@pytest.fixture
def held(settings: Settings) -> Iterator[TestClient]:
    """The app with every engine thread held and a deadline of 1 s: work that needs a thread
    answers 503 ``deadline-exceeded``."""
    with TestClient(create_app(settings)) as client:
        pool = client.app.state.engine_pool = EnginePool(deadline=1.0)  # type: ignore[attr-defined]
        try:
            with engine_threads_held(client, pool):
                yield client
        finally:
            pool.close()


def _attack(**goblin: Any) -> dict[str, Any]:
    body = copy.deepcopy(examples.request("resolveAttack"))
    for c in body["encounter"]["combatants"]:
        if c["id"] == "goblin":
            c.update(goblin, hp=1000, maxHp=1000)
    return body


def _kobolds(count: int) -> list[dict[str, Any]]:
    return [
        {
            "id": f"kobold{i}",
            "name": f"Kobold {i}",
            "side": "monsters",
            "position": {"x": i % 12, "y": 6 + i // 12},
            "hp": 5,
            "maxHp": 5,
            "ac": 12,
        }
        for i in range(count)
    ]


def test_a_tiny_attack_is_answered_on_the_loop_while_every_engine_thread_is_held(
    held: TestClient,
) -> None:
    r = held.post("/v1/resolve-attack", json=_attack())
    assert r.status_code == 200, r.text
    rolled = [e for e in r.json()["events"] if e["roll"] and e["roll"]["purpose"] == "attack"]
    assert len(rolled) == 1 and rolled[0]["target"] == "goblin"
    # the next turn on what came back, on the loop too, and the goblin's turn it is
    after = held.post("/v1/next-turn", json={"encounter": r.json()["encounter"]})
    assert after.status_code == 200, after.text
    assert after.json()["encounter"]["turnOf"] == "goblin"
    reply = GraphQL(held).call(
        "resolveAttack", _attack()["encounter"], 7, attackerId="aria", targetId="goblin"
    )
    assert reply.ok, reply
    # A typed encounter variable of 8 creatures (its size is only estimated, over 8 KiB): the
    # engine's estimate decides, and it is tiny.
    eight = _attack()["encounter"]
    eight["combatants"].extend(_kobolds(6))
    reply = GraphQL(held).call("resolveAttack", eight, 7, attackerId="aria", targetId="goblin")
    assert reply.ok, reply


def test_work_that_is_not_tiny_still_waits_for_a_thread(held: TestClient) -> None:
    """A move (a path search), an attack on a Huge creature (3 x 3: reach and cover over two
    spaces) and a large encounter need a thread: with every thread held they answer 503."""
    move = copy.deepcopy(examples.request("moveCombatant"))
    big = _attack()
    big["encounter"]["combatants"].extend(_kobolds(20))
    for path, body in (
        ("/v1/move-combatant", move),
        ("/v1/resolve-attack", _attack(size="huge")),
        ("/v1/resolve-attack", big),
    ):
        r = held.post(path, json=body)
        assert (r.status_code, r.json()["code"]) == (503, "deadline-exceeded"), (path, r.text)


def test_a_session_write_of_a_kept_tiny_version_runs_on_the_loop(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        created = client.post("/v1/sessions", json={"encounter": _attack()["encounter"]})
        assert created.status_code == 201, created.text
        sid = created.json()["id"]
        with engine_threads_held(client, client.app.state.engine_pool):  # type: ignore[attr-defined]
            r = client.post(
                f"/v1/sessions/{sid}/resolve-attack",
                json={"attackerId": "aria", "targetId": "goblin", "seed": 3},
            )
            assert r.status_code == 200, r.text
            turned = client.post(f"/v1/sessions/{sid}/next-turn", json={})
            assert turned.status_code == 200, turned.text
            read = client.get(f"/v1/sessions/{sid}")
            assert read.json()["version"] == 3
            assert read.json()["encounter"]["turnOf"] == "goblin"


def test_every_action_that_may_run_on_the_loop_is_an_action() -> None:
    """A misspelt name would keep its action off the loop without a word."""
    assert {spec.name for spec in ACTIONS} >= INLINE_ACTIONS
    assert not INLINE_ACTIONS & {"moveCombatant", "encounterOdds", "attackOdds", "cover"}


def test_a_large_typed_encounter_over_graphql_is_heavy_work(settings: Settings) -> None:
    """A GraphQL encounter variable, validated already, is light by the estimate of its size
    as on REST (issue 24): with the heavy threads held, a 6-creature attack that is not tiny
    (a Huge goblin) is answered by the light thread, a 150-creature one waits (and would go
    ahead of no light request's work)."""
    release = threading.Event()
    started = threading.Semaphore(0)

    def hold(stop: threading.Event) -> None:
        started.release()
        release.wait(60)

    with TestClient(create_app(settings)) as client:
        pool = client.app.state.engine_pool = EnginePool(deadline=1.0)  # type: ignore[attr-defined]
        try:
            for _ in range(DEFAULT_THREADS):
                client.portal.start_task_soon(functools.partial(pool.run, hold))  # type: ignore[union-attr]
            for _ in range(DEFAULT_THREADS):
                assert started.acquire(timeout=30)
            small = _attack(size="huge")["encounter"]
            reply = GraphQL(client).call(
                "resolveAttack", small, 7, attackerId="aria", targetId="goblin"
            )
            assert reply.ok, reply
            large = _attack(size="huge")["encounter"]
            large["combatants"].extend(_kobolds(150))
            query = """mutation($e: EncounterInput!) {
              resolveAttack(encounter: $e, seed: 7, input: {attackerId: "aria", targetId: "goblin"})
              { __typename ... on Error { code } } }"""
            r = client.post("/graphql", json={"query": query, "variables": {"e": large}})
            answer = r.json()["data"]["resolveAttack"]
            assert answer == {"__typename": "Unavailable", "code": "deadline-exceeded"}, r.text
        finally:
            release.set()
            pool.close()

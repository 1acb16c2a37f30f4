"""Issue 25: both SDKs' session followers (TypeScript ``followSession``, Python
``follow_session`` and ``afollow_session``) reconnect after a lost connection, resuming with
``Last-Event-ID``: every version once, in order, none skipped. The live service is reached
through a loopback proxy (:class:`CuttingProxy`) that resets or closes the connections
mid-stream, refuses new ones for a while, or answers a 503 with ``Retry-After``; a 404 is
raised at once, never retried.

Each follower is a small program (the TypeScript SDK's examples/follow.ts, compiled; a Python
script run in the SDK's venv) printing one line an event; the test writes the versions and
breaks the connections, waiting for the lines (never for fixed times).
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from clients_support import LOCAL_REDIS, CuttingProxy, LiveService, need_node, run
from redis_support import answers as redis_answers

pytestmark = pytest.mark.timeout(600)

SDKS = ["typescript", "python", "python-async"]

FOLLOW_PY = """
import asyncio, os, sys
from combat_rules_client import Client
from combat_rules_client.errors import ProblemError
from combat_rules_client.helpers import (
    DeletedEvent, ProposalEvent, Reconnect, RejectedEvent, SessionStreamEvent, VersionEvent,
    afollow_session, follow_session,
)

session_id = sys.argv[1]
last = sys.argv[2] if len(sys.argv) > 2 else None
reconnect: Reconnect | bool = (
    False
    if os.environ.get("RECONNECT") == "off"
    else Reconnect(
        attempts=int(os.environ.get("RECONNECT_ATTEMPTS", "10")),
        initial_delay=int(os.environ.get("RECONNECT_DELAY_MS", "500")) / 1000,
        max_delay=int(os.environ.get("RECONNECT_MAX_DELAY_MS", "30000")) / 1000,
        silence=int(os.environ.get("RECONNECT_SILENCE_MS", "45000")) / 1000,
    )
)


def show(event: SessionStreamEvent) -> None:
    if isinstance(event, VersionEvent):
        hp = ",".join(str(c.hp) for c in event.encounter.combatants) if event.encounter else None
        print(f"version {event.id} hp {hp}", flush=True)
    elif isinstance(event, ProposalEvent):
        print("proposal", flush=True)
    elif isinstance(event, RejectedEvent):
        print("rejected", flush=True)
    else:
        print("deleted" if isinstance(event, DeletedEvent) else "error", flush=True)


async def follow_async(client: Client) -> None:
    async for event in afollow_session(
        session_id, client=client, last_event_id=last, reconnect=reconnect
    ):
        show(event)


with Client(base_url=os.environ["COMBAT_RULES_URL"]) as client:
    try:
        if os.environ.get("ASYNC"):
            asyncio.run(follow_async(client))
        else:
            with follow_session(
                session_id, client=client, last_event_id=last, reconnect=reconnect
            ) as stream:
                for event in stream:
                    show(event)
        print("ended", flush=True)
    except ProblemError as problem:
        print(f"threw {problem.status} {problem.code}", flush=True)
    except Exception as error:
        print(f"threw {type(error).__name__}", flush=True)
"""


@pytest.fixture(scope="module")
def typescript_follower(
    typescript_project: Path, tmp_path_factory: pytest.TempPathFactory
) -> list[str]:
    node, _ = need_node()
    tsc = str(typescript_project / "node_modules" / "typescript" / "bin" / "tsc")
    out_dir = tmp_path_factory.mktemp("ts-follow") / "dist"
    run(
        [node, tsc, "-p", ".", "--strict", "--outDir", str(out_dir)],
        timeout=300,
        cwd=typescript_project,
    )
    (out_dir / "package.json").write_text('{"type": "module"}\n')
    return [node, str(out_dir / "examples" / "follow.js")]


def follower_command(
    sdk: str, request: pytest.FixtureRequest, tmp_path: Path
) -> tuple[list[str], dict[str, str]]:
    if sdk == "typescript":
        return request.getfixturevalue("typescript_follower"), {}
    python: Path = request.getfixturevalue("sdk_python")
    script = tmp_path / "follow.py"
    script.write_text(FOLLOW_PY)
    return [str(python), str(script)], {"ASYNC": "1"} if sdk == "python-async" else {}


class Follower:
    """A follower program, its lines read as they come."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: Path) -> None:
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=cwd,
            env={**os.environ, **env},
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def next(self, timeout: float = 60.0) -> str | None:
        """The next line (None: the program ended)."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            self.process.kill()
            pytest.fail(f"no line in {timeout}s after {self.seen}: {self._stderr()}")
        if line is not None:
            self.seen.append(line)
        return line

    def finish(self, timeout: float = 120.0) -> list[str]:
        """Every line left, once the program ended."""
        rest = []
        while (line := self.next(timeout)) is not None:
            rest.append(line)
        assert self.process.wait(timeout) == 0, self._stderr()
        for pipe in (self.process.stdout, self.process.stderr):
            if pipe is not None:
                pipe.close()
        return rest

    def _stderr(self) -> str:
        self.process.kill()
        assert self.process.stderr is not None
        return self.process.stderr.read()[-4000:]


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Callable[[list[str], dict[str, str]], Follower]]:
    """Start a follower program (killed at the end of the test if still running)."""
    started: list[Follower] = []

    def start(command: list[str], env: dict[str, str]) -> Follower:
        started.append(Follower(command, env, tmp_path))
        return started[-1]

    yield start
    for follower in started:
        if follower.process.poll() is None:
            follower.process.kill()
            follower.process.wait(30)


def create_session(http: httpx.Client) -> str:
    combatants = [
        {
            "id": cid,
            "name": cid.upper(),
            "side": cid,
            "position": {"x": x, "y": 0},
            "hp": 10,
            "maxHp": 10,
            "ac": 10,
        }
        for cid, x in (("a", 0), ("b", 1))
    ]
    body = {
        "encounter": {"ruleset": "d20", "grid": {"width": 6, "height": 6}, "combatants": combatants}
    }
    session = http.post("/v1/sessions", json=body).raise_for_status().json()
    assert session["version"] == 1, session
    return str(session["id"])


def hurt(http: httpx.Client, session_id: str) -> None:
    """A new version: 1 damage to b."""
    body = {"targetId": "b", "amount": 1}
    http.post(f"/v1/sessions/{session_id}/apply-damage", json=body).raise_for_status()


def resumed_after(heads: list[str]) -> list[int | None]:
    """Each stream request's ``Last-Event-ID`` (None without one)."""
    found = [re.search(r"^last-event-id: *(\d+)", head, re.M | re.I) for head in heads]
    return [None if m is None else int(m.group(1)) for m in found]


@pytest.mark.parametrize("sdk", SDKS)
def test_a_follower_resumes_after_lost_connections_with_each_version_once(
    sdk: str,
    request: pytest.FixtureRequest,
    live_service: LiveService,
    tmp_path: Path,
    spawn: Callable[[list[str], dict[str, str]], Follower],
) -> None:
    command, env = follower_command(sdk, request, tmp_path)
    proxy = CuttingProxy(live_service.port)
    try:
        with httpx.Client(base_url=live_service.url, timeout=30) as http:
            sid = create_session(http)
            env.update(COMBAT_RULES_URL=proxy.url, RECONNECT_DELAY_MS="100")
            follower = spawn([*command, sid], env)
            # No last event id: it reads the version (1) and follows from there.
            proxy.wait_heads(f"/{sid}/stream", 1)
            hurt(http, sid)
            assert follower.next() == "version 2 hp 10,9"

            # Reset mid-stream; two versions written while new connections are refused.
            proxy.refusing = True
            proxy.cut(reset=True)
            hurt(http, sid)
            hurt(http, sid)
            proxy.refusing = False
            assert follower.next() == "version 3 hp 10,8"
            assert follower.next() == "version 4 hp 10,7"

            # A plain close mid-stream (an end of the body that never came).
            streams = len(proxy.heads(f"/{sid}/stream"))
            proxy.cut(reset=False)
            hurt(http, sid)
            assert follower.next() == "version 5 hp 10,6"
            proxy.wait_heads(f"/{sid}/stream", streams + 1)

            # The next connection answered 503 with Retry-After: 1 (the next after a second).
            streams = len(proxy.heads(f"/{sid}/stream"))
            proxy.refuse_next(503, retry_after=1)
            proxy.cut(reset=True)
            proxy.wait_heads(f"/{sid}/stream", streams + 2)
            hurt(http, sid)
            assert follower.next() == "version 6 hp 10,5"

            http.delete(f"/v1/sessions/{sid}").raise_for_status()
            assert follower.next() == "deleted"
            assert follower.finish() == ["ended"]
        assert follower.seen == [
            *(f"version {v} hp 10,{11 - v}" for v in range(2, 7)),
            "deleted",
            "ended",
        ]
        streams_seen = proxy.heads(f"/{sid}/stream")
        after = resumed_after([head for _, head in streams_seen])
        # Each connection resumed after the last version it had yielded.
        assert after[0] == 1 and after == sorted(after) and after[-1] == 5, after
        assert {2, 4, 5} <= set(after), after
        (refused_at, _), (next_at, _) = streams_seen[-2:]
        assert next_at - refused_at >= 0.95, (refused_at, next_at)
    finally:
        proxy.close()


@pytest.mark.parametrize("sdk", SDKS)
def test_a_silent_connection_is_taken_as_lost_and_followed_again(
    sdk: str,
    request: pytest.FixtureRequest,
    live_service: LiveService,
    tmp_path: Path,
    spawn: Callable[[list[str], dict[str, str]], Follower],
) -> None:
    """A connection a network dropped without a word brings nothing more, not even the
    heartbeat: after ``Reconnect.silence`` the follower takes it as lost and follows again
    from the last version it had, so the version written meanwhile still comes."""
    command, env = follower_command(sdk, request, tmp_path)
    proxy = CuttingProxy(live_service.port)
    try:
        with httpx.Client(base_url=live_service.url, timeout=30) as http:
            sid = create_session(http)
            env.update(COMBAT_RULES_URL=proxy.url, RECONNECT_DELAY_MS="100")
            env.update(RECONNECT_SILENCE_MS="2000")
            follower = spawn([*command, sid], env)
            proxy.wait_heads(f"/{sid}/stream", 1)
            hurt(http, sid)
            assert follower.next() == "version 2 hp 10,9"
            proxy.freeze()
            hurt(http, sid)  # sent on the frozen connection: dropped
            assert follower.next() == "version 3 hp 10,8"
            http.delete(f"/v1/sessions/{sid}").raise_for_status()
            assert follower.next() == "deleted"
            assert follower.finish() == ["ended"]
        after = resumed_after([head for _, head in proxy.heads(f"/{sid}/stream")])
        # Every reconnection resumes after version 2 (the first may go out on a pooled
        # keep-alive connection the freeze silenced too, and be followed again).
        assert after[0] == 1 and after[1:] and set(after[1:]) == {2}, after
    finally:
        proxy.close()


@pytest.mark.parametrize("sdk", SDKS)
def test_a_store_unavailable_error_is_followed_again_and_a_proposal_is_no_end(
    sdk: str,
    request: pytest.FixtureRequest,
    live_service: LiveService,
    tmp_path: Path,
    spawn: Callable[[list[str], dict[str, str]], Follower],
) -> None:
    """A stream the service ends with ``event: error`` ``store-unavailable`` (it lost its
    store for a moment) is followed again, the error not yielded, and the version written
    meanwhile comes; a proposal's notice and its rejection's are yielded and the stream goes
    on."""
    command, env = follower_command(sdk, request, tmp_path)
    proxy = CuttingProxy(live_service.port)
    try:
        with httpx.Client(base_url=live_service.url, timeout=30) as http:
            sid = create_session(http)
            env.update(COMBAT_RULES_URL=proxy.url, RECONNECT_DELAY_MS="100")
            follower = spawn([*command, sid], env)
            proxy.wait_heads(f"/{sid}/stream", 1)
            hurt(http, sid)
            assert follower.next() == "version 2 hp 10,9"
            error = {"code": "store-unavailable", "message": "the session store is unavailable"}
            proxy.tell(b"event: error\ndata: " + json.dumps(error).encode() + b"\n\n")
            hurt(http, sid)
            assert follower.next() == "version 3 hp 10,8"

            rolled = http.post(f"/v1/sessions/{sid}/roll-initiative", json={"seed": 1}).json()
            while rolled["encounter"]["turnOf"] != "a":
                rolled = http.post(f"/v1/sessions/{sid}/next-turn", json={}).json()
            version = rolled["session"]["version"]
            for v in range(4, version + 1):
                assert follower.next().startswith(f"version {v} "), follower.seen
            seat = http.post(
                f"/v1/sessions/{sid}/seats", json={"combatants": ["a"], "approval": "dm"}
            ).raise_for_status()
            proposed = http.post(
                f"/v1/sessions/{sid}/proposals",
                json={"action": "dodge", "params": {"combatantId": "a"}},
                headers={"Authorization": f"Bearer {seat.json()['token']}"},
            )
            assert proposed.status_code == 202, proposed.text
            assert follower.next() == "proposal"
            pid = proposed.json()["id"]
            http.post(f"/v1/sessions/{sid}/proposals/{pid}/reject").raise_for_status()
            assert follower.next() == "rejected"
            hurt(http, sid)
            assert follower.next() == f"version {version + 1} hp 10,7"
            http.delete(f"/v1/sessions/{sid}").raise_for_status()
            assert follower.next() == "deleted"
            assert follower.finish() == ["ended"]
        after = resumed_after([head for _, head in proxy.heads(f"/{sid}/stream")])
        assert after == [1, 2], after
    finally:
        proxy.close()


@pytest.mark.parametrize("sdk", SDKS)
def test_a_follower_gives_up_after_its_attempts_and_a_404_is_never_retried(
    sdk: str,
    request: pytest.FixtureRequest,
    live_service: LiveService,
    tmp_path: Path,
    spawn: Callable[[list[str], dict[str, str]], Follower],
) -> None:
    command, env = follower_command(sdk, request, tmp_path)
    proxy = CuttingProxy(live_service.port)
    try:
        env.update(COMBAT_RULES_URL=proxy.url, RECONNECT_DELAY_MS="50", RECONNECT_ATTEMPTS="3")
        with httpx.Client(base_url=live_service.url, timeout=30) as http:
            sid = create_session(http)
            hurt(http, sid)
            follower = spawn([*command, sid, "1"], env)
            assert follower.next() == "version 2 hp 10,9"  # following
        accepted = proxy.accepted
        proxy.refusing = True
        proxy.cut(reset=True)
        (threw,) = follower.finish()
        assert threw.startswith("threw "), threw
        assert proxy.accepted - accepted == 3, (threw, proxy.accepted, accepted)
        proxy.refusing = False

        # An unknown session: the 404 is raised at once, from the stream or from the version.
        missing = "x" * 22
        for last in (["0"], []):
            follower = spawn([*command, missing, *last], env)
            assert follower.finish() == ["threw 404 session-not-found"]
        assert len(proxy.heads(f"/{missing}/stream")) == 1
        assert len(proxy.heads(f"/v1/sessions/{missing} ")) == 1
    finally:
        proxy.close()


@pytest.mark.parametrize("sdk", ["typescript", "python"])
def test_a_follower_follows_through_a_service_restart(
    sdk: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    spawn: Callable[[list[str], dict[str, str]], Follower],
) -> None:
    """The service shuts down (its streams end cleanly) and comes back on the same port with
    the same Redis: the follower retries the refused connections and resumes where it was."""
    if not redis_answers(*LOCAL_REDIS):
        pytest.skip("the sessions outlive a restart only in a real Redis (127.0.0.1:6379)")
    command, env = follower_command(sdk, request, tmp_path)
    (tmp_path / "first").mkdir()
    service = LiveService(tmp_path / "first")
    restarted: LiveService | None = None
    try:
        service.wait_ready(timeout=300)  # a cold start, on a busy machine
        env.update(
            COMBAT_RULES_URL=service.url,
            RECONNECT_DELAY_MS="100",
            RECONNECT_MAX_DELAY_MS="1000",
            RECONNECT_ATTEMPTS="300",  # at least 150 s of refused connections
        )
        with httpx.Client(base_url=service.url, timeout=30) as http:
            sid = create_session(http)
            hurt(http, sid)
            follower = spawn([*command, sid, "1"], env)
            assert follower.next() == "version 2 hp 10,9"
        service.stop(forget=False)
        (tmp_path / "second").mkdir()
        restarted = LiveService(tmp_path / "second", port=service.port, prefix=service.prefix)
        restarted.wait_ready(timeout=300)
        with httpx.Client(base_url=restarted.url, timeout=30) as http:
            hurt(http, sid)
            assert follower.next() == "version 3 hp 10,8"
            hurt(http, sid)
            assert follower.next() == "version 4 hp 10,7"
            http.delete(f"/v1/sessions/{sid}").raise_for_status()
        assert follower.finish() == ["deleted", "ended"]
        assert follower.seen == [
            "version 2 hp 10,9",
            "version 3 hp 10,8",
            "version 4 hp 10,7",
            "deleted",
            "ended",
        ]
    finally:
        if restarted is not None:
            restarted.stop(forget=False)
        service.stop()

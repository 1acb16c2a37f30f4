"""The Python SDK, installed with pip, against a live service: the README's example, async too."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from clients_support import PYTHON_SDK, LiveService, run

pytestmark = pytest.mark.timeout(600)


def readme_example() -> str:
    readme = (PYTHON_SDK / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "clients/python/README.md has no python example"
    return str(blocks[0])


def run_python(
    python: Path, code: str, url: str, tmp_path: Path
) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "example.py"
    script.write_text(code)
    env = {**os.environ, "COMBAT_RULES_URL": url}
    # Run from tmp_path, so that the SDK comes from the venv and not from the work tree.
    return run([str(python), str(script)], timeout=120, cwd=tmp_path, env=env)


def test_readme_example_runs(sdk_python: Path, live_service: LiveService, tmp_path: Path) -> None:
    out = run_python(sdk_python, readme_example(), live_service.url, tmp_path).stdout
    assert re.search(r"^session [A-Za-z0-9_-]{16,64} at version 1$", out, re.M), out
    assert re.search(r"^order: \['(aria|goblin)', '(aria|goblin)'\]$", out, re.M), out
    assert re.search(r"^attack: (hit|miss) \(total \d+\), damage (\d+|None)$", out, re.M), out
    assert re.search(r"^round 1 turn of (aria|goblin)$", out, re.M), out
    assert "refused: 422 invalid-input at ['targetId']" in out, out
    # The log: initiative at version 2, the attack at version 3.
    assert re.search(r"^v2 #0 roll: .+ initiative", out, re.M), out
    assert re.search(r"^v3 #\d+ attack-roll: Aria attacks Goblin with longsword", out, re.M), out


def test_sdk_is_installed_from_the_venv(sdk_python: Path, tmp_path: Path) -> None:
    code = "import combat_rules_client as c; print(c.__file__)"
    out = run([str(sdk_python), "-c", code], timeout=60, cwd=tmp_path).stdout
    assert "site-packages" in out and str(PYTHON_SDK) not in out, out


ASYNC_EXAMPLE = """
import asyncio, os
from combat_rules_client import Client
from combat_rules_client.api.sessions import (
    create_session, get_session, session_apply_damage, undo_session,
)
from combat_rules_client.errors import ProblemError
from combat_rules_client.models import (
    ApplyDamageSessionRequest, ApplyDamageSessionResult, Attack, Cell, Combatant,
    CreateSessionRequest, Encounter, Grid, Problem, Ruleset, Session, UndoResult,
)

async def main() -> None:
    encounter = Encounter(
        ruleset=Ruleset.D20,
        grid=Grid(width=6, height=6),
        combatants=[
            Combatant(id="a", name="A", side="x", position=Cell(x=0, y=0), hp=10, max_hp=10, ac=10,
                      attacks=[Attack(name="fist")]),
            Combatant(id="b", name="B", side="y", position=Cell(x=1, y=0), hp=10, max_hp=10, ac=10),
        ],
    )
    async with Client(base_url=os.environ["COMBAT_RULES_URL"]) as client:
        body = CreateSessionRequest(encounter=encounter)
        session = await create_session.asyncio(client=client, body=body)
        assert isinstance(session, Session), session
        hurt = await session_apply_damage.asyncio_detailed(
            session.id, client=client, body=ApplyDamageSessionRequest(target_id="b", amount=3),
            if_match='"1"',
        )
        assert hurt.status_code == 200 and isinstance(hurt.parsed, ApplyDamageSessionResult)
        assert hurt.headers["etag"] == '"2"'
        # Every field a response holds is there: no Unset to check.
        print("temp", hurt.parsed.encounter.combatants[1].temp_hp, hurt.parsed.encounter.round)
        stale = await session_apply_damage.asyncio_detailed(
            session.id, client=client, body=ApplyDamageSessionRequest(target_id="b", amount=3),
            if_match='"1"',
        )
        assert stale.status_code == 412 and isinstance(stale.parsed, Problem), stale
        try:
            await session_apply_damage.asyncio(
                session.id, client=client, body=ApplyDamageSessionRequest(target_id="b", amount=3),
                if_match='"1"',
            )
        except ProblemError as conflict:
            print("conflict", conflict.status, conflict.code, conflict.current_version)
        undone = await undo_session.asyncio(session.id, client=client)
        assert isinstance(undone, UndoResult), undone
        now = await get_session.asyncio(session.id, client=client)
        assert isinstance(now, Session) and now.version == 3
        print("hp", [c.hp for c in now.encounter.combatants])
        try:
            await get_session.asyncio("x" * 22, client=client)
        except ProblemError as missing:
            print("problem", missing.status, missing.code, bool(missing.request_id))

asyncio.run(main())
"""


def test_async_client_etags_and_problems(
    sdk_python: Path, live_service: LiveService, tmp_path: Path
) -> None:
    out = run_python(sdk_python, ASYNC_EXAMPLE, live_service.url, tmp_path).stdout
    assert "temp 0 0" in out, out
    assert "conflict 412 version-conflict 2" in out, out
    assert "hp [10, 10]" in out, out
    assert "problem 404 session-not-found True" in out, out


STREAM_EXAMPLE = """
import os, queue, threading
from combat_rules_client import Client
from combat_rules_client.api.sessions import (
    create_session, delete_session, session_apply_damage, stream_session,
)
from combat_rules_client.models import (
    ApplyDamageSessionRequest, Cell, Combatant, CreateSessionRequest, Encounter, Grid, Ruleset,
)

encounter = Encounter(
    ruleset=Ruleset.D20,
    grid=Grid(width=6, height=6),
    combatants=[
        Combatant(id="a", name="A", side="x", position=Cell(x=0, y=0), hp=10, max_hp=10, ac=10),
        Combatant(id="b", name="B", side="y", position=Cell(x=1, y=0), hp=10, max_hp=10, ac=10),
    ],
)
got: queue.Queue[stream_session.StreamEvent | None] = queue.Queue()
with Client(base_url=os.environ["COMBAT_RULES_URL"]) as client:
    session = create_session.sync(client=client, body=CreateSessionRequest(encounter=encounter))
    for amount in (2, 3):
        session_apply_damage.sync(
            session.id, client=client, body=ApplyDamageSessionRequest(target_id="b", amount=amount)
        )

    def follow() -> None:
        for event in stream_session.stream(session.id, client=client, last_event_id="1"):
            got.put(event)
        got.put(None)

    follower = threading.Thread(target=follow)
    follower.start()
    for _ in range(2):
        event = got.get(timeout=60)
        assert event is not None
        print(event.event, event.id, event.data["session"]["version"])
    delete_session.sync(session.id, client=client)
    while (event := got.get(timeout=60)) is not None:
        print(event.event, event.data["session"]["id"] == session.id)
    follower.join(60)
    print("ended", not follower.is_alive())
"""


def test_a_stream_is_followed_event_by_event(
    sdk_python: Path, live_service: LiveService, tmp_path: Path
) -> None:
    """``stream_session.stream`` yields each event as it comes (``sync`` would read the whole
    body, and a stream's body ends only with the session): the two versions after
    ``Last-Event-ID``, then the deletion, which ends it."""
    out = run_python(sdk_python, STREAM_EXAMPLE, live_service.url, tmp_path).stdout
    assert out.splitlines() == ["version 2 2", "version 3 3", "deleted True", "ended True"], out


LIVE_EXAMPLE = """
import asyncio, os, threading, time
from combat_rules_client import Client
from combat_rules_client.api.actions import resolve_attack, roll_initiative
from combat_rules_client.api.sessions import create_session, delete_session, session_apply_damage
from combat_rules_client.errors import ProblemError
from combat_rules_client.helpers import (
    DeletedEvent, VersionEvent, afollow_session, as_input, etag, follow_session,
)
from combat_rules_client.models import (
    ApplyDamageSessionRequest, Attack, Cell, Combatant, CreateSessionRequest, Encounter, Grid,
    ResolveAttackRequest, RollInitiativeRequest, Ruleset,
)

encounter = Encounter(
    ruleset=Ruleset.D20,
    grid=Grid(width=6, height=6),
    combatants=[
        Combatant(id=cid, name=cid.upper(), side=cid, position=Cell(x=x, y=0), hp=10, max_hp=10,
                  ac=10, attacks=[Attack(name="fist")])
        for cid, x in (("a", 0), ("b", 1))
    ],
)
with Client(base_url=os.environ["COMBAT_RULES_URL"]) as client:
    # Stateless: an answer's encounter goes back as the next request's, typed.
    rolled = roll_initiative.sync(
        client=client, body=RollInitiativeRequest(encounter=encounter, seed=3)
    )
    first = rolled.encounter.turn_of or "a"
    attack = resolve_attack.sync(client=client, body=ResolveAttackRequest(
        encounter=as_input(rolled.encounter), attacker_id=first,
        target_id="b" if first == "a" else "a", seed=3,
    ))
    print("stateless", attack.encounter.round, attack.encounter.turn_of == first)
    print("combatant", as_input(attack.encounter.combatants[0]).id, etag(3), etag('"3"'))

    # A write computed on a version: if_match takes the int.
    session = create_session.sync(client=client, body=CreateSessionRequest(encounter=encounter))
    hurt = session_apply_damage.sync_detailed(
        session.id, client=client, body=ApplyDamageSessionRequest(target_id="b", amount=2),
        if_match=session.version,
    )
    print("written", hurt.status_code, hurt.headers["etag"])
    try:
        session_apply_damage.sync(
            session.id, client=client, body=ApplyDamageSessionRequest(target_id="b", amount=2),
            if_match=session.version,
        )
    except ProblemError as stale:
        print("stale", stale.status, stale.code, stale.current_version)

    # Following: typed events, until the timeout...
    started = time.monotonic()
    with follow_session(session.id, client=client, last_event_id=0, timeout=2.0) as stream:
        for event in stream:
            assert isinstance(event, VersionEvent)
            hp = [c.hp for c in event.encounter.combatants] if event.encounter else None
            types = [e.data["type"] for e in event.events]
            print("version", event.id, event.version, hp, types)
    print("timed out", 1.5 < time.monotonic() - started < 10)
    # ... when asked...
    with follow_session(session.id, client=client) as stream:
        threading.Timer(0.5, lambda: session_apply_damage.sync(
            session.id, client=client, body=ApplyDamageSessionRequest(target_id="b", amount=1),
        )).start()
        for event in stream:
            print("then", type(event).__name__, isinstance(event, VersionEvent) and event.version)
            stream.close()
    # ... or with the session.
    threading.Timer(0.5, lambda: delete_session.sync(session.id, client=client)).start()
    for event in follow_session(session.id, client=client, last_event_id=3):
        ended = isinstance(event, DeletedEvent) and event.session_id == session.id
        print("last", type(event).__name__, ended)
    try:
        follow_session(session.id, client=client)
    except ProblemError as gone:
        print("gone", gone.status, gone.code)


async def follow_async() -> None:
    async with Client(base_url=os.environ["COMBAT_RULES_URL"]) as client:
        body = CreateSessionRequest(encounter=encounter)
        session = await create_session.asyncio(client=client, body=body)
        started = time.monotonic()
        following = afollow_session(session.id, client=client, last_event_id=0, timeout=1.0)
        async for event in following:
            print("async", type(event).__name__, isinstance(event, VersionEvent) and event.version)
        print("async timed out", 0.5 < time.monotonic() - started < 10)

asyncio.run(follow_async())
"""


def test_answers_go_back_versions_and_typed_streams(
    sdk_python: Path, live_service: LiveService, tmp_path: Path
) -> None:
    """Issue 25: ``as_input`` sends an answer's encounter back to a stateless call; ``if_match``
    takes the version (an int, quoted by the SDK); ``follow_session`` yields typed events and
    ends after ``timeout``, on ``close()`` or with the session (``afollow_session`` too)."""
    out = run_python(sdk_python, LIVE_EXAMPLE, live_service.url, tmp_path).stdout
    assert "stateless 1 True" in out, out
    assert 'combatant a "3" "3"' in out, out
    assert 'written 200 "2"' in out, out
    assert "stale 412 version-conflict 2" in out, out
    assert "version 1 1 [10, 10] []\nversion 2 2 [10, 8] ['damage']\ntimed out True" in out, out
    assert "then VersionEvent 3\nlast DeletedEvent True\ngone 404 session-not-found" in out, out
    assert "async VersionEvent 1\nasync timed out True" in out, out


def test_readme_example_and_chat_bot_type_check(sdk_python: Path, tmp_path: Path) -> None:
    """The SDK's models and functions are typed (py.typed): its users' code passes mypy --strict
    (a response's fields are never Unset, errors are exceptions: nothing to narrow)."""
    pytest.importorskip("mypy")
    example = tmp_path / "example.py"
    example.write_text(readme_example())
    streaming = tmp_path / "streaming.py"
    streaming.write_text(STREAM_EXAMPLE)
    live = tmp_path / "live.py"
    live.write_text(LIVE_EXAMPLE)
    bot = PYTHON_SDK.parents[1] / "examples" / "chatbot" / "bot.py"
    run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--python-executable",  # the SDK as installed in that venv (PEP 561)
            str(sdk_python),
            "--strict",
            "--no-incremental",
            "--cache-dir",
            str(tmp_path / "mypy-cache"),
            str(example),
            str(streaming),
            str(live),
            str(bot),
        ],
        timeout=300,
        cwd=tmp_path,
    )


def test_the_sdk_builds_as_a_wheel(tmp_path: Path) -> None:
    """``pip wheel ./clients/python`` (from a copy: the build leaves files behind) gives a wheel
    with the typed package (py.typed) and its ProblemError."""
    source = tmp_path / "python"
    shutil.copytree(PYTHON_SDK, source, ignore=shutil.ignore_patterns("__pycache__"))
    wheels = tmp_path / "wheels"
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(wheels),
            str(source),
        ],
        timeout=300,
    )
    (wheel,) = wheels.glob("combat_rules_client-*.whl")
    with zipfile.ZipFile(wheel) as built:
        names = set(built.namelist())
        assert {"combat_rules_client/py.typed", "combat_rules_client/errors.py"} <= names
        assert "combat_rules_client/helpers.py" in names  # the hand-written module
        assert b"class ProblemError(Exception)" in built.read("combat_rules_client/errors.py")


RETRIES = """
import os
from combat_rules_client import Client
from combat_rules_client.api.sessions import create_session, list_sessions
from combat_rules_client.errors import ProblemError, retrying
from combat_rules_client.models import Cell, Combatant, CreateSessionRequest, Encounter, Grid
from combat_rules_client.models import Ruleset

fighters = [
    Combatant(id=cid, name=cid, side=side, position=Cell(x=x, y=1), hp=9, max_hp=9, ac=12)
    for cid, side, x in (("aria", "party", 1), ("goblin", "monsters", 3))
]
encounter = Encounter(ruleset=Ruleset.D20, grid=Grid(width=10, height=10), combatants=fighters)
url = os.environ["COMBAT_RULES_URL"]
body = CreateSessionRequest(encounter=encounter)
with Client(base_url=url, httpx_args=retrying(retries=5)) as patient:
    before = len(list_sessions.sync(client=patient).items)
    ids = [create_session.sync(client=patient, body=body).id for _ in range(3)]
    print("created", len(set(ids)))
with Client(base_url=url) as hasty:
    try:
        for _ in range(3):
            create_session.sync(client=hasty, body=body)
        print("never refused")
    except ProblemError as problem:
        print("refused", problem.status, problem.code, problem.retry_after is not None)
with Client(base_url=url, httpx_args=retrying(retries=5)) as patient:
    print("stored", len(list_sessions.sync(client=patient).items) - before)
"""


def test_retrying_honours_retry_after_and_a_write_applies_once(
    sdk_python: Path, limited_service: LiveService, tmp_path: Path
) -> None:
    """Issue 25: with ``retrying()``, rate-limited requests wait for ``Retry-After`` and go
    through (three sessions, each created once); without it, the second is refused (429)."""
    out = run_python(sdk_python, RETRIES, limited_service.url, tmp_path).stdout
    assert "created 3" in out, out
    assert "refused 429 rate-limited True" in out, out
    assert "stored 3" in out, out  # each created once; the hasty client was refused at once
    log = limited_service.output()
    assert log.count('"status": 429') + log.count('"status":429') >= 2, log[-2000:]

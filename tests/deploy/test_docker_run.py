"""The ``docker run`` commands of docs/deployment.md start the service, as the image would.

No Docker engine: each command of the docs that runs the image is read (its ``-e`` flags,
with the shell variables the same block exports), merged over the image's own ``ENV``
(deploy/Dockerfile's runtime stage) and run as the image's ``CMD``, ``python -m service``,
on a free loopback port. A Redis container the block starts (``redis:7``) is the test's
Redis, and ``docker exec`` runs in the same environment as the service it names. The
image's default (production) without a secret, or with a placeholder of
deploy/k8s/secret.yaml, refuses to start with a JSON line naming the setting.
"""

from __future__ import annotations

import json
import re
import secrets
import shlex
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
import redis
import yaml
from redis_support import answers as redis_answers
from service_process import ServiceProcess
from test_manifests import DOCKERFILE, K8S, env_pairs, parse_dockerfile

from service.store import RedisServer
from service.store.embedded import free_port

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "deployment.md"
IMAGE = "combat-rules-service"
FIGHT = ROOT / "examples" / "chatbot" / "fight.json"

pytestmark = pytest.mark.timeout(240)


@dataclass
class Run:
    """One ``docker run`` of the docs."""

    image: str
    env: dict[str, str]
    name: str | None = None
    command: list[str] = field(default_factory=list)


@dataclass
class Block:
    """One shell block of the docs that runs the service image."""

    runs: list[Run]
    execs: list[tuple[str, list[str]]]
    """``docker exec NAME COMMAND...``."""


def shell_blocks(text: str) -> list[list[str]]:
    """The commands of each ```sh block, continuation lines joined."""
    blocks = []
    for body in re.findall(r"```sh\n(.*?)```", text, re.S):
        joined = body.replace("\\\n", " ")
        blocks.append([line.strip() for line in joined.splitlines() if line.strip()])
    return blocks


def parse_run(words: list[str], shell: dict[str, str]) -> Run:
    env: dict[str, str] = {}
    name = None
    i = 2
    while i < len(words) and words[i].startswith("-"):
        flag = words[i]
        if flag in ("--rm", "-d", "--read-only", "-it", "-i", "-t"):
            i += 1
            continue
        value = words[i + 1]
        if flag in ("-e", "--env"):
            key, sep, val = value.partition("=")
            env[key] = val if sep else shell[key]
        elif flag == "--name":
            name = value
        elif flag not in ("-p", "--network", "--tmpfs", "--publish"):
            raise AssertionError(f"a docker run flag this test does not know: {flag}")
        i += 2
    return Run(words[i], env, name, words[i + 1 :])


def documented_blocks() -> list[Block]:
    out = []
    for lines in shell_blocks(DOCS.read_text()):
        shell: dict[str, str] = {}
        runs, execs = [], []
        for line in lines:
            if line.startswith("#"):
                continue
            exported = re.fullmatch(r'export (\w+)="\$\(openssl rand -hex 32\)"', line)
            if exported:
                shell[exported[1]] = secrets.token_hex(32)
                continue
            if not line.startswith(("docker run", "docker exec")):
                continue
            words = shlex.split(line, comments=True)
            if words[:2] == ["docker", "run"]:
                runs.append(parse_run(words, shell))
            elif words[:2] == ["docker", "exec"]:
                execs.append((words[2], words[3:]))
        if any(run.image.startswith(IMAGE + ":") for run in runs):
            out.append(Block(runs, execs))
    return out


def image_env() -> dict[str, str]:
    """The service settings the image bakes in (its runtime stage's ``ENV``)."""
    _, stages = parse_dockerfile(DOCKERFILE.read_text())
    env: dict[str, str] = {}
    for instruction in stages[-1].all("ENV"):
        env.update(env_pairs(instruction.value))
    return {k: v for k, v in env.items() if k.startswith("CRS_") or k == "REDIS_URL"}


@pytest.fixture(scope="module")
def test_redis() -> Iterator[str]:
    """A Redis for the documented ``redis:7`` container: 127.0.0.1:6379, else our own."""
    if redis_answers():
        yield "redis://127.0.0.1:6379/0"
        return
    with RedisServer() as server:
        yield server.url


def container_env(block: Block, run: Run, redis_url: str, prefix: str) -> dict[str, str]:
    """What the service sees inside the container, on this machine: the image's ``ENV``,
    the ``-e`` flags, a Redis container of the block replaced by the test's Redis, the
    metrics port moved to a free one, and a Redis key prefix of the test's own."""
    env = {**image_env(), **run.env}
    containers = {r.name for r in block.runs if r.image.startswith("redis:") and r.name}
    if "REDIS_URL" in env and urlsplit(env["REDIS_URL"]).hostname in containers:
        env["REDIS_URL"] = redis_url
        # the documented Redis keeps an append-only file; the test's keeps nothing on disk
        env["CRS_REQUIRE_PERSISTENCE"] = "0"
    env["CRS_METRICS_PORT"] = str(free_port())
    env["CRS_REDIS_PREFIX"] = prefix
    return env


@pytest.fixture
def prefix(test_redis: str) -> Iterator[str]:
    value = f"crs-docker-run-{uuid.uuid4().hex[:12]}"
    yield value
    conn = redis.Redis.from_url(test_redis, socket_timeout=5)
    try:
        keys = list(conn.scan_iter(match=f"{value}*", count=500))
        if keys:
            conn.delete(*keys)
    finally:
        conn.close()


def service_runs() -> list[tuple[Block, Run]]:
    found = [
        (block, run)
        for block in documented_blocks()
        for run in block.runs
        if run.image.startswith(IMAGE + ":")
    ]
    assert len(found) >= 2, "docs/deployment.md documents a trial and a production docker run"
    return found


def test_the_docs_document_a_trial_and_a_production_run() -> None:
    envs = [run.env for _, run in service_runs()]
    assert any(env.get("CRS_PRODUCTION") == "0" for env in envs), "a trial without keys"
    production = [env for env in envs if "CRS_PRODUCTION" not in env]
    assert production and all("CRS_API_KEY_SECRET" in env for env in production)
    redis_runs = [
        r for block, _ in service_runs() for r in block.runs if r.image.startswith("redis:")
    ]
    assert redis_runs and all("--appendonly" in r.command for r in redis_runs), (
        "the Redis beside a production run keeps its data (API keys live there)"
    )
    assert image_env()["CRS_PRODUCTION"] == "1"


@pytest.mark.parametrize("index", range(len(service_runs())))
def test_each_documented_docker_run_starts(
    index: int, test_redis: str, prefix: str, tmp_path: Path
) -> None:
    block, run = service_runs()[index]
    assert not run.command, "the docs run the image's own CMD"
    env = container_env(block, run, test_redis, prefix)
    service = ServiceProcess(env, tmp_path / "service.log")
    try:
        service.wait_ready(timeout=120)
        assert httpx.get(service.url + "/healthz", timeout=10).status_code == 200
        assert httpx.get(service.url + "/readyz/sessions", timeout=10).status_code == 200
        body = {"encounter": json.loads(FIGHT.read_text()), "seed": 3}
        production = env.get("CRS_PRODUCTION") == "1"
        headers: dict[str, str] = {}
        if production:
            assert httpx.post(service.url + "/v1/roll-initiative", json=body).status_code == 401
            (_, command) = next(e for e in block.execs if e[0] == run.name)
            assert command[:4] == ["python", "-m", "service", "keys"], command
            issued = subprocess.run(
                [sys.executable, *command[1:]],
                env={**_base_env(), **env},
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
                cwd=ROOT,
            )
            assert issued.returncode == 0, issued.stderr
            headers = {"Authorization": f"Bearer {json.loads(issued.stdout)['key']}"}
            # Metrics: never on the API's port in production, on their own port.
            assert httpx.get(service.url + "/metrics", timeout=10).status_code == 404
            metrics = httpx.get(f"http://127.0.0.1:{env['CRS_METRICS_PORT']}/metrics", timeout=10)
            assert metrics.status_code == 200 and "crs_http_requests" in metrics.text
        else:
            page = httpx.get(service.url + "/graphql", headers={"accept": "text/html"})
            assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        r = httpx.post(service.url + "/v1/roll-initiative", json=body, headers=headers)
        assert r.status_code == 200, r.text
        assert r.json()["outcome"]["order"]
    finally:
        service.stop()
    lines = service.log.read_text().splitlines()
    assert lines and all(json.loads(line) for line in lines), "every line of output is JSON"


def _base_env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith("CRS_") and k != "REDIS_URL"}


def refusal(env: dict[str, str], tmp_path: Path) -> tuple[int, dict[str, object]]:
    """Start the image's CMD with ``env``; its exit status and its one log line."""
    service = ServiceProcess(env, tmp_path / "refused.log")
    try:
        code = service.process.wait(60)
    finally:
        service.stop()
    lines = service.log.read_text().splitlines()
    assert len(lines) == 1, lines
    entry: dict[str, object] = json.loads(lines[0])
    return code, entry


def test_the_image_without_a_secret_refuses_to_start_clearly(tmp_path: Path) -> None:
    code, entry = refusal(image_env(), tmp_path)
    assert code == 1
    assert entry["level"] == "critical"
    message = str(entry["msg"])
    assert "CRS_API_KEY_SECRET" in message and "CRS_PRODUCTION=0" in message


@pytest.mark.parametrize("placeholder", ["CRS_API_KEY_SECRET", "REDIS_URL"])
def test_a_placeholder_of_the_committed_secret_is_refused(placeholder: str, tmp_path: Path) -> None:
    secret = yaml.safe_load((K8S / "secret.yaml").read_text())["stringData"]
    assert "REPLACE-ME" in secret[placeholder]
    env = {**image_env(), "CRS_API_KEY_SECRET": secrets.token_hex(32), "REDIS_URL": "redis://r"}
    env[placeholder] = secret[placeholder]
    code, entry = refusal(env, tmp_path)
    assert code == 1
    message = str(entry["msg"])
    assert message.startswith(f"refusing to start: {placeholder} is still a placeholder")
    assert secret[placeholder] not in message, "the value itself is not logged"

"""The command line (issue 25), ``python -m service`` (:mod:`service.cli`): help and the
version, usage errors (exit status 2, no traceback), which address ``serve`` is given, the
key commands on the tests' Redis, and ``serve`` as a real process stopped by SIGTERM."""

from __future__ import annotations

import asyncio
import importlib.metadata
import json
import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner, Result
from redis_support import drop_prefix, redis_for_tests
from service_process import ROOT, ServiceProcess

from service import cli
from service import keys as key_commands
from service.store import connect
from service.store.apikeys import ApiKeyStore

SECRET = "cli-test-secret-" + "s" * 32


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    with redis_for_tests() as url:
        yield url


@pytest.fixture
def key_env(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The service's environment for the key commands, under a prefix of this test's own;
    answers the prefix."""
    prefix = f"crs-cli-{uuid.uuid4().hex[:12]}"
    for name in [n for n in os.environ if n.startswith("CRS_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("CRS_REDIS_PREFIX", prefix)
    monkeypatch.setenv("CRS_API_KEY_SECRET", SECRET)
    yield prefix
    drop_prefix(redis_url, prefix)


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[cli.Address]:
    """The addresses ``serve_at`` is called with, serving nothing."""
    calls: list[cli.Address] = []
    monkeypatch.setattr(cli, "serve_at", calls.append)
    return calls


def run(*args: str) -> Result:
    return CliRunner().invoke(cli.main, list(args))


def usage_error(result: Result) -> str:
    """The error message of a usage error (exit status 2, the usage, no traceback)."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    assert result.stderr.startswith("Usage: python -m service")
    return result.stderr


@pytest.mark.parametrize(
    "command", [[], ["serve"], ["keys"], ["keys", "create"], ["keys", "list"], ["keys", "revoke"]]
)
def test_help_of_each_command_says_its_usage_and_does_nothing(
    command: list[str], served: list[cli.Address]
) -> None:
    for flag in ("--help", "-h"):
        result = run(*command, flag)
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(" ".join(["Usage: python -m service", *command]))
    assert not served


def test_help_lists_the_commands_and_where_the_settings_are() -> None:
    shown = run("--help").stdout
    assert all(word in shown for word in ("serve", "keys", "--host", "--port", "--version"))
    assert "docs/deployment.md" in shown
    keys_help = run("keys", "--help").stdout
    assert all(word in keys_help for word in ("create", "list", "revoke", "REDIS_URL"))
    assert "python -m service.keys" in keys_help
    assert "--label" in run("keys", "create", "--help").stdout
    assert "--id" in run("keys", "revoke", "--help").stdout


def test_version_is_the_distributions() -> None:
    result = run("--version")
    assert result.exit_code == 0
    version = importlib.metadata.version("combat-rules-service")
    assert result.stdout == f"combat-rules-service, version {version}\n"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["nope"], "No such command 'nope'"),
        (["--port", "abc"], "'abc' is not a valid port"),
        (["serve", "--port", "0"], "0 is not in the range 1<=x<=65535"),
        (["serve", "--port", "65536"], "65536 is not in the range"),
        (["serve", "--bogus"], "No such option '--bogus'"),
        (["keys", "create"], "Missing option '--tenant'"),
        (["keys", "revoke", "--tenant", "acme"], "Missing option '--id'"),
        (["keys", "list", "--tenant", "no:colons"], "invalid tenant name: 'no:colons'"),
        (["keys", "nope"], "No such command 'nope'"),
        (["--port", "8001", "keys", "list", "--tenant", "acme"], "options of serve"),
    ],
)
def test_bad_input_is_a_usage_error(args: list[str], says: str, served: list[cli.Address]) -> None:
    assert says in usage_error(run(*args))
    assert not served


def test_no_command_serves_and_serve_takes_the_groups_address_under_its_own(
    served: list[cli.Address],
) -> None:
    for args in ([], ["--port", "8001"], ["serve", "--host", "0.0.0.0"]):
        assert run(*args).exit_code == 0
    assert run("--host", "::1", "--port", "8001", "serve", "--port", "8002").exit_code == 0
    assert served == [
        cli.Address(),
        cli.Address(port=8001),
        cli.Address(host="0.0.0.0"),
        cli.Address(host="::1", port=8002),
    ]


def test_keys_create_list_and_revoke(key_env: str) -> None:
    created = run("keys", "create", "--tenant", "cli-co", "--label", "ci")
    assert created.exit_code == 0, created.output
    record = json.loads(created.stdout)
    assert record["key"].startswith(f"crs_{record['id']}_")
    assert (record["tenant"], record["label"], record["active"]) == ("cli-co", "ci", True)
    assert "cannot be shown again" in created.stderr
    assert asyncio.run(verified(key_env, record["key"])) == record["id"]

    listed = run("keys", "list", "--tenant", "cli-co")
    assert listed.exit_code == 0, listed.output
    assert [(k["id"], "key" in k) for k in json.loads(listed.stdout)] == [(record["id"], False)]
    assert json.loads(run("keys", "list", "--tenant", "nobody").stdout) == []

    elsewhere = run("keys", "revoke", "--tenant", "other", "--id", record["id"])
    assert elsewhere.exit_code == 1
    assert f"tenant 'other' has no key '{record['id']}'" in elsewhere.stderr
    revoked = run("keys", "revoke", "--tenant", "cli-co", "--id", record["id"])
    assert revoked.exit_code == 0, revoked.output
    assert json.loads(revoked.stdout)["active"] is False
    assert asyncio.run(verified(key_env, record["key"])) is None
    assert json.loads(run("keys", "list", "--tenant", "cli-co").stdout)[0]["revoked"]


def test_the_old_form_runs_the_same_commands(
    key_env: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert key_commands.main(["create", "--tenant", "old-co"]) == 0
    created = json.loads(capsys.readouterr().out)
    assert key_commands.main(["list", "--tenant", "old-co"]) == 0
    assert [k["id"] for k in json.loads(capsys.readouterr().out)] == [created["id"]]
    assert key_commands.main(["revoke", "--tenant", "old-co", "--id", "nope"]) == 1
    assert capsys.readouterr().err == "tenant 'old-co' has no key 'nope'\n"
    assert key_commands.main(["list", "--tenant", "no:colons"]) == 2
    assert capsys.readouterr().err.startswith("Usage: python -m service.keys list")


@pytest.mark.parametrize("module", ["service", "service.keys"])
def test_each_form_runs_as_a_module(module: str) -> None:
    command = ["keys"] if module == "service" else []
    done = subprocess.run(
        [sys.executable, "-m", module, *command, "list", "--tenant", "no:colons"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(" ".join(["Usage: python -m", module, *command, "list"]))


def test_keys_without_the_key_store_say_which_variable(
    key_env: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CRS_API_KEY_SECRET")
    unset = run("keys", "list", "--tenant", "acme")
    assert (unset.exit_code, unset.stderr) == (
        2,
        "set CRS_API_KEY_SECRET to the service's secret\n",
    )
    monkeypatch.delenv("REDIS_URL")
    assert "set REDIS_URL" in run("keys", "create", "--tenant", "acme").stderr
    monkeypatch.setenv("REDIS_URL", "redis://r")
    monkeypatch.setenv("CRS_API_KEY_SECRET", SECRET)
    monkeypatch.setenv("CRS_STORE_TIMEOUT_SECONDS", "soon")
    wrong = run("keys", "list", "--tenant", "acme")
    assert (wrong.exit_code, wrong.stderr) == (
        1,
        "CRS_STORE_TIMEOUT_SECONDS must be a number, got 'soon'\n",
    )


async def verified(prefix: str, presented: str) -> str | None:
    """The id of the active key ``presented``, None if it is not one."""
    client = connect(os.environ["REDIS_URL"])
    try:
        store = ApiKeyStore(client, secret=SECRET, prefix=prefix)
        record = await store.verify(presented)
        return record.id if record is not None else None
    finally:
        await client.aclose()


@pytest.mark.timeout(180)
def test_serve_runs_until_sigterm_and_shuts_down_gracefully(redis_url: str, tmp_path: Path) -> None:
    env = {"REDIS_URL": redis_url, "CRS_REQUIRE_PERSISTENCE": "0"}
    service = ServiceProcess(env, tmp_path / "service.log", port_by_flag=True, command=["serve"])
    try:
        service.wait_ready(timeout=120)
        assert httpx.get(service.url + "/readyz", timeout=10).status_code == 200
    finally:
        service.stop()
    # uvicorn shuts down, then raises the signal it caught again: the process ends by it
    assert service.process.returncode == -signal.SIGTERM, service.output()
    lines = service.log.read_text().splitlines()
    assert json.loads(lines[-1])["msg"].startswith("Finished server process")
    assert json.loads(lines[0])["msg"].startswith(f"serving on {service.url}: docs ")
    assert all(json.loads(line) for line in lines), "every line of output is JSON"

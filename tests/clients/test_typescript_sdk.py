"""The TypeScript SDK: type-checked with tsc, and its example run on Node.js against a live service.

Needs node and npm (skips without them); installs clients/typescript's locked dependencies
with ``npm ci`` when node_modules is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tarfile
from pathlib import Path

import pytest
from clients_support import TYPESCRIPT_SDK, LiveService, need_node, run

pytestmark = pytest.mark.timeout(900)


def test_typescript_sdk_type_checks(typescript_project: Path) -> None:
    """The SDK and the README's example (examples/quickstart.ts) pass ``tsc --strict``."""
    node, _ = need_node()
    tsc = str(typescript_project / "node_modules" / "typescript" / "bin" / "tsc")
    run([node, tsc, "--noEmit", "--strict", "-p", "."], timeout=300, cwd=typescript_project)


def test_the_readme_shows_the_example_that_is_checked() -> None:
    readme = (TYPESCRIPT_SDK / "README.md").read_text()
    blocks = re.findall(r"```ts\n(.*?)```", readme, re.S)
    assert (TYPESCRIPT_SDK / "examples" / "quickstart.ts").read_text() in blocks


def test_npm_pack_builds_the_package(typescript_project: Path, tmp_path: Path) -> None:
    """``npm pack`` (from a copy of the project: the build writes dist/) gives a package with
    the compiled entry point and its types."""
    _, npm = need_node()
    project = tmp_path / "typescript"
    shutil.copytree(
        typescript_project, project, ignore=shutil.ignore_patterns("node_modules", "dist")
    )
    (project / "node_modules").symlink_to(typescript_project / "node_modules")
    out = run(
        [npm, "pack", "--json", "--pack-destination", str(tmp_path)], timeout=300, cwd=project
    )
    packed = json.loads(out.stdout[out.stdout.index("[") :])[0]
    files = {f["path"] for f in packed["files"]}
    assert {"dist/src/index.js", "dist/src/index.d.ts", "package.json"} <= files, files
    with tarfile.open(tmp_path / packed["filename"]) as tgz:
        index = tgz.extractfile("package/dist/src/index.d.ts")
        assert index is not None and b"class ProblemError extends Error" in index.read()


def test_typescript_example_runs(
    typescript_project: Path, live_service: LiveService, tmp_path: Path
) -> None:
    node, _ = need_node()
    tsc = str(typescript_project / "node_modules" / "typescript" / "bin" / "tsc")
    out_dir = tmp_path / "dist"
    run([node, tsc, "-p", ".", "--outDir", str(out_dir)], timeout=300, cwd=typescript_project)
    # Compiled ES modules outside the project need its package.json ("type": "module").
    (out_dir / "package.json").write_text('{"type": "module"}\n')
    env = {**os.environ, "COMBAT_RULES_URL": live_service.url}
    out = run(
        [node, str(out_dir / "examples" / "quickstart.js")], timeout=120, cwd=tmp_path, env=env
    ).stdout
    assert re.search(r"^session [A-Za-z0-9_-]{16,64} at version 1$", out, re.M), out
    assert re.search(r"^order: \[ '(aria|goblin)', '(aria|goblin)' \]$", out, re.M), out
    assert re.search(r"^round 1, turn of (aria|goblin)$", out, re.M), out
    assert re.search(r'^attack: (hit|miss) \(total \d+\), damage \S+ \(version "3"\)$', out, re.M)
    assert "refused: 422 invalid-input at targetId" in out, out
    assert re.search(r"^v2 #0 roll: .+ initiative", out, re.M), out
    assert re.search(r"^v3 #\d+ attack-roll: Aria attacks Goblin with longsword", out, re.M), out


def test_retrying_fetch_honours_retry_after_and_a_write_applies_once(
    typescript_project: Path, limited_service: LiveService, tmp_path: Path
) -> None:
    """Issue 25: ``retryingFetch()`` waits for ``Retry-After`` on a rate-limited service and
    each session is created once; a client without it is refused (429)."""
    node, _ = need_node()
    tsc = str(typescript_project / "node_modules" / "typescript" / "bin" / "tsc")
    out_dir = tmp_path / "dist"
    run([node, tsc, "-p", ".", "--outDir", str(out_dir)], timeout=300, cwd=typescript_project)
    (out_dir / "package.json").write_text('{"type": "module"}\n')
    env = {**os.environ, "COMBAT_RULES_URL": limited_service.url}
    out = run(
        [node, str(out_dir / "examples" / "retries.js")], timeout=120, cwd=tmp_path, env=env
    ).stdout
    assert "created 3" in out, out
    assert "refused 429 rate-limited true" in out, out
    assert "stored 3" in out, out


def test_answers_go_back_versions_and_typed_streams(
    typescript_project: Path, live_service: LiveService, tmp_path: Path
) -> None:
    """Issue 25 (examples/live.ts, type-checked with the project under ``tsc --strict``): an
    answer's encounter goes into the next stateless call as it is; ``ifMatch(version)`` quotes
    the version; ``followSession`` yields typed events and ends on its signal, with the
    session, or with a ProblemError for a session that is gone."""
    node, _ = need_node()
    tsc = str(typescript_project / "node_modules" / "typescript" / "bin" / "tsc")
    out_dir = tmp_path / "dist"
    run(
        [node, tsc, "-p", ".", "--strict", "--outDir", str(out_dir)],
        timeout=300,
        cwd=typescript_project,
    )
    (out_dir / "package.json").write_text('{"type": "module"}\n')
    env = {**os.environ, "COMBAT_RULES_URL": live_service.url}
    out = run(
        [node, str(out_dir / "examples" / "live.js")], timeout=120, cwd=tmp_path, env=env
    ).stdout
    assert re.search(r"^stateless round 1, (hit|miss)$", out, re.M), out
    assert 'written "2"\nstale 412 version-conflict 2\n' in out, out
    assert "version 1 1 hp 10,10 []\nversion 2 2 hp 10,8 [damage]\nstopped true\n" in out, out
    assert "deleted true\ngone 404 session-not-found" in out, out

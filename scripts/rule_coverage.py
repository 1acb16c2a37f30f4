"""List every rule id of RULES.md with the tests that name it; exit 1 if any is uncovered.

A test names a rule in its function name (``test_d20_death_instant_...``), with a
``@pytest.mark.rule("d20.death.instant")`` marker, or anywhere in its body or docstring.

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


def covering_tests(ids: list[str], tests: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    patterns = {rule: (rule, _underscored(rule)) for rule in ids}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text())
        source = path.read_text()
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
            where = f"{path.relative_to(ROOT)}::{node.name}"
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
    for rule in ids:
        tests = found.get(rule, [])
        if args.quiet and tests:
            continue
        print(f"{rule}: {len(tests)} test(s)" if tests else f"{rule}: UNCOVERED")
        if not args.quiet:
            for t in tests:
                print(f"    {t}")
    print(f"covered {len(ids) - len(missing)}/{len(ids)} rule ids")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())

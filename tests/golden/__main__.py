"""``python tests/golden record|update``: write the golden logs (see ``golden_cases.py``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden_cases import LOGS, build, compact, replay


def write(group: str, cases: list[dict[str, object]]) -> None:
    LOGS.mkdir(exist_ok=True)
    text = json.dumps(cases, indent=0, sort_keys=True, ensure_ascii=False)
    (LOGS / f"{group}.json").write_text(text + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", choices=["record", "update"])
    args = parser.parse_args()
    if args.mode == "record":
        groups = build()
    else:
        groups = {p.stem: json.loads(p.read_text()) for p in sorted(LOGS.glob("*.json"))}
    total = 0
    for group, cases in groups.items():
        for case in cases:
            encounter = case["encounter"]
            for step, got in zip(case["steps"], replay(case), strict=True):
                step["answer"] = compact(got)
                encounter = got.get("encounter", encounter)
                total += 1
            case["final"] = encounter
        write(group, cases)
        print(f"{group}: {len(cases)} cases")
    print(f"{sum(len(c) for c in groups.values())} cases, {total} steps")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Build the rules catalog the service serves (``GET /v1/rules/{ruleId}``) from docs/RULES.md.

Usage: ``python scripts/rules_catalog.py [--check]`` writes (or checks) ``service/api/rules.json``:
for every rule id, its ruleset, the RULES.md section it is listed under, its text, the
decision RULES.md takes where the seed is silent or ambiguous, and the seed and section it
comes from. ``--check`` exits 1 when the committed file is stale.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
SEEDS = ROOT.parent / "shared" / "seeds"
TARGET = ROOT / "service" / "api" / "rules.json"

SEED_FILES = {
    "d20": "000_f954aa8793c521aa.txt",
    "d100": "002_7739599ef54affc8.txt",
    "d10": "003_06ad90a6852a839a.txt",
}

SEED_SECTIONS: list[tuple[str, str]] = [
    # (id prefix, the heading of the seed section the rule comes from); longest prefix wins
    ("d20.order", "Combat Step by Step"),
    ("d20.order.surprise", "Combat Step by Step"),
    ("d20.init", "Initiative"),
    ("d20.turn.object", "Interacting with Objects Around You"),
    ("d20.turn.potion-bonus", "Bonus Action Options"),
    ("d20.turn.potion-action", "Full Action Options"),
    ("d20.size.space", "Size Categories Table"),
    ("d20.size.surround", "Space"),
    ("d20.size.squeeze", "Squeezing Into a Smaller Space"),
    ("d20.grid", "Playing on a Grid"),
    ("d20.cover", "Cover"),
    ("d20.flank", "Flanking"),
    ("d20.crit", "Critical Hits and Misses"),
    ("d20.oa", "Opportunity Attacks"),
    ("d20.ready", "Readied Action"),
    ("d20.facing", "Facing"),
    ("d20.hp", "Dropping to 0 Hit Points"),
    ("d20.death.instant", "Instant Death"),
    ("d20.death.unconscious", "Falling Unconscious"),
    ("d20.death.saves", "Death Saving Throws"),
    ("d20.death.nat", "Death Saving Throws"),
    ("d20.death.damage-at-zero", "Death Saving Throws"),
    ("d20.death.stabilize", "Stabilizing a Creature"),
    ("d20.death.stable", "Stabilizing a Creature"),
    ("d20.death.monsters", "Monsters and Death"),
    ("d20.death.knockout", "Knocking a Creature Out"),
    ("d100.order", "The Order of combat."),
    ("d100.move.tiles", "Movement."),
    ("d100.move.through", "MOVING AROUND OTHER CREATURES."),
    ("d100.cover", "Cover."),
    ("d100.size.space", "CREATURE SIZE."),
    ("d100.size.squeeze", "SQUEEZING INTO A SMALLER SPACE."),
    ("d100.prone", "BEING PRONE."),
    ("d100.turn.bonus", "Bonus Actions."),
    ("d100.turn.reaction", "Reactions."),
    ("d100.action.dash", "DASH"),
    ("d100.action.disengage", "DISENGAGE"),
    ("d100.action.dodge", "DODGE"),
    ("d100.action.help", "HELP"),
    ("d100.action.hide", "HIDE"),
    ("d100.action.ready", "READY"),
    ("d100.action.search", "SEARCH"),
    ("d100.action.reload", "RELOAD"),
    ("d100.action.repair", "REPAIR"),
    ("d100.attack", "Rolling A critical."),
    ("d100.crit", "Rolling A critical."),
    ("d100.oa", "OPPORTUNITY ATTACKS."),
    ("d100.death.instant", "INSTANT DEATH."),
    ("d100.death.knockout", "KNOCKING A CREATURE OUT."),
    ("d100.shove", "SHOVING A CREATURE."),
    ("d100.grapple", "GRAPPLING."),
    ("d100.carry", "LIFTING AND CARRYING."),
    ("d100.hide", "HIDING."),
    ("d100.unseen", "UNSEEN ATTACKERS AND TARGETS."),
    ("d10.order", "Starting Combat & Initiative"),
    ("d10.init", "Starting Combat & Initiative"),
    ("d10.init.ties", "Initiative Ties"),
    ("d10.turn.move-action", "Your Turn"),
    ("d10.turn.speeds", "Your Turn"),
    ("d10.turn.bonus", "Bonus Actions"),
    ("d10.turn.object", "Other Activity on Your Turn"),
    ("d10.turn.reaction", "Reactions"),
]

RULE = re.compile(r"^- `((?:d20|d100|d10)\.[a-z0-9.-]+)` (.*)$")
DECISION = re.compile(r"\s*Decisions?(?: \([^)]*\))?: ")


def seed_section(rule_id: str) -> str | None:
    best = None
    for prefix, heading in SEED_SECTIONS:
        if (rule_id == prefix or rule_id.startswith(prefix + ".")) and (
            best is None or len(prefix) > len(best[0])
        ):
            best = (prefix, heading)
    return best[1] if best else None


def build(rules_text: str) -> dict[str, dict[str, str | None]]:
    catalog: dict[str, dict[str, str | None]] = {}
    section = None
    for line in rules_text.splitlines():
        if line.startswith("### ") or line.startswith("## "):
            section = line.lstrip("#").strip()
            continue
        match = RULE.match(line)
        if not match:
            continue
        rule_id, body = match.groups()
        found = DECISION.search(body)
        text, decision = (body[: found.start()], body[found.end() :]) if found else (body, None)
        ruleset = rule_id.split(".")[0]
        catalog[rule_id] = {
            "id": rule_id,
            "ruleset": ruleset,
            "section": section,
            "text": text.strip(),
            "decision": decision.strip() if decision else None,
            "seed": f"seeds/{SEED_FILES[ruleset]}",
            "seedSection": seed_section(rule_id),
        }
    return catalog


def render() -> str:
    return json.dumps(build(RULES.read_text()), indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    text = render()
    if args.check:
        if not TARGET.exists() or TARGET.read_text() != text:
            print(
                "service/api/rules.json is stale: run python scripts/rules_catalog.py",
                file=sys.stderr,
            )
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

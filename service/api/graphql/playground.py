"""The GraphiQL page, opened with ready example operations for every mutation."""

from __future__ import annotations

import json

from strawberry.http.ides import get_graphql_ide_html

EXAMPLE_ENCOUNTER = {
    "ruleset": "d20",
    "grid": {"kind": "square", "width": 12, "height": 8, "blocked": [{"x": 5, "y": 3}]},
    "combatants": [
        {
            "id": "aria",
            "name": "Aria",
            "side": "party",
            "kind": "pc",
            "position": {"x": 2, "y": 3},
            "hp": 24,
            "maxHp": 24,
            "ac": 16,
            "initiativeBonus": 3,
            "attacks": [{"name": "longsword", "bonus": 5, "damage": "1d8+3"}],
        },
        {
            "id": "goblin",
            "name": "Goblin",
            "side": "monsters",
            "position": {"x": 3, "y": 3},
            "hp": 7,
            "maxHp": 7,
            "ac": 15,
            "initiativeBonus": 2,
            "attacks": [{"name": "scimitar", "bonus": 4, "damage": "1d6+2"}],
        },
    ],
}

EXAMPLE_OPERATIONS = """# Example operations: pick one with the play button. The encounter is in the
# variables below; each result's `document` field is the new encounter, ready to send back.

mutation RollInitiative($encounter: JSON!, $seed: Int) {
  rollInitiative(encounter: $encounter, seed: $seed, input: {surprised: []}) {
    __typename
    ... on RollInitiativePayload {
      seed
      outcome { round turnOf order { combatantId initiative } }
      events { type message }
      document
    }
    ... on Error { code message }
  }
}

mutation ResolveAttack($encounter: JSON!, $seed: Int) {
  resolveAttack(
    encounter: $encounter
    seed: $seed
    input: {attackerId: "aria", targetId: "goblin", attackName: "longsword"}
  ) {
    __typename
    ... on ResolveAttackPayload {
      seed
      outcome { hit critical natural total targetAc damage targetDropped targetDied }
      events { type message roll { expression total dice { sides value kept } } }
      encounter { combatants { id hp conditions { name } } }
    }
    ... on RuleViolation { rule message }
    ... on InvalidInput { message errors { path message } }
  }
}

mutation ApplyDamage($encounter: JSON!, $seed: Int) {
  applyDamage(encounter: $encounter, seed: $seed, input: {targetId: "goblin", amount: 9}) {
    __typename
    ... on ApplyDamagePayload {
      outcome { hp dropped died instantDeath }
      events { type message rule }
    }
    ... on Error { code message }
  }
}

query Rulesets {
  rulesets { id title supported }
}
"""


def playground_html() -> str:
    """Strawberry's GraphiQL page with our examples as the opening document."""
    html = get_graphql_ide_html(graphql_ide="graphiql")
    start = html.index("const EXAMPLE_QUERY = `") + len("const EXAMPLE_QUERY = `")
    end = html.index("`;", start)
    variables = json.dumps({"encounter": EXAMPLE_ENCOUNTER, "seed": 42}, indent=2)
    html = html[:start] + EXAMPLE_OPERATIONS.replace("`", "\\`") + html[end:]
    return html.replace(
        "parameters.variables,",
        f"parameters.variables || {json.dumps(variables)},",
    )

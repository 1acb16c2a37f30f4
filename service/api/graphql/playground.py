"""The GraphiQL page, opened with an example operation for every action, query and session
operation.

The examples are generated from the action registry (``service.rules.ACTIONS``) and the
schema, so a new action shows up here with no code of its own: one named operation per
action, its input with the required fields filled from the example encounter (combatant
ids, its attack's name) and a selection of the payload's outcome fields.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any, Literal, get_args, get_origin, get_type_hints

from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    GraphQLUnionType,
    get_named_type,
    is_leaf_type,
)
from pydantic.alias_generators import to_camel

from service.api.pages import asset, csp, data_block, own, page, style_hash
from service.rules import ACTIONS, REGISTRY, ActionSpec

from .fragments import encounter_fields
from .schema import schema
from .spelling import to_graphql

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

ACTOR = "aria"
"""The example's actor: attackers, movers, healers... (``attackerId``, ``combatantId``)."""
OTHER = "goblin"
"""The example's other combatant: targets and allies (``targetId``, ``allyId``)."""
ATTACK = "longsword"
"""The actor's attack."""

EXAMPLE_VARIABLES = {
    "encounter": to_graphql(EXAMPLE_ENCOUNTER, schema._schema.type_map["EncounterInput"]),
    "seed": 42,
    "sessionId": "paste the id that CreateSession answers",
}

TITLE = "Combat rules service: GraphQL"

AUTH_HINT = '{"Authorization": "Bearer <your key>"}'

HEADER = f"""# Combat rules service: an example operation for every action, query and session
# operation. Pick one with the play button (or Ctrl-Enter inside it).
#
# Stateless: the encounter is in the Variables tab below; a result's `encounter` is the
# new state (select all its fields to send it back as `encounter`).
# Session mode: run CreateSession, copy its `id` into the `sessionId` variable, then run
# SessionResolveAttack, Session, SessionEvents, Undo, or SessionUpdated (live updates
# over graphql-transport-ws) in another tab.
# Errors are typed results (`InvalidInput`, `RuleViolation`, `NotFound`, ...), never
# GraphQL errors.
#
# API key: open the Headers tab below and send {AUTH_HINT}
"""

_NAMES_OF_ACTOR = ("attacker", "combatant", "grappler", "source", "initiator", "actor", "mover")
"""Fields whose id names the example's actor."""
_NAMES_OF_OTHER = ("target", "ally", "defender", "victim", "patient")
"""Fields whose id names the example's other combatant; other ids (``choiceId``...) get a
placeholder."""

_OPTIONAL_HINTS: dict[str, Any] = {"attackName": ATTACK, "to": {"x": 4, "y": 5}}
"""Optional input fields worth showing in an example (by GraphQL name), with their value."""


def operation_name(spec: ActionSpec) -> str:
    """The example operation of an action: its GraphQL name in PascalCase."""
    return spec.name[0].upper() + spec.name[1:]


def _unwrap(tp: Any) -> Any:
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap(get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        return _unwrap(args[0]) if len(args) == 1 else tp
    return tp


def _literal_choices(params: type | None) -> dict[str, tuple[Any, ...]]:
    """The choices of the ``Literal`` fields of a params dataclass, by GraphQL name."""
    if params is None or not is_dataclass(params):
        return {}
    hints = get_type_hints(params, include_extras=True)
    out = {}
    for f in fields(params):
        tp = _unwrap(hints[f.name])
        if get_origin(tp) is Literal:
            out[to_camel(f.name)] = get_args(tp)
    return out


def _id_for(name: str) -> str:
    lowered = name.lower()
    if lowered.startswith(_NAMES_OF_ACTOR):
        return ACTOR
    if lowered.startswith(_NAMES_OF_OTHER):
        return OTHER
    return f"{name.removesuffix('Id')}-1"


def _scalar_value(name: str, type_name: str, choices: tuple[Any, ...] | None) -> Any:
    if choices:
        return choices[0]
    if type_name == "ID" or (type_name == "String" and name.endswith("Id")):
        return _id_for(name)
    if type_name == "String":
        if name == "attackName":
            return ATTACK
        return f"example {name}"
    if type_name == "Int":
        return 5 if name in ("amount", "initiative", "distance") else 1
    if type_name == "Float":
        return 1.0
    if type_name == "Boolean":
        return False
    return {}


def _literal(value: Any) -> str:
    """A Python value as a GraphQL input literal."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, EnumValue):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_literal(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"no GraphQL literal for {value!r}")


def input_skeleton(
    input_type: GraphQLInputObjectType, params: type | None = None
) -> dict[str, Any]:
    """The input's required fields filled with example values, plus a few helpful optional
    ones (:data:`_OPTIONAL_HINTS`)."""
    choices = _literal_choices(params)
    out: dict[str, Any] = {}
    for name, field in input_type.fields.items():
        if isinstance(field.type, GraphQLNonNull):
            out[name] = _value(name, field.type, choices.get(name))
        elif name in _OPTIONAL_HINTS:
            out[name] = _OPTIONAL_HINTS[name]
    return out


def _value(name: str, tp: GraphQLInputType, choices: tuple[Any, ...] | None) -> Any:
    if isinstance(tp, GraphQLNonNull):
        return _value(name, tp.of_type, choices)
    if isinstance(tp, GraphQLList):
        return []
    if isinstance(tp, GraphQLInputObjectType):
        return input_skeleton(tp)
    named: GraphQLNamedType = get_named_type(tp)
    if isinstance(named, GraphQLEnumType):
        return EnumValue(next(iter(named.values)))
    return _scalar_value(name, named.name, choices)


class EnumValue(str):
    """An enum value: written bare in a GraphQL literal."""


_ACTION_HINTS: dict[str, dict[str, Any]] = {
    "rollSave": {"ability": EnumValue("DEXTERITY"), "dc": 13},
    "rollCheck": {"skill": "athletics", "dc": 12},
}
"""An action's optional fields its example needs to succeed (a save or check names its DC)."""


Part = str | tuple[str, list[Any]]
"""One field of a selection: a leaf's name, or an object field's name and its parts."""


def selection(tp: GraphQLOutputType, depth: int = 2) -> list[Part]:
    """The leaf fields of an object type, and those of its object fields ``depth`` deep."""
    named = get_named_type(tp)
    if not isinstance(named, GraphQLObjectType):
        return []
    parts: list[Part] = []
    for name, field in named.fields.items():
        if _needs_arguments(field):
            continue
        inner = get_named_type(field.type)
        if is_leaf_type(inner):
            parts.append(name)
        elif depth > 1 and isinstance(inner, GraphQLObjectType):
            sub = selection(inner, depth - 1)
            if sub:
                parts.append((name, sub))
    return parts


WIDTH = 92
"""The width the examples are wrapped to."""


def _inline(part: Part) -> str:
    if isinstance(part, str):
        return part
    name, parts = part
    return f"{name} {{ {' '.join(_inline(p) for p in parts)} }}"


def _block(name: str, parts: list[Part], indent: str) -> str:
    """``name { parts }`` on one line if it fits, else the parts wrapped inside."""
    line = indent + _inline((name, parts))
    if len(line) <= WIDTH:
        return line
    inner = indent + "  "
    lines, current = [], inner
    for part in parts:
        text = _inline(part)
        if len(inner) + len(text) > WIDTH and not isinstance(part, str):
            if current != inner:
                lines.append(current)
            lines.append(_block(part[0], part[1], inner))
            current = inner
            continue
        if current != inner and len(current) + 1 + len(text) > WIDTH:
            lines.append(current)
            current = inner
        current += ("" if current == inner else " ") + text
    if current != inner:
        lines.append(current)
    return "\n".join([f"{indent}{name} {{", *lines, f"{indent}}}"])


def _needs_arguments(field: GraphQLField) -> bool:
    return any(isinstance(a.type, GraphQLNonNull) for a in field.args.values())


def _payload(field: GraphQLField) -> GraphQLObjectType:
    result = get_named_type(field.type)
    assert isinstance(result, GraphQLUnionType), result
    payload: GraphQLObjectType = result.types[0]
    return payload


def _indent(text: str, by: str) -> str:
    return "\n".join(by + line if line else line for line in text.splitlines())


STATELESS_ERRORS = """... on RuleViolation { code rule message }
... on InvalidInput { code message errors { path message } }"""


def supporting_rulesets(spec: ActionSpec) -> list[str]:
    """The ids of the supported rulesets that have this action."""
    return [r.id for r in REGISTRY.values() if r.supported and spec.available_in(r.id)]


def action_operation(spec: ActionSpec, graphql: GraphQLSchema | None = None) -> str:
    """The example operation of one action (stateless: on the ``$encounter`` variable)."""
    graphql = graphql or schema._schema
    root = graphql.query_type if spec.query else graphql.mutation_type
    assert root is not None
    field = root.fields[spec.name]
    input_arg = get_named_type(field.args["input"].type)
    assert isinstance(input_arg, GraphQLInputObjectType)
    payload = _payload(field)
    body = [
        _block("outcome", selection(payload.fields["outcome"].type), "      "),
        "      events { type message }",
        "      seed",
    ]
    if "encounter" in payload.fields:
        body.append("      encounter { round turnOf combatants { id hp conditions { name } } }")
    kind = "query" if spec.query else "mutation"
    encounter_type = get_named_type(field.args["encounter"].type).name
    hints = _ACTION_HINTS.get(spec.name, {})
    inputs = _literal({**input_skeleton(input_arg, spec.params), **hints})
    call = f"  {spec.name}(encounter: $encounter, seed: $seed, input: {inputs}) {{"
    if len(call) > WIDTH:
        call = (
            f"  {spec.name}(\n    encounter: $encounter\n    seed: $seed\n"
            f"    input: {inputs}\n  ) {{"
        )
    comments = [f"# {spec.summary}"]
    rulesets = supporting_rulesets(spec)
    if EXAMPLE_ENCOUNTER["ruleset"] not in rulesets:
        comments.append(
            f"# Rulesets: {', '.join(rulesets) or 'none yet'} (set the encounter's `ruleset`; "
            "on d20 this answers InvalidInput)."
        )
    return "\n".join(
        [
            *comments,
            f"{kind} {operation_name(spec)}($encounter: {encounter_type}!, $seed: Int) {{",
            call,
            "    __typename",
            f"    ... on {payload.name} {{",
            *body,
            "    }",
            _indent(STATELESS_ERRORS, "    "),
            "  }",
            "}",
            "",
        ]
    )


SESSION_OPERATIONS = """mutation CreateSession($encounter: EncounterInput!) {
  createSession(encounter: $encounter) {
    __typename
    ... on Session { id version created }
    ... on Error { code message }
  }
}

query Session($sessionId: ID!) {
  session(id: $sessionId) {
    __typename
    # EncounterFields (schema/fragments.graphql, at the end): the whole encounter, as
    # an EncounterInput takes it back
    ... on Session { id version updated encounter { ...EncounterFields } }
    ... on Error { code message }
  }
}

mutation SessionResolveAttack($sessionId: ID!, $seed: Int) {
  resolveAttack(sessionId: $sessionId, seed: $seed, expectedVersion: 1,
                input: {attackerId: "aria", targetId: "goblin"}) {
    __typename
    ... on ResolveAttackPayload { session { id version } outcome { hit critical damage } }
    ... on VersionConflict { code message currentVersion }
    ... on RuleViolation { code rule message }
    ... on Error { code message }
  }
}

query SessionEvents($sessionId: ID!) {
  sessionEvents(id: $sessionId, offset: 0, limit: 50) {
    __typename
    ... on SessionEventPage { total nextOffset items { index version data } }
    ... on Error { code message }
  }
}

query SessionReplay($sessionId: ID!) {
  sessionReplay(id: $sessionId, offset: 0, limit: 50) {
    __typename
    ... on ReplayPage { total items { version action params seed restoredVersion } }
    ... on Error { code message }
  }
}

query VerifySession($sessionId: ID!) {
  verifySession(id: $sessionId) {
    __typename
    ... on Verification {
      reproduced version steps
      firstDifference { version action part path stored replayed detail }
    }
    ... on Error { code message }
  }
}

mutation Undo($sessionId: ID!) {
  undo(sessionId: $sessionId) {
    __typename
    ... on UndoPayload { session { id version } revertedVersion restoredVersion }
    ... on Error { code message }
  }
}

subscription SessionUpdated($sessionId: ID!) {
  sessionUpdated(sessionId: $sessionId) {
    __typename
    ... on SessionUpdate { id version events { index data } }
    ... on Error { code message }
  }
}

mutation DeleteSession($sessionId: ID!) {
  deleteSession(id: $sessionId) {
    __typename
    ... on DeletedSession { id }
    ... on Error { code message }
  }
}

query Rulesets {
  rulesets { id title supported }
  rule(id: "d20.attack.total-cover") { id ruleset text decision sourceSection }
  version
}
"""

SESSION_OPERATION_NAMES = (
    "CreateSession",
    "Session",
    "SessionResolveAttack",
    "SessionEvents",
    "SessionReplay",
    "VerifySession",
    "Undo",
    "SessionUpdated",
    "DeleteSession",
    "Rulesets",
)


def action_operations() -> dict[str, str]:
    """The example operation of every registered action and query, by operation name."""
    return {operation_name(spec): action_operation(spec) for spec in ACTIONS}


@cache
def example_document() -> str:
    """The page's opening document: every example operation, actions first."""
    mutations = [action_operation(s) for s in ACTIONS if not s.query]
    queries = [action_operation(s) for s in ACTIONS if s.query]
    return "\n".join(
        [
            HEADER,
            "# ---- Actions (stateless) ----\n",
            *mutations,
            "# ---- Queries: read the encounter, change nothing ----\n",
            *queries,
            "# ---- Sessions: the encounter kept by the service ----\n",
            SESSION_OPERATIONS,
            "# ---- Fragments (schema/fragments.graphql) ----\n",
            encounter_fields(schema._schema),
        ]
    )


SCROLL_LOCK_STYLE = "\n".join(
    (
        "",
        "  .with-scroll-bars-hidden {",
        "   overflow: hidden !important;",
        "   padding-right: 0px !important;",
        "  }",
        "  body {",
        "    overflow: hidden !important;",
        "    overscroll-behavior: contain;",
        "    position: relative !important;",
        "    padding-left: 0px;",
        "    padding-top: 0px;",
        "    padding-right: 0px;",
        "    margin-left:0;",
        "    margin-top:0;",
        "    margin-right: 0px !important;",
        "    ",
        "  }",
        "  ",
        "  .right-scroll-bar-position {",
        "    right: 0px !important;",
        "  }",
        "  ",
        "  .width-before-scroll-bar {",
        "    margin-right: 0px !important;",
        "  }",
        "  ",
        "  .right-scroll-bar-position .right-scroll-bar-position {",
        "    right: 0 !important;",
        "  }",
        "  ",
        "  .width-before-scroll-bar .width-before-scroll-bar {",
        "    margin-right: 0 !important;",
        "  }",
        "  ",
        "  body {",
        "    --removed-body-scroll-bar-size: 0px;",
        "  }",
        "",
    )
)
"""The ``<style>`` GraphiQL inserts while a menu is open (``react-remove-scroll-bar``, in
``graphiql.min.js``): on this page, whose body never scrolls and has no margin
(``static/playground.css``), always this text. The page's policy allows it by hash and
nothing else inline; ``tests/e2e/test_offline_pages.py`` fails on any violation."""

PLAYGROUND_CSP = csp(style_hashes=(style_hash(SCROLL_LOCK_STYLE),))


@cache
def playground_html() -> str:
    """The GraphiQL page, opened on :func:`example_document` and :data:`EXAMPLE_VARIABLES`,
    every asset served by the service itself (:mod:`service.api.pages`)."""
    config = {
        "query": example_document(),
        "variables": json.dumps(EXAMPLE_VARIABLES, indent=2),
    }
    return page(
        TITLE,
        [asset("graphiql", "graphiql.min.css"), own("playground.css")],
        [
            asset("react", "react.production.min.js"),
            asset("react-dom", "react-dom.production.min.js"),
            asset("graphiql", "graphiql.min.js"),
            own("playground.js"),
        ],
        '<div id="graphiql">Loading the playground…</div>\n    '
        + data_block("playground-config", config),
    )

"""GraphQL's typed encounter: the REST ``Encounter`` field for field, as input and as output.

Introspection shows ``EncounterInput`` (and every input it holds) with the fields and the
required fields of the REST schemas, closed sets as enums; a result's encounter selected in
full goes straight back as the next ``EncounterInput``; the playground's examples and their
variables are valid for the schema (no red squiggles in GraphiQL).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from doors import GraphQL, Rest, from_graphql, selection, to_graphql
from factories import skirmish
from graphql import (
    GraphQLEnumType,
    GraphQLInputObjectType,
    GraphQLList,
    GraphQLNonNull,
    OperationDefinitionNode,
    get_named_type,
    parse,
    validate,
)
from graphql.execution import values as graphql_values
from graphql.execution.values import get_variable_values
from graphql.pyutils import Undefined
from starlette.testclient import TestClient

from service.api.graphql.playground import EXAMPLE_VARIABLES, example_document
from service.api.graphql.schema import schema
from service.api.rest.openapi import build_openapi
from service.rules import model as state

SCHEMAS = build_openapi()["components"]["schemas"]
ROOT = Path(__file__).resolve().parents[2]
GRAPHQL = schema._schema
ENCOUNTER_INPUT = GRAPHQL.get_type("EncounterInput")


def _component(ref_or_schema: dict[str, Any]) -> str | None:
    """The component a JSON schema property refers to (through arrays and nullables)."""
    if "$ref" in ref_or_schema:
        return str(ref_or_schema["$ref"]).rsplit("/", 1)[1]
    for key in ("anyOf", "oneOf"):
        for option in ref_or_schema.get(key, []):
            if (found := _component(option)) is not None:
                return found
    if "items" in ref_or_schema:
        return _component(ref_or_schema["items"])
    return None


def _pairs() -> list[tuple[str, str]]:
    """(REST schema, GraphQL input type) for the encounter and every type inside it."""
    out, todo = [], [("Encounter", "EncounterInput")]
    while todo:
        rest, gql = todo.pop()
        if (rest, gql) in out:
            continue
        out.append((rest, gql))
        input_type = GRAPHQL.get_type(gql)
        assert isinstance(input_type, GraphQLInputObjectType), gql
        for name, prop in SCHEMAS[rest]["properties"].items():
            inner = get_named_type(input_type.fields[name].type)
            component = _component(prop)
            if (
                isinstance(inner, GraphQLInputObjectType)
                and component in SCHEMAS
                and SCHEMAS[component].get("type") == "object"
            ):
                todo.append((component, inner.name))
    return out


@pytest.mark.parametrize(("rest", "gql"), _pairs())
def test_every_input_type_has_the_rest_schemas_fields(rest: str, gql: str) -> None:
    input_type = GRAPHQL.get_type(gql)
    assert isinstance(input_type, GraphQLInputObjectType)
    properties = SCHEMAS[rest]["properties"]
    assert set(input_type.fields) == set(properties)
    required = {n for n, f in input_type.fields.items() if isinstance(f.type, GraphQLNonNull)}
    assert required == set(SCHEMAS[rest].get("required", []))
    for name, field in input_type.fields.items():
        # No default published: a field left out stays out, and means the REST default.
        assert field.default_value is Undefined, name


def test_the_encounters_of_both_doors_are_the_same_types() -> None:
    pairs = dict(_pairs())
    assert {"Encounter", "Combatant", "Grid", "Attack", "Cell", "Condition"} <= set(pairs)


@pytest.mark.parametrize(
    ("type_name", "field", "enum", "values"),
    [
        ("EncounterInput", "ruleset", "Ruleset", {"D20", "D100", "D10"}),
        ("GridInput", "kind", "GridKind", {"SQUARE", "HEX"}),
        ("CombatantInput", "size", "Size", {"TINY", "MEDIUM", "GARGANTUAN"}),
        ("AttackInput", "kind", "AttackKind", {"MELEE", "RANGED", "SPELL"}),
        ("ResolveAttackInput", "cover", "CoverDegree", {"NONE", "HALF", "THREE_QUARTERS"}),
        ("ResolveAttackInput", "spend", "Spend", {"ACTION", "BONUS_ACTION", "FREE"}),
    ],
)
def test_closed_sets_are_enums(type_name: str, field: str, enum: str, values: set[str]) -> None:
    input_type = GRAPHQL.get_type(type_name)
    assert isinstance(input_type, GraphQLInputObjectType)
    named = get_named_type(input_type.fields[field].type)
    assert isinstance(named, GraphQLEnumType) and named.name == enum
    assert values <= set(named.values)


def test_one_enum_per_closed_set() -> None:
    enums = [t for t in GRAPHQL.type_map.values() if isinstance(t, GraphQLEnumType)]
    sets = [frozenset(v.value for v in e.values.values()) for e in enums]
    assert len(sets) == len(set(sets)), [e.name for e in enums]


def test_queries_take_no_expected_version_or_idempotency_key() -> None:
    assert GRAPHQL.query_type is not None
    for name in ("pathCost", "attackOdds", "encounterOdds", "cover"):
        args = GRAPHQL.query_type.fields[name].args
        assert "expectedVersion" not in args and "idempotencyKey" not in args


def test_a_results_encounter_goes_straight_back(client: TestClient) -> None:
    """Chain three actions in GraphQL alone, each on the encounter the last one answered:
    the same answers as REST's chain."""
    full = f"encounter {{ {selection(state.Encounter)} }}"
    mutation = f"""mutation ($e: EncounterInput!, $seed: Int) {{
      rollInitiative(encounter: $e, seed: $seed, input: {{}}) {{
        ... on RollInitiativePayload {{ {full} }} }} }}"""
    variables = {"e": to_graphql(skirmish(), ENCOUNTER_INPUT), "seed": 3}
    r = client.post("/graphql", json={"query": mutation, "variables": variables})
    typed = r.json()["data"]["rollInitiative"]["encounter"]
    attack = f"""mutation ($e: EncounterInput!) {{
      resolveAttack(encounter: $e, seed: 4,
                    input: {{attackerId: "hero", targetId: "gob1", spend: FREE}}) {{
        ... on ResolveAttackPayload {{ {full} outcome {{ hit damage }} }} }} }}"""
    again = client.post("/graphql", json={"query": attack, "variables": {"e": typed}}).json()
    assert "errors" not in again, again["errors"]
    rest = Rest(client).call("rollInitiative", skirmish(), seed=3)
    rest_attack = Rest(client).call(
        "resolveAttack", rest.encounter, seed=4, attackerId="hero", targetId="gob1", spend="free"
    )
    assert rest_attack.ok, rest_attack
    assert from_graphql(typed, GRAPHQL.get_type("Encounter")) == rest.encounter
    payload = again["data"]["resolveAttack"]
    assert (
        from_graphql(payload["encounter"], GRAPHQL.get_type("Encounter")) == rest_attack.encounter
    )
    assert payload["outcome"] == {k: rest_attack.outcome[k] for k in ("hit", "damage")}


def test_the_deprecated_document_is_the_typed_encounter(client: TestClient) -> None:
    query = f"""mutation ($e: EncounterInput!) {{
      applyDamage(encounter: $e, seed: 1, input: {{targetId: "gob1", amount: 2}}) {{
        ... on ApplyDamagePayload {{ document encounter {{ {selection(state.Encounter)} }} }}
      }} }}"""
    variables = {"e": to_graphql(skirmish(), ENCOUNTER_INPUT)}
    data = client.post("/graphql", json={"query": query, "variables": variables}).json()
    payload = data["data"]["applyDamage"]
    assert payload["document"] == from_graphql(payload["encounter"], GRAPHQL.get_type("Encounter"))
    field = GRAPHQL.get_type("ApplyDamagePayload").fields["document"]  # type: ignore[union-attr]
    assert field.deprecation_reason


def test_enum_values_cross_between_the_doors(client: TestClient) -> None:
    """``three-quarters`` on REST is ``THREE_QUARTERS`` in GraphQL, both ways."""
    rest, gql = Rest(client), GraphQL(client)
    params = {"attackerId": "hero", "targetId": "gob1", "cover": "three-quarters"}
    a = rest.call("resolveAttack", skirmish(), seed=5, **params)
    b = gql.call("resolveAttack", skirmish(), seed=5, **params)
    assert a.ok and a.body == b.body
    assert a.outcome["cover"] == "three-quarters"
    assert to_graphql("three-quarters", GRAPHQL.get_type("CoverDegree")) == "THREE_QUARTERS"


def test_graphql_refuses_what_its_types_refuse_naming_the_path(client: TestClient) -> None:
    doc = skirmish()
    doc["combatants"][1]["size"] = "enormous"
    reply = GraphQL(client).call("rollInitiative", doc, seed=1)
    assert not reply.ok and reply.paths == ["encounter.combatants[1].size"], reply


def test_an_encounter_variable_is_validated_once_by_the_rest_models(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """graphql-core would coerce an ``EncounterInput`` variable field by field in Python (4 ms
    at 100 creatures; 70% of such a request) before the REST models validate it again: the
    models take it alone, its enums read in GraphQL's spelling (or the wire's, as before the
    enums were UPPER_CASE). A value that is neither is GraphQL's to refuse, in its own
    words."""
    coerced: list[str] = []
    coerce = graphql_values.coerce_input_value

    def counted(value: Any, tp: Any, *args: Any, **kwargs: Any) -> Any:
        coerced.append(str(get_named_type(tp)))
        return coerce(value, tp, *args, **kwargs)

    monkeypatch.setattr(graphql_values, "coerce_input_value", counted)
    doc = skirmish()
    doc["combatants"][1]["size"] = "small"
    gql = GraphQL(client).call("resolveAttack", doc, seed=5, attackerId="hero", targetId="gob1")
    rest = Rest(client).call("resolveAttack", doc, seed=5, attackerId="hero", targetId="gob1")
    assert gql.ok and gql.body == rest.body
    assert gql.encounter["combatants"][1]["size"] == "small"  # SMALL, read as small
    assert "EncounterInput" not in coerced and "Int" in coerced

    variables = {"e": to_graphql(skirmish(), ENCOUNTER_INPUT)}
    variables["e"]["grid"]["kind"] = "SQUARED"
    query = """mutation ($e: EncounterInput!) {
      rollInitiative(encounter: $e, seed: 1, input: {}) { __typename } }"""
    data = client.post("/graphql", json={"query": query, "variables": variables}).json()
    assert data.get("data") is None and "EncounterInput" in coerced
    assert "SQUARED" in data["errors"][0]["message"] and "GridKind" in data["errors"][0]["message"]


def test_every_example_operation_and_its_variables_are_valid() -> None:
    """What GraphiQL checks: each operation against the schema, and the example variables
    against the variables each operation declares."""
    document = parse(example_document())
    assert not validate(GRAPHQL, document), [e.message for e in validate(GRAPHQL, document)]
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    assert len(operations) > 20
    for operation in operations:
        definitions = operation.variable_definitions or ()
        declared = {v.variable.name.value for v in definitions}
        variables = {k: v for k, v in EXAMPLE_VARIABLES.items() if k in declared}
        coerced = get_variable_values(GRAPHQL, definitions, variables)
        assert not isinstance(coerced, list), (operation.name, [str(e) for e in coerced])


def test_the_input_lists_are_typed_lists() -> None:
    combatant = GRAPHQL.get_type("EncounterInput").fields["combatants"].type  # type: ignore[union-attr]
    assert isinstance(combatant, GraphQLNonNull) and isinstance(combatant.of_type, GraphQLList)
    assert get_named_type(combatant).name == "CombatantInput"


def test_every_input_field_is_described_as_on_rest() -> None:
    """Inputs built from a subclass (``AttackOddsInput`` from ``ResolveAttack``...) carry
    their base classes' field descriptions too, as the REST schemas do."""
    missing = [
        f"{name}.{field}"
        for name, named in GRAPHQL.type_map.items()
        if isinstance(named, GraphQLInputObjectType) and not name.startswith("__")
        for field, definition in named.fields.items()
        if not definition.description
    ]
    assert missing == []


def test_json_lists_inside_the_encounter_answer_as_on_rest(client: TestClient) -> None:
    """A pending choice's ``effects`` is a list of JSON objects: it comes back from GraphQL,
    stateless and from a session (where the answer is read from its stored JSON), exactly
    as REST answers it, and the choice can still be accepted afterwards."""
    doc = skirmish()
    doc["pendingChoices"] = [
        {
            "id": "choice-1",
            "owner": "hero",
            "prompt": "Take an opportunity attack on the goblin?",
            "source": "weapon-hit 15-19",
            "effects": [{"type": "opportunityAttack", "appliesTo": "melee"}],
            "context": {"attacker": "hero", "target": "gob1"},
        }
    ]
    rest, gql = Rest(client), GraphQL(client)
    a = rest.call("applyDamage", doc, seed=1, targetId="gob1", amount=1)
    b = gql.call("applyDamage", doc, seed=1, targetId="gob1", amount=1)
    assert a.ok and b.ok, (a, b)
    assert b.encounter == a.encounter
    assert b.encounter["pendingChoices"][0]["effects"] == doc["pendingChoices"][0]["effects"]
    created = client.post("/v1/sessions", json={"encounter": doc}).json()
    query = f"""mutation ($id: ID!) {{
      applyDamage(sessionId: $id, seed: 1, input: {{targetId: "gob1", amount: 1}},
                  idempotencyKey: "once") {{
        ... on ApplyDamagePayload {{ encounter {{ {selection(state.Encounter)} }} }} }} }}"""
    for _ in range(2):
        data = client.post("/graphql", json={"query": query, "variables": {"id": created["id"]}})
        body = data.json()
        assert "errors" not in body, body["errors"]
        encounter = from_graphql(
            body["data"]["applyDamage"]["encounter"], GRAPHQL.get_type("Encounter")
        )
        assert encounter == a.encounter


def test_a_rest_encounter_goes_through_a_mutation_with_the_fragment_unchanged(
    client: TestClient,
) -> None:
    """Issue 25, #6: a REST answer's encounter, sent as a GraphQL variable and selected with
    the shipped ``EncounterFields`` fragment, comes back equal field for field; and the
    encounter the GraphQL answer holds is the next action's input as it is."""
    rest = Rest(client)
    fought = rest.call("rollInitiative", skirmish(), seed=3)
    actor = fought.encounter["turnOf"]
    target = "gob1" if actor == "hero" else "hero"
    hit = rest.call("resolveAttack", fought.encounter, seed=4, attackerId=actor, targetId=target)
    assert hit.ok, hit
    fragment = (ROOT / "schema" / "fragments.graphql").read_text()
    query = f"""mutation ($e: EncounterInput!) {{
      applyDamage(encounter: $e, seed: 1, input: {{targetId: "gob2", amount: 1}}) {{
        __typename ... on ApplyDamagePayload {{ encounter {{ ...EncounterFields }} }}
        ... on Error {{ code message }} }} }}
    {fragment}"""
    variables = {"e": to_graphql(hit.encounter, ENCOUNTER_INPUT)}
    answer = client.post("/graphql", json={"query": query, "variables": variables}).json()
    assert "errors" not in answer, answer["errors"]
    typed = answer["data"]["applyDamage"]["encounter"]
    expected = rest.call("applyDamage", hit.encounter, seed=1, targetId="gob2", amount=1)
    assert from_graphql(typed, GRAPHQL.get_type("Encounter")) == expected.encounter
    again = client.post("/graphql", json={"query": query, "variables": {"e": typed}}).json()
    assert "errors" not in again, again["errors"]

"""GraphQL types each event by its ``type`` as the OpenAPI contract does (issue 25): ``Event``
is an interface, one ``<Type>Event`` per type of the engine's catalogue implements it, and
its ``details`` is the entry's ``data`` typed (``<Type>EventData``). What GraphQL answers is
what REST answers for the same seed, entry for entry."""

from __future__ import annotations

from types import UnionType
from typing import Any, get_args

import pytest
from factories import combatant, encounter_doc
from graphql import GraphQLInterfaceType, GraphQLList, GraphQLNonNull, GraphQLObjectType
from starlette.testclient import TestClient

from service.api.graphql.schema import schema
from service.api.models import event_data_name, event_name
from service.rules.events import EVENT_TYPES, Point

GQL = schema._schema


CLASHING = {"condition", "applied", "to"}
"""Keys of two types' data whose types differ (``condition``: an int or a condition's name):
GraphQL can't merge two fields of one name and different types, so a selection of both
aliases them (as any client selecting both must)."""


def _alias(type_id: str, key: str) -> str:
    return f"{key}_{type_id.replace('-', '_')}" if key in CLASHING else key


def _key_selection(type_id: str, key: str, tp: Any) -> str:
    named = f"{_alias(type_id, key)}: {key}" if key in CLASHING else key
    return f"{named} {{ x y }}" if tp is Point or tp == list[Point] else named


EVENTS = "__typename type message actor target amount rule data " + " ".join(
    f"... on {event_name(t)} {{ details {{ "
    + " ".join(_key_selection(t, k, spec.type) for k, spec in kind.data.items())
    + " } }"
    for t, kind in EVENT_TYPES.items()
    if kind.data
)
"""Every entry's common fields and, for each type with data, every key of its details."""


def test_the_clashing_keys_are_the_ones_whose_types_differ() -> None:
    types: dict[str, set[str]] = {}
    for kind in EVENT_TYPES.values():
        for key, spec in kind.data.items():
            tp = spec.type
            if isinstance(tp, UnionType):
                (tp,) = (a for a in get_args(tp) if a is not type(None))
            types.setdefault(key, set()).add(repr(tp))
    assert {key for key, found in types.items() if len(found) > 1} == CLASHING


def test_event_is_an_interface_with_one_type_per_event_type() -> None:
    interface = GQL.get_type("Event")
    assert isinstance(interface, GraphQLInterfaceType)
    implementations = GQL.get_implementations(interface).objects
    assert sorted(t.name for t in implementations) == sorted(map(event_name, EVENT_TYPES))
    for type_id, kind in EVENT_TYPES.items():
        member = GQL.get_type(event_name(type_id))
        assert isinstance(member, GraphQLObjectType)
        assert set(interface.fields) <= set(member.fields)
        if not kind.data:
            assert "details" not in member.fields
            continue
        details = member.fields["details"].type
        assert isinstance(details, GraphQLNonNull)
        assert details.of_type.name == event_data_name(type_id)
        data_fields = details.of_type.fields
        assert set(data_fields) == set(kind.data)
        assert not any(isinstance(f.type, GraphQLNonNull) for f in data_fields.values())


def _attack_over_graphql(
    client: TestClient, encounter: dict[str, Any], seed: int
) -> list[dict[str, Any]]:
    query = f"""mutation($e: EncounterInput!, $seed: Int) {{
      resolveAttack(encounter: $e, seed: $seed, input: {{attackerId: "a", targetId: "b"}}) {{
        ... on ResolveAttackPayload {{ events {{ {EVENTS} }} }}
        ... on Error {{ code message }}
      }}
    }}"""
    r = client.post("/graphql", json={"query": query, "variables": {"e": encounter, "seed": seed}})
    body = r.json()
    assert r.status_code == 200 and "errors" not in body, body
    events: list[dict[str, Any]] = body["data"]["resolveAttack"]["events"]
    return events


def _as_graphql(event: dict[str, Any]) -> dict[str, Any]:
    """A REST entry as the selection above answers it."""
    kind = EVENT_TYPES[event["type"]]
    out = {
        "__typename": event_name(event["type"]),
        **{k: event[k] for k in ("type", "message", "actor", "target", "amount", "rule", "data")},
    }
    out["type"] = event["type"].replace("-", "_").upper()
    if kind.data:
        out["details"] = {_alias(event["type"], k): event["data"].get(k) for k in kind.data}
    return out


@pytest.mark.parametrize("ruleset", ["d20", "d100", "d10"])
def test_an_attacks_entries_are_typed_as_on_rest(client: TestClient, ruleset: str) -> None:
    """Attack after attack until one hits: the attack roll is an ``AttackRollEvent`` whose
    details say its advantage and cover, the damage roll a ``DamageRollEvent``, the damage an
    ``DamageEvent``; every entry equals REST's for the same seed."""
    a = combatant("a", 1, 1, side="party", hp=60, maxHp=60, attacks=[
        {"name": "sword", "bonus": 30, "damage": "1d8+2"}
    ])  # fmt: skip
    b = combatant("b", 2, 1, side="foes", hp=60, maxHp=60, ac=5)
    encounter = encounter_doc(a, b, ruleset=ruleset)
    seen: set[str] = set()
    for seed in range(1, 30):
        rest = client.post(
            "/v1/resolve-attack",
            json={"encounter": encounter, "attackerId": "a", "targetId": "b", "seed": seed},
        )
        assert rest.status_code == 200, rest.text
        graphql = _attack_over_graphql(client, encounter, seed)
        assert graphql == [_as_graphql(e) for e in rest.json()["events"]]
        seen |= {e["__typename"] for e in graphql}
        if {"AttackRollEvent", "DamageRollEvent"} <= seen:
            break
    assert {"AttackRollEvent", "DamageRollEvent", "DamageEvent"} <= seen
    [roll] = [e for e in graphql if e["__typename"] == "AttackRollEvent"]
    assert roll["details"] == {"advantage": [], "disadvantage": [], "cover": "none"}


def test_a_moves_path_and_an_opportunity_attack_are_typed(client: TestClient) -> None:
    """A move out of an enemy's reach: its opportunity attack's roll is an
    ``AttackRollEvent``, and the move's details carry its path as lists of numbers."""
    mover = combatant("a", 1, 1, side="party", hp=60, maxHp=60)
    orc = combatant("b", 2, 1, side="foes", hp=60, maxHp=60)
    encounter = encounter_doc(mover, orc, turnOf="a", round=1)
    moved = client.post(
        "/v1/move-combatant",
        json={"encounter": encounter, "combatantId": "a", "to": {"x": 1, "y": 5}, "seed": 4},
    )
    assert moved.status_code == 200, moved.text
    query = f"""mutation($e: EncounterInput!) {{
      moveCombatant(encounter: $e, seed: 4, input: {{combatantId: "a", to: {{x: 1, y: 5}}}}) {{
        ... on MoveCombatantPayload {{ events {{ {EVENTS} }} }}
        ... on Error {{ code message }}
      }}
    }}"""
    r = client.post("/graphql", json={"query": query, "variables": {"e": encounter}})
    events = r.json()["data"]["moveCombatant"]["events"]
    assert events == [_as_graphql(e) for e in moved.json()["events"]]
    [step] = [e for e in events if e["__typename"] == "MoveEvent"]
    assert step["details"]["path"][0] == [1, 1] and step["details"]["path"][-1] == [1, 5]
    assert any(e["__typename"] == "AttackRollEvent" and e["actor"] == "b" for e in events)


def test_a_selection_of_the_interfaces_fields_reads_any_entry(client: TestClient) -> None:
    """Clients that select ``events { type message data }`` read every entry as before."""
    encounter = encounter_doc(combatant("a", 1, 1), combatant("b", 2, 1, side="foes"))
    query = """mutation($e: EncounterInput!) {
      rollInitiative(encounter: $e, seed: 2, input: {}) {
        ... on RollInitiativePayload { events { type message data } }
      }
    }"""
    r = client.post("/graphql", json={"query": query, "variables": {"e": encounter}})
    events = r.json()["data"]["rollInitiative"]["events"]
    assert events and all(set(e) == {"type", "message", "data"} for e in events)
    assert {e["type"] for e in events} >= {"ROLL", "TURN_START"}


def test_list_types_of_details_are_typed_lists() -> None:
    move = GQL.get_type("MoveEventData")
    assert isinstance(move, GraphQLObjectType)
    path = move.fields["path"].type
    assert isinstance(path, GraphQLList)

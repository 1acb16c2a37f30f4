"""Bad input closed (issue 24, findings 8, 9, 10 and 13), on a real ``python -m service``:
a JSON object naming a key twice is refused naming the key (REST bodies, GraphQL documents
and variables), look-alike combatant ids are refused (one id, one creature), query
parameters take only ASCII digits, and every answer says ``nosniff``."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from factories import combatant, encounter_doc
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory, redis_url: str, redis_prefix: str
) -> Iterator[ServiceProcess]:
    env = {
        "REDIS_URL": redis_url,
        "CRS_REDIS_PREFIX": redis_prefix,
        "CRS_MAX_HEADER_BYTES": "16384",
    }
    process = ServiceProcess(env, tmp_path_factory.mktemp("bad-input") / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()


def duel(*ids: str) -> dict[str, Any]:
    first, second = ids or ("a", "b")
    return encounter_doc(
        combatant(first, 1, 1, hp=20, maxHp=20), combatant(second, 2, 1, side="monsters")
    )


def post_raw(service: ServiceProcess, route: str, text: str) -> httpx.Response:
    return httpx.post(
        service.url + route,
        content=text.encode(),
        headers={"Content-Type": "application/json"},
        timeout=30,
    )


def refused_at(response: httpx.Response) -> tuple[str, str]:
    assert response.status_code == 422, response.text[:500]
    problem = response.json()
    return problem["errors"][0]["path"], problem["detail"]


# -- finding 8: duplicate keys ------------------------------------------------------------


def test_a_duplicate_key_in_a_rest_body_is_refused_naming_it(service: ServiceProcess) -> None:
    encounter = json.dumps(duel())
    # Pydantic alone keeps the last "amount" and would deal 500 damage.
    text = f'{{"encounter": {encounter}, "targetId": "a", "amount": 1, "amount": 500}}'
    path, detail = refused_at(post_raw(service, "/v1/apply-damage", text))
    assert path == "amount" and "'amount' appears twice" in detail
    # Deep in the encounter, the path leads to it.
    nested = encounter.replace('"hp": 20', '"hp": 20, "hp": 1', 1)
    assert nested != encounter
    text = f'{{"encounter": {nested}, "targetId": "a", "amount": 1}}'
    path, _ = refused_at(post_raw(service, "/v1/apply-damage", text))
    assert path == "encounter.combatants[0].hp"
    # The same body with each key once is applied as sent.
    text = f'{{"encounter": {encounter}, "targetId": "a", "amount": 1}}'
    answer = post_raw(service, "/v1/apply-damage", text)
    assert answer.status_code == 200, answer.text[:300]
    assert answer.json()["encounter"]["combatants"][0]["hp"] == 19


def test_a_duplicate_key_in_a_session_write_is_refused(service: ServiceProcess) -> None:
    created = httpx.post(f"{service.url}/v1/sessions", json={"encounter": duel()}, timeout=30)
    assert created.status_code == 201, created.text[:300]
    sid = created.json()["id"]
    text = '{"targetId": "a", "amount": 1, "amount": 500}'
    path, _ = refused_at(post_raw(service, f"/v1/sessions/{sid}/apply-damage", text))
    assert path == "amount"
    after = httpx.get(f"{service.url}/v1/sessions/{sid}", timeout=30).json()
    assert after["version"] == 1 and after["encounter"]["combatants"][0]["hp"] == 20


def test_a_duplicate_key_in_graphql_variables_is_refused(service: ServiceProcess) -> None:
    query = (
        "mutation($e: EncounterInput!) { applyDamage(encounter: $e, "
        'input: {targetId: "a", amount: 1}) { __typename } }'
    )
    encounter = json.dumps(duel()).replace('"hp": 20', '"hp": 20, "hp": 1', 1)
    text = f'{{"query": {json.dumps(query)}, "variables": {{"e": {encounter}}}}}'
    path, detail = refused_at(post_raw(service, "/graphql", text))
    assert path == "variables.e.combatants[0].hp" and "'hp' appears twice" in detail
    text = f'{{"query": {json.dumps(query)}, "query": "{{ __typename }}"}}'
    path, _ = refused_at(post_raw(service, "/graphql", text))
    assert path == "query"


# -- finding 9: look-alike ids --------------------------------------------------------------

LOOK_ALIKES = {
    "NFD e + U+0301 beside NFC \u00e9": ("\u00e9", "e\u0301", "NFKC"),
    "the ligature \ufb01 beside fi": ("fi", "\ufb01", "NFKC"),
    "a + U+200B beside a": ("a", "a\u200b", "U+200B"),
    "a soft hyphen inside": ("ab", "a\u00adb", "U+00AD"),
}


@pytest.mark.parametrize("name", list(LOOK_ALIKES))
def test_look_alike_ids_are_refused_at_the_id(service: ServiceProcess, name: str) -> None:
    first, second, why = LOOK_ALIKES[name]
    body = {"encounter": duel(first, second), "targetId": second, "amount": 1}
    response = httpx.post(f"{service.url}/v1/apply-damage", json=body, timeout=30)
    path, detail = refused_at(response)
    assert path == "encounter.combatants[1].id" and why in detail, detail


def test_an_id_in_nfc_with_letters_beyond_ascii_is_one_creature(service: ServiceProcess) -> None:
    body = {"encounter": duel("\u00e9lodie", "\u017eaba"), "targetId": "\u00e9lodie", "amount": 3}
    response = httpx.post(f"{service.url}/v1/apply-damage", json=body, timeout=30)
    assert response.status_code == 200, response.text[:300]
    assert response.json()["encounter"]["combatants"][0]["hp"] == 17
    # The NFD spelling of the same name is no creature of this encounter.
    body["targetId"] = "e\u0301lodie"
    response = httpx.post(f"{service.url}/v1/apply-damage", json=body, timeout=30)
    assert response.status_code == 422, response.text[:300]


# -- finding 10: ASCII digits only ------------------------------------------------------------


@pytest.mark.parametrize(
    ("route", "query", "field"),
    [
        ("events", "offset=\uff11", "offset"),
        ("events", "limit=\u0661", "limit"),
        ("replay", "offset=\u0661", "offset"),
        ("stream", "after=\u0661", "after"),
    ],
)
def test_query_parameters_take_only_ascii_digits(
    service: ServiceProcess, route: str, query: str, field: str
) -> None:
    created = httpx.post(f"{service.url}/v1/sessions", json={"encounter": duel()}, timeout=30)
    sid = created.json()["id"]
    response = httpx.get(f"{service.url}/v1/sessions/{sid}/{route}?{query}", timeout=30)
    path, _ = refused_at(response)
    assert path == field
    ascii_query = query.split("=")[0] + "=1"
    if route != "stream":
        fine = httpx.get(f"{service.url}/v1/sessions/{sid}/{route}?{ascii_query}", timeout=30)
        assert fine.status_code == 200, fine.text[:300]


# -- finding 13: nosniff on every answer --------------------------------------------------------


def test_every_answer_says_nosniff(service: ServiceProcess) -> None:
    answers = [
        httpx.get(f"{service.url}/healthz"),
        httpx.get(f"{service.url}/openapi.json"),
        httpx.post(f"{service.url}/v1/roll-initiative", json={"encounter": duel(), "seed": 1}),
        httpx.post(f"{service.url}/v1/roll-initiative", json={"encounter": {}}),
        httpx.post(f"{service.url}/v1/roll-initiative", content=b"x"),
        httpx.get(f"{service.url}/no-such-route"),
        httpx.get(f"{service.url}/v1/roll-initiative"),
        httpx.post(f"{service.url}/graphql", json={"query": "{ __typename }"}),
        httpx.post(f"{service.url}/graphql", json={"query": "{"}),
        httpx.get(f"{service.url}/v1/sessions/nope"),
    ]
    for answer in answers:
        assert answer.headers.get("x-content-type-options") == "nosniff", (
            answer.request.url,
            answer.status_code,
            dict(answer.headers),
        )
    # An answer the HTTP protocol writes itself, before the app: a head too large.
    with socket.create_connection(("127.0.0.1", service.port), timeout=10) as conn:
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
        raw = b""
        while chunk := conn.recv(65536):
            raw += chunk
    head = raw.partition(b"\r\n\r\n")[0].lower()
    assert head.startswith(b"http/1.1 431") and b"x-content-type-options: nosniff" in head

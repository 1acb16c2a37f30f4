"""Seats (issue 26, part 3; docs/seats.md): the DM makes a seat of a session for some of its
creatures and hands its token to a player; a request with the token reads that session and
acts only as the seat's creatures, through both doors; a revoked seat, or one whose session
is gone, opens nothing."""

from __future__ import annotations

from typing import Any

import pytest
from factories import skirmish
from starlette.testclient import TestClient

from service.store import MAX_SEATS

CREATE_SEAT = """mutation($s: ID!, $c: [String!]!, $l: String!) {
  createSeat(sessionId: $s, combatants: $c, label: $l) {
    __typename ... on NewSeat { token seat { id sessionId combatants label } }
    ... on Error { code message } } }"""
SEATS = """query($s: ID!) { seats(sessionId: $s) {
  __typename ... on SeatList { items { id combatants label } } ... on Error { code } } }"""
REVOKE = """mutation($s: ID!, $id: ID!) { revokeSeat(sessionId: $s, seatId: $id) {
  __typename ... on Error { code } } }"""
ATTACK = """mutation($s: ID!, $a: String!, $t: String!) {
  resolveAttack(sessionId: $s, input: {attackerId: $a, targetId: $t}, seed: 5) {
    __typename ... on ResolveAttackPayload { session { version } outcome { hit } }
    ... on Forbidden { code message seatId combatantId } ... on Error { code } } }"""
ROLL = """mutation($s: ID!) { rollInitiative(sessionId: $s, input: {}, seed: 3) {
  __typename ... on Forbidden { code seatId } ... on Error { code } } }"""
SESSION = """query($s: ID!) { session(id: $s) {
  __typename ... on Session { version encounter { turnOf } } ... on Error { code } } }"""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def gql(
    client: TestClient, query: str, headers: dict[str, str] | None = None, **variables: Any
) -> Any:
    answer = client.post("/graphql", json={"query": query, "variables": variables}, headers=headers)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert "errors" not in body, body
    return body["data"]


def fight(client: TestClient) -> str:
    """A session whose initiative is rolled, the hero's turn first."""
    created = client.post("/v1/sessions", json={"encounter": skirmish(), "title": "Seats"})
    assert created.status_code == 201, created.text
    sid = str(created.json()["id"])
    rolled = client.post(f"/v1/sessions/{sid}/roll-initiative", json={"seed": 2})
    assert rolled.status_code == 200, rolled.text
    assert rolled.json()["encounter"]["turnOf"] == "hero"
    return sid


def seat(
    client: TestClient, sid: str, *combatants: str, label: str = "Ana's phone"
) -> dict[str, Any]:
    made = client.post(
        f"/v1/sessions/{sid}/seats", json={"combatants": list(combatants), "label": label}
    )
    assert made.status_code == 201, made.text
    out: dict[str, Any] = made.json()
    return out


def test_a_seat_acts_as_its_creature_and_the_dm_sees_it(client: TestClient) -> None:
    sid = fight(client)
    made = seat(client, sid, "hero")
    assert made["seat"]["combatants"] == ["hero"] and made["seat"]["sessionId"] == sid
    player = bearer(made["token"])

    read = client.get(f"/v1/sessions/{sid}", headers=player)
    assert read.status_code == 200 and read.json()["encounter"]["turnOf"] == "hero"
    hit = client.post(
        f"/v1/sessions/{sid}/resolve-attack",
        json={"attackerId": "hero", "targetId": "gob1", "seed": 5},
        headers=player,
    )
    assert hit.status_code == 200, hit.text
    assert hit.json()["session"]["version"] == 3
    ended = client.post(f"/v1/sessions/{sid}/next-turn", json={}, headers=player)
    assert ended.status_code == 200, ended.text
    dm_view = client.get(f"/v1/sessions/{sid}").json()
    turn = dm_view["encounter"]["turnOf"]
    assert dm_view["version"] == 4 and turn in ("gob1", "gob2")
    goblin = next(c for c in dm_view["encounter"]["combatants"] if c["id"] == "gob1")
    assert goblin["hp"] == hit.json()["encounter"]["combatants"][1]["hp"]
    # The goblin's turn is the DM's: the player can't end it, nor attack as the goblin.
    refused = client.post(f"/v1/sessions/{sid}/next-turn", json={}, headers=player)
    assert refused.status_code == 403, refused.text
    problem = refused.json()
    assert problem["code"] == "seat-forbidden" and problem["combatantId"] == turn
    assert problem["seatId"] == made["seat"]["id"]
    as_goblin = client.post(
        f"/v1/sessions/{sid}/resolve-attack",
        json={"attackerId": turn, "targetId": "hero"},
        headers=player,
    )
    assert as_goblin.status_code == 403 and as_goblin.json()["combatantId"] == turn
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 4
    # The DM plays the goblins' turns; the seat reads what happened.
    while (
        client.post(f"/v1/sessions/{sid}/next-turn", json={}).json()["encounter"]["turnOf"]
        != "hero"
    ):
        pass
    events = client.get(f"/v1/sessions/{sid}/events", headers=player)
    assert events.status_code == 200 and events.json()["total"] > 0
    assert client.get(f"/v1/sessions/{sid}", headers=player).json()["encounter"]["turnOf"] == "hero"


def test_a_seat_may_not_do_the_dms_work(client: TestClient) -> None:
    sid = fight(client)
    other = fight(client)
    player = bearer(seat(client, sid, "hero")["token"])
    dm_only = [
        ("POST", f"/v1/sessions/{sid}/undo", None),
        ("POST", f"/v1/sessions/{sid}/reveal", None),
        ("POST", f"/v1/sessions/{sid}/fork", {"version": 1}),
        ("PATCH", f"/v1/sessions/{sid}", {"title": "mine"}),
        ("DELETE", f"/v1/sessions/{sid}", None),
        ("POST", f"/v1/sessions/{sid}/seats", {"combatants": ["gob1"]}),
        ("POST", f"/v1/sessions/{sid}/roll-initiative", {}),
        ("POST", f"/v1/sessions/{sid}/update-combatant", {"combatantId": "hero", "hp": 99}),
        ("POST", f"/v1/sessions/{sid}/apply-damage", {"targetId": "gob1", "amount": 50}),
        ("GET", "/v1/sessions", None),
        ("POST", "/v1/sessions", {"encounter": skirmish()}),
        ("GET", f"/v1/sessions/{other}", None),
        (
            "POST",
            "/v1/resolve-attack",
            {"encounter": skirmish(), "attackerId": "hero", "targetId": "gob1"},
        ),
    ]
    for method, path, body in dm_only:
        answer = client.request(method, path, json=body, headers=player)
        assert answer.status_code == 403, (method, path, answer.text)
        assert answer.json()["code"] == "seat-forbidden", (method, path)
    state = client.get(f"/v1/sessions/{sid}").json()
    assert state["version"] == 2 and state["title"] == "Seats"
    hero = next(c for c in state["encounter"]["combatants"] if c["id"] == "hero")
    assert hero["hp"] == 24
    # Damage the player's creature deals is its own to apply.
    dealt = client.post(
        f"/v1/sessions/{sid}/apply-damage",
        json={"targetId": "gob1", "amount": 2, "sourceId": "hero"},
        headers=player,
    )
    assert dealt.status_code == 200, dealt.text


def test_a_seat_decides_no_other_creatures_reaction(client: TestClient) -> None:
    sid = fight(client)
    player = bearer(seat(client, sid, "hero")["token"])
    declined = client.post(
        f"/v1/sessions/{sid}/move-combatant",
        json={
            "combatantId": "hero",
            "to": {"x": 0, "y": 0},
            "opportunityAttacks": [{"reactorId": "gob1", "take": False}],
        },
        headers=player,
    )
    assert declined.status_code == 403, declined.text
    assert declined.json()["combatantId"] == "gob1"
    assert declined.json()["path"] == "opportunityAttacks[0].reactorId"
    everyone = client.post(
        f"/v1/sessions/{sid}/move-combatant",
        json={"combatantId": "hero", "to": {"x": 0, "y": 0}, "otherReactors": "decline"},
        headers=player,
    )
    assert everyone.status_code == 403 and everyone.json()["path"] == "otherReactors"
    # Left to the rules, the goblin takes its opportunity attack as the hero walks away.
    moved = client.post(
        f"/v1/sessions/{sid}/move-combatant",
        json={"combatantId": "hero", "to": {"x": 0, "y": 0}, "seed": 4},
        headers=player,
    )
    assert moved.status_code == 200, moved.text
    kinds = [e["type"] for e in moved.json()["events"]]
    assert "opportunity-attack" in kinds, kinds


def test_seat_tokens_are_listed_without_their_secret_and_revoked_at_once(
    client: TestClient,
) -> None:
    sid = fight(client)
    first = seat(client, sid, "hero")
    second = seat(client, sid, "gob1", "gob2", label="the goblins")
    listed = client.get(f"/v1/sessions/{sid}/seats").json()["items"]
    assert [s["id"] for s in listed] == [first["seat"]["id"], second["seat"]["id"]]
    assert all("token" not in s for s in listed)
    assert client.get(f"/v1/sessions/{sid}", headers=bearer(first["token"])).status_code == 200
    mine = client.get(f"/v1/sessions/{sid}/seats", headers=bearer(second["token"])).json()
    assert mine == {"items": [listed[1]]}  # a seat sees itself: its creatures, its approval

    assert client.delete(f"/v1/sessions/{sid}/seats/{first['seat']['id']}").status_code == 204
    refused = client.get(f"/v1/sessions/{sid}", headers=bearer(first["token"]))
    assert refused.status_code == 401 and refused.json()["code"] == "unauthorized"
    again = client.delete(f"/v1/sessions/{sid}/seats/{first['seat']['id']}")
    assert again.status_code == 404 and again.json()["code"] == "seat-not-found"
    # The other seat still acts: gob1 attacks on its turn.
    client.post(f"/v1/sessions/{sid}/next-turn", json={})
    goblins = bearer(second["token"])
    assert (
        client.post(
            f"/v1/sessions/{sid}/resolve-attack",
            json={"attackerId": "gob1", "targetId": "hero", "seed": 2},
            headers=goblins,
        ).status_code
        == 200
    )
    # A seat ends with its session.
    assert client.delete(f"/v1/sessions/{sid}").status_code == 204
    assert client.get(f"/v1/sessions/{sid}", headers=goblins).status_code == 401
    forged = second["token"][:-4] + "AAAA"
    assert client.get(f"/v1/sessions/{sid}", headers=bearer(forged)).status_code == 401


def test_bad_seats_are_refused_with_the_field(client: TestClient) -> None:
    sid = fight(client)
    unknown = client.post(f"/v1/sessions/{sid}/seats", json={"combatants": ["hero", "gob3"]})
    assert unknown.status_code == 422, unknown.text
    error = unknown.json()["errors"][0]
    assert error["path"] == "combatants[1]" and "did you mean 'gob1'" in error["message"]
    twice = client.post(f"/v1/sessions/{sid}/seats", json={"combatants": ["hero", "hero"]})
    assert twice.status_code == 422 and twice.json()["errors"][0]["path"] == "combatants[1]"
    empty = client.post(f"/v1/sessions/{sid}/seats", json={"combatants": []})
    assert empty.status_code == 422
    for _ in range(MAX_SEATS):
        seat(client, sid, "hero")
    full = client.post(f"/v1/sessions/{sid}/seats", json={"combatants": ["hero"]})
    assert full.status_code == 409 and full.json()["code"] == "too-many-seats"
    missing = client.post("/v1/sessions/NoSuchSession000000/seats", json={"combatants": ["hero"]})
    assert missing.status_code == 404
    assert client.delete(f"/v1/sessions/{sid}/seats/not-a-seat").status_code == 404


def test_graphql_seats_act_as_rest_seats_do(client: TestClient) -> None:
    sid = fight(client)
    made = gql(client, CREATE_SEAT, s=sid, c=["hero"], l="Ana")["createSeat"]
    assert made["__typename"] == "NewSeat" and made["seat"]["combatants"] == ["hero"]
    player = bearer(made["token"])
    listed = gql(client, SEATS, s=sid)["seats"]["items"]
    assert [s["id"] for s in listed] == [made["seat"]["id"]]
    own = gql(client, SEATS, player, s=sid)["seats"]["items"]
    assert [s["id"] for s in own] == [made["seat"]["id"]]

    as_goblin = gql(client, ATTACK, player, s=sid, a="gob1", t="hero")["resolveAttack"]
    assert as_goblin["__typename"] == "Forbidden"
    assert as_goblin["seatId"] == made["seat"]["id"] and as_goblin["combatantId"] == "gob1"
    assert gql(client, ROLL, player, s=sid)["rollInitiative"]["__typename"] == "Forbidden"
    as_hero = gql(client, ATTACK, player, s=sid, a="hero", t="gob1")["resolveAttack"]
    assert as_hero["__typename"] == "ResolveAttackPayload" and as_hero["session"]["version"] == 3
    assert gql(client, SESSION, player, s=sid)["session"]["version"] == 3

    gone = gql(client, REVOKE, s=sid, id=made["seat"]["id"])["revokeSeat"]
    assert gone["__typename"] == "RevokedSeat"
    answer = client.post(
        "/graphql", json={"query": SESSION, "variables": {"s": sid}}, headers=player
    )
    assert answer.status_code == 401


@pytest.mark.parametrize("token", ["seat.x", "seat.public.abc.def.ghi", "seat." + "a" * 200])
def test_a_malformed_seat_token_is_unauthorized(client: TestClient, token: str) -> None:
    sid = fight(client)
    answer = client.get(f"/v1/sessions/{sid}", headers=bearer(token))
    assert answer.status_code == 401 and answer.json()["code"] == "unauthorized"


PROPOSE = """mutation($s: ID!) {
  proposeAction(sessionId: $s, action: "resolveAttack",
                params: {attackerId: "hero", targetId: "gob1"}) {
    __typename ... on Proposal { id seatId action version } ... on Error { code } } }"""
DIRECT = """mutation($s: ID!) {
  resolveAttack(sessionId: $s, input: {attackerId: "hero", targetId: "gob1"}) {
    __typename ... on Error { code message } } }"""
PROPOSALS = """query($s: ID!) { proposals(sessionId: $s) {
  __typename ... on ProposalList { items { id action params version } } ... on Error { code } } }"""
APPROVE = """mutation($s: ID!, $p: ID!) { approveProposal(sessionId: $s, proposalId: $p) {
  __typename ... on ApprovedProposal { id session { version } } ... on Error { code } } }"""


def test_a_seat_with_approval_proposes_and_the_dm_approves_or_rejects(client: TestClient) -> None:
    sid = fight(client)
    made = seat(client, sid, "hero")
    careful = client.post(
        f"/v1/sessions/{sid}/seats", json={"combatants": ["hero"], "approval": "dm"}
    ).json()
    assert careful["seat"]["approval"] == "dm" and made["seat"]["approval"] == "none"
    player = bearer(careful["token"])
    attack = {"attackerId": "hero", "targetId": "gob1", "seed": 5}
    direct = client.post(f"/v1/sessions/{sid}/resolve-attack", json=attack, headers=player)
    assert direct.status_code == 403 and "propose" in direct.json()["detail"]

    def propose(action: str, params: dict[str, Any], who: dict[str, str] = player) -> Any:
        return client.post(
            f"/v1/sessions/{sid}/proposals", json={"action": action, "params": params}, headers=who
        )

    proposed = propose("resolveAttack", attack)
    assert proposed.status_code == 202, proposed.text
    proposal = proposed.json()
    assert proposal["action"] == "resolveAttack" and proposal["version"] == 2
    assert proposal["params"] == {"attackerId": "hero", "targetId": "gob1", "seed": 5}
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 2  # nothing applied yet
    # The rules and the seat's creatures are checked when it is proposed.
    assert propose("resolveAttack", {"attackerId": "gob1", "targetId": "hero"}).status_code == 403
    unknown = propose(
        "resolveAttack", {"attackerId": "hero", "targetId": "gob2", "attackName": "x"}
    )
    assert unknown.status_code == 422, unknown.text
    misspelt = propose("resolveAttack", {"attackerId": "hero", "targtId": "gob1"})
    assert misspelt.status_code == 422
    assert misspelt.json()["errors"][0]["path"].startswith("params.")
    assert propose("pathCost", {"combatantId": "hero", "to": {"x": 0, "y": 0}}).status_code == 422
    not_a_seat = propose("dodge", {"combatantId": "hero"}, who={})
    assert not_a_seat.status_code == 422
    plain_seat = propose("dodge", {"combatantId": "hero"}, who=bearer(made["token"]))
    assert plain_seat.status_code == 403
    listed = client.get(f"/v1/sessions/{sid}/proposals").json()["items"]
    assert [p["id"] for p in listed] == [proposal["id"]]
    assert client.get(f"/v1/sessions/{sid}/proposals", headers=bearer(made["token"])).json() == {
        "items": []
    }
    # The DM approves: the attack applies as proposed, dice and all.
    approved = client.post(f"/v1/sessions/{sid}/proposals/{proposal['id']}/approve")
    assert approved.status_code == 200, approved.text
    body = approved.json()
    assert body["session"]["version"] == 3 and body["seed"] == 5
    replayed = client.get(f"/v1/sessions/{sid}/replay").json()["items"][2]
    assert replayed["action"] == "resolveAttack" and replayed["seed"] == 5
    assert client.get(f"/v1/sessions/{sid}/proposals").json() == {"items": []}
    again = client.post(f"/v1/sessions/{sid}/proposals/{proposal['id']}/approve")
    assert again.status_code == 404 and again.json()["code"] == "proposal-not-found"
    # A proposal the session moved past is stale: refused and dropped.
    stale = propose("dropProne", {"combatantId": "hero"}).json()
    assert stale["version"] == 3, stale
    moved = client.post(
        f"/v1/sessions/{sid}/update-combatant", json={"combatantId": "hero", "hp": 20}
    )
    assert moved.status_code == 200, moved.text
    refused = client.post(f"/v1/sessions/{sid}/proposals/{stale['id']}/approve")
    assert refused.status_code == 409 and refused.json()["code"] == "proposal-stale"
    assert refused.json()["version"] == 3
    assert client.get(f"/v1/sessions/{sid}/proposals").json() == {"items": []}
    gone = client.post(f"/v1/sessions/{sid}/proposals/{stale['id']}/approve")
    assert gone.status_code == 404
    # Rejected, a proposal is gone; the seat may not approve its own.
    mine = propose("nextTurn", {}).json()
    assert (
        client.post(
            f"/v1/sessions/{sid}/proposals/{mine['id']}/approve", headers=player
        ).status_code
        == 403
    )
    assert client.post(f"/v1/sessions/{sid}/proposals/{mine['id']}/reject").status_code == 204
    assert client.get(f"/v1/sessions/{sid}/proposals").json() == {"items": []}
    assert client.get(f"/v1/sessions/{sid}").json()["encounter"]["turnOf"] == "hero"


def test_revoking_a_seat_drops_its_proposals(client: TestClient) -> None:
    sid = fight(client)
    careful = client.post(
        f"/v1/sessions/{sid}/seats", json={"combatants": ["hero"], "approval": "dm"}
    ).json()
    proposal = client.post(
        f"/v1/sessions/{sid}/proposals",
        json={"action": "dash", "params": {"combatantId": "hero"}},
        headers=bearer(careful["token"]),
    ).json()
    assert client.delete(f"/v1/sessions/{sid}/seats/{careful['seat']['id']}").status_code == 204
    assert client.get(f"/v1/sessions/{sid}/proposals").json() == {"items": []}
    gone = client.post(f"/v1/sessions/{sid}/proposals/{proposal['id']}/approve")
    assert gone.status_code == 404


def test_graphql_proposals_go_through_the_same_queue(client: TestClient) -> None:
    sid = fight(client)
    made = gql(
        client,
        CREATE_SEAT.replace("$l: String!)", "$l: String!, $a: SeatApproval!)").replace(
            "label: $l)", "label: $l, approval: $a)"
        ),
        s=sid,
        c=["hero"],
        l="Ana",
        a="DM",
    )["createSeat"]
    player = bearer(made["token"])
    assert gql(client, DIRECT, player, s=sid)["resolveAttack"]["__typename"] == "Forbidden"
    proposed = gql(client, PROPOSE, player, s=sid)["proposeAction"]
    assert proposed["__typename"] == "Proposal" and proposed["version"] == 2
    listed = gql(client, PROPOSALS, s=sid)["proposals"]["items"]
    assert [p["id"] for p in listed] == [proposed["id"]]
    assert (
        gql(client, APPROVE, player, s=sid, p=proposed["id"])["approveProposal"]["__typename"]
        == "Forbidden"
    )
    approved = gql(client, APPROVE, s=sid, p=proposed["id"])["approveProposal"]
    assert approved == {
        "__typename": "ApprovedProposal",
        "id": proposed["id"],
        "session": {"version": 3},
    }
    assert gql(client, PROPOSALS, player, s=sid)["proposals"]["items"] == []


KEYED_APPROVE = """mutation($s: ID!, $p: ID!, $k: String) {
  approveProposal(sessionId: $s, proposalId: $p, idempotencyKey: $k) {
  __typename ... on ApprovedProposal { id session { version } } ... on Error { code } } }"""


def test_an_approval_retried_with_its_key_answers_what_it_answered(client: TestClient) -> None:
    """A DM's phone loses the answer to an approval and sends it again: with the same
    ``Idempotency-Key`` it gets the same answer, the attack applied once; a key of another
    approval is refused; without a key the retry finds the proposal gone."""
    sid = fight(client)
    careful = client.post(
        f"/v1/sessions/{sid}/seats", json={"combatants": ["hero"], "approval": "dm"}
    ).json()
    player = bearer(careful["token"])

    def propose(action: str, params: dict[str, Any]) -> str:
        made = client.post(
            f"/v1/sessions/{sid}/proposals",
            json={"action": action, "params": params},
            headers=player,
        )
        assert made.status_code == 202, made.text
        proposal_id: str = made.json()["id"]
        return proposal_id

    attack = propose("resolveAttack", {"attackerId": "hero", "targetId": "gob1", "seed": 5})
    key = {"Idempotency-Key": "approve-1"}
    first = client.post(f"/v1/sessions/{sid}/proposals/{attack}/approve", headers=key)
    assert first.status_code == 200, first.text
    assert "Idempotent-Replayed" not in first.headers
    again = client.post(f"/v1/sessions/{sid}/proposals/{attack}/approve", headers=key)
    assert again.status_code == 200, again.text
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json() and again.headers["ETag"] == first.headers["ETag"]
    session = client.get(f"/v1/sessions/{sid}").json()
    assert session["version"] == 3  # applied once
    hp = {c["id"]: c["hp"] for c in session["encounter"]["combatants"]}
    assert hp == {c["id"]: c["hp"] for c in first.json()["encounter"]["combatants"]}
    unkeyed = client.post(f"/v1/sessions/{sid}/proposals/{attack}/approve")
    assert unkeyed.status_code == 404 and unkeyed.json()["code"] == "proposal-not-found"
    fresh = {"Idempotency-Key": "approve-never"}
    missing = client.post(f"/v1/sessions/{sid}/proposals/{attack}/approve", headers=fresh)
    assert missing.status_code == 404 and missing.json()["code"] == "proposal-not-found"

    done = propose("nextTurn", {})
    reused = client.post(f"/v1/sessions/{sid}/proposals/{done}/approve", headers=key)
    assert reused.status_code == 422, reused.text
    assert client.get(f"/v1/sessions/{sid}").json()["version"] == 3  # nothing applied
    # GraphQL: the same queue, the same keys.
    once = gql(client, KEYED_APPROVE, s=sid, p=done, k="approve-2")["approveProposal"]
    twice = gql(client, KEYED_APPROVE, s=sid, p=done, k="approve-2")["approveProposal"]
    assert once == twice
    assert once == {"__typename": "ApprovedProposal", "id": done, "session": {"version": 4}}
    # Played on: the turn passed once, and the next creature acts.
    read = client.get(f"/v1/sessions/{sid}").json()
    foe = read["encounter"]["turnOf"]
    assert read["version"] == 4 and foe != "hero"
    hit = client.post(
        f"/v1/sessions/{sid}/resolve-attack", json={"attackerId": foe, "targetId": "hero"}
    )
    assert hit.status_code == 200, hit.text
    assert hit.json()["session"]["version"] == 5

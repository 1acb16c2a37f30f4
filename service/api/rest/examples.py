"""An example request and response for every operation, for the OpenAPI document.

The requests are written here (a small fight per ruleset, and each action's parameters);
the responses are what the engine answers them, computed when the document is built, so
they are true by construction. ``tests/api/test_openapi_docs.py`` sends every example to
the service and checks that it answers what the document shows; ``python -m
service.contracts --check`` notices when an engine change makes them stale.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import Any

from service.api.core import run_action
from service.api.models import (
    MODELS,
    ActionModels,
    DiceCheck,
    EventPage,
    NewSeat,
    Proposal,
    ProposalList,
    ReplayPage,
    ReplayStep,
    RevealedSecret,
    RevealResponse,
    Seat,
    SeatList,
    Session,
    SessionEvent,
    SessionList,
    SessionSummary,
    Verification,
    dump,
)
from service.api.models import SessionRef as SessionRefModel

Doc = dict[str, Any]

SEED = 7
DICE_SECRET = "97ed165e85798cf14fda8e9e0b6692c5fd7fefeb47faea4ecb3fde461439696f"
DICE_COMMITMENT = "fd72b95a480981e10eeca6e98a5e13a896172181e2c892e83e5354d461c3986a"
NEXT_COMMITMENT = "e980191825f411d8664dc30c8e0f6abbdc36947948951248600b3ce33f6d7410"
"""The example session's dice: its secret (revealed by ``revealSession``), the commitment
its answers carry, and the next commitment (those of docs/fair-dice.md)."""
SESSION_ID = "Q2xvdWR5RGF5SW5Ub3du"
"""The session id the session examples show."""
CREATED = datetime(2025, 5, 1, 18, 30, 0, tzinfo=UTC)


def _fighter(cid: str, name: str, side: str, x: int, y: int, **more: Any) -> Doc:
    return {"id": cid, "name": name, "side": side, "position": {"x": x, "y": y}, **more}


LONGSWORD = {"name": "longsword", "bonus": 5, "damage": "1d8+3", "damageType": "slashing"}
SCIMITAR = {"name": "scimitar", "bonus": 4, "damage": "1d6+2", "damageType": "slashing"}

D20: Doc = {
    "ruleset": "d20",
    "grid": {"kind": "square", "width": 12, "height": 8, "blocked": [{"x": 5, "y": 2}]},
    "combatants": [
        _fighter(
            "aria", "Aria", "party", 2, 3,
            kind="pc", hp=24, maxHp=24, ac=16, initiativeBonus=3, attacks=[LONGSWORD],
            skills={"medicine": 2},
        ),
        _fighter(
            "goblin", "Goblin", "monsters", 3, 3,
            hp=7, maxHp=7, ac=15, initiativeBonus=2, attacks=[SCIMITAR],
        ),
    ],
    "round": 1,
    "turnOf": "aria",
    "order": [
        {"combatantId": "aria", "initiative": 18},
        {"combatantId": "goblin", "initiative": 12},
    ],
}  # fmt: skip
"""A d20 fight in its first round, Aria's turn, next to a goblin (most examples)."""

BRAM = _fighter(
    "bram", "Bram", "party", 2, 4,
    kind="pc", hp=0, maxHp=18, ac=14, conditions=[{"name": "unconscious"}],
)  # fmt: skip
"""Aria's friend, down at 0 HP (for the examples that need a second party member)."""

WITH_BRAM: Doc = {
    **D20,
    "combatants": [*D20["combatants"], BRAM],
    "order": [*D20["order"], {"combatantId": "bram", "initiative": 5}],
}

PISTOL = {
    "name": "pistol", "bonus": 10, "damage": "1d8+2", "kind": "ranged", "range": 60,
    "condition": 5, "maxCondition": 10, "ammo": 1, "capacity": 6, "ammoType": "9mm",
}  # fmt: skip

D100: Doc = {
    "ruleset": "d100",
    "grid": {"kind": "square", "width": 10, "height": 10},
    "combatants": [
        _fighter(
            "ann", "Ann", "party", 1, 1,
            kind="pc", hp=20, maxHp=20, ac=12, attacks=[PISTOL], ammunition={"9mm": 4},
            skills={"unarmed": 3, "athletics": 2},
        ),
        _fighter(
            "bob", "Bob", "raiders", 2, 1,
            hp=30, maxHp=30, ac=12, skills={"unarmed": 2, "athletics": 1},
        ),
    ],
    "round": 1,
    "turnOf": "ann",
    "order": [{"combatantId": "ann", "initiative": 2}, {"combatantId": "bob", "initiative": 1}],
}  # fmt: skip
"""A d100 fight: Ann, a pistol with one round left, next to Bob."""


def _fresh(doc: Doc) -> Doc:
    """The encounter before initiative."""
    out = copy.deepcopy(doc)
    for key in ("round", "turnOf", "order"):
        out.pop(key, None)
    return out


def _with(doc: Doc, cid: str, **changes: Any) -> Doc:
    """The encounter with combatant ``cid`` changed."""
    out = copy.deepcopy(doc)
    for c in out["combatants"]:
        if c["id"] == cid:
            c.update(changes)
    return out


CHOICE = {
    "id": "goblin-stagger",
    "owner": "dm",
    "prompt": "The goblin reels from the blow: let it fall prone?",
    "options": ["accept", "decline"],
    "effects": [],
    "context": {"attacker": "aria", "target": "goblin", "attack": {"name": "longsword"}},
}


ARCHER = _fighter(
    "archer", "Goblin archer", "monsters", 8, 3,
    hp=7, maxHp=7, ac=13, initiativeBonus=2,
    attacks=[{"name": "shortbow", "bonus": 4, "damage": "1d6+2", "kind": "ranged", "range": 80}],
)  # fmt: skip
"""A goblin archer the DM adds to the fight (``addCombatant``)."""


@dataclass(frozen=True)
class Example:
    """The encounter and the parameters an action's example sends."""

    encounter: Doc
    params: Doc = field(default_factory=dict)


EXAMPLES: dict[str, Example] = {
    "rollInitiative": Example(_fresh(D20)),
    "resolveAttack": Example(D20, {"attackerId": "aria", "targetId": "goblin"}),
    "applyDamage": Example(D20, {"targetId": "goblin", "amount": 4, "damageType": "fire"}),
    "nextTurn": Example(D20),
    "lowerInitiative": Example(D20, {"combatantId": "aria", "initiative": 10}),
    "dash": Example(D20, {"combatantId": "aria"}),
    "disengage": Example(D20, {"combatantId": "aria"}),
    "dodge": Example(D20, {"combatantId": "aria"}),
    "help": Example(
        _with(WITH_BRAM, "bram", hp=18, conditions=[]),
        {"combatantId": "aria", "allyId": "bram", "targetId": "goblin"},
    ),
    "hide": Example(D20, {"combatantId": "aria"}),
    "ready": Example(
        D20,
        {"combatantId": "aria", "trigger": "the goblin moves", "attackName": "longsword"},
    ),
    "triggerReadied": Example(
        _with(D20, "aria", readied={"trigger": "the goblin moves", "attackName": "longsword"}),
        {"combatantId": "aria", "targetId": "goblin"},
    ),
    "stabilize": Example(WITH_BRAM, {"combatantId": "aria", "targetId": "bram"}),
    "drinkPotion": Example(_with(D20, "aria", hp=10), {"combatantId": "aria"}),
    "interact": Example(D20, {"combatantId": "aria", "description": "opens the door"}),
    "heal": Example(WITH_BRAM, {"targetId": "bram", "amount": 6, "sourceId": "aria"}),
    "resolveChoice": Example(
        {**D20, "pendingChoices": [CHOICE]}, {"choiceId": "goblin-stagger", "decision": "accept"}
    ),
    "moveCombatant": Example(D20, {"combatantId": "aria", "to": {"x": 2, "y": 1}}),
    "standUp": Example(_with(D20, "aria", conditions=[{"name": "prone"}]), {"combatantId": "aria"}),
    "dropProne": Example(D20, {"combatantId": "aria"}),
    "pathCost": Example(D20, {"combatantId": "aria", "to": {"x": 6, "y": 5}}),
    "cover": Example(D20, {"attackerId": "aria", "targetId": "goblin"}),
    "flanking": Example(D20, {"attackerId": "aria", "targetId": "goblin"}),
    "reach": Example(D20, {"attackerId": "aria", "targetId": "goblin"}),
    "attackOdds": Example(D20, {"attackerId": "aria", "targetId": "goblin"}),
    "encounterOdds": Example(D20, {"runs": 20}),
    "rollSave": Example(D20, {"combatantId": "aria", "ability": "dexterity", "dc": 13}),
    "rollDice": Example(D20, {"expression": "2d6+3", "combatantId": "aria", "purpose": "treasure"}),
    "rollCheck": Example(
        D20,
        {
            "combatantId": "aria",
            "skill": "athletics",
            "contest": {"combatantId": "goblin", "skill": "acrobatics"},
        },
    ),
    "reload": Example(D100, {"combatantId": "ann", "attackName": "pistol"}),
    "repair": Example(D100, {"combatantId": "ann", "attackName": "pistol"}),
    "shove": Example(D100, {"attackerId": "ann", "targetId": "bob"}),
    "grapple": Example(D100, {"attackerId": "ann", "targetId": "bob"}),
    "escapeGrapple": Example(
        _with(D100, "ann", conditions=[{"name": "grappled", "source": "bob"}]),
        {"combatantId": "ann", "grapplerId": "bob"},
    ),
    "releaseGrapple": Example(
        _with(D100, "bob", conditions=[{"name": "grappled", "source": "ann"}]),
        {"grapplerId": "ann", "targetId": "bob"},
    ),
    "search": Example(D100, {"combatantId": "ann"}),
    "addCombatant": Example(D20, {"combatant": ARCHER, "initiative": 14}),
    "removeCombatant": Example(D20, {"combatantId": "goblin"}),
    "updateCombatant": Example(
        D20, {"combatantId": "goblin", "hp": 3, "conditions": [{"name": "prone"}]}
    ),
}
"""Each action's example (an action registered without one gets none)."""


def request(name: str) -> Doc:
    """The stateless request of an action's example."""
    example = EXAMPLES[name]
    return {"encounter": example.encounter, **example.params, "seed": SEED}


def session_request(name: str) -> Doc:
    """The session-mode request of an action's example (the session holds the encounter)."""
    return {**EXAMPLES[name].params, "seed": SEED}


@cache
def response(name: str) -> Doc:
    """What the service answers an action's example (stateless)."""
    models: ActionModels = MODELS[name]
    parsed = models.request_adapter.validate_python(request(name), strict=False)
    answer = run_action(models, parsed.encounter, parsed, count=False)
    out: Doc = models.response_adapter.dump_python(answer, mode="json", by_alias=True)
    return out


def session_response(name: str) -> Doc:
    """What a session answers the example, at version 1 (a query reads it, an action writes
    version 2)."""
    version = 1 if MODELS[name].spec.query else 2
    return {
        **response(name),
        "session": dump(SessionRefModel(SESSION_ID, version, DICE_COMMITMENT), SessionRefModel),
    }


def stored(doc: Doc) -> Doc:
    """An encounter as a session stores it: every field filled in."""
    models = MODELS["rollInitiative"]
    parsed = models.request_adapter.validate_python({"encounter": doc}, strict=False)
    out: Doc = dump(parsed.encounter, type(parsed.encounter))
    return out


TITLE = "The goblin ambush"


def session() -> Doc:
    """The session the session examples act on, as ``getSession`` answers it."""
    out: Doc = dump(
        Session(SESSION_ID, 1, stored(D20), CREATED, CREATED, TITLE, DICE_COMMITMENT), Session
    )
    return out


FORK_ID = "V2hhdElmVGhlQW1idXNo"
"""The id of the example session's fork."""


def forked() -> Doc:
    """The example session's fork at its version 1, as ``forkSession`` answers it."""
    fork = Session(
        FORK_ID, 1, stored(D20), CREATED, CREATED, "What if: the ambush", NEXT_COMMITMENT
    )
    out: Doc = dump(fork, Session)
    return out


def session_list() -> Doc:
    """The tenant's list of sessions holding the example session, after its attack."""
    summary = SessionSummary(SESSION_ID, TITLE, D20["ruleset"], 2, D20["round"], CREATED)
    out: Doc = dump(SessionList([summary], None), SessionList)
    return out


SEAT_ID = "5eafc0ffee0ddba1"
SEAT_TOKEN = f"seat.acme.{SESSION_ID}.{SEAT_ID}.dGhpcy1pcy1ub3QtYS1yZWFsLXRva2VuLWp1c3QtYW4tZXg"
"""The example seat and its token (a token reads ``seat.<tenant>.<session>.<seat>.<secret>``)."""


def seat() -> Seat:
    return Seat(SEAT_ID, SESSION_ID, ["aria"], "Ana's phone", CREATED, "none")


def new_seat() -> Doc:
    """The seat ``createSeat`` answers for Aria, with its token."""
    out: Doc = dump(NewSeat(seat(), SEAT_TOKEN), NewSeat)
    return out


PROPOSAL_ID = "0ddba11cafe5f00d"


def proposal_list() -> Doc:
    """A seat's attack waiting for the DM, as ``listProposals`` answers it."""
    proposal = Proposal(
        PROPOSAL_ID,
        SEAT_ID,
        "resolveAttack",
        {"attackerId": "aria", "targetId": "goblin"},
        2,
        CREATED,
    )
    out: Doc = dump(ProposalList([proposal]), ProposalList)
    return out


def seat_list() -> Doc:
    out: Doc = dump(SeatList([seat()]), SeatList)
    return out


def event_page() -> Doc:
    """A page of the example session's log, after an attack (version 2)."""
    events = response("resolveAttack")["events"]
    items = [SessionEvent(i, 2, event) for i, event in enumerate(events)]
    out: Doc = dump(EventPage(items, 0, 50, len(items), None), EventPage)
    return out


def replay_page() -> Doc:
    """The example session's replay log after its attack (version 2)."""
    params = dict(EXAMPLES["resolveAttack"].params)
    items = [
        ReplayStep(1, "createSession", {"encounter": stored(D20)}, None, None),
        ReplayStep(2, "resolveAttack", params, SEED, None, seed_source="client", line=2),
    ]
    out: Doc = dump(ReplayPage(items, 0, 50, len(items), None), ReplayPage)
    return out


def revealed() -> Doc:
    """What revealing the example session's dice secret answers (the secret and its
    commitment are those of docs/fair-dice.md)."""
    secret = RevealedSecret(DICE_SECRET, DICE_COMMITMENT, 2, 2)
    out: Doc = dump(RevealResponse(SESSION_ID, secret, NEXT_COMMITMENT), RevealResponse)
    return out


def verification() -> Doc:
    """What verifying the example session answers after its attack."""
    out: Doc = dump(Verification(True, 2, 2, None, DiceCheck(0, 1, 0, None)), Verification)
    return out

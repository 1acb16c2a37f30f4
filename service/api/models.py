"""The wire models, derived from the engine's own dataclasses.

Pydantic validates JSON straight into the engine's types: this module gives those types a
camelCase alias, forbids unknown fields and switches on strict types, then builds one
request and one response type per action. OpenAPI, GraphQL and validation therefore all
come from the same definitions.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import operator
import re
import sys
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field, make_dataclass
from datetime import datetime
from functools import cache
from typing import Annotated, Any, Literal, get_args, get_origin, get_type_hints

import typing_extensions
from annotated_types import Ge, Le, Len
from pydantic import ConfigDict, Field, TypeAdapter, WithJsonSchema
from pydantic.alias_generators import to_camel, to_pascal
from pydantic_core import to_json

from service.jsontext import strict_json
from service.rules import ACTIONS, REGISTRY, ActionSpec
from service.rules import events as engine_events
from service.rules import model as engine_state
from service.rules.limits import MAX_COMBATANTS, limits_of

MAX_SEED = 2**31 - 1
Seed = Annotated[int, Ge(0), Le(MAX_SEED)]

CONFIG = ConfigDict(
    alias_generator=to_camel,
    populate_by_name=False,
    extra="forbid",
    strict=True,
    ser_json_inf_nan="constants",
    json_schema_serialization_defaults_required=True,
)


def _configure(tp: Any, seen: set[type]) -> None:
    """Give every engine dataclass reachable from ``tp`` the wire configuration."""
    if get_origin(tp) is not None or isinstance(tp, types.UnionType):
        for arg in get_args(tp):
            _configure(arg, seen)
        return
    if not (isinstance(tp, type) and dataclasses.is_dataclass(tp)) or tp in seen:
        return
    seen.add(tp)
    tp.__pydantic_config__ = CONFIG  # type: ignore[attr-defined]
    for hint in get_type_hints(tp, include_extras=True).values():
        _configure(hint, seen)


_CONFIGURED: set[type] = set()


def wire_classes() -> frozenset[type]:
    """Every engine dataclass the wire models are made of."""
    return frozenset(_CONFIGURED)


for _root in (engine_state.Encounter, engine_events.Event):
    _configure(_root, _CONFIGURED)
for _spec in ACTIONS:
    _configure(_spec.params, _CONFIGURED)
    _configure(_spec.outcome, _CONFIGURED)


RULESET_IDS: tuple[str, ...] = tuple(REGISTRY)
"""The registered rulesets' ids: the values of an encounter's ``ruleset`` on the wire."""

EVENT_TYPE_IDS: tuple[str, ...] = tuple(engine_events.EVENT_TYPES)
"""Every event ``type`` the engine writes (its catalogue: ``service.rules.events``)."""

OPEN_ENUMS: dict[tuple[type, str], tuple[str, ...]] = {
    (engine_state.Encounter, "ruleset"): RULESET_IDS,
    (engine_events.Event, "type"): EVENT_TYPE_IDS,
}
"""Fields the engine types as plain strings whose values the wire closes to a set (the
engine accepts any id the registry knows; the contracts list them)."""


def _ruleset_ids(schema: dict[str, Any]) -> None:
    schema["properties"]["ruleset"]["enum"] = list(RULESET_IDS)


engine_state.Encounter.__pydantic_config__ = ConfigDict(  # type: ignore[attr-defined]
    **CONFIG, json_schema_extra=_ruleset_ids
)


def _event_types(schema: dict[str, Any]) -> None:
    schema["properties"]["type"]["enum"] = list(EVENT_TYPE_IDS)
    schema["properties"]["data"]["description"] = (
        "The type's own details: the `<Type>EventData` schema its `type` names in "
        "`EventDataByType` (`RollEventData` for `roll`), every key optional, no other key."
    )


engine_events.Event.__pydantic_config__ = ConfigDict(  # type: ignore[attr-defined]
    **CONFIG, json_schema_extra=_event_types
)


_TYPED_DICT: Any = typing_extensions.TypedDict
"""Made at run time from the catalogue (a static checker reads only literal TypedDicts)."""


@cache
def _wire_value(tp: Any) -> Any:
    """A data key's engine annotation as pydantic reads it: the engine's ``typing``
    TypedDicts (:class:`~service.rules.events.Point`) rebuilt as ``typing_extensions`` ones,
    which pydantic needs before Python 3.12."""
    if typing.is_typeddict(tp):
        hints = {k: _wire_value(v) for k, v in get_type_hints(tp).items()}
        made = _TYPED_DICT(tp.__name__, hints)
        made.__pydantic_config__ = ConfigDict(extra="forbid", strict=True)
        made.__doc__ = tp.__doc__
        return made
    if isinstance(tp, types.UnionType):
        return functools.reduce(operator.or_, (_wire_value(a) for a in get_args(tp)))
    origin = get_origin(tp)
    if origin in (list, dict):
        return origin[tuple(_wire_value(a) for a in get_args(tp))]
    return tp


def event_name(type_id: str) -> str:
    """``initiative-tie`` -> ``InitiativeTieEvent``: the schema of an event of that type
    (a member of the contract's ``Event`` union)."""
    return "".join(part.capitalize() for part in type_id.split("-")) + "Event"


def event_data_name(type_id: str) -> str:
    """``initiative-tie`` -> ``InitiativeTieEventData``: the schema of that type's ``data``."""
    return event_name(type_id) + "Data"


def _event_data_type(type_id: str, kind: engine_events.EventType) -> Any:
    fields = {
        key: typing_extensions.NotRequired[
            Annotated[_wire_value(spec.type), Field(description=spec.description)]
        ]
        for key, spec in kind.data.items()
    }
    made = _TYPED_DICT(event_data_name(type_id), fields)
    made.__pydantic_config__ = ConfigDict(extra="forbid", strict=True)
    made.__doc__ = f"The `data` of an event of type `{type_id}`. {kind.summary}"
    return made


EVENT_DATA: dict[str, Any] = {
    type_id: _event_data_type(type_id, kind) for type_id, kind in engine_events.EVENT_TYPES.items()
}
"""Each event type's ``data`` as a closed TypedDict, derived from the engine's catalogue
(:data:`~service.rules.events.EVENT_TYPES`): every key optional, typed, described; no
other key."""

EVENT_DATA_ADAPTERS: dict[str, TypeAdapter[Any]] = {
    type_id: TypeAdapter(tp) for type_id, tp in EVENT_DATA.items()
}
"""A strict validator per event type's ``data``: an unknown key or a wrong value type fails."""


def _literal_aliases() -> dict[tuple[Any, ...], str]:
    """The names the engine gives its closed sets: its module-level ``Literal`` aliases."""
    found: dict[tuple[Any, ...], str] = {}
    for module_name in sorted(sys.modules):
        if not module_name.startswith("service.rules"):
            continue
        for name, value in sorted(vars(sys.modules[module_name]).items()):
            if get_origin(value) is Literal and name[:1].isupper():
                found.setdefault(get_args(value), name)
    return found


def _literals_in(tp: Any) -> list[tuple[Any, ...]]:
    origin = get_origin(tp)
    if origin is Literal:
        return [get_args(tp)]
    if origin is Annotated:
        return _literals_in(get_args(tp)[0])
    return [found for arg in get_args(tp) for found in _literals_in(arg)]


def _enum_names() -> dict[tuple[Any, ...], str]:
    aliases = _literal_aliases()
    names: dict[tuple[Any, ...], str] = {}
    for cls in sorted(_CONFIGURED, key=lambda c: (c.__name__, c.__module__)):
        for field_name, hint in get_type_hints(cls, include_extras=True).items():
            for values in _literals_in(hint):
                if values in names:
                    continue
                if values in aliases:
                    names[values] = aliases[values]
                else:
                    names[values] = cls.__name__ + to_pascal(field_name)
    names[RULESET_IDS] = "Ruleset"
    return names


ENUM_NAMES = _enum_names()
"""The name of every closed set of values on the wire (a ``Literal``): the engine's alias
(``Spend``, ``CoverDegree``...) or the class and field it belongs to (``CombatantKind``).
Both contracts name each set once, with this name."""


def enum_name(values: tuple[Any, ...], owner: type, field_name: str) -> str:
    """The name of a closed set of values (:data:`ENUM_NAMES`; one made up from where it
    is used if a model outside the wire classes has it)."""
    return ENUM_NAMES.get(values) or owner.__name__ + to_pascal(field_name)


_RST_CODE = re.compile(r"``([^`]+)``")
_SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


def wire_text(doc: str) -> str:
    """A docstring as the published contracts show it: Markdown code spans, field names in
    their wire (camelCase) spelling: ````target_id```` becomes ```targetId```."""

    def code(match: re.Match[str]) -> str:
        text = match.group(1)
        return f"`{to_camel(text) if _SNAKE.fullmatch(text) else text}`"

    return _RST_CODE.sub(code, doc)


def budget_text(action: str) -> str:
    """The work budget of an action, for its description in the contracts: each of its
    limits (:func:`service.rules.limits.limits_of`) and how passing it is answered; empty
    for an action with none beyond the encounter's own."""
    own = limits_of(action)
    if not own:
        return ""
    items = "; ".join(
        f"`{limit.name}`: at most {limit.max:,} {limit.counts}"
        + (f", counted as {limit.how}" if limit.how else "")
        + f" (`{limit.refused}`)"
        for limit in own
    )
    return (
        f'Work budget (SECURITY.md, "Engine work budget"): {items}. '
        "`limit-exceeded` is a 422 naming the limit (`limit`) and its value (`max`)."
    )


def _doc(cls: type) -> str:
    return (cls.__doc__ or "").strip().split("\n\n")[0]


def _name(spec: ActionSpec, suffix: str) -> str:
    return spec.name[0].upper() + spec.name[1:] + suffix


PatchOp = Literal["add", "remove", "replace"]


@dataclass(slots=True)
class PatchOperation:
    """One operation of an RFC 6902 JSON Patch (``service/api/changes.py``)."""

    op: PatchOp
    path: str
    """A JSON Pointer (RFC 6901) into the encounter."""
    value: Any = None
    """The value set (null for ``remove``)."""


@dataclass(slots=True)
class ActionResponse:
    """Shape shared by every action's response (the per-action types narrow ``outcome``)."""

    encounter: engine_state.Encounter
    events: list[engine_events.Event]
    outcome: Any
    seed: Seed
    """The seed the random source was built from: send it back to replay this exact result."""
    changes: list[PatchOperation]
    """What the action changed: an RFC 6902 JSON Patch from the encounter it ran on (as the
    service answers it: the previous answer's ``encounter``, or the session's previous
    version) to ``encounter``; empty when nothing changed."""


STORED_AS = "x-stored-as"
"""The JSON schema member naming the schema of a stored document (the OpenAPI document
replaces the member with a ``$ref`` to it)."""

StoredEncounter = Annotated[dict[str, Any], WithJsonSchema({STORED_AS: "Encounter"})]
"""An encounter as a session keeps it: the JSON form of ``Encounter``, validated when it
was written, and served as it is (never validated again on the way out)."""


@dataclass(slots=True)
class SessionRef:
    """Which session a result belongs to, and the version the action wrote (or read)."""

    id: str
    version: int
    """Starts at 1 and grows by one with each write; REST sends it as the ``ETag``."""
    commitment: str | None = None
    """The SHA-256 (hex) of the secret the session's dice derive from (see
    docs/fair-dice.md); null for a session created before fair dice."""


@dataclass(slots=True)
class Session:
    """A stored encounter: its id, its current version and its state."""

    id: str
    version: int
    """Starts at 1 and grows by one with each write; REST sends it as the ``ETag``."""
    encounter: StoredEncounter
    """The encounter at this version."""
    created: datetime
    updated: datetime
    """When its last version was written (a title is no version: it changes nothing here)."""
    title: str | None = None
    """What the tenant calls it (metadata: no version, no event); null when it has none."""
    commitment: str | None = None
    """The SHA-256 (hex) of the secret the session's dice derive from, committed before any
    of them is rolled (``revealSession`` publishes it: see docs/fair-dice.md); null for a
    session created before fair dice."""


MAX_TITLE = 200
"""The most characters of a session's title."""

Title = Annotated[str, Len(1, MAX_TITLE)]
"""A session's title: 1 to 200 characters, stored in Unicode's NFKC form, no control
characters, not blank."""


@dataclass(slots=True)
class CreateSessionRequest:
    """The encounter a new session starts from."""

    encounter: engine_state.Encounter
    """The encounter, as a stateless action takes it; it is checked as an action would check
    it, and stored with every field filled in."""
    title: Title | None = None
    """What the tenant calls the session (its list of sessions shows it; ``PATCH`` changes
    it)."""


@dataclass(slots=True)
class UpdateSessionRequest:
    """A session's metadata to change: no new version, nothing logged, nothing undone."""

    title: Title | None
    """The new title; null removes it."""


@dataclass(slots=True)
class SessionSummary:
    """A session as the tenant's list of sessions shows it."""

    id: str
    title: str | None
    ruleset: str | None
    """The id of the ruleset of its encounter (null for a session an earlier release wrote
    last)."""
    version: int
    round: int | None
    """The round its encounter is at (0 before initiative; null as ``ruleset``)."""
    updated: datetime
    """When its last version was written."""


@dataclass(slots=True)
class SessionList:
    """A page of the tenant's live sessions, the last written first."""

    items: list[SessionSummary]
    next_cursor: str | None
    """Send it as ``cursor`` for the next page; null on the last one."""


@dataclass(slots=True)
class SessionEvent:
    """One entry of a session's event log."""

    index: int
    """Its position in the log, from 0."""
    version: int
    """The version of the session the entry was written at."""
    data: dict[str, Any]
    """The event: an engine event (see ``Event``), or ``{type: "undo", ...}``."""


@dataclass(slots=True)
class EventPage:
    """A page of a session's event log, oldest first."""

    items: list[SessionEvent]
    offset: int
    limit: int
    total: int
    """How many entries the whole log holds."""
    next_offset: int | None
    """The ``offset`` of the next page, or null on the last one."""


@dataclass(slots=True)
class UndoResponse:
    """The session after an undo: the state from before the last action, as a new version."""

    session: SessionRef
    encounter: StoredEncounter
    """The restored encounter: the state of ``restored_version``, at the new version."""
    reverted_version: int
    """The version that was undone."""
    restored_version: int
    """The version whose state the session has again."""


@dataclass(slots=True)
class SessionOrigin:
    """A version of a session another session was forked from."""

    session_id: str
    version: int


@dataclass(slots=True)
class ForkSessionRequest:
    """Where a new session starts: a version of this one (its state then, replayed from the
    session's replay log)."""

    version: Annotated[int, Ge(1)]
    """The version whose state the new session starts from (1 to the current version)."""
    title: Title | None = None
    """The new session's title; the forked session's when not given."""


@dataclass(slots=True)
class ReplayStep:
    """What made one version of a session, as the session's replay log keeps it."""

    version: int
    """The version it made."""
    action: str
    """``createSession`` (version 1), the action's name (``resolveAttack``...) or ``undo``."""
    params: dict[str, Any] | None
    """The action's parameters as the request sent them: camelCase, without ``seed``, a
    field left at its default left out. For ``createSession``, ``{"encounter": ...}``: the
    encounter as the session stored it. Null for ``undo``."""
    seed: int | None
    """The seed the action's dice came from: the request's, or the one the service drew
    when it sent none. Null for ``createSession`` and ``undo``."""
    restored_version: int | None
    """For ``undo``: the version whose state it restored. Null otherwise."""
    origin: SessionOrigin | None = None
    """For the ``createSession`` of a fork: the session and version it was forked from.
    Null otherwise."""
    seed_source: str | None = None
    """Where ``seed`` came from: ``client`` (the request sent it), ``committed`` (derived
    from the session's committed secret and ``line``: docs/fair-dice.md) or ``drawn`` (drawn
    by the service, in a session without a commitment). Null when there is no seed, or for
    a step logged before fair dice."""
    line: int | None = None
    """The session's dice line this version is at (1 at creation, one more with each action,
    one less with each undo): a committed seed is ``HMAC-SHA256(secret, "crs-dice:<line>")``
    cut to 31 bits. Null for a session without a commitment."""


@dataclass(slots=True)
class ReplayPage:
    """A page of a session's replay log, oldest first: one step per version."""

    items: list[ReplayStep]
    offset: int
    limit: int
    total: int
    """How many steps the whole log holds (the session's version, for a session that has
    kept it from its creation)."""
    next_offset: int | None
    """The ``offset`` of the next page, or null on the last one."""


@dataclass(slots=True)
class Difference:
    """Where a replay of a session first differs from what the session stored."""

    version: int
    """The first version that does not reproduce."""
    action: str | None
    """The step that made it (see ``ReplayStep.action``); null when its step is missing."""
    part: str
    """What differs: ``events`` (the events logged at that version), ``encounter`` (the
    state stored for that version: the current one, or one the undo history keeps) or
    ``step`` (the step is missing or cannot be applied)."""
    path: str | None
    """Where in that part: ``events[1].data.total``, ``encounter.combatants[1].hp``."""
    stored: Any
    """The value the session stored there (null if none)."""
    replayed: Any
    """The value the replay produced there (null if none)."""
    detail: str
    """What differs, in words."""


@dataclass(slots=True)
class DiceCheck:
    """Whether the session's seeds came from its commitments (docs/fair-dice.md)."""

    checked: int
    """Committed seeds checked against a revealed secret."""
    client: int
    """Seeds the client gave (nothing to check: the client chose them)."""
    unrevealed: int
    """Committed seeds whose secret is not revealed yet (``revealSession`` reveals it)."""
    mismatched: int | None
    """The first version whose seed is not the one its revealed secret derives; null when
    every checked seed is."""


@dataclass(slots=True)
class RevealedSecret:
    """A dice secret a session published, and what it was committed as."""

    secret: str
    """The secret (hex, 32 bytes)."""
    commitment: str
    """Its SHA-256 (hex): the commitment the session answered until now."""
    version: int
    """The session's version when it was revealed: the seeds of the versions up to it (since
    the previous reveal) derive from this secret."""
    line: int
    """The session's dice line when it was revealed."""


@dataclass(slots=True)
class RevealResponse:
    """A session's dice secret revealed, and the fresh commitment the next dice come from."""

    session_id: str
    revealed: RevealedSecret
    commitment: str
    """The SHA-256 (hex) of the fresh secret the session's next seeds derive from."""


@dataclass(slots=True)
class Verification:
    """Whether re-applying a session's replay log, from its first version, with the pure
    engine reproduces what the session stored."""

    reproduced: bool
    """True when every version's events, every stored state and the current state are
    reproduced exactly."""
    version: int
    """The session's version that was verified (its current version when read)."""
    steps: int
    """How many steps were replayed."""
    first_difference: Difference | None
    """Where the replay first differs; null when ``reproduced``."""
    dice: DiceCheck | None = None
    """Whether the seeds of the versions replayed came from the session's commitments
    (apart from ``reproduced``); null for a session without a commitment."""


MAX_SEAT_COMBATANTS = 20
"""The most creatures one seat acts as."""
SeatLabel = Annotated[str, Len(0, 80)]
Approval = Literal["none", "dm"]
"""Who approves a seat's actions: nobody (they apply at once), or the DM."""


@dataclass(slots=True)
class CreateSeatRequest:
    """A seat to make: the creatures its holder may act as (docs/seats.md)."""

    combatants: Annotated[list[engine_state.Id], Len(1, MAX_SEAT_COMBATANTS)]
    """The ids of the session's creatures the seat acts as (each once, each in the
    session's encounter now)."""
    label: SeatLabel = ""
    """Whose seat it is, in words (``Ana's phone``): shown in the list of seats."""
    approval: Approval = "none"
    """``dm``: the seat's actions are proposals, applied when the DM approves them
    (``GET .../proposals``, ``POST .../proposals/{id}/approve``); ``none``: applied at once."""


@dataclass(slots=True)
class Seat:
    """A seat of a session: who may act as which of its creatures (never its token)."""

    id: str
    session_id: str
    combatants: list[str]
    """The ids of the creatures it acts as."""
    label: str
    created: datetime
    approval: Approval


@dataclass(slots=True)
class NewSeat:
    """A seat just made, with its token: shown now and never again (store it, or revoke
    the seat and make another)."""

    seat: Seat
    token: str
    """Send it as ``Authorization: Bearer <token>``: it reads this session, follows its
    stream and acts as the seat's creatures, nothing else."""


@dataclass(slots=True)
class SeatList:
    """A session's seats, the oldest first."""

    items: list[Seat]


@dataclass(slots=True)
class ProposeRequest:
    """An action a seat proposes to the DM (a seat made with ``approval: dm``)."""

    action: str
    """The action's name (``resolveAttack``): any action but a query."""
    params: dict[str, Any] = field(default_factory=dict)
    """Its parameters, as the session action's body takes them (``seed`` too)."""


@dataclass(slots=True)
class Proposal:
    """An action a seat proposed, waiting for the DM (docs/seats.md): approving applies it
    as proposed on ``version``; it is dropped when rejected, once the session moves on from
    ``version`` (stale), when its seat is revoked, or with its session."""

    id: str
    seat_id: str
    action: str
    """The action's name (``resolveAttack``)."""
    params: dict[str, Any]
    """Its parameters, as the session action's body takes them."""
    version: int
    """The session's version it was proposed on."""
    created: datetime


@dataclass(slots=True)
class ProposalList:
    """The proposals waiting on the session's current version, the oldest first."""

    items: list[Proposal]


@dataclass(slots=True)
class StreamSession:
    """The session a stream's event is about, at a version."""

    id: str
    version: int


@dataclass(slots=True)
class StreamVersion:
    """``event: version``'s data (its ``id`` is the version): a new version of the session
    written through any server, or, after ``Last-Event-ID``, one written since; what the
    GraphQL subscription ``sessionUpdated`` yields."""

    session: StreamSession
    encounter: StoredEncounter | None
    """The encounter at that version; null for a version written before the stream began
    whose state the session no longer keeps (its current version's and its undo history's
    it keeps)."""
    events: list[SessionEvent]
    """What that version logged."""


@dataclass(slots=True)
class StreamProposalRef:
    """A proposal waiting for the DM: read it with ``GET /v1/sessions/{id}/proposals``."""

    id: str
    seat_id: str


@dataclass(slots=True)
class StreamProposal:
    """``event: proposal``'s and ``event: rejected``'s data (no ``id``: neither makes a
    version, nor is resumed): a seat proposed an action on ``session.version``, or the DM
    rejected that proposal (it was dropped); told to the DM's streams and to the proposing
    seat's."""

    session: StreamSession
    proposal: StreamProposalRef


@dataclass(slots=True)
class StreamSessionId:
    """The session a stream follows."""

    id: str


@dataclass(slots=True)
class StreamDeleted:
    """``event: deleted``'s data: the session was deleted or expired; the stream ends."""

    session: StreamSessionId


StreamErrorCode = Literal["store-unavailable", "unauthorized"]


@dataclass(slots=True)
class StreamError:
    """``event: error``'s data: the stream ends. ``store-unavailable``: the connection to
    Redis was lost or the client fell too far behind (reconnect: ``Last-Event-ID``
    resumes); ``unauthorized``: the API key or the seat was revoked."""

    code: StreamErrorCode
    message: str


STREAM_EVENTS: dict[str, type] = {
    "version": StreamVersion,
    "proposal": StreamProposal,
    "rejected": StreamProposal,
    "deleted": StreamDeleted,
    "error": StreamError,
}
"""A session stream's events, by ``event`` name: the type of each one's ``data``."""


_SESSION_TYPES: tuple[type, ...] = (
    SessionRef,
    Session,
    CreateSessionRequest,
    UpdateSessionRequest,
    SessionSummary,
    SessionList,
    SessionEvent,
    EventPage,
    UndoResponse,
    SessionOrigin,
    ForkSessionRequest,
    ReplayStep,
    ReplayPage,
    Difference,
    DiceCheck,
    Verification,
    RevealedSecret,
    RevealResponse,
    CreateSeatRequest,
    Seat,
    NewSeat,
    SeatList,
    ProposeRequest,
    Proposal,
    ProposalList,
    StreamSession,
    StreamVersion,
    StreamProposalRef,
    StreamProposal,
    StreamSessionId,
    StreamDeleted,
    StreamError,
)
PatchOperation.__pydantic_config__ = CONFIG  # type: ignore[attr-defined]
for _session_type in _SESSION_TYPES:
    _session_type.__pydantic_config__ = CONFIG  # type: ignore[attr-defined]

PROPOSABLE: tuple[str, ...] = tuple(spec.name for spec in ACTIONS if not spec.query)
"""The actions a seat may propose: every action but the queries."""


def _proposable(schema: dict[str, Any]) -> None:
    schema["properties"]["action"]["enum"] = list(PROPOSABLE)


ProposeRequest.__pydantic_config__ = ConfigDict(  # type: ignore[attr-defined]
    **CONFIG, json_schema_extra=_proposable
)


@dataclass(frozen=True, slots=True)
class ActionModels:
    """The request and response types of one action, stateless and in session mode."""

    spec: ActionSpec
    request: type
    """``encounter`` + ``seed`` + the action's parameters."""
    session_request: type
    """``seed`` + the action's parameters (the encounter is the session's)."""
    response: type
    session_response: type
    """The response plus ``session``: the session's id and the version written (or read)."""
    param_names: tuple[str, ...]
    request_adapter: TypeAdapter[Any] = field(compare=False)
    session_request_adapter: TypeAdapter[Any] = field(compare=False)
    response_adapter: TypeAdapter[Any] = field(compare=False)
    tail: type | None = field(default=None, compare=False)
    """An action's response without ``encounter`` (``events``, ``outcome``, ``seed``): its
    JSON follows the encounter's in :meth:`encode`. None for a query."""
    tail_adapter: TypeAdapter[Any] | None = field(default=None, compare=False)

    def params(self, request: Any) -> Any:
        """The engine action built from a validated request."""
        return self.spec.params(**{name: getattr(request, name) for name in self.param_names})

    def encode(
        self, response: Any, previous: EncodedEncounter | None = None
    ) -> tuple[bytes, EncodedEncounter | None, list[dict[str, Any]]]:
        """A response dataclass as JSON, each part encoded once: the whole response (the
        bytes ``response_adapter.dump_json`` makes), the new encounter inside it (None for
        a query; the parts it shares with ``previous`` are not encoded again) and the
        events' JSON form."""
        events: list[dict[str, Any]] = EVENTS.dump_python(
            response.events, mode="json", by_alias=True
        )
        if self.tail is None or self.tail_adapter is None:
            return self.response_adapter.dump_json(response, by_alias=True), None, events
        encounter = encode_encounter(response.encounter, previous)
        rest = strict_json(
            self.tail_adapter.dump_json(
                self.tail(
                    events=response.events,
                    outcome=response.outcome,
                    seed=response.seed,
                    changes=response.changes,
                ),
                by_alias=True,
            )
        )
        return b'{"encounter":' + encounter.json + b"," + rest[1:], encounter, events


def _param_fields(params: type) -> list[tuple[str, Any, Any]]:
    hints = get_type_hints(params, include_extras=True)
    out: list[tuple[str, Any, Any]] = []
    for f in dataclasses.fields(params):
        if f.default is not dataclasses.MISSING:
            default: Any = field(default=f.default)
        elif f.default_factory is not dataclasses.MISSING:
            default = field(default_factory=f.default_factory)
        else:
            default = dataclasses.MISSING
        out.append((f.name, hints[f.name], default))
    return out


def _make(name: str, doc: str, fields: list[tuple[str, Any, Any]]) -> type:
    required = [(n, t) for n, t, d in fields if d is dataclasses.MISSING]
    optional = [(n, t, d) for n, t, d in fields if d is not dataclasses.MISSING]
    cls = make_dataclass(name, [*required, *optional], slots=True)
    cls.__doc__ = doc
    cls.__pydantic_config__ = CONFIG  # type: ignore[attr-defined]
    return cls


def _build(spec: ActionSpec) -> ActionModels:
    params = _param_fields(spec.params)
    seed_field = ("seed", Seed | None, field(default=None))
    request = _make(
        _name(spec, "Request"),
        f"{spec.summary} Stateless: the encounter travels with the request.",
        [("encounter", engine_state.Encounter, dataclasses.MISSING), *params, seed_field],
    )
    session_request = _make(
        _name(spec, "SessionRequest"),
        f"{spec.summary} Session mode: the encounter is the session's.",
        [*params, seed_field],
    )
    encounter_field = (
        [] if spec.query else [("encounter", engine_state.Encounter, dataclasses.MISSING)]
    )
    changes_field = [] if spec.query else [("changes", list[PatchOperation], dataclasses.MISSING)]
    response_fields: list[tuple[str, Any, Any]] = [
        *encounter_field,
        ("events", list[engine_events.Event], dataclasses.MISSING),
        ("outcome", spec.outcome, dataclasses.MISSING),
        ("seed", Seed, dataclasses.MISSING),
        *changes_field,
    ]
    summary = (
        f"The result of {spec.name}: "
        + ("" if spec.query else "the new encounter, ")
        + "every event, a summary and the seed."
    )
    response = _make(_name(spec, "Response"), summary, response_fields)
    tail = None if spec.query else _make(_name(spec, "Tail"), summary, response_fields[1:])
    session_response = _make(
        _name(spec, "SessionResponse"),
        summary + " In session mode, also the session and its version.",
        [*response_fields, ("session", SessionRef, dataclasses.MISSING)],
    )
    return ActionModels(
        spec=spec,
        request=request,
        session_request=session_request,
        response=response,
        session_response=session_response,
        param_names=tuple(name for name, _, _ in params),
        request_adapter=TypeAdapter(request),
        session_request_adapter=TypeAdapter(session_request),
        response_adapter=TypeAdapter(response),
        tail=tail,
        tail_adapter=None if tail is None else TypeAdapter(tail),
    )


ENCOUNTER = TypeAdapter(engine_state.Encounter)
EVENTS = TypeAdapter(list[engine_events.Event])
_GRID = TypeAdapter(engine_state.Grid)
_COMBATANT = TypeAdapter(engine_state.Combatant)
_COMBATANTS = TypeAdapter(list[engine_state.Combatant])

SLICE_BYTES = 65_536
"""A document at least this large is validated in slices by :func:`validate_encounter`."""
SLICE_COMBATANTS = 16
"""The combatants of one slice (about a third of a millisecond of validation)."""


def validate_encounter(
    data: bytes, between: Callable[[], object] | None = None
) -> engine_state.Encounter:
    """``ENCOUNTER.validate_json(data)``; given ``between``, a large document is validated in
    slices (the encounter without its combatants, then its combatants
    :data:`SLICE_COMBATANTS` at a time), each slice one short call of pydantic-core in JSON
    mode as the one call would make it, with ``between()`` called before each: a heavy job
    gives way there (issue 24: one call for a 400-creature document held the GIL for tens of
    milliseconds, and parsing it whole first would too). The slices are cut from the text by
    :func:`_combatant_spans`; a document it can't cut, and any failure, is validated whole
    in one call again, so an error is exactly the one-call error."""
    whole: engine_state.Encounter
    spans = None if between is None or len(data) < SLICE_BYTES else _combatant_spans(data)
    if spans is None or between is None:
        whole = ENCOUNTER.validate_json(data)
        return whole
    text, head, items = spans
    try:
        between()
        shell = ENCOUNTER.validate_json(head.encode())
        made: list[engine_state.Combatant] = []
        for start in range(0, len(items), SLICE_COMBATANTS):
            between()
            chunk = ",".join(text[i:j] for i, j in items[start : start + SLICE_COMBATANTS])
            made += _COMBATANTS.validate_json(f"[{chunk}]".encode())
        whole = dataclasses.replace(shell, combatants=made)
    except ValueError:
        whole = ENCOUNTER.validate_json(data)
    return whole


_SPACE = re.compile(r"[ \t\n\r]*")
_SCAN = json.JSONDecoder()


def _skip(text: str, at: int) -> int:
    """Past the JSON whitespace at ``at``."""
    found = _SPACE.match(text, at)
    return found.end() if found is not None else at


def _combatant_spans(data: bytes) -> tuple[str, str, list[tuple[int, int]]] | None:
    """The document's text, its JSON with an empty ``combatants`` list, and where each
    combatant is in the text: found by scanning one value at a time (each a short call of
    the json module's scanner), or None (not an object with one list of at most
    ``MAX_COMBATANTS`` combatants: the one call then says what is wrong)."""
    try:
        text = data.decode()
        at = _skip(text, 0)
        if text[at : at + 1] != "{":
            return None
        at += 1
        found: tuple[int, int, list[tuple[int, int]]] | None = None
        while True:
            at = _skip(text, at)
            if text[at : at + 1] == "}":
                break
            key, at = _SCAN.raw_decode(text, at)
            at = _skip(text, at)
            if text[at : at + 1] != ":":
                return None
            at = _skip(text, at + 1)
            if key == "combatants":
                if found is not None or text[at : at + 1] != "[":
                    return None
                items: list[tuple[int, int]] = []
                opened, at = at, at + 1
                while True:
                    at = _skip(text, at)
                    if text[at : at + 1] == "]" and not items:
                        break
                    _, end = _SCAN.raw_decode(text, at)
                    items.append((at, end))
                    at = _skip(text, end)
                    if text[at : at + 1] == ",":
                        at += 1
                        continue
                    if text[at : at + 1] != "]":
                        return None
                    break
                found = (opened, at + 1, items)
                at += 1
            else:
                _, at = _SCAN.raw_decode(text, at)
            at = _skip(text, at)
            if text[at : at + 1] == ",":
                at += 1
            elif text[at : at + 1] != "}":
                return None
        if found is None or len(found[2]) > MAX_COMBATANTS or text[at + 1 :].strip():
            return None
        opened, closed, items = found
        return text, text[:opened] + "[]" + text[closed:], items
    except (ValueError, IndexError):
        return None


_HEAD = ("ruleset", "grid", "combatants")


def _encounter_rest() -> tuple[type, TypeAdapter[Any]] | None:
    """The encounter's fields after ``ruleset``, ``grid`` and ``combatants``, as a
    dataclass of their own (None if those are not its first three fields)."""
    fields = dataclasses.fields(engine_state.Encounter)
    if tuple(f.name for f in fields[:3]) != _HEAD:
        return None
    rest = _make("EncounterRest", "", _param_fields(engine_state.Encounter)[3:])
    return rest, TypeAdapter(rest)


_REST = _encounter_rest()


def encounter_parts() -> (
    tuple[TypeAdapter[Any], TypeAdapter[Any], tuple[type, TypeAdapter[Any]]] | None
):
    """The adapters of an encounter's parts as :func:`encode_encounter` encodes them: its
    grid, one combatant, and the dataclass of the fields after them with its adapter (None
    when the encounter's first fields are not ``ruleset``, ``grid``, ``combatants``)."""
    if _REST is None:
        return None
    return _GRID, _COMBATANT, _REST


@dataclass(frozen=True, slots=True)
class EncodedEncounter:
    """An encounter, its JSON, and the JSON of its grid and of each combatant by identity.

    The engine's answer shares the parts of its input it did not change (``Draft`` is
    copy-on-write), so the next version is encoded by reusing the JSON of every part
    that is the same object (:func:`encode_encounter`): a session's write costs what the
    action changed, not the encounter's size. The parts must not be changed (nothing in
    the engine changes its input)."""

    encounter: engine_state.Encounter
    json: bytes
    parts: dict[int, tuple[object, bytes]] = field(default_factory=dict, repr=False)


def encode_encounter(
    encounter: engine_state.Encounter, previous: EncodedEncounter | None = None
) -> EncodedEncounter:
    """``encounter`` as ``ENCOUNTER.dump_json`` encodes it, reusing the JSON of the grid and
    the combatants it shares with ``previous``."""
    if _REST is None:
        return EncodedEncounter(
            encounter, strict_json(ENCOUNTER.dump_json(encounter, by_alias=True))
        )
    known = previous.parts if previous is not None else {}
    parts: dict[int, tuple[object, bytes]] = {}

    def part(value: object, adapter: TypeAdapter[Any]) -> bytes:
        found = known.get(id(value))
        if found is not None and found[0] is value:
            data = found[1]
        else:
            data = strict_json(adapter.dump_json(value, by_alias=True))
        parts[id(value)] = (value, data)
        return data

    grid = part(encounter.grid, _GRID)
    combatants = b",".join([part(c, _COMBATANT) for c in encounter.combatants])
    rest_type, rest_adapter = _REST
    rest = strict_json(
        rest_adapter.dump_json(
            rest_type(*(getattr(encounter, f.name) for f in dataclasses.fields(rest_type))),
            by_alias=True,
        )
    )
    data = b"".join(
        (
            b'{"ruleset":',
            to_json(encounter.ruleset),
            b',"grid":',
            grid,
            b',"combatants":[',
            combatants,
            b"]",
            b"," + rest[1:] if len(rest) > 2 else b"}",
        )
    )
    return EncodedEncounter(encounter, data, parts)


def _build_schemas_once() -> None:
    """Give every engine dataclass of the wire its core schema once, so that pydantic reuses
    it (as it does a model's) wherever the class appears, instead of building the encounter
    and the events again for each of the actions' 244 adapters (2 s of every start)."""
    for cls in sorted(_CONFIGURED, key=lambda c: c.__qualname__):
        cls.__pydantic_core_schema__ = TypeAdapter(cls).core_schema  # type: ignore[attr-defined]


_build_schemas_once()

MODELS: dict[str, ActionModels] = {spec.name: _build(spec) for spec in ACTIONS}
"""Every action's and query's wire models, by GraphQL name."""


@cache
def adapter(tp: Any) -> TypeAdapter[Any]:
    return TypeAdapter(tp)


def dump(value: Any, tp: Any) -> Any:
    """``value`` as JSON-ready plain data with camelCase keys."""
    return adapter(tp).dump_python(value, mode="json", by_alias=True)

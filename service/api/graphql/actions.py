"""The engine's actions as GraphQL operations: one mutation (or, for a query, one ``Query``
field) per action, built from its spec, run on the encounter sent with it (stateless) or on
a session's.

``encounter`` is an ``EncounterInput`` (the REST ``Encounter``, field for field, see
:mod:`.types`); its value is validated by the same models, with the same error paths, as a
REST request. Results are the REST response's JSON form served through typed output types,
so a result's ``encounter`` can be sent straight back.
"""

from __future__ import annotations

import functools
import inspect
import threading
from collections.abc import Callable
from typing import Annotated, Any, Union, cast

import strawberry
from pydantic_core import to_json
from strawberry.scalars import JSON
from strawberry.types import Info

from service.api import models, proposals, sessions
from service.api.core import Problem, invalid, run_action
from service.api.models import ENCOUNTER, MAX_SEED, ActionModels, PatchOperation, budget_text
from service.api.pool import INLINE_ACTIONS, engine_pool, inline_candidate, is_light, runs_inline
from service.rules import model as state

from .events import Event
from .inputs import connection_of, validate
from .problems import ERROR_TYPES, error_result
from .types import input_type, output_type
from .wire import DOCUMENT_DEPRECATION, EncounterInput, EncounterType, SessionRef

Document = dict[str, Any]
RESPONSE_FIELDS = ("encounter", "events", "outcome", "seed", "changes")


def _encounter_bytes(encounter: Any) -> int:
    """An encounter variable's size for :func:`is_light`: its JSON's, or, validated once by
    the executor already, estimated from its combatants (as a session version's is whose JSON
    was not kept): encoding it again for each field cost more than the field's work."""
    if isinstance(encounter, state.Encounter):
        return sessions.BYTES_PER_COMBATANT * len(encounter.combatants)
    return len(to_json(encounter))


def _payload_type(spec_models: ActionModels) -> type:
    """The result type of an action: the fields of its REST response, plus ``session``.

    An instance holds the response's JSON form (the output types resolve from it)."""
    spec = spec_models.spec
    name = spec_models.response.__name__.removesuffix("Response") + "Payload"
    annotations: dict[str, Any] = {}
    namespace: dict[str, Any] = {"__annotations__": annotations}
    if not spec.query:
        annotations["encounter"] = EncounterType
        namespace["encounter"] = strawberry.field(
            description="The new state of the encounter (send it back as `encounter`)."
        )
    annotations.update(
        events=list[Event],  # type: ignore[valid-type]
        outcome=output_type(spec.outcome),
        seed=int,
        session=SessionRef | None,
    )
    namespace.update(
        events=strawberry.field(description="Every roll and decision, in order."),
        outcome=strawberry.field(description="A summary of what happened."),
        seed=strawberry.field(description="The seed used: send it back to replay."),
        session=strawberry.field(
            description="In session mode, the session and the version written (or read); "
            "null in stateless mode.",
            default=None,
        ),
    )
    if not spec.query:

        def document(root: Any) -> JSON:
            encounter = root.encounter
            if type(encounter) is dict:
                return cast(JSON, encounter)
            return cast(JSON, ENCOUNTER.dump_python(encounter, mode="json", by_alias=True))

        namespace["document"] = strawberry.field(
            resolver=document,
            description="The new encounter as a JSON document.",
            deprecation_reason=DOCUMENT_DEPRECATION,
        )
        annotations["changes"] = list[output_type(PatchOperation)]  # type: ignore[misc]
        namespace["changes"] = strawberry.field(
            description="What the action changed: an RFC 6902 JSON Patch from the encounter "
            "it ran on to `encounter`."
        )
    return strawberry.type(type(name, (), namespace), description=f"The result of {spec.name}.")


RAW_RESOLVERS: dict[str, Callable[..., Any]] = {}
"""Each action's resolver as graphql-core calls it: the arguments as GraphQL coerced them
(``EncounterInput`` and ``<Action>Input`` are plain mappings, or the executor's validated
``Encounter``), with no argument conversion and no info object of strawberry's, which cost a
tenth of a mutation; the same function as the strawberry resolver declared in the schema,
and the same handling of problems (every action's union has every error type)."""


def _union(name: str, *members: Any) -> Any:
    return Annotated[Union[members], strawberry.union(name)]  # type: ignore[valid-type]  # noqa: UP007


def operation(spec_models: ActionModels) -> Any:
    """The mutation (or, for a query, the Query field) of one action."""
    spec = spec_models.spec
    payload = _payload_type(spec_models)
    result = _union(
        spec_models.response.__name__.removesuffix("Response") + "Result", payload, *ERROR_TYPES
    )
    params_input = input_type(spec.params)
    adapter = spec_models.request_adapter
    session_adapter = spec_models.session_request_adapter

    def _request(encounter: Any, input: Document, seed: int | None) -> Any:
        """The validated stateless request (an encounter the executor validated already is
        not validated again)."""
        if not isinstance(encounter, state.Encounter):
            body = {"encounter": encounter, **input, "seed": seed}
            return validate(adapter, body, spec_models.request)
        rest = validate(session_adapter, {**input, "seed": seed}, spec_models.session_request)
        fields = {name: getattr(rest, name) for name in (*spec_models.param_names, "seed")}
        return spec_models.request(encounter=encounter, **fields)

    def build(data: Any, ref: models.SessionRef | None = None) -> Any:
        """The payload of a response: its JSON form (a session's answer, as stored) or the
        response dataclass itself (stateless); the output types resolve from either."""
        names = ("events", "outcome", "seed") if spec.query else RESPONSE_FIELDS
        if type(data) is dict:
            # An answer stored before answers had ``changes`` (an idempotent replay) has none.
            found = {
                name: data.get(name, []) if name == "changes" else data[name] for name in names
            }
            return payload(**found, session=ref)
        return payload(**{name: getattr(data, name) for name in names}, session=ref)

    async def resolve(
        info: Info,
        input: Document,
        encounter: Document | None = None,
        session_id: strawberry.ID | None = None,
        seed: int | None = None,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
    ) -> Any:
        if (encounter is None) == (session_id is None):
            raise invalid("send exactly one of `encounter` and `sessionId`", ("sessionId",))
        connection = connection_of(info)
        if encounter is not None:
            sessions.tenant_of(connection)  # a seat has no stateless actions
            if expected_version is not None or idempotency_key is not None:
                raise invalid(
                    "`expectedVersion` and `idempotencyKey` apply to sessions only",
                    ("expectedVersion" if expected_version is not None else "idempotencyKey",),
                )

            def respond(request: Any, stop: threading.Event) -> Any:
                return run_action(spec_models, request.encounter, request, stop=stop)

            def answer(stop: threading.Event) -> Any:
                return respond(_request(encounter, input, seed), stop)

            pool, size = engine_pool(connection), _encounter_bytes(encounter)
            # A typed encounter is validated already (its size only estimated): the engine's
            # own estimate decides, as it does for a session's kept encounter.
            typed = isinstance(encounter, state.Encounter)
            if (typed and spec.name in INLINE_ACTIONS) or inline_candidate(spec.name, size):
                request = _request(encounter, input, seed)
                inline = runs_inline(spec.name, request.encounter)
                light = inline or is_light(spec.name, size)
                return build(
                    await pool.run(functools.partial(respond, request), light=light, inline=inline)
                )
            return build(await pool.run(answer, light=is_light(spec.name, size)))
        request = validate(session_adapter, {**input, "seed": seed}, spec_models.session_request)
        access = sessions.access_of(connection, str(session_id))
        if access.seat is not None and access.seat.approval and not spec.query:
            raise proposals.needs_approval(access.seat)
        written = await sessions.run(
            spec_models,
            sessions.store_of(connection),
            access.tenant,
            str(session_id),
            request,
            pool=engine_pool(connection),
            expected_version=expected_version,
            idempotency_key=idempotency_key,
            seat=access.seat,
        )
        return build(written.value.response, written.value.session)

    async def raw(
        _source: Any,
        info: Any,
        input: Document,
        encounter: Any = None,
        sessionId: str | None = None,
        seed: int | None = None,
        expectedVersion: int | None = None,
        idempotencyKey: str | None = None,
    ) -> Any:
        try:
            sid = None if sessionId is None else strawberry.ID(sessionId)
            return await resolve(info, input, encounter, sid, seed, expectedVersion, idempotencyKey)
        except Problem as problem:
            return error_result(problem)

    RAW_RESOLVERS[spec.name] = raw

    kw = inspect.Parameter.KEYWORD_ONLY
    optional: dict[str, Any] = {
        "encounter": EncounterInput | None,
        "session_id": strawberry.ID | None,
        "seed": int | None,
    }
    if not spec.query:
        optional.update(expected_version=int | None, idempotency_key=str | None)
    resolve.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("info", kw, annotation=Info),
            inspect.Parameter("input", kw, annotation=params_input),
            *(inspect.Parameter(n, kw, annotation=t, default=None) for n, t in optional.items()),
        ],
        return_annotation=result,
    )
    resolve.__annotations__ = {"info": Info, "input": params_input, **optional, "return": result}
    mode = (
        "Send `encounter` (stateless) or `sessionId` (the session's encounter"
        + (
            ", read at its current version"
            if spec.query
            else "; the result is written as its next version"
        )
        + "), not both."
    )
    make = strawberry.field if spec.query else strawberry.mutation
    return make(
        resolver=resolve,
        name=spec.name,
        description=" ".join(
            filter(
                None,
                (spec.summary, mode, f"Seeds run from 0 to {MAX_SEED}.", budget_text(spec.name)),
            )
        ),
    )

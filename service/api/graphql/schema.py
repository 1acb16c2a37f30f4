"""The GraphQL door: one mutation per engine action, with typed error results.

``encounter`` travels as a JSON document (the same document as REST's), so a client can
send back what a previous result's ``document`` field returned; it is validated by the
same models, with the same error paths, as a REST request.
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import strawberry
from pydantic import ValidationError
from pydantic_core import to_json
from strawberry.scalars import JSON
from strawberry.types import Info

from service.api.core import Problem, from_validation_error, run_action
from service.api.models import ENCOUNTER, MAX_SEED, MODELS, ActionModels
from service.rules import REGISTRY, actions, events, state

from .types import input_json, input_type, output_type


@strawberry.type(description="One bad field of the input.")
class FieldError:
    path: str = strawberry.field(description="Where: `encounter.combatants[2].position`.")
    message: str


@strawberry.interface(description="Every error result has a code and a message.")
class Error:
    code: str = strawberry.field(description="A stable machine-readable error code.")
    message: str


@strawberry.type(description="The input is malformed or inconsistent (REST: 422).")
class InvalidInput(Error):
    errors: list[FieldError]


@strawberry.type(description="The rules forbid this action (REST: 409).")
class RuleViolation(Error):
    rule: str = strawberry.field(description="The id of the rule, as listed in RULES.md.")


def error_result(problem: Problem) -> InvalidInput | RuleViolation:
    if problem.status == 409:
        return RuleViolation(code=problem.code, message=problem.detail, rule=problem.rule or "")
    return InvalidInput(
        code=problem.code,
        message=problem.detail,
        errors=[FieldError(path=e.path, message=e.message) for e in problem.errors],
    )


EncounterType = output_type(state.Encounter)
EventType = output_type(events.Event)


@strawberry.type(description="A ruleset the service hosts.")
class RulesetInfo:
    id: str
    title: str
    supported: bool


@strawberry.type(name="BaseQuery")
class BaseQuery:
    @strawberry.field(description="The rulesets this service knows, and which are supported.")  # type: ignore[untyped-decorator]
    def rulesets(self) -> list[RulesetInfo]:
        return [
            RulesetInfo(id=r.id, title=r.title, supported=r.supported) for r in REGISTRY.values()
        ]

    @strawberry.field(description="The service version.")  # type: ignore[untyped-decorator]
    def version(self) -> str:
        from service import __version__

        return __version__


def _payload_type(models: ActionModels) -> type:
    outcome = output_type(models.spec.outcome)
    name = models.response.__name__.removesuffix("Response") + "Payload"

    def document(root: Any) -> JSON:
        doc: JSON = ENCOUNTER.dump_python(root.encounter, mode="json", by_alias=True)
        return doc

    namespace: dict[str, Any] = {
        "__annotations__": {
            "events": list[EventType],  # type: ignore[valid-type]
            "outcome": outcome,
            "seed": int,
        },
        "events": strawberry.field(description="Every roll and decision, in order."),
        "outcome": strawberry.field(description="A summary of what happened."),
        "seed": strawberry.field(description="The seed used: send it back to replay."),
    }
    if not models.spec.query:
        namespace["__annotations__"]["encounter"] = EncounterType
        namespace["encounter"] = strawberry.field(description="The new state of the encounter.")
        namespace["document"] = strawberry.field(
            resolver=document,
            description="The new encounter as a JSON document, ready to send back.",
        )
    return strawberry.type(
        type(name, (), namespace), description=f"The result of {models.spec.name}."
    )


def _mutation(models: ActionModels) -> Any:
    payload = _payload_type(models)
    result = Annotated[
        payload | InvalidInput | RuleViolation,  # type: ignore[valid-type]
        strawberry.union(models.response.__name__.removesuffix("Response") + "Result"),
    ]
    params_input = input_type(models.spec.params)
    adapter = models.request_adapter

    def resolve(encounter: JSON, input: Any, seed: int | None = None) -> Any:
        body = {"encounter": encounter, **input_json(input), "seed": seed}
        try:
            request = adapter.validate_json(to_json(body))
            response = run_action(models, request.encounter, request)
        except ValidationError as e:
            return error_result(from_validation_error(e))
        except Problem as problem:
            return error_result(problem)
        return payload(  # type: ignore[call-arg]
            encounter=response.encounter,
            events=response.events,
            outcome=response.outcome,
            seed=response.seed,
        )

    resolve.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("encounter", inspect.Parameter.KEYWORD_ONLY, annotation=JSON),
            inspect.Parameter("input", inspect.Parameter.KEYWORD_ONLY, annotation=params_input),
            inspect.Parameter(
                "seed", inspect.Parameter.KEYWORD_ONLY, annotation=int | None, default=None
            ),
        ],
        return_annotation=result,
    )
    resolve.__annotations__ = {
        "encounter": JSON,
        "input": params_input,
        "seed": int | None,
        "return": result,
    }
    make = strawberry.field if models.spec.query else strawberry.mutation
    return make(
        resolver=resolve,
        name=models.spec.name,
        description=f"{models.spec.summary} Seeds run from 0 to {MAX_SEED}.",
    )


Query = strawberry.type(
    type(
        "Query",
        (BaseQuery,),
        {m.spec.name: _mutation(m) for m in MODELS.values() if m.spec.query},
    ),
    description="Read-only questions about an encounter, and what the service hosts.",
)

Mutation = strawberry.type(
    type("Mutation", (), {m.spec.name: _mutation(m) for m in MODELS.values() if not m.spec.query}),
    description="Every action, applied to the encounter sent with it.",
)

schema = strawberry.Schema(query=Query, mutation=Mutation, types=[InvalidInput, RuleViolation])

_ = (Info, actions)

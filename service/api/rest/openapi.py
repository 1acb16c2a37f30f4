"""The OpenAPI 3.1 document, built from the same models that validate requests."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import JsonSchemaMode

from service import __version__
from service.api.models import MODELS

REF = "#/components/schemas/{model}"

PROBLEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "An error (RFC 9457 problem details).",
    "required": ["type", "title", "status", "detail", "code"],
    "properties": {
        "type": {"type": "string", "format": "uri"},
        "title": {"type": "string"},
        "status": {"type": "integer"},
        "detail": {"type": "string"},
        "code": {
            "type": "string",
            "description": "A stable machine-readable error code (``invalid-input``, "
            "``rule-violation``, ``not-supported``, ``body-too-large``...).",
        },
        "rule": {
            "type": "string",
            "description": "For a rule violation: the id of the rule (see RULES.md).",
        },
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["path", "message"],
                "properties": {"path": {"type": "string"}, "message": {"type": "string"}},
            },
        },
    },
}

ERRORS: dict[str, str] = {
    "409": "The rules forbid this action (the problem names the rule).",
    "413": "The request body is too large.",
    "415": "The request body is not JSON.",
    "422": "Invalid input (the problem lists each bad field with its path).",
}


def _problem(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/problem+json": {"schema": {"$ref": REF.format(model="Problem")}}},
    }


def _json(ref: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": REF.format(model=ref)}}},
    }


def build_openapi() -> dict[str, Any]:
    inputs: list[tuple[str, JsonSchemaMode, TypeAdapter[Any]]] = []
    for m in MODELS.values():
        inputs.append((m.request.__name__, "validation", m.request_adapter))
        inputs.append((m.response.__name__, "serialization", m.response_adapter))
    _, definitions = TypeAdapter.json_schemas(inputs, ref_template=REF, by_alias=True)
    schemas: dict[str, Any] = dict(sorted(definitions.get("$defs", {}).items()))
    schemas["Problem"] = PROBLEM_SCHEMA
    paths: dict[str, Any] = {}
    for m in MODELS.values():
        paths[f"/v1/{m.spec.slug}"] = {
            "post": {
                "operationId": m.spec.name,
                "summary": m.spec.summary,
                "description": (m.spec.params.__doc__ or "").strip(),
                "tags": ["actions"],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": REF.format(model=m.request.__name__)}
                        }
                    },
                },
                "responses": {
                    "200": _json(m.response.__name__, "The new encounter, events and outcome."),
                    **{status: _problem(text) for status, text in ERRORS.items()},
                },
            }
        }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Combat rules service",
            "version": __version__,
            "description": (
                "Adjudicates tabletop combat: send an encounter and an action, get the new "
                "encounter, every roll and decision as events, and an outcome summary. "
                "Every action takes an optional `seed`; the same input and seed give the "
                "same result, and every response says its seed."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "http://127.0.0.1:8000"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }

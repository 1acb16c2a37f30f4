"""What every GraphQL error of an answer says besides its message: a machine-readable
``extensions.code`` and the request's id (``extensions.requestId``, the ``X-Request-ID`` of
the response and of its log lines), as a problem document says them over REST.

A code an error carries already (``LIMIT_EXCEEDED``, ``RATE_LIMITED``: the limits set them)
is kept. The document limits strawberry's validation rules and parser enforce (aliases,
depth, tokens) are ``LIMIT_EXCEEDED`` too, with the limit's name (``graphql-aliases``,
``graphql-depth``, ``graphql-tokens``; their message says the maximum). The others, by
where graphql-core raised them:

- ``GRAPHQL_PARSE_FAILED``: the document is not GraphQL;
- ``BAD_USER_INPUT``: a variable's value is not of its type;
- ``GRAPHQL_VALIDATION_FAILED``: the document is GraphQL but not valid against the schema
  (an unknown field, a missing argument...);
- ``INTERNAL_SERVER_ERROR``: a field raised while it ran (the service's fields answer their
  refusals as typed results: ``InvalidInput``, ``Conflict``..., so this one is a bug).

These are the codes other GraphQL servers use (Apollo's), so client libraries know them.
"""

from __future__ import annotations

from typing import Any, Final

from graphql import GraphQLError, GraphQLSyntaxError

PARSE_FAILED: Final = "GRAPHQL_PARSE_FAILED"
BAD_USER_INPUT: Final = "BAD_USER_INPUT"
VALIDATION_FAILED: Final = "GRAPHQL_VALIDATION_FAILED"
INTERNAL: Final = "INTERNAL_SERVER_ERROR"
LIMIT_EXCEEDED: Final = "LIMIT_EXCEEDED"

DOCUMENT_LIMITS: Final = (
    ("aliases found. Allowed:", "graphql-aliases"),
    ("exceeds maximum operation depth", "graphql-depth"),
    ("tokens. Parsing aborted", "graphql-tokens"),
)
"""The document limits' errors, by what their messages (strawberry's, graphql-core's) say."""


def limit_of(error: GraphQLError) -> str | None:
    """The document limit an error says was passed, if it is one."""
    return next((name for said, name in DOCUMENT_LIMITS if said in error.message), None)


def code_of(error: GraphQLError) -> str:
    """The code of an error that carries none (see the module's list)."""
    if isinstance(error, GraphQLSyntaxError) or isinstance(
        error.original_error, GraphQLSyntaxError
    ):
        return PARSE_FAILED
    if error.path is not None:
        return INTERNAL
    if error.message.startswith("Variable '$"):
        return BAD_USER_INPUT
    return VALIDATION_FAILED


def formatted(error: GraphQLError, request_id: str | None) -> dict[str, Any]:
    """The error as the answer sends it, with its code and the request's id."""
    out: dict[str, Any] = dict(error.formatted)
    extensions = {**(out.get("extensions") or {})}
    if "code" not in extensions and (limit := limit_of(error)) is not None:
        extensions.update(code=LIMIT_EXCEEDED, limit=limit)
    extensions.setdefault("code", code_of(error))
    if request_id is not None:
        extensions["requestId"] = request_id
    out["extensions"] = extensions
    return out

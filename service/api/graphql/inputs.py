"""What a resolver takes in: the connection that asked, and its arguments validated as REST
validates a body."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError
from pydantic_core import to_json
from starlette.requests import HTTPConnection
from strawberry.types import Info

from service.api.core import from_validation_error


def validate(adapter: TypeAdapter[Any], data: Any, root: type) -> Any:
    """``data`` validated as REST validates a body; a :class:`Problem` if it is invalid."""
    try:
        return adapter.validate_json(to_json(data))
    except ValidationError as e:
        raise from_validation_error(e, root=root) from None


def connection_of(info: Info) -> HTTPConnection:
    connection: HTTPConnection = info.context["request"]
    return connection

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.stream_error_code import StreamErrorCode

T = TypeVar("T", bound="StreamError")


@_attrs_define
class StreamError:
    """`event: error`'s data: the stream ends. `store-unavailable`: the connection to
    Redis was lost or the client fell too far behind (reconnect: `Last-Event-ID`
    resumes); `unauthorized`: the API key or the seat was revoked.

        Attributes:
            code (StreamErrorCode):
            message (str):
    """

    code: StreamErrorCode
    message: str

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = StreamErrorCode(d.pop("code"))

        message = d.pop("message")

        stream_error = cls(
            code=code,
            message=message,
        )

        return stream_error

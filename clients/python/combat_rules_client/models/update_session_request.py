from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateSessionRequest")


@_attrs_define
class UpdateSessionRequest:
    """A session's metadata to change: no new version, nothing logged, nothing undone.

    Attributes:
        title (None | str): The new title; null removes it.
    """

    title: None | str

    def to_dict(self) -> dict[str, Any]:
        title: None | str
        title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "title": title,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        update_session_request = cls(
            title=title,
        )

        return update_session_request

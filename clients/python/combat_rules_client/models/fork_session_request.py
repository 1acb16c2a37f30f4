from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ForkSessionRequest")


@_attrs_define
class ForkSessionRequest:
    """Where a new session starts: a version of this one (its state then, replayed from the
    session's replay log).

        Attributes:
            version (int): The version whose state the new session starts from (1 to the current version).
            title (None | str | Unset): The new session's title; the forked session's when not given.
    """

    version: int
    title: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        title: None | str | Unset
        if isinstance(self.title, Unset):
            title = UNSET
        else:
            title = self.title

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        def _parse_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        title = _parse_title(d.pop("title", UNSET))

        fork_session_request = cls(
            version=version,
            title=title,
        )

        return fork_session_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveEventData")


@_attrs_define
class MoveEventData:
    """The `data` of an event of type `move`. A creature moves; `amount` is the feet spent.

    Attributes:
        path (list[list[int]] | Unset): the cells it passed
        stopped (str | Unset): why the move stopped short of its path's end
    """

    path: list[list[int]] | Unset = UNSET
    stopped: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        path: list[list[int]] | Unset = UNSET
        if not isinstance(self.path, Unset):
            path = []
            for path_item_data in self.path:
                path_item = path_item_data

                path.append(path_item)

        stopped = self.stopped

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if path is not UNSET:
            field_dict["path"] = path
        if stopped is not UNSET:
            field_dict["stopped"] = stopped

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _path = d.pop("path", UNSET)
        path: list[list[int]] | Unset = UNSET
        if _path is not UNSET:
            path = []
            for path_item_data in _path:
                path_item = cast(list[int], path_item_data)

                path.append(path_item)

        stopped = d.pop("stopped", UNSET)

        move_event_data = cls(
            path=path,
            stopped=stopped,
        )

        return move_event_data

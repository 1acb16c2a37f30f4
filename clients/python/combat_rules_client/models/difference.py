from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Difference")


@_attrs_define
class Difference:
    """Where a replay of a session first differs from what the session stored.

    Attributes:
        version (int): The first version that does not reproduce.
        action (None | str): The step that made it (see `ReplayStep.action`); null when its step is missing.
        part (str): What differs: `events` (the events logged at that version), `encounter` (the
            state stored for that version: the current one, or one the undo history keeps) or
            `step` (the step is missing or cannot be applied).
        path (None | str): Where in that part: `events[1].data.total`, `encounter.combatants[1].hp`.
        stored (Any): The value the session stored there (null if none).
        replayed (Any): The value the replay produced there (null if none).
        detail (str): What differs, in words.
    """

    version: int
    action: None | str
    part: str
    path: None | str
    stored: Any
    replayed: Any
    detail: str

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        action: None | str
        action = self.action

        part = self.part

        path: None | str
        path = self.path

        stored = self.stored

        replayed = self.replayed

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "action": action,
                "part": part,
                "path": path,
                "stored": stored,
                "replayed": replayed,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        version = d.pop("version")

        def _parse_action(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        action = _parse_action(d.pop("action"))

        part = d.pop("part")

        def _parse_path(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        path = _parse_path(d.pop("path"))

        stored = d.pop("stored")

        replayed = d.pop("replayed")

        detail = d.pop("detail")

        difference = cls(
            version=version,
            action=action,
            part=part,
            path=path,
            stored=stored,
            replayed=replayed,
            detail=detail,
        )

        return difference

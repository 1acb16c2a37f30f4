from __future__ import annotations

import builtins
import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionSummary")


@_attrs_define
class SessionSummary:
    """A session as the tenant's list of sessions shows it.

    Attributes:
        id (str):
        title (None | str):
        ruleset (None | str): The id of the ruleset of its encounter (null for a session an earlier release wrote
            last).
        version (int):
        round (int | None): The round its encounter is at (0 before initiative; null as `ruleset`).
        updated (datetime.datetime): When its last version was written.
    """

    id: str
    title: None | str
    ruleset: None | str
    version: int
    round: int | None
    updated: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        title: None | str
        title = self.title

        ruleset: None | str
        ruleset = self.ruleset

        version = self.version

        round: int | None
        round = self.round

        updated = self.updated.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "ruleset": ruleset,
                "version": version,
                "round": round,
                "updated": updated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        def _parse_ruleset(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ruleset = _parse_ruleset(d.pop("ruleset"))

        version = d.pop("version")

        def _parse_round(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        round = _parse_round(d.pop("round"))

        updated = datetime.datetime.fromisoformat(d.pop("updated"))

        session_summary = cls(
            id=id,
            title=title,
            ruleset=ruleset,
            version=version,
            round=round,
            updated=updated,
        )

        return session_summary

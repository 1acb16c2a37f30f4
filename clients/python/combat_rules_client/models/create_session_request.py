from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="CreateSessionRequest")


@_attrs_define
class CreateSessionRequest:
    """The encounter a new session starts from.

    Attributes:
        encounter (Encounter): The whole state of one fight.
    """

    encounter: Encounter

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        create_session_request = cls(
            encounter=encounter,
        )

        return create_session_request

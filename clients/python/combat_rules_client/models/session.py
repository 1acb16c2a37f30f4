from __future__ import annotations

import builtins
import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.encounter_output import EncounterOutput


T = TypeVar("T", bound="Session")


@_attrs_define
class Session:
    """A stored encounter: its id, its current version and its state.

    Attributes:
        id (str):
        version (int): Starts at 1 and grows by one with each write; REST sends it as the `ETag`.
        encounter (EncounterOutput): The whole state of one fight.
        created (datetime.datetime):
        updated (datetime.datetime):
    """

    id: str
    version: int
    encounter: EncounterOutput
    created: datetime.datetime
    updated: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        encounter = self.encounter.to_dict()

        created = self.created.isoformat()

        updated = self.updated.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "version": version,
                "encounter": encounter,
                "created": created,
                "updated": updated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter_output import EncounterOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        encounter = EncounterOutput.from_dict(d.pop("encounter"))

        created = datetime.datetime.fromisoformat(d.pop("created"))

        updated = datetime.datetime.fromisoformat(d.pop("updated"))

        session = cls(
            id=id,
            version=version,
            encounter=encounter,
            created=created,
            updated=updated,
        )

        return session

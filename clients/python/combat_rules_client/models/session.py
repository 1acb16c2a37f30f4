from __future__ import annotations

import builtins
import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

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
        updated (datetime.datetime): When its last version was written (a title is no version: it changes nothing here).
        title (None | str): What the tenant calls it (metadata: no version, no event); null when it has none.
        commitment (None | str): The SHA-256 (hex) of the secret the session's dice derive from, committed before any
            of them is rolled (`revealSession` publishes it: see docs/fair-dice.md); null for a
            session created before fair dice.
    """

    id: str
    version: int
    encounter: EncounterOutput
    created: datetime.datetime
    updated: datetime.datetime
    title: None | str
    commitment: None | str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        encounter = self.encounter.to_dict()

        created = self.created.isoformat()

        updated = self.updated.isoformat()

        title: None | str
        title = self.title

        commitment: None | str
        commitment = self.commitment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "version": version,
                "encounter": encounter,
                "created": created,
                "updated": updated,
                "title": title,
                "commitment": commitment,
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

        def _parse_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        title = _parse_title(d.pop("title"))

        def _parse_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        commitment = _parse_commitment(d.pop("commitment"))

        session = cls(
            id=id,
            version=version,
            encounter=encounter,
            created=created,
            updated=updated,
            title=title,
            commitment=commitment,
        )

        return session

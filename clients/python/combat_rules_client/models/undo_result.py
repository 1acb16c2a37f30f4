from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.encounter_output import EncounterOutput
    from ..models.session_ref import SessionRef


T = TypeVar("T", bound="UndoResult")


@_attrs_define
class UndoResult:
    """The session after an undo: the state from before the last action, as a new version.

    Attributes:
        session (SessionRef): Which session a result belongs to, and the version the action wrote (or read).
        encounter (EncounterOutput): The whole state of one fight.
        reverted_version (int): The version that was undone.
        restored_version (int): The version whose state the session has again.
    """

    session: SessionRef
    encounter: EncounterOutput
    reverted_version: int
    restored_version: int

    def to_dict(self) -> dict[str, Any]:
        session = self.session.to_dict()

        encounter = self.encounter.to_dict()

        reverted_version = self.reverted_version

        restored_version = self.restored_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "session": session,
                "encounter": encounter,
                "revertedVersion": reverted_version,
                "restoredVersion": restored_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter_output import EncounterOutput  # noqa: PLC0415
        from ..models.session_ref import SessionRef  # noqa: PLC0415

        d = dict(src_dict)
        session = SessionRef.from_dict(d.pop("session"))

        encounter = EncounterOutput.from_dict(d.pop("encounter"))

        reverted_version = d.pop("revertedVersion")

        restored_version = d.pop("restoredVersion")

        undo_result = cls(
            session=session,
            encounter=encounter,
            reverted_version=reverted_version,
            restored_version=restored_version,
        )

        return undo_result

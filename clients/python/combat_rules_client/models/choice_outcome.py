from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChoiceOutcome")


@_attrs_define
class ChoiceOutcome:
    """What resolving a pending choice did.

    Attributes:
        choice_id (str):
        decision (str):
        owner (str): Who decided: a combatant id, or ``dm``.
        applied (list[str] | Unset): One line for each effect applied (empty when declined).
        offered (list[str] | Unset): Ids of new pending choices the accepted effects raised (a check's DM choice...).
    """

    choice_id: str
    decision: str
    owner: str
    applied: list[str] | Unset = UNSET
    offered: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        choice_id = self.choice_id

        decision = self.decision

        owner = self.owner

        applied: list[str] | Unset = UNSET
        if not isinstance(self.applied, Unset):
            applied = self.applied

        offered: list[str] | Unset = UNSET
        if not isinstance(self.offered, Unset):
            offered = self.offered

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "choiceId": choice_id,
                "decision": decision,
                "owner": owner,
            }
        )
        if applied is not UNSET:
            field_dict["applied"] = applied
        if offered is not UNSET:
            field_dict["offered"] = offered

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        choice_id = d.pop("choiceId")

        decision = d.pop("decision")

        owner = d.pop("owner")

        applied = cast(list[str], d.pop("applied", UNSET))

        offered = cast(list[str], d.pop("offered", UNSET))

        choice_outcome = cls(
            choice_id=choice_id,
            decision=decision,
            owner=owner,
            applied=applied,
            offered=offered,
        )

        return choice_outcome

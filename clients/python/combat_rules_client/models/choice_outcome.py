from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChoiceOutcome")


@_attrs_define
class ChoiceOutcome:
    """What resolving a pending choice did.

    Attributes:
        choice_id (str):
        decision (str):
        owner (str): Who decided: a combatant id, or `dm`.
        applied (list[str]): One line for each effect applied (empty when declined).
        offered (list[str]): Ids of new pending choices the accepted effects raised (a check's DM choice...).
    """

    choice_id: str
    decision: str
    owner: str
    applied: list[str]
    offered: list[str]

    def to_dict(self) -> dict[str, Any]:
        choice_id = self.choice_id

        decision = self.decision

        owner = self.owner

        applied = self.applied

        offered = self.offered

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "choiceId": choice_id,
                "decision": decision,
                "owner": owner,
                "applied": applied,
                "offered": offered,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        choice_id = d.pop("choiceId")

        decision = d.pop("decision")

        owner = d.pop("owner")

        applied = cast(list[str], d.pop("applied"))

        offered = cast(list[str], d.pop("offered"))

        choice_outcome = cls(
            choice_id=choice_id,
            decision=decision,
            owner=owner,
            applied=applied,
            offered=offered,
        )

        return choice_outcome

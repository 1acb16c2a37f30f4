from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FlankingOutcome")


@_attrs_define
class FlankingOutcome:
    """Whether the attacker flanks the target, and with whom (`d20.flank.*`).

    Attributes:
        flanks (bool):
        partners (list[str]):
        reason (str):
    """

    flanks: bool
    partners: list[str]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        flanks = self.flanks

        partners = self.partners

        reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "flanks": flanks,
                "partners": partners,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        flanks = d.pop("flanks")

        partners = cast(list[str], d.pop("partners"))

        reason = d.pop("reason")

        flanking_outcome = cls(
            flanks=flanks,
            partners=partners,
            reason=reason,
        )

        return flanking_outcome

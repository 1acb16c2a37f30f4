from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OpportunityAttack")


@_attrs_define
class OpportunityAttack:
    """An opportunity attack a move provoked, and what came of it.

    Attributes:
        reactor_id (str):
        at_step (int): Index of the path cell the mover was leaving.
        taken (bool):
        reason (str):
        hit (bool | None):
        damage (int | None):
    """

    reactor_id: str
    at_step: int
    taken: bool
    reason: str
    hit: bool | None
    damage: int | None

    def to_dict(self) -> dict[str, Any]:
        reactor_id = self.reactor_id

        at_step = self.at_step

        taken = self.taken

        reason = self.reason

        hit: bool | None
        hit = self.hit

        damage: int | None
        damage = self.damage

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reactorId": reactor_id,
                "atStep": at_step,
                "taken": taken,
                "reason": reason,
                "hit": hit,
                "damage": damage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reactor_id = d.pop("reactorId")

        at_step = d.pop("atStep")

        taken = d.pop("taken")

        reason = d.pop("reason")

        def _parse_hit(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        hit = _parse_hit(d.pop("hit"))

        def _parse_damage(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        damage = _parse_damage(d.pop("damage"))

        opportunity_attack = cls(
            reactor_id=reactor_id,
            at_step=at_step,
            taken=taken,
            reason=reason,
            hit=hit,
            damage=damage,
        )

        return opportunity_attack

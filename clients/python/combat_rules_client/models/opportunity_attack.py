from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OpportunityAttack")


@_attrs_define
class OpportunityAttack:
    """An opportunity attack a move provoked, and what came of it.

    Attributes:
        reactor_id (str):
        at_step (int): Index of the path cell the mover was leaving.
        taken (bool):
        reason (str):
        hit (bool | None | Unset):
        damage (int | None | Unset):
    """

    reactor_id: str
    at_step: int
    taken: bool
    reason: str
    hit: bool | None | Unset = UNSET
    damage: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reactor_id = self.reactor_id

        at_step = self.at_step

        taken = self.taken

        reason = self.reason

        hit: bool | None | Unset
        if isinstance(self.hit, Unset):
            hit = UNSET
        else:
            hit = self.hit

        damage: int | None | Unset
        if isinstance(self.damage, Unset):
            damage = UNSET
        else:
            damage = self.damage

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reactorId": reactor_id,
                "atStep": at_step,
                "taken": taken,
                "reason": reason,
            }
        )
        if hit is not UNSET:
            field_dict["hit"] = hit
        if damage is not UNSET:
            field_dict["damage"] = damage

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reactor_id = d.pop("reactorId")

        at_step = d.pop("atStep")

        taken = d.pop("taken")

        reason = d.pop("reason")

        def _parse_hit(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        hit = _parse_hit(d.pop("hit", UNSET))

        def _parse_damage(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        damage = _parse_damage(d.pop("damage", UNSET))

        opportunity_attack = cls(
            reactor_id=reactor_id,
            at_step=at_step,
            taken=taken,
            reason=reason,
            hit=hit,
            damage=damage,
        )

        return opportunity_attack

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.deferred_damage import DeferredDamage
    from ..models.held_change import HeldChange


T = TypeVar("T", bound="Step")


@_attrs_define
class Step:
    """d10: the open simultaneous step, combatants on one initiative count acting as one.

    Attributes:
        initiative (int): The initiative count its members share (`d10.init.ties`).
        members (list[str]): The living combatants on that count, in order.
        acted (list[str] | Unset): The members whose turn has ended; when every living member has acted, the step
            closes.
        deferred (list[DeferredDamage] | Unset): Damage members dealt each other, held and dealt in order when the step
            closes.
        held (list[HeldChange] | Unset): Everything else members' turns did to members (healing, conditions, effects
            such as
            Dodge, forced movement), made in order with the damage when the step closes.
    """

    initiative: int
    members: list[str]
    acted: list[str] | Unset = UNSET
    deferred: list[DeferredDamage] | Unset = UNSET
    held: list[HeldChange] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        initiative = self.initiative

        members = self.members

        acted: list[str] | Unset = UNSET
        if not isinstance(self.acted, Unset):
            acted = self.acted

        deferred: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.deferred, Unset):
            deferred = []
            for deferred_item_data in self.deferred:
                deferred_item = deferred_item_data.to_dict()
                deferred.append(deferred_item)

        held: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.held, Unset):
            held = []
            for held_item_data in self.held:
                held_item = held_item_data.to_dict()
                held.append(held_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "initiative": initiative,
                "members": members,
            }
        )
        if acted is not UNSET:
            field_dict["acted"] = acted
        if deferred is not UNSET:
            field_dict["deferred"] = deferred
        if held is not UNSET:
            field_dict["held"] = held

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deferred_damage import DeferredDamage  # noqa: PLC0415
        from ..models.held_change import HeldChange  # noqa: PLC0415

        d = dict(src_dict)
        initiative = d.pop("initiative")

        members = cast(list[str], d.pop("members"))

        acted = cast(list[str], d.pop("acted", UNSET))

        _deferred = d.pop("deferred", UNSET)
        deferred: list[DeferredDamage] | Unset = UNSET
        if _deferred is not UNSET:
            deferred = []
            for deferred_item_data in _deferred:
                deferred_item = DeferredDamage.from_dict(deferred_item_data)

                deferred.append(deferred_item)

        _held = d.pop("held", UNSET)
        held: list[HeldChange] | Unset = UNSET
        if _held is not UNSET:
            held = []
            for held_item_data in _held:
                held_item = HeldChange.from_dict(held_item_data)

                held.append(held_item)

        step = cls(
            initiative=initiative,
            members=members,
            acted=acted,
            deferred=deferred,
            held=held,
        )

        return step

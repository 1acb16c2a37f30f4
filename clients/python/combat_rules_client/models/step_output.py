from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.deferred_damage_output import DeferredDamageOutput
    from ..models.held_change_output import HeldChangeOutput


T = TypeVar("T", bound="StepOutput")


@_attrs_define
class StepOutput:
    """d10: the open simultaneous step, combatants on one initiative count acting as one.

    Attributes:
        initiative (int): The initiative count its members share (`d10.init.ties`).
        members (list[str]): The living combatants on that count, in order.
        acted (list[str]): The members whose turn has ended; when every living member has acted, the step closes.
        deferred (list[DeferredDamageOutput]): Damage members dealt each other, held and dealt in order when the step
            closes.
        held (list[HeldChangeOutput]): Everything else members' turns did to members (healing, conditions, effects such
            as
            Dodge, forced movement), made in order with the damage when the step closes.
    """

    initiative: int
    members: list[str]
    acted: list[str]
    deferred: list[DeferredDamageOutput]
    held: list[HeldChangeOutput]

    def to_dict(self) -> dict[str, Any]:
        initiative = self.initiative

        members = self.members

        acted = self.acted

        deferred = []
        for deferred_item_data in self.deferred:
            deferred_item = deferred_item_data.to_dict()
            deferred.append(deferred_item)

        held = []
        for held_item_data in self.held:
            held_item = held_item_data.to_dict()
            held.append(held_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "initiative": initiative,
                "members": members,
                "acted": acted,
                "deferred": deferred,
                "held": held,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.deferred_damage_output import DeferredDamageOutput  # noqa: PLC0415
        from ..models.held_change_output import HeldChangeOutput  # noqa: PLC0415

        d = dict(src_dict)
        initiative = d.pop("initiative")

        members = cast(list[str], d.pop("members"))

        acted = cast(list[str], d.pop("acted"))

        deferred = []
        _deferred = d.pop("deferred")
        for deferred_item_data in _deferred:
            deferred_item = DeferredDamageOutput.from_dict(deferred_item_data)

            deferred.append(deferred_item)

        held = []
        _held = d.pop("held")
        for held_item_data in _held:
            held_item = HeldChangeOutput.from_dict(held_item_data)

            held.append(held_item)

        step_output = cls(
            initiative=initiative,
            members=members,
            acted=acted,
            deferred=deferred,
            held=held,
        )

        return step_output

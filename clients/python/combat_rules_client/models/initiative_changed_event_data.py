from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="InitiativeChangedEventData")


@_attrs_define
class InitiativeChangedEventData:
    """The `data` of an event of type `initiative-changed`. A creature lowered (or, with a feature, raised) its initiative.

    Attributes:
        previous (int | Unset): the old count
        initiative (int | Unset): the new count
        feature (None | str | Unset): its feature
        moved (list[str] | Unset): the combatants that moved (it, its companions, its group)
    """

    previous: int | Unset = UNSET
    initiative: int | Unset = UNSET
    feature: None | str | Unset = UNSET
    moved: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        previous = self.previous

        initiative = self.initiative

        feature: None | str | Unset
        if isinstance(self.feature, Unset):
            feature = UNSET
        else:
            feature = self.feature

        moved: list[str] | Unset = UNSET
        if not isinstance(self.moved, Unset):
            moved = self.moved

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if previous is not UNSET:
            field_dict["previous"] = previous
        if initiative is not UNSET:
            field_dict["initiative"] = initiative
        if feature is not UNSET:
            field_dict["feature"] = feature
        if moved is not UNSET:
            field_dict["moved"] = moved

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        previous = d.pop("previous", UNSET)

        initiative = d.pop("initiative", UNSET)

        def _parse_feature(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        feature = _parse_feature(d.pop("feature", UNSET))

        moved = cast(list[str], d.pop("moved", UNSET))

        initiative_changed_event_data = cls(
            previous=previous,
            initiative=initiative,
            feature=feature,
            moved=moved,
        )

        return initiative_changed_event_data

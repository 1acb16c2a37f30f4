from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.combatant_updated_event_data_after import CombatantUpdatedEventDataAfter
    from ..models.combatant_updated_event_data_before import CombatantUpdatedEventDataBefore


T = TypeVar("T", bound="CombatantUpdatedEventData")


@_attrs_define
class CombatantUpdatedEventData:
    """The `data` of an event of type `combatant-updated`. The DM corrects a creature (updateCombatant): only the fields
    given change.

        Attributes:
            fields (list[str] | Unset): the fields that changed (camelCase)
            before (CombatantUpdatedEventDataBefore | Unset): their values before, by field (conditions and attacks by name,
                effects by kind, a cell as x and y)
            after (CombatantUpdatedEventDataAfter | Unset): their values now, by field
    """

    fields: list[str] | Unset = UNSET
    before: CombatantUpdatedEventDataBefore | Unset = UNSET
    after: CombatantUpdatedEventDataAfter | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        fields: list[str] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields

        before: dict[str, Any] | Unset = UNSET
        if not isinstance(self.before, Unset):
            before = self.before.to_dict()

        after: dict[str, Any] | Unset = UNSET
        if not isinstance(self.after, Unset):
            after = self.after.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if fields is not UNSET:
            field_dict["fields"] = fields
        if before is not UNSET:
            field_dict["before"] = before
        if after is not UNSET:
            field_dict["after"] = after

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.combatant_updated_event_data_after import CombatantUpdatedEventDataAfter  # noqa: PLC0415
        from ..models.combatant_updated_event_data_before import CombatantUpdatedEventDataBefore  # noqa: PLC0415

        d = dict(src_dict)
        fields = cast(list[str], d.pop("fields", UNSET))

        _before = d.pop("before", UNSET)
        before: CombatantUpdatedEventDataBefore | Unset
        if isinstance(_before, Unset):
            before = UNSET
        else:
            before = CombatantUpdatedEventDataBefore.from_dict(_before)

        _after = d.pop("after", UNSET)
        after: CombatantUpdatedEventDataAfter | Unset
        if isinstance(_after, Unset):
            after = UNSET
        else:
            after = CombatantUpdatedEventDataAfter.from_dict(_after)

        combatant_updated_event_data = cls(
            fields=fields,
            before=before,
            after=after,
        )

        return combatant_updated_event_data

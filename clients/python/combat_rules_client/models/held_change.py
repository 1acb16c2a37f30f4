from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.condition import Condition
    from ..models.effect import Effect


T = TypeVar("T", bound="HeldChange")


@_attrs_define
class HeldChange:
    """What one member's turn did to a member of a d10 simultaneous step besides damage
    (`d10.init.ties`): held, and made when the step closes.

        Attributes:
            target_id (str): The member it is done to.
            source_id (None | str | Unset): The member whose turn did it.
            after_damage (int | Unset): How many of the step's held damages came before it: it lands after them. Default: 0.
            healing (int | Unset): Hit points regained (through the base healing: a creature at 0 HP wakes up). Default: 0.
            stabilized (bool | Unset): Made stable at 0 HP. Default: False.
            conditions_added (list[Condition] | Unset): Conditions it gains (a member's own Dodge, `dodging`, among them).
            conditions_removed (list[Condition] | Unset): Conditions it loses.
            effects_added (list[Effect] | Unset): Effects it gains.
            effects_removed (list[Effect] | Unset): Effects it loses.
            position (Cell | None | Unset): Where forced movement put it: it moves there when the step closes if it still
                stands
                where it was moved from (`movedFrom`) and the cells are free.
            moved_from (Cell | None | Unset): Where it stood when it was moved.
    """

    target_id: str
    source_id: None | str | Unset = UNSET
    after_damage: int | Unset = 0
    healing: int | Unset = 0
    stabilized: bool | Unset = False
    conditions_added: list[Condition] | Unset = UNSET
    conditions_removed: list[Condition] | Unset = UNSET
    effects_added: list[Effect] | Unset = UNSET
    effects_removed: list[Effect] | Unset = UNSET
    position: Cell | None | Unset = UNSET
    moved_from: Cell | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        target_id = self.target_id

        source_id: None | str | Unset
        if isinstance(self.source_id, Unset):
            source_id = UNSET
        else:
            source_id = self.source_id

        after_damage = self.after_damage

        healing = self.healing

        stabilized = self.stabilized

        conditions_added: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.conditions_added, Unset):
            conditions_added = []
            for conditions_added_item_data in self.conditions_added:
                conditions_added_item = conditions_added_item_data.to_dict()
                conditions_added.append(conditions_added_item)

        conditions_removed: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.conditions_removed, Unset):
            conditions_removed = []
            for conditions_removed_item_data in self.conditions_removed:
                conditions_removed_item = conditions_removed_item_data.to_dict()
                conditions_removed.append(conditions_removed_item)

        effects_added: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.effects_added, Unset):
            effects_added = []
            for effects_added_item_data in self.effects_added:
                effects_added_item = effects_added_item_data.to_dict()
                effects_added.append(effects_added_item)

        effects_removed: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.effects_removed, Unset):
            effects_removed = []
            for effects_removed_item_data in self.effects_removed:
                effects_removed_item = effects_removed_item_data.to_dict()
                effects_removed.append(effects_removed_item)

        position: dict[str, Any] | None | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        elif isinstance(self.position, Cell):
            position = self.position.to_dict()
        else:
            position = self.position

        moved_from: dict[str, Any] | None | Unset
        if isinstance(self.moved_from, Unset):
            moved_from = UNSET
        elif isinstance(self.moved_from, Cell):
            moved_from = self.moved_from.to_dict()
        else:
            moved_from = self.moved_from

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
            }
        )
        if source_id is not UNSET:
            field_dict["sourceId"] = source_id
        if after_damage is not UNSET:
            field_dict["afterDamage"] = after_damage
        if healing is not UNSET:
            field_dict["healing"] = healing
        if stabilized is not UNSET:
            field_dict["stabilized"] = stabilized
        if conditions_added is not UNSET:
            field_dict["conditionsAdded"] = conditions_added
        if conditions_removed is not UNSET:
            field_dict["conditionsRemoved"] = conditions_removed
        if effects_added is not UNSET:
            field_dict["effectsAdded"] = effects_added
        if effects_removed is not UNSET:
            field_dict["effectsRemoved"] = effects_removed
        if position is not UNSET:
            field_dict["position"] = position
        if moved_from is not UNSET:
            field_dict["movedFrom"] = moved_from

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.condition import Condition  # noqa: PLC0415
        from ..models.effect import Effect  # noqa: PLC0415

        d = dict(src_dict)
        target_id = d.pop("targetId")

        def _parse_source_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source_id = _parse_source_id(d.pop("sourceId", UNSET))

        after_damage = d.pop("afterDamage", UNSET)

        healing = d.pop("healing", UNSET)

        stabilized = d.pop("stabilized", UNSET)

        _conditions_added = d.pop("conditionsAdded", UNSET)
        conditions_added: list[Condition] | Unset = UNSET
        if _conditions_added is not UNSET:
            conditions_added = []
            for conditions_added_item_data in _conditions_added:
                conditions_added_item = Condition.from_dict(conditions_added_item_data)

                conditions_added.append(conditions_added_item)

        _conditions_removed = d.pop("conditionsRemoved", UNSET)
        conditions_removed: list[Condition] | Unset = UNSET
        if _conditions_removed is not UNSET:
            conditions_removed = []
            for conditions_removed_item_data in _conditions_removed:
                conditions_removed_item = Condition.from_dict(conditions_removed_item_data)

                conditions_removed.append(conditions_removed_item)

        _effects_added = d.pop("effectsAdded", UNSET)
        effects_added: list[Effect] | Unset = UNSET
        if _effects_added is not UNSET:
            effects_added = []
            for effects_added_item_data in _effects_added:
                effects_added_item = Effect.from_dict(effects_added_item_data)

                effects_added.append(effects_added_item)

        _effects_removed = d.pop("effectsRemoved", UNSET)
        effects_removed: list[Effect] | Unset = UNSET
        if _effects_removed is not UNSET:
            effects_removed = []
            for effects_removed_item_data in _effects_removed:
                effects_removed_item = Effect.from_dict(effects_removed_item_data)

                effects_removed.append(effects_removed_item)

        def _parse_position(data: object) -> Cell | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                position_type_0 = Cell.from_dict(data)

                return position_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_moved_from(data: object) -> Cell | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                moved_from_type_0 = Cell.from_dict(data)

                return moved_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None | Unset, data)

        moved_from = _parse_moved_from(d.pop("movedFrom", UNSET))

        held_change = cls(
            target_id=target_id,
            source_id=source_id,
            after_damage=after_damage,
            healing=healing,
            stabilized=stabilized,
            conditions_added=conditions_added,
            conditions_removed=conditions_removed,
            effects_added=effects_added,
            effects_removed=effects_removed,
            position=position,
            moved_from=moved_from,
        )

        return held_change

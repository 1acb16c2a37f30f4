from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.condition_output import ConditionOutput
    from ..models.effect_output import EffectOutput


T = TypeVar("T", bound="HeldChangeOutput")


@_attrs_define
class HeldChangeOutput:
    """What one member's turn did to a member of a d10 simultaneous step besides damage
    (`d10.init.ties`): held, and made when the step closes.

        Attributes:
            target_id (str): The member it is done to.
            source_id (None | str): The member whose turn did it.
            after_damage (int): How many of the step's held damages came before it: it lands after them. Default: 0.
            healing (int): Hit points regained (through the base healing: a creature at 0 HP wakes up). Default: 0.
            stabilized (bool): Made stable at 0 HP. Default: False.
            conditions_added (list[ConditionOutput]): Conditions it gains (a member's own Dodge, `dodging`, among them).
            conditions_removed (list[ConditionOutput]): Conditions it loses.
            effects_added (list[EffectOutput]): Effects it gains.
            effects_removed (list[EffectOutput]): Effects it loses.
            position (Cell | None): Where forced movement put it: it moves there when the step closes if it still stands
                where it was moved from (`movedFrom`) and the cells are free.
            moved_from (Cell | None): Where it stood when it was moved.
    """

    target_id: str
    source_id: None | str
    conditions_added: list[ConditionOutput]
    conditions_removed: list[ConditionOutput]
    effects_added: list[EffectOutput]
    effects_removed: list[EffectOutput]
    position: Cell | None
    moved_from: Cell | None
    after_damage: int = 0
    healing: int = 0
    stabilized: bool = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        target_id = self.target_id

        source_id: None | str
        source_id = self.source_id

        after_damage = self.after_damage

        healing = self.healing

        stabilized = self.stabilized

        conditions_added = []
        for conditions_added_item_data in self.conditions_added:
            conditions_added_item = conditions_added_item_data.to_dict()
            conditions_added.append(conditions_added_item)

        conditions_removed = []
        for conditions_removed_item_data in self.conditions_removed:
            conditions_removed_item = conditions_removed_item_data.to_dict()
            conditions_removed.append(conditions_removed_item)

        effects_added = []
        for effects_added_item_data in self.effects_added:
            effects_added_item = effects_added_item_data.to_dict()
            effects_added.append(effects_added_item)

        effects_removed = []
        for effects_removed_item_data in self.effects_removed:
            effects_removed_item = effects_removed_item_data.to_dict()
            effects_removed.append(effects_removed_item)

        position: dict[str, Any] | None
        if isinstance(self.position, Cell):
            position = self.position.to_dict()
        else:
            position = self.position

        moved_from: dict[str, Any] | None
        if isinstance(self.moved_from, Cell):
            moved_from = self.moved_from.to_dict()
        else:
            moved_from = self.moved_from

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "targetId": target_id,
                "sourceId": source_id,
                "afterDamage": after_damage,
                "healing": healing,
                "stabilized": stabilized,
                "conditionsAdded": conditions_added,
                "conditionsRemoved": conditions_removed,
                "effectsAdded": effects_added,
                "effectsRemoved": effects_removed,
                "position": position,
                "movedFrom": moved_from,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.condition_output import ConditionOutput  # noqa: PLC0415
        from ..models.effect_output import EffectOutput  # noqa: PLC0415

        d = dict(src_dict)
        target_id = d.pop("targetId")

        def _parse_source_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_id = _parse_source_id(d.pop("sourceId"))

        after_damage = d.pop("afterDamage")

        healing = d.pop("healing")

        stabilized = d.pop("stabilized")

        conditions_added = []
        _conditions_added = d.pop("conditionsAdded")
        for conditions_added_item_data in _conditions_added:
            conditions_added_item = ConditionOutput.from_dict(conditions_added_item_data)

            conditions_added.append(conditions_added_item)

        conditions_removed = []
        _conditions_removed = d.pop("conditionsRemoved")
        for conditions_removed_item_data in _conditions_removed:
            conditions_removed_item = ConditionOutput.from_dict(conditions_removed_item_data)

            conditions_removed.append(conditions_removed_item)

        effects_added = []
        _effects_added = d.pop("effectsAdded")
        for effects_added_item_data in _effects_added:
            effects_added_item = EffectOutput.from_dict(effects_added_item_data)

            effects_added.append(effects_added_item)

        effects_removed = []
        _effects_removed = d.pop("effectsRemoved")
        for effects_removed_item_data in _effects_removed:
            effects_removed_item = EffectOutput.from_dict(effects_removed_item_data)

            effects_removed.append(effects_removed_item)

        def _parse_position(data: object) -> Cell | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                position_type_0 = Cell.from_dict(data)

                return position_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None, data)

        position = _parse_position(d.pop("position"))

        def _parse_moved_from(data: object) -> Cell | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                moved_from_type_0 = Cell.from_dict(data)

                return moved_from_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None, data)

        moved_from = _parse_moved_from(d.pop("movedFrom"))

        held_change_output = cls(
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

        return held_change_output

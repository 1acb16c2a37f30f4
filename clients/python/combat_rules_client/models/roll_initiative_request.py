from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.encounter import Encounter


T = TypeVar("T", bound="RollInitiativeRequest")


@_attrs_define
class RollInitiativeRequest:
    """Roll initiative, set round 1 and start the first turn. Stateless: the encounter travels with the request.

    Attributes:
        encounter (Encounter): The whole state of one fight.
        surprised (list[str] | Unset): Combatants the DM rules surprised: they can't move or act on their first turn.
        order (list[str] | None | Unset): d100: the order the players declare (in the open): no roll.
        entry_point (Cell | None | Unset): d100: the entrance of a building: the nearest combatant acts first, no roll.
        initiator_id (None | str | Unset): d10: the creature whose hostile action started the fight (it gains no
            precedence).
        heard_by (list[str] | Unset): d10: creatures that hear the initiator (aware even without line of sight).
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    surprised: list[str] | Unset = UNSET
    order: list[str] | None | Unset = UNSET
    entry_point: Cell | None | Unset = UNSET
    initiator_id: None | str | Unset = UNSET
    heard_by: list[str] | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        encounter = self.encounter.to_dict()

        surprised: list[str] | Unset = UNSET
        if not isinstance(self.surprised, Unset):
            surprised = self.surprised

        order: list[str] | None | Unset
        if isinstance(self.order, Unset):
            order = UNSET
        elif isinstance(self.order, list):
            order = self.order

        else:
            order = self.order

        entry_point: dict[str, Any] | None | Unset
        if isinstance(self.entry_point, Unset):
            entry_point = UNSET
        elif isinstance(self.entry_point, Cell):
            entry_point = self.entry_point.to_dict()
        else:
            entry_point = self.entry_point

        initiator_id: None | str | Unset
        if isinstance(self.initiator_id, Unset):
            initiator_id = UNSET
        else:
            initiator_id = self.initiator_id

        heard_by: list[str] | Unset = UNSET
        if not isinstance(self.heard_by, Unset):
            heard_by = self.heard_by

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
            }
        )
        if surprised is not UNSET:
            field_dict["surprised"] = surprised
        if order is not UNSET:
            field_dict["order"] = order
        if entry_point is not UNSET:
            field_dict["entryPoint"] = entry_point
        if initiator_id is not UNSET:
            field_dict["initiatorId"] = initiator_id
        if heard_by is not UNSET:
            field_dict["heardBy"] = heard_by
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        surprised = cast(list[str], d.pop("surprised", UNSET))

        def _parse_order(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                order_type_0 = cast(list[str], data)

                return order_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        order = _parse_order(d.pop("order", UNSET))

        def _parse_entry_point(data: object) -> Cell | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entry_point_type_0 = Cell.from_dict(data)

                return entry_point_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None | Unset, data)

        entry_point = _parse_entry_point(d.pop("entryPoint", UNSET))

        def _parse_initiator_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        initiator_id = _parse_initiator_id(d.pop("initiatorId", UNSET))

        heard_by = cast(list[str], d.pop("heardBy", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        roll_initiative_request = cls(
            encounter=encounter,
            surprised=surprised,
            order=order,
            entry_point=entry_point,
            initiator_id=initiator_id,
            heard_by=heard_by,
            seed=seed,
        )

        return roll_initiative_request

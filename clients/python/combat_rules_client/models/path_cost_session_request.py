from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell


T = TypeVar("T", bound="PathCostSessionRequest")


@_attrs_define
class PathCostSessionRequest:
    """The cost of a path (or the cheapest path to a cell), and who it provokes. Session mode: the encounter is the
    session's.

        Attributes:
            combatant_id (str): The creature whose move is priced, as it stands (its movement left, size, posture).
            path (list[Cell] | None | Unset): The cells its anchor would pass through, in order (its own cell may lead);
                give `path` or
                `to`, not both.
            to (Cell | None | Unset): A destination: the cheapest legal path there is priced.
            fly (bool | Unset): Price the move as a flight (see `moveCombatant`). Default: False.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    path: list[Cell] | None | Unset = UNSET
    to: Cell | None | Unset = UNSET
    fly: bool | Unset = False
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        combatant_id = self.combatant_id

        path: list[dict[str, Any]] | None | Unset
        if isinstance(self.path, Unset):
            path = UNSET
        elif isinstance(self.path, list):
            path = []
            for path_type_0_item_data in self.path:
                path_type_0_item = path_type_0_item_data.to_dict()
                path.append(path_type_0_item)

        else:
            path = self.path

        to: dict[str, Any] | None | Unset
        if isinstance(self.to, Unset):
            to = UNSET
        elif isinstance(self.to, Cell):
            to = self.to.to_dict()
        else:
            to = self.to

        fly = self.fly

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
            }
        )
        if path is not UNSET:
            field_dict["path"] = path
        if to is not UNSET:
            field_dict["to"] = to
        if fly is not UNSET:
            field_dict["fly"] = fly
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        def _parse_path(data: object) -> list[Cell] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                path_type_0 = []
                _path_type_0 = data
                for path_type_0_item_data in _path_type_0:
                    path_type_0_item = Cell.from_dict(path_type_0_item_data)

                    path_type_0.append(path_type_0_item)

                return path_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Cell] | None | Unset, data)

        path = _parse_path(d.pop("path", UNSET))

        def _parse_to(data: object) -> Cell | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                to_type_0 = Cell.from_dict(data)

                return to_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None | Unset, data)

        to = _parse_to(d.pop("to", UNSET))

        fly = d.pop("fly", UNSET)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        path_cost_session_request = cls(
            combatant_id=combatant_id,
            path=path,
            to=to,
            fly=fly,
            seed=seed,
        )

        return path_cost_session_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.other_reactors import OtherReactors
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.opportunity_choice import OpportunityChoice


T = TypeVar("T", bound="MoveCombatantSessionRequest")


@_attrs_define
class MoveCombatantSessionRequest:
    """Move along a path or to a cell, spending movement; opportunity attacks resolved. Session mode: the encounter is the
    session's.

        Attributes:
            combatant_id (str): The creature that moves: on its own turn, unless `forced` or `teleport`.
            path (list[Cell] | None | Unset): The cells the creature's anchor passes through, in order (its own cell may
                lead).
            to (Cell | None | Unset): A destination: the service finds the cheapest legal path.
            teleport (bool | Unset): Teleportation (`d20.oa.exempt`): the creature appears at `to` (or the last cell of
                `path`) if its space fits there (on the grid, no wall, no other creature), on any turn; no
                movement spent, no opportunity attacks. Default: False.
            forced (bool | Unset): Moved by something else (shoved, hurled, falling, dragged): on any turn and any distance,
                no movement spent, and the reactors it passes are offered no opportunity attack
                (`d20.oa.exempt`); an unconscious or grappled creature can be moved. Default: False.
            fly (bool | Unset): Fly, with the creature's flying speed (d10: only with a flying device): the ground's
                difficult, climb and swim cells don't apply; the flight uses the share of the turn's
                movement it takes at that speed (60 ft flown at 60 ft uses all of a 30 ft walk). Default: False.
            opportunity_attacks (list[OpportunityChoice] | Unset): Each listed reactor takes (with its attack's options) or
                declines (`take: false`)
                the opportunity attack the move offers it.
            other_reactors (OtherReactors | Unset): One of: `take`, `decline`.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    path: list[Cell] | None | Unset = UNSET
    to: Cell | None | Unset = UNSET
    teleport: bool | Unset = False
    forced: bool | Unset = False
    fly: bool | Unset = False
    opportunity_attacks: list[OpportunityChoice] | Unset = UNSET
    other_reactors: OtherReactors | Unset = UNSET
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

        teleport = self.teleport

        forced = self.forced

        fly = self.fly

        opportunity_attacks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.opportunity_attacks, Unset):
            opportunity_attacks = []
            for opportunity_attacks_item_data in self.opportunity_attacks:
                opportunity_attacks_item = opportunity_attacks_item_data.to_dict()
                opportunity_attacks.append(opportunity_attacks_item)

        other_reactors: str | Unset = UNSET
        if not isinstance(self.other_reactors, Unset):
            other_reactors = self.other_reactors.value

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
        if teleport is not UNSET:
            field_dict["teleport"] = teleport
        if forced is not UNSET:
            field_dict["forced"] = forced
        if fly is not UNSET:
            field_dict["fly"] = fly
        if opportunity_attacks is not UNSET:
            field_dict["opportunityAttacks"] = opportunity_attacks
        if other_reactors is not UNSET:
            field_dict["otherReactors"] = other_reactors
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.opportunity_choice import OpportunityChoice  # noqa: PLC0415

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

        teleport = d.pop("teleport", UNSET)

        forced = d.pop("forced", UNSET)

        fly = d.pop("fly", UNSET)

        _opportunity_attacks = d.pop("opportunityAttacks", UNSET)
        opportunity_attacks: list[OpportunityChoice] | Unset = UNSET
        if _opportunity_attacks is not UNSET:
            opportunity_attacks = []
            for opportunity_attacks_item_data in _opportunity_attacks:
                opportunity_attacks_item = OpportunityChoice.from_dict(opportunity_attacks_item_data)

                opportunity_attacks.append(opportunity_attacks_item)

        _other_reactors = d.pop("otherReactors", UNSET)
        other_reactors: OtherReactors | Unset
        if isinstance(_other_reactors, Unset):
            other_reactors = UNSET
        else:
            other_reactors = OtherReactors(_other_reactors)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        move_combatant_session_request = cls(
            combatant_id=combatant_id,
            path=path,
            to=to,
            teleport=teleport,
            forced=forced,
            fly=fly,
            opportunity_attacks=opportunity_attacks,
            other_reactors=other_reactors,
            seed=seed,
        )

        return move_combatant_session_request

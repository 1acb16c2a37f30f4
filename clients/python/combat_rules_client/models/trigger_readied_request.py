from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cover_degree import CoverDegree
from ..models.other_reactors import OtherReactors
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell
    from ..models.encounter import Encounter
    from ..models.opportunity_choice import OpportunityChoice


T = TypeVar("T", bound="TriggerReadiedRequest")


@_attrs_define
class TriggerReadiedRequest:
    """Fire a readied action with the reaction, or decline it. Stateless: the encounter travels with the request.

    Attributes:
        encounter (Encounter): The whole state of one fight.
        combatant_id (str): The creature whose readied action's trigger happened.
        fire (bool | Unset): True fires the readied action with the reaction (`d20.ready.trigger`); false lets the
            trigger pass (see `keep`). Default: True.
        target_id (None | str | Unset): The target of a readied attack.
        keep (bool | Unset): On a decline: keep holding the action (until the start of your next turn); false
            abandons it (a readied spell is lost). Default: True.
        knockout (bool | Unset): A readied melee attack: knock the target out instead of killing it at 0 HP. Default:
            False.
        advantage (bool | Unset): A readied attack: advantage the caller grants, on top of what the state gives.
            Default: False.
        disadvantage (bool | Unset): A readied attack: disadvantage the caller imposes, on top of what the state gives.
            Default: False.
        cover (CoverDegree | None | Unset): A readied attack: the cover degree the DM states; it wins over the computed
            one.
        path (list[Cell] | None | Unset): A readied move: the cells the creature's anchor passes through, in order.
        to (Cell | None | Unset): A readied move: a destination (the cheapest legal path is found).
        fly (bool | Unset): A readied move: fly (see `moveCombatant`). Default: False.
        opportunity_attacks (list[OpportunityChoice] | Unset): A readied move: who takes or declines the opportunity
            attacks it offers.
        other_reactors (OtherReactors | Unset): One of: `take`, `decline`.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant_id: str
    fire: bool | Unset = True
    target_id: None | str | Unset = UNSET
    keep: bool | Unset = True
    knockout: bool | Unset = False
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False
    cover: CoverDegree | None | Unset = UNSET
    path: list[Cell] | None | Unset = UNSET
    to: Cell | None | Unset = UNSET
    fly: bool | Unset = False
    opportunity_attacks: list[OpportunityChoice] | Unset = UNSET
    other_reactors: OtherReactors | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        encounter = self.encounter.to_dict()

        combatant_id = self.combatant_id

        fire = self.fire

        target_id: None | str | Unset
        if isinstance(self.target_id, Unset):
            target_id = UNSET
        else:
            target_id = self.target_id

        keep = self.keep

        knockout = self.knockout

        advantage = self.advantage

        disadvantage = self.disadvantage

        cover: None | str | Unset
        if isinstance(self.cover, Unset):
            cover = UNSET
        elif isinstance(self.cover, CoverDegree):
            cover = self.cover.value
        else:
            cover = self.cover

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
                "encounter": encounter,
                "combatantId": combatant_id,
            }
        )
        if fire is not UNSET:
            field_dict["fire"] = fire
        if target_id is not UNSET:
            field_dict["targetId"] = target_id
        if keep is not UNSET:
            field_dict["keep"] = keep
        if knockout is not UNSET:
            field_dict["knockout"] = knockout
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if cover is not UNSET:
            field_dict["cover"] = cover
        if path is not UNSET:
            field_dict["path"] = path
        if to is not UNSET:
            field_dict["to"] = to
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
        from ..models.encounter import Encounter  # noqa: PLC0415
        from ..models.opportunity_choice import OpportunityChoice  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant_id = d.pop("combatantId")

        fire = d.pop("fire", UNSET)

        def _parse_target_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_id = _parse_target_id(d.pop("targetId", UNSET))

        keep = d.pop("keep", UNSET)

        knockout = d.pop("knockout", UNSET)

        advantage = d.pop("advantage", UNSET)

        disadvantage = d.pop("disadvantage", UNSET)

        def _parse_cover(data: object) -> CoverDegree | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cover_type_0 = CoverDegree(data)

                return cover_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CoverDegree | None | Unset, data)

        cover = _parse_cover(d.pop("cover", UNSET))

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

        trigger_readied_request = cls(
            encounter=encounter,
            combatant_id=combatant_id,
            fire=fire,
            target_id=target_id,
            keep=keep,
            knockout=knockout,
            advantage=advantage,
            disadvantage=disadvantage,
            cover=cover,
            path=path,
            to=to,
            fly=fly,
            opportunity_attacks=opportunity_attacks,
            other_reactors=other_reactors,
            seed=seed,
        )

        return trigger_readied_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cover_degree import CoverDegree
from ..types import UNSET, Unset

T = TypeVar("T", bound="OpportunityChoice")


@_attrs_define
class OpportunityChoice:
    """What one reactor does with the opportunity attack a move offers it (`d20.oa.trigger`).

    Attributes:
        reactor_id (str): The hostile creature whose reach the mover leaves.
        take (bool | Unset): False declines it: the reactor keeps its reaction. Default: True.
        attack_name (None | str | Unset): One of the reactor's melee attacks; omitted: its usable melee attack with the
            longest reach (a broken or empty weapon is passed over).
        knockout (bool | Unset): Knock the mover out instead of killing it if the attack drops it to 0 HP. Default:
            False.
        advantage (bool | Unset): Advantage the caller grants, on top of what the state gives. Default: False.
        disadvantage (bool | Unset): Disadvantage the caller imposes, on top of what the state gives. Default: False.
        cover (CoverDegree | None | Unset): A cover degree the DM states for this attack; it wins over the computed one.
    """

    reactor_id: str
    take: bool | Unset = True
    attack_name: None | str | Unset = UNSET
    knockout: bool | Unset = False
    advantage: bool | Unset = False
    disadvantage: bool | Unset = False
    cover: CoverDegree | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        reactor_id = self.reactor_id

        take = self.take

        attack_name: None | str | Unset
        if isinstance(self.attack_name, Unset):
            attack_name = UNSET
        else:
            attack_name = self.attack_name

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reactorId": reactor_id,
            }
        )
        if take is not UNSET:
            field_dict["take"] = take
        if attack_name is not UNSET:
            field_dict["attackName"] = attack_name
        if knockout is not UNSET:
            field_dict["knockout"] = knockout
        if advantage is not UNSET:
            field_dict["advantage"] = advantage
        if disadvantage is not UNSET:
            field_dict["disadvantage"] = disadvantage
        if cover is not UNSET:
            field_dict["cover"] = cover

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        reactor_id = d.pop("reactorId")

        take = d.pop("take", UNSET)

        def _parse_attack_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        attack_name = _parse_attack_name(d.pop("attackName", UNSET))

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

        opportunity_choice = cls(
            reactor_id=reactor_id,
            take=take,
            attack_name=attack_name,
            knockout=knockout,
            advantage=advantage,
            disadvantage=disadvantage,
            cover=cover,
        )

        return opportunity_choice

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.spend import Spend
from ..types import UNSET, Unset

T = TypeVar("T", bound="HelpSessionRequest")


@_attrs_define
class HelpSessionRequest:
    """Help: an ally's next check or attack has advantage. Session mode: the encounter is the session's.

    Attributes:
        combatant_id (str): The helper (`d20.turn.economy`, `d100.action.help`): the advantage lasts until the start
            of its next turn.
        ally_id (str): The ally that gains advantage, once (not the helper).
        target_id (None | str | Unset): A third creature: the advantage is on the ally's next attack against it;
            omitted: on the
            ally's next ability check.
        task (None | str | Unset): What the check is for (a note only).
        spend (Spend | Unset): One of: `action`, `bonus-action`, `reaction`, `free`.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    ally_id: str
    target_id: None | str | Unset = UNSET
    task: None | str | Unset = UNSET
    spend: Spend | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        ally_id = self.ally_id

        target_id: None | str | Unset
        if isinstance(self.target_id, Unset):
            target_id = UNSET
        else:
            target_id = self.target_id

        task: None | str | Unset
        if isinstance(self.task, Unset):
            task = UNSET
        else:
            task = self.task

        spend: str | Unset = UNSET
        if not isinstance(self.spend, Unset):
            spend = self.spend.value

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "allyId": ally_id,
            }
        )
        if target_id is not UNSET:
            field_dict["targetId"] = target_id
        if task is not UNSET:
            field_dict["task"] = task
        if spend is not UNSET:
            field_dict["spend"] = spend
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        ally_id = d.pop("allyId")

        def _parse_target_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_id = _parse_target_id(d.pop("targetId", UNSET))

        def _parse_task(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        task = _parse_task(d.pop("task", UNSET))

        _spend = d.pop("spend", UNSET)
        spend: Spend | Unset
        if isinstance(_spend, Unset):
            spend = UNSET
        else:
            spend = Spend(_spend)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        help_session_request = cls(
            combatant_id=combatant_id,
            ally_id=ally_id,
            target_id=target_id,
            task=task,
            spend=spend,
            seed=seed,
        )

        return help_session_request

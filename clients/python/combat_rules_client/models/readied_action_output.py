from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ReadiedActionOutput")


@_attrs_define
class ReadiedActionOutput:
    """An action held for a trigger (`d20.ready.*`); it fires or is declined by
    `triggerReadied` and lapses at the start of its owner's next turn.

        Attributes:
            trigger (str):
            action (str): `attack`, `move`, `spell` or another action's name. Default: 'attack'.
            attack_name (None | str):
            spell (None | str):
            round (int):  Default: 0.
    """

    trigger: str
    attack_name: None | str
    spell: None | str
    action: str = "attack"
    round: int = 0

    def to_dict(self) -> dict[str, Any]:
        trigger = self.trigger

        action = self.action

        attack_name: None | str
        attack_name = self.attack_name

        spell: None | str
        spell = self.spell

        round = self.round

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "trigger": trigger,
                "action": action,
                "attackName": attack_name,
                "spell": spell,
                "round": round,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trigger = d.pop("trigger")

        action = d.pop("action")

        def _parse_attack_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        attack_name = _parse_attack_name(d.pop("attackName"))

        def _parse_spell(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        spell = _parse_spell(d.pop("spell"))

        round = d.pop("round")

        readied_action_output = cls(
            trigger=trigger,
            action=action,
            attack_name=attack_name,
            spell=spell,
            round=round,
        )

        return readied_action_output

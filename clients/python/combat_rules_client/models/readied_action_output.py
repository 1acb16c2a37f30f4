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
            trigger (str): The perceivable trigger it waits for, in words (`d20.ready.trigger`): the service doesn't
                watch for it, `triggerReadied` says it happened.
            action (str): `attack`, `move`, `spell` or another action's name. Default: 'attack'.
            attack_name (None | str): The readied attack, one of its owner's attacks; null: its first attack.
            spell (None | str): The readied spell (`action: spell`), held with concentration: when the concentration ends,
                the readied action is lost (`d20.ready.spell`).
            round (int): The round it was readied in (recorded by the service; it lapses at its owner's next turn
                whatever this says). Default: 0.
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

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReadiedAction")


@_attrs_define
class ReadiedAction:
    """An action held for a trigger (`d20.ready.*`); it fires or is declined by
    `triggerReadied` and lapses at the start of its owner's next turn.

        Attributes:
            trigger (str): The perceivable trigger it waits for, in words (`d20.ready.trigger`): the service doesn't
                watch for it, `triggerReadied` says it happened.
            action (str | Unset): `attack`, `move`, `spell` or another action's name. Default: 'attack'.
            attack_name (None | str | Unset): The readied attack, one of its owner's attacks; null: its first attack.
            spell (None | str | Unset): The readied spell (`action: spell`), held with concentration: when the concentration
                ends,
                the readied action is lost (`d20.ready.spell`).
            round (int | Unset): The round it was readied in (recorded by the service; it lapses at its owner's next turn
                whatever this says). Default: 0.
    """

    trigger: str
    action: str | Unset = "attack"
    attack_name: None | str | Unset = UNSET
    spell: None | str | Unset = UNSET
    round: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        trigger = self.trigger

        action = self.action

        attack_name: None | str | Unset
        if isinstance(self.attack_name, Unset):
            attack_name = UNSET
        else:
            attack_name = self.attack_name

        spell: None | str | Unset
        if isinstance(self.spell, Unset):
            spell = UNSET
        else:
            spell = self.spell

        round = self.round

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "trigger": trigger,
            }
        )
        if action is not UNSET:
            field_dict["action"] = action
        if attack_name is not UNSET:
            field_dict["attackName"] = attack_name
        if spell is not UNSET:
            field_dict["spell"] = spell
        if round is not UNSET:
            field_dict["round"] = round

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        trigger = d.pop("trigger")

        action = d.pop("action", UNSET)

        def _parse_attack_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        attack_name = _parse_attack_name(d.pop("attackName", UNSET))

        def _parse_spell(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        spell = _parse_spell(d.pop("spell", UNSET))

        round = d.pop("round", UNSET)

        readied_action = cls(
            trigger=trigger,
            action=action,
            attack_name=attack_name,
            spell=spell,
            round=round,
        )

        return readied_action

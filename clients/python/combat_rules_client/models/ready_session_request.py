from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ReadySessionRequest")


@_attrs_define
class ReadySessionRequest:
    """Ready an action for a trigger. Session mode: the encounter is the session's.

    Attributes:
        combatant_id (str): The creature readying: it spends its action now and its reaction when the trigger fires
            (`d20.ready.trigger`).
        trigger (str): The perceivable trigger, in words: the service doesn't watch for it, `triggerReadied` says
            it happened.
        action (str | Unset): `attack`, `move`, `spell` or another action's name. Default: 'attack'.
        attack_name (None | str | Unset): One of its attacks, to ready (naming one makes the readied action an attack);
            omitted: its
            first attack when it fires.
        spell (None | str | Unset): The readied spell (with `action: spell`): cast now, held with concentration.
        seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
            rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    combatant_id: str
    trigger: str
    action: str | Unset = "attack"
    attack_name: None | str | Unset = UNSET
    spell: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

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

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "trigger": trigger,
            }
        )
        if action is not UNSET:
            field_dict["action"] = action
        if attack_name is not UNSET:
            field_dict["attackName"] = attack_name
        if spell is not UNSET:
            field_dict["spell"] = spell
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

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

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        ready_session_request = cls(
            combatant_id=combatant_id,
            trigger=trigger,
            action=action,
            attack_name=attack_name,
            spell=spell,
            seed=seed,
        )

        return ready_session_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.attack_outcome import AttackOutcome
    from ..models.move_outcome import MoveOutcome


T = TypeVar("T", bound="TriggerOutcome")


@_attrs_define
class TriggerOutcome:
    """Whether the readied action fired and what it did (the attack or the move), or
    whether a declined one is still held.

        Attributes:
            combatant_id (str):
            fired (bool):
            action (str):
            attack (AttackOutcome | None):
            kept (bool): Declined, and still held. Default: False.
            move (MoveOutcome | None): A readied move: where it went and the opportunity attacks on the way.
    """

    combatant_id: str
    fired: bool
    action: str
    attack: AttackOutcome | None
    move: MoveOutcome | None
    kept: bool = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.attack_outcome import AttackOutcome  # noqa: PLC0415
        from ..models.move_outcome import MoveOutcome  # noqa: PLC0415

        combatant_id = self.combatant_id

        fired = self.fired

        action = self.action

        attack: dict[str, Any] | None
        if isinstance(self.attack, AttackOutcome):
            attack = self.attack.to_dict()
        else:
            attack = self.attack

        kept = self.kept

        move: dict[str, Any] | None
        if isinstance(self.move, MoveOutcome):
            move = self.move.to_dict()
        else:
            move = self.move

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "fired": fired,
                "action": action,
                "attack": attack,
                "kept": kept,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attack_outcome import AttackOutcome  # noqa: PLC0415
        from ..models.move_outcome import MoveOutcome  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        fired = d.pop("fired")

        action = d.pop("action")

        def _parse_attack(data: object) -> AttackOutcome | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attack_type_0 = AttackOutcome.from_dict(data)

                return attack_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttackOutcome | None, data)

        attack = _parse_attack(d.pop("attack"))

        kept = d.pop("kept")

        def _parse_move(data: object) -> MoveOutcome | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                move_type_0 = MoveOutcome.from_dict(data)

                return move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MoveOutcome | None, data)

        move = _parse_move(d.pop("move"))

        trigger_outcome = cls(
            combatant_id=combatant_id,
            fired=fired,
            action=action,
            attack=attack,
            kept=kept,
            move=move,
        )

        return trigger_outcome

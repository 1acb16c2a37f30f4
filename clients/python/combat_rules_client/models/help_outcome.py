from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.effect_output import EffectOutput


T = TypeVar("T", bound="HelpOutcome")


@_attrs_define
class HelpOutcome:
    """Who helped whom, and the advantage the ally now holds.

    Attributes:
        combatant_id (str):
        ally_id (str):
        effect (EffectOutput): A lasting modifier on its holder: advantage windows, an AC bonus, a blocked component...

            `kind`: `advantage` / `disadvantage` on the holder's `roll`; `ac-bonus` (`value`);
            `blocked-component` (`note` names it); `speed-halved`; `other` (described in
            `note`). `roll`: `attack`, `spell-attack`, `save`, `spell-save`, `check`, or
            `attacks-against` (rolls made against the holder: advantage here means its attackers
            have advantage). `against` limits it to one creature (the target, the attacker or the
            source); `uses` counts the rolls it still applies to; `startsRound` delays it.
    """

    combatant_id: str
    ally_id: str
    effect: EffectOutput

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        ally_id = self.ally_id

        effect = self.effect.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "allyId": ally_id,
                "effect": effect,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.effect_output import EffectOutput  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        ally_id = d.pop("allyId")

        effect = EffectOutput.from_dict(d.pop("effect"))

        help_outcome = cls(
            combatant_id=combatant_id,
            ally_id=ally_id,
            effect=effect,
        )

        return help_outcome

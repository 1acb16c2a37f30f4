from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.duration_output import DurationOutput


T = TypeVar("T", bound="EffectOutput")


@_attrs_define
class EffectOutput:
    """A lasting modifier on its holder: advantage windows, an AC bonus, a blocked component...

    `kind`: `advantage` / `disadvantage` on the holder's `roll`; `ac-bonus` (`value`);
    `blocked-component` (`note` names it); `speed-halved`; `other` (described in
    `note`). `roll`: `attack`, `spell-attack`, `save`, `spell-save`, `check`, or
    `attacks-against` (rolls made against the holder: advantage here means its attackers
    have advantage). `against` limits it to one creature (the target, the attacker or the
    source); `uses` counts the rolls it still applies to; `startsRound` delays it.

        Attributes:
            kind (str): What it does: `advantage` or `disadvantage` on `roll`; `ac-bonus` (`value`);
                `blocked-component` (`note`); `speed-halved` (from its holder's next turn);
                `initiative-top` / `initiative-bottom` (d20: its holder moves to the top of the order when
                its turn ends / to the bottom when the next round begins, and the effect ends); `other`. Any
                other kind is carried and does nothing.
            roll (str): The rolls an `advantage` or `disadvantage` bends: `attack` (the holder's attack rolls),
                `spell-attack` (its spell attacks only), `save`, `check`, or `attacks-against` (attack
                rolls made against the holder). `spell-save` (saves against spells) and `spell` are carried:
                the service rolls no such roll. Default: 'attack'.
            against (None | str): Limits it to one creature: the target of the holder's attacks (`attack`, `spell-attack`),
                the attacker (`attacks-against`, `ac-bonus`), the creature on the other side of a check or
                save (`check`, `save`); null: any.
            value (int): `ac-bonus` only: the AC it adds (negative lowers it); other kinds ignore it. Default: 0.
            uses (int | None): How many more rolls an `advantage` or `disadvantage` applies to: each attack, check or
                save it bends uses one, and it ends at 0; null: no limit (it lasts its duration).
            starts_round (int | None): The round from which it applies (a "next round" window: `d20.crit.effects`); its
                duration
                counts down meanwhile. Null: at once.
            duration (DurationOutput | None): How long it lasts; null: until it is used up (`uses`) or removed.
            source (None | str): Where it comes from, named as the source of the advantage or disadvantage it gives
                (`weapon-fumble 30-39`, `help:hero`); null: named `effect`. The service marks a combatant
                that waits for the next round (`d20.init.lower`) with an `other` effect from
                `d20.init.lower`, and one whose delayed turn resumes later with one from
                `d20.init.lower:delayed`.
            note (None | str): Free text: the component a `blocked-component` blocks (`verbal`, `somatic` or
                `material`), a Help's task, what an `other` effect does.
    """

    kind: str
    against: None | str
    uses: int | None
    starts_round: int | None
    duration: DurationOutput | None
    source: None | str
    note: None | str
    roll: str = "attack"
    value: int = 0

    def to_dict(self) -> dict[str, Any]:
        from ..models.duration_output import DurationOutput  # noqa: PLC0415

        kind = self.kind

        roll = self.roll

        against: None | str
        against = self.against

        value = self.value

        uses: int | None
        uses = self.uses

        starts_round: int | None
        starts_round = self.starts_round

        duration: dict[str, Any] | None
        if isinstance(self.duration, DurationOutput):
            duration = self.duration.to_dict()
        else:
            duration = self.duration

        source: None | str
        source = self.source

        note: None | str
        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "roll": roll,
                "against": against,
                "value": value,
                "uses": uses,
                "startsRound": starts_round,
                "duration": duration,
                "source": source,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.duration_output import DurationOutput  # noqa: PLC0415

        d = dict(src_dict)
        kind = d.pop("kind")

        roll = d.pop("roll")

        def _parse_against(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        against = _parse_against(d.pop("against"))

        value = d.pop("value")

        def _parse_uses(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        uses = _parse_uses(d.pop("uses"))

        def _parse_starts_round(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        starts_round = _parse_starts_round(d.pop("startsRound"))

        def _parse_duration(data: object) -> DurationOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                duration_type_0 = DurationOutput.from_dict(data)

                return duration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DurationOutput | None, data)

        duration = _parse_duration(d.pop("duration"))

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        effect_output = cls(
            kind=kind,
            roll=roll,
            against=against,
            value=value,
            uses=uses,
            starts_round=starts_round,
            duration=duration,
            source=source,
            note=note,
        )

        return effect_output

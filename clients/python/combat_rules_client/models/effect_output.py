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
            kind (str):
            roll (str):  Default: 'attack'.
            against (None | str):
            value (int):  Default: 0.
            uses (int | None):
            starts_round (int | None):
            duration (DurationOutput | None):
            source (None | str):
            note (None | str):
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

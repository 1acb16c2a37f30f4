from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.duration import Duration


T = TypeVar("T", bound="Effect")


@_attrs_define
class Effect:
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
            roll (str | Unset): The rolls an `advantage` or `disadvantage` bends: `attack` (the holder's attack rolls),
                `spell-attack` (its spell attacks only), `save`, `check`, or `attacks-against` (attack
                rolls made against the holder). `spell-save` (saves against spells) and `spell` are carried:
                the service rolls no such roll. Default: 'attack'.
            against (None | str | Unset): Limits it to one creature: the target of the holder's attacks (`attack`, `spell-
                attack`),
                the attacker (`attacks-against`, `ac-bonus`), the creature on the other side of a check or
                save (`check`, `save`); null: any.
            value (int | Unset): `ac-bonus` only: the AC it adds (negative lowers it); other kinds ignore it. Default: 0.
            uses (int | None | Unset): How many more rolls an `advantage` or `disadvantage` applies to: each attack, check
                or
                save it bends uses one, and it ends at 0; null: no limit (it lasts its duration).
            starts_round (int | None | Unset): The round from which it applies (a "next round" window: `d20.crit.effects`);
                its duration
                counts down meanwhile. Null: at once.
            duration (Duration | None | Unset): How long it lasts; null: until it is used up (`uses`) or removed.
            source (None | str | Unset): Where it comes from, named as the source of the advantage or disadvantage it gives
                (`weapon-fumble 30-39`, `help:hero`); null: named `effect`. The service marks a combatant
                that waits for the next round (`d20.init.lower`) with an `other` effect from
                `d20.init.lower`, and one whose delayed turn resumes later with one from
                `d20.init.lower:delayed`.
            note (None | str | Unset): Free text: the component a `blocked-component` blocks (`verbal`, `somatic` or
                `material`), a Help's task, what an `other` effect does.
    """

    kind: str
    roll: str | Unset = "attack"
    against: None | str | Unset = UNSET
    value: int | Unset = 0
    uses: int | None | Unset = UNSET
    starts_round: int | None | Unset = UNSET
    duration: Duration | None | Unset = UNSET
    source: None | str | Unset = UNSET
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.duration import Duration  # noqa: PLC0415

        kind = self.kind

        roll = self.roll

        against: None | str | Unset
        if isinstance(self.against, Unset):
            against = UNSET
        else:
            against = self.against

        value = self.value

        uses: int | None | Unset
        if isinstance(self.uses, Unset):
            uses = UNSET
        else:
            uses = self.uses

        starts_round: int | None | Unset
        if isinstance(self.starts_round, Unset):
            starts_round = UNSET
        else:
            starts_round = self.starts_round

        duration: dict[str, Any] | None | Unset
        if isinstance(self.duration, Unset):
            duration = UNSET
        elif isinstance(self.duration, Duration):
            duration = self.duration.to_dict()
        else:
            duration = self.duration

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if roll is not UNSET:
            field_dict["roll"] = roll
        if against is not UNSET:
            field_dict["against"] = against
        if value is not UNSET:
            field_dict["value"] = value
        if uses is not UNSET:
            field_dict["uses"] = uses
        if starts_round is not UNSET:
            field_dict["startsRound"] = starts_round
        if duration is not UNSET:
            field_dict["duration"] = duration
        if source is not UNSET:
            field_dict["source"] = source
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.duration import Duration  # noqa: PLC0415

        d = dict(src_dict)
        kind = d.pop("kind")

        roll = d.pop("roll", UNSET)

        def _parse_against(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        against = _parse_against(d.pop("against", UNSET))

        value = d.pop("value", UNSET)

        def _parse_uses(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        uses = _parse_uses(d.pop("uses", UNSET))

        def _parse_starts_round(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        starts_round = _parse_starts_round(d.pop("startsRound", UNSET))

        def _parse_duration(data: object) -> Duration | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                duration_type_0 = Duration.from_dict(data)

                return duration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Duration | None | Unset, data)

        duration = _parse_duration(d.pop("duration", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        effect = cls(
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

        return effect

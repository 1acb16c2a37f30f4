from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.death_save import DeathSave


T = TypeVar("T", bound="NextTurnOutcome")


@_attrs_define
class NextTurnOutcome:
    """Whose turn ended, whose began, the round, and what the start of the turn rolled.

    Attributes:
        previous (None | str):
        turn_of (None | str):
        round (int):
        new_round (bool):
        death_save (DeathSave | None):
        expired (list[str]): `combatantId:name` of every condition and effect that ended, `area:kind` for areas.
        readied_lapsed (bool):  Default: False.
        sides_standing (list[str]): Sides with a combatant still up (alive and conscious).
        fight_over (bool): At most one side is left standing (`d20.order.steps`). Default: False.
    """

    previous: None | str
    turn_of: None | str
    round: int
    new_round: bool
    death_save: DeathSave | None
    expired: list[str]
    sides_standing: list[str]
    readied_lapsed: bool = False
    fight_over: bool = False

    def to_dict(self) -> dict[str, Any]:
        from ..models.death_save import DeathSave  # noqa: PLC0415

        previous: None | str
        previous = self.previous

        turn_of: None | str
        turn_of = self.turn_of

        round = self.round

        new_round = self.new_round

        death_save: dict[str, Any] | None
        if isinstance(self.death_save, DeathSave):
            death_save = self.death_save.to_dict()
        else:
            death_save = self.death_save

        expired = self.expired

        readied_lapsed = self.readied_lapsed

        sides_standing = self.sides_standing

        fight_over = self.fight_over

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "previous": previous,
                "turnOf": turn_of,
                "round": round,
                "newRound": new_round,
                "deathSave": death_save,
                "expired": expired,
                "readiedLapsed": readied_lapsed,
                "sidesStanding": sides_standing,
                "fightOver": fight_over,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.death_save import DeathSave  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))

        def _parse_turn_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        turn_of = _parse_turn_of(d.pop("turnOf"))

        round = d.pop("round")

        new_round = d.pop("newRound")

        def _parse_death_save(data: object) -> DeathSave | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                death_save_type_0 = DeathSave.from_dict(data)

                return death_save_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeathSave | None, data)

        death_save = _parse_death_save(d.pop("deathSave"))

        expired = cast(list[str], d.pop("expired"))

        readied_lapsed = d.pop("readiedLapsed")

        sides_standing = cast(list[str], d.pop("sidesStanding"))

        fight_over = d.pop("fightOver")

        next_turn_outcome = cls(
            previous=previous,
            turn_of=turn_of,
            round=round,
            new_round=new_round,
            death_save=death_save,
            expired=expired,
            readied_lapsed=readied_lapsed,
            sides_standing=sides_standing,
            fight_over=fight_over,
        )

        return next_turn_outcome

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.roll_side import RollSide


T = TypeVar("T", bound="SaveCheckOutcome")


@_attrs_define
class SaveCheckOutcome:
    """`d20.save`: a saving throw or ability check and its result; nothing else changed.

    Attributes:
        combatant_id (str):
        roll (RollSide): One creature's roll of a save or check: each d20, the bonus, the total, and why it
            had advantage, disadvantage or failed whatever the total.
        success (bool):
        automatic_failure (bool):
        dc (int | None):
        contest (None | RollSide): The other creature's check, in a contest.
    """

    combatant_id: str
    roll: RollSide
    success: bool
    automatic_failure: bool
    dc: int | None
    contest: None | RollSide

    def to_dict(self) -> dict[str, Any]:
        from ..models.roll_side import RollSide  # noqa: PLC0415

        combatant_id = self.combatant_id

        roll = self.roll.to_dict()

        success = self.success

        automatic_failure = self.automatic_failure

        dc: int | None
        dc = self.dc

        contest: dict[str, Any] | None
        if isinstance(self.contest, RollSide):
            contest = self.contest.to_dict()
        else:
            contest = self.contest

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "roll": roll,
                "success": success,
                "automaticFailure": automatic_failure,
                "dc": dc,
                "contest": contest,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.roll_side import RollSide  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        roll = RollSide.from_dict(d.pop("roll"))

        success = d.pop("success")

        automatic_failure = d.pop("automaticFailure")

        def _parse_dc(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        dc = _parse_dc(d.pop("dc"))

        def _parse_contest(data: object) -> None | RollSide:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                contest_type_0 = RollSide.from_dict(data)

                return contest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RollSide, data)

        contest = _parse_contest(d.pop("contest"))

        save_check_outcome = cls(
            combatant_id=combatant_id,
            roll=roll,
            success=success,
            automatic_failure=automatic_failure,
            dc=dc,
            contest=contest,
        )

        return save_check_outcome

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.dice_check import DiceCheck
    from ..models.difference import Difference


T = TypeVar("T", bound="Verification")


@_attrs_define
class Verification:
    """Whether re-applying a session's replay log, from its first version, with the pure
    engine reproduces what the session stored.

        Attributes:
            reproduced (bool): True when every version's events, every stored state and the current state are
                reproduced exactly.
            version (int): The session's version that was verified (its current version when read).
            steps (int): How many steps were replayed.
            first_difference (Difference | None): Where the replay first differs; null when `reproduced`.
            dice (DiceCheck | None): Whether the seeds of the versions replayed came from the session's commitments
                (apart from `reproduced`); null for a session without a commitment.
    """

    reproduced: bool
    version: int
    steps: int
    first_difference: Difference | None
    dice: DiceCheck | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.dice_check import DiceCheck  # noqa: PLC0415
        from ..models.difference import Difference  # noqa: PLC0415

        reproduced = self.reproduced

        version = self.version

        steps = self.steps

        first_difference: dict[str, Any] | None
        if isinstance(self.first_difference, Difference):
            first_difference = self.first_difference.to_dict()
        else:
            first_difference = self.first_difference

        dice: dict[str, Any] | None
        if isinstance(self.dice, DiceCheck):
            dice = self.dice.to_dict()
        else:
            dice = self.dice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reproduced": reproduced,
                "version": version,
                "steps": steps,
                "firstDifference": first_difference,
                "dice": dice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dice_check import DiceCheck  # noqa: PLC0415
        from ..models.difference import Difference  # noqa: PLC0415

        d = dict(src_dict)
        reproduced = d.pop("reproduced")

        version = d.pop("version")

        steps = d.pop("steps")

        def _parse_first_difference(data: object) -> Difference | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                first_difference_type_0 = Difference.from_dict(data)

                return first_difference_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Difference | None, data)

        first_difference = _parse_first_difference(d.pop("firstDifference"))

        def _parse_dice(data: object) -> DiceCheck | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                dice_type_0 = DiceCheck.from_dict(data)

                return dice_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DiceCheck | None, data)

        dice = _parse_dice(d.pop("dice"))

        verification = cls(
            reproduced=reproduced,
            version=version,
            steps=steps,
            first_difference=first_difference,
            dice=dice,
        )

        return verification

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
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
    """

    reproduced: bool
    version: int
    steps: int
    first_difference: Difference | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.difference import Difference  # noqa: PLC0415

        reproduced = self.reproduced

        version = self.version

        steps = self.steps

        first_difference: dict[str, Any] | None
        if isinstance(self.first_difference, Difference):
            first_difference = self.first_difference.to_dict()
        else:
            first_difference = self.first_difference

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reproduced": reproduced,
                "version": version,
                "steps": steps,
                "firstDifference": first_difference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
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

        verification = cls(
            reproduced=reproduced,
            version=version,
            steps=steps,
            first_difference=first_difference,
        )

        return verification

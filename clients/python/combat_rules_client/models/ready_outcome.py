from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.readied_action_output import ReadiedActionOutput


T = TypeVar("T", bound="ReadyOutcome")


@_attrs_define
class ReadyOutcome:
    """The action now held, and the concentration a readied spell ended.

    Attributes:
        combatant_id (str):
        readied (ReadiedActionOutput): An action held for a trigger (`d20.ready.*`); it fires or is declined by
            `triggerReadied` and lapses at the start of its owner's next turn.
        ended_concentration (None | str): The spell whose concentration readying a spell ended.
    """

    combatant_id: str
    readied: ReadiedActionOutput
    ended_concentration: None | str

    def to_dict(self) -> dict[str, Any]:
        combatant_id = self.combatant_id

        readied = self.readied.to_dict()

        ended_concentration: None | str
        ended_concentration = self.ended_concentration

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "combatantId": combatant_id,
                "readied": readied,
                "endedConcentration": ended_concentration,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.readied_action_output import ReadiedActionOutput  # noqa: PLC0415

        d = dict(src_dict)
        combatant_id = d.pop("combatantId")

        readied = ReadiedActionOutput.from_dict(d.pop("readied"))

        def _parse_ended_concentration(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ended_concentration = _parse_ended_concentration(d.pop("endedConcentration"))

        ready_outcome = cls(
            combatant_id=combatant_id,
            readied=readied,
            ended_concentration=ended_concentration,
        )

        return ready_outcome

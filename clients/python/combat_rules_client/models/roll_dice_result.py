from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.dice_rolled_outcome import DiceRolledOutcome
    from ..models.encounter_output import EncounterOutput
    from ..models.event import Event
    from ..models.patch_operation import PatchOperation


T = TypeVar("T", bound="RollDiceResult")


@_attrs_define
class RollDiceResult:
    """The result of rollDice: the new encounter, every event, a summary and the seed.

    Attributes:
        encounter (EncounterOutput): The whole state of one fight.
        events (list[Event]): Every roll and decision, in order.
        outcome (DiceRolledOutcome): A free roll: its total (the dice are in the `roll` event); nothing changed.
        seed (int): The seed the random source was built from: send it back to replay this result.
        changes (list[PatchOperation]): What the action changed: an RFC 6902 JSON Patch from the encounter it ran on (as
            the service answers it) to `encounter`.
    """

    encounter: EncounterOutput
    events: list[Event]
    outcome: DiceRolledOutcome
    seed: int
    changes: list[PatchOperation]

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        outcome = self.outcome.to_dict()

        seed = self.seed

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
                "events": events,
                "outcome": outcome,
                "seed": seed,
                "changes": changes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.dice_rolled_outcome import DiceRolledOutcome  # noqa: PLC0415
        from ..models.encounter_output import EncounterOutput  # noqa: PLC0415
        from ..models.event import Event  # noqa: PLC0415
        from ..models.patch_operation import PatchOperation  # noqa: PLC0415

        d = dict(src_dict)
        encounter = EncounterOutput.from_dict(d.pop("encounter"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        outcome = DiceRolledOutcome.from_dict(d.pop("outcome"))

        seed = d.pop("seed")

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = PatchOperation.from_dict(changes_item_data)

            changes.append(changes_item)

        roll_dice_result = cls(
            encounter=encounter,
            events=events,
            outcome=outcome,
            seed=seed,
            changes=changes,
        )

        return roll_dice_result

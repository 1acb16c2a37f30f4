from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ruleset import Ruleset

if TYPE_CHECKING:
    from ..models.area_output import AreaOutput
    from ..models.combatant_output import CombatantOutput
    from ..models.grid_output import GridOutput
    from ..models.initiative_entry_output import InitiativeEntryOutput
    from ..models.pending_choice_output import PendingChoiceOutput
    from ..models.step_output import StepOutput


T = TypeVar("T", bound="EncounterOutput")


@_attrs_define
class EncounterOutput:
    """The whole state of one fight.

    Attributes:
        ruleset (Ruleset): One of: `d20`, `d100`, `d10`.
        grid (GridOutput): The battle map. Squares are 5 ft; hexes are 5 ft across, addressed by axial coordinates.
        combatants (list[CombatantOutput]): Every creature in the fight, ids unique. Their order here breaks the ties
            the rules leave: a
            d20 group's bonus, d100 distances to the entry point, d10 turns on one count.
        round (int): 0 until initiative is rolled. Default: 0.
        turn_of (None | str): Whose turn it is, by combatant id.
        order (list[InitiativeEntryOutput]): The initiative order, first to act first.
        pending_choices (list[PendingChoiceOutput]): Decisions the rules wait for (d20 critical-table effects left to a
            person, opportunity
            attacks a fumble offers: `d20.crit.effects`), answered with `resolveChoice`. Send them back
            as the service answered them.
        areas (list[AreaOutput]): Areas on the map, such as the smoke a critical band leaves; a heavily obscured one
            blocks
            sight (`d20.facing.none`).
        step (None | StepOutput): d10 only: the open simultaneous step.
    """

    ruleset: Ruleset
    grid: GridOutput
    combatants: list[CombatantOutput]
    turn_of: None | str
    order: list[InitiativeEntryOutput]
    pending_choices: list[PendingChoiceOutput]
    areas: list[AreaOutput]
    step: None | StepOutput
    round: int = 0

    def to_dict(self) -> dict[str, Any]:
        from ..models.step_output import StepOutput  # noqa: PLC0415

        ruleset = self.ruleset.value

        grid = self.grid.to_dict()

        combatants = []
        for combatants_item_data in self.combatants:
            combatants_item = combatants_item_data.to_dict()
            combatants.append(combatants_item)

        round = self.round

        turn_of: None | str
        turn_of = self.turn_of

        order = []
        for order_item_data in self.order:
            order_item = order_item_data.to_dict()
            order.append(order_item)

        pending_choices = []
        for pending_choices_item_data in self.pending_choices:
            pending_choices_item = pending_choices_item_data.to_dict()
            pending_choices.append(pending_choices_item)

        areas = []
        for areas_item_data in self.areas:
            areas_item = areas_item_data.to_dict()
            areas.append(areas_item)

        step: dict[str, Any] | None
        if isinstance(self.step, StepOutput):
            step = self.step.to_dict()
        else:
            step = self.step

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ruleset": ruleset,
                "grid": grid,
                "combatants": combatants,
                "round": round,
                "turnOf": turn_of,
                "order": order,
                "pendingChoices": pending_choices,
                "areas": areas,
                "step": step,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.area_output import AreaOutput  # noqa: PLC0415
        from ..models.combatant_output import CombatantOutput  # noqa: PLC0415
        from ..models.grid_output import GridOutput  # noqa: PLC0415
        from ..models.initiative_entry_output import InitiativeEntryOutput  # noqa: PLC0415
        from ..models.pending_choice_output import PendingChoiceOutput  # noqa: PLC0415
        from ..models.step_output import StepOutput  # noqa: PLC0415

        d = dict(src_dict)
        ruleset = Ruleset(d.pop("ruleset"))

        grid = GridOutput.from_dict(d.pop("grid"))

        combatants = []
        _combatants = d.pop("combatants")
        for combatants_item_data in _combatants:
            combatants_item = CombatantOutput.from_dict(combatants_item_data)

            combatants.append(combatants_item)

        round = d.pop("round")

        def _parse_turn_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        turn_of = _parse_turn_of(d.pop("turnOf"))

        order = []
        _order = d.pop("order")
        for order_item_data in _order:
            order_item = InitiativeEntryOutput.from_dict(order_item_data)

            order.append(order_item)

        pending_choices = []
        _pending_choices = d.pop("pendingChoices")
        for pending_choices_item_data in _pending_choices:
            pending_choices_item = PendingChoiceOutput.from_dict(pending_choices_item_data)

            pending_choices.append(pending_choices_item)

        areas = []
        _areas = d.pop("areas")
        for areas_item_data in _areas:
            areas_item = AreaOutput.from_dict(areas_item_data)

            areas.append(areas_item)

        def _parse_step(data: object) -> None | StepOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                step_type_0 = StepOutput.from_dict(data)

                return step_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | StepOutput, data)

        step = _parse_step(d.pop("step"))

        encounter_output = cls(
            ruleset=ruleset,
            grid=grid,
            combatants=combatants,
            round=round,
            turn_of=turn_of,
            order=order,
            pending_choices=pending_choices,
            areas=areas,
            step=step,
        )

        return encounter_output

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ruleset import Ruleset
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.area import Area
    from ..models.combatant import Combatant
    from ..models.grid import Grid
    from ..models.initiative_entry import InitiativeEntry
    from ..models.pending_choice import PendingChoice
    from ..models.step import Step


T = TypeVar("T", bound="Encounter")


@_attrs_define
class Encounter:
    """The whole state of one fight.

    Attributes:
        ruleset (Ruleset): One of: `d20`, `d100`, `d10`.
        grid (Grid): The battle map. Squares are 5 ft; hexes are 5 ft across, addressed by axial coordinates.
        combatants (list[Combatant]): Every creature in the fight, ids unique. Their order here breaks the ties the
            rules leave: a
            d20 group's bonus, d100 distances to the entry point, d10 turns on one count.
        round (int | Unset): 0 until initiative is rolled. Default: 0.
        turn_of (None | str | Unset): Whose turn it is, by combatant id.
        order (list[InitiativeEntry] | Unset): The initiative order, first to act first.
        pending_choices (list[PendingChoice] | Unset): Decisions the rules wait for (d20 critical-table effects left to
            a person, opportunity
            attacks a fumble offers: `d20.crit.effects`), answered with `resolveChoice`. Send them back
            as the service answered them.
        areas (list[Area] | Unset): Areas on the map, such as the smoke a critical band leaves; a heavily obscured one
            blocks
            sight (`d20.facing.none`).
        step (None | Step | Unset): d10 only: the open simultaneous step.
    """

    ruleset: Ruleset
    grid: Grid
    combatants: list[Combatant]
    round: int | Unset = 0
    turn_of: None | str | Unset = UNSET
    order: list[InitiativeEntry] | Unset = UNSET
    pending_choices: list[PendingChoice] | Unset = UNSET
    areas: list[Area] | Unset = UNSET
    step: None | Step | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.step import Step  # noqa: PLC0415

        ruleset = self.ruleset.value

        grid = self.grid.to_dict()

        combatants = []
        for combatants_item_data in self.combatants:
            combatants_item = combatants_item_data.to_dict()
            combatants.append(combatants_item)

        round = self.round

        turn_of: None | str | Unset
        if isinstance(self.turn_of, Unset):
            turn_of = UNSET
        else:
            turn_of = self.turn_of

        order: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.order, Unset):
            order = []
            for order_item_data in self.order:
                order_item = order_item_data.to_dict()
                order.append(order_item)

        pending_choices: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.pending_choices, Unset):
            pending_choices = []
            for pending_choices_item_data in self.pending_choices:
                pending_choices_item = pending_choices_item_data.to_dict()
                pending_choices.append(pending_choices_item)

        areas: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.areas, Unset):
            areas = []
            for areas_item_data in self.areas:
                areas_item = areas_item_data.to_dict()
                areas.append(areas_item)

        step: dict[str, Any] | None | Unset
        if isinstance(self.step, Unset):
            step = UNSET
        elif isinstance(self.step, Step):
            step = self.step.to_dict()
        else:
            step = self.step

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ruleset": ruleset,
                "grid": grid,
                "combatants": combatants,
            }
        )
        if round is not UNSET:
            field_dict["round"] = round
        if turn_of is not UNSET:
            field_dict["turnOf"] = turn_of
        if order is not UNSET:
            field_dict["order"] = order
        if pending_choices is not UNSET:
            field_dict["pendingChoices"] = pending_choices
        if areas is not UNSET:
            field_dict["areas"] = areas
        if step is not UNSET:
            field_dict["step"] = step

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.area import Area  # noqa: PLC0415
        from ..models.combatant import Combatant  # noqa: PLC0415
        from ..models.grid import Grid  # noqa: PLC0415
        from ..models.initiative_entry import InitiativeEntry  # noqa: PLC0415
        from ..models.pending_choice import PendingChoice  # noqa: PLC0415
        from ..models.step import Step  # noqa: PLC0415

        d = dict(src_dict)
        ruleset = Ruleset(d.pop("ruleset"))

        grid = Grid.from_dict(d.pop("grid"))

        combatants = []
        _combatants = d.pop("combatants")
        for combatants_item_data in _combatants:
            combatants_item = Combatant.from_dict(combatants_item_data)

            combatants.append(combatants_item)

        round = d.pop("round", UNSET)

        def _parse_turn_of(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        turn_of = _parse_turn_of(d.pop("turnOf", UNSET))

        _order = d.pop("order", UNSET)
        order: list[InitiativeEntry] | Unset = UNSET
        if _order is not UNSET:
            order = []
            for order_item_data in _order:
                order_item = InitiativeEntry.from_dict(order_item_data)

                order.append(order_item)

        _pending_choices = d.pop("pendingChoices", UNSET)
        pending_choices: list[PendingChoice] | Unset = UNSET
        if _pending_choices is not UNSET:
            pending_choices = []
            for pending_choices_item_data in _pending_choices:
                pending_choices_item = PendingChoice.from_dict(pending_choices_item_data)

                pending_choices.append(pending_choices_item)

        _areas = d.pop("areas", UNSET)
        areas: list[Area] | Unset = UNSET
        if _areas is not UNSET:
            areas = []
            for areas_item_data in _areas:
                areas_item = Area.from_dict(areas_item_data)

                areas.append(areas_item)

        def _parse_step(data: object) -> None | Step | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                step_type_0 = Step.from_dict(data)

                return step_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Step | Unset, data)

        step = _parse_step(d.pop("step", UNSET))

        encounter = cls(
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

        return encounter

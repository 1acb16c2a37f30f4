from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.attack_ammo_problem import AttackAmmoProblem
from ..models.attack_components import AttackComponents
from ..models.attack_kind import AttackKind

if TYPE_CHECKING:
    from ..models.cell import Cell


T = TypeVar("T", bound="AttackOutput")


@_attrs_define
class AttackOutput:
    """An attack a combatant can make, or the caller can describe inline.

    Attributes:
        name (str): What requests call it (`attackName`); where two of a combatant's attacks share a name, the
            first is used.
        bonus (int): Added to the attack roll. Default: 0.
        damage (str): Damage in dice notation (`1d8+3`); every die here is doubled on a critical hit, so
            extra dice that are part of the attack (sneak attack...) belong in it. Default: '1d4'.
        kind (AttackKind): One of: `melee`, `ranged`, `spell`.
        reach (int): Melee reach in feet. Default: 5.
        range (int | None): Normal range in feet for ranged and spell attacks; null: no limit.
        long_range (int | None): Long range in feet (ranged and spell attacks): beyond `range` and up to this the attack
            has
            disadvantage (`long-range`: `d20.grid.range`), farther it is refused; null: no long
            range.
        damage_type (None | str): A label (`slashing`, `fire`...) carried for the client: the service applies no
            resistance, immunity or vulnerability.
        condition (int | None): Weapon condition (d100); 0 is broken and unusable until repaired. Null: not tracked.
        max_condition (int | None): d100: the weapon's full condition, what `repair` restores (`d100.action.repair`);
            null:
            no maximum, and a repair must say how much it restores.
        ammo (int | None): Rounds loaded (d100 guns and energy weapons); null: the weapon uses no ammunition.
        capacity (int | None): d100: rounds the weapon holds when full; `reload` fills it up to this
            (`d100.action.reload`), and needs `ammo`, `capacity` and `ammoType` all set.
        ammo_type (None | str): d100: the kind of rounds it fires (`9mm`...): `reload` takes them from its holder's
            `ammunition` of that type (`d100.action.reload`).
        components (list[AttackComponents] | None): The components a spell attack needs; while one of them is blocked (a
            `blocked-component` effect) the spell can't be cast. Null: not tracked.
        dropped_at (Cell | None): Where this weapon lies once a critical fumble or a disarm dropped, flung or knocked
            it from its holder's hand, or its holder fell unconscious (`d20.cond`: the weapon held
            is the first attack that is not a spell); attacks with it are refused until it is picked
            up (an object interaction within reach of that cell: `interact` with `weapon`).
        ammo_problem (AttackAmmoProblem | None): A critical fumble disturbed its ammunition (`d20.crit.effects`):
            `spilled`: each
            ranged attack needs a piece picked up first (`interact` with `weapon`; `picked-up`
            until the shot); `lodged`: the next ranged attack needs an action spent freeing it
            (`interact` with `weapon`, which takes the action).
    """

    name: str
    kind: AttackKind
    range: int | None
    long_range: int | None
    damage_type: None | str
    condition: int | None
    max_condition: int | None
    ammo: int | None
    capacity: int | None
    ammo_type: None | str
    components: list[AttackComponents] | None
    dropped_at: Cell | None
    ammo_problem: AttackAmmoProblem | None
    bonus: int = 0
    damage: str = "1d4"
    reach: int = 5

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        name = self.name

        bonus = self.bonus

        damage = self.damage

        kind = self.kind.value

        reach = self.reach

        range: int | None
        range = self.range

        long_range: int | None
        long_range = self.long_range

        damage_type: None | str
        damage_type = self.damage_type

        condition: int | None
        condition = self.condition

        max_condition: int | None
        max_condition = self.max_condition

        ammo: int | None
        ammo = self.ammo

        capacity: int | None
        capacity = self.capacity

        ammo_type: None | str
        ammo_type = self.ammo_type

        components: list[str] | None
        if isinstance(self.components, list):
            components = []
            for components_type_0_item_data in self.components:
                components_type_0_item = components_type_0_item_data.value
                components.append(components_type_0_item)

        else:
            components = self.components

        dropped_at: dict[str, Any] | None
        if isinstance(self.dropped_at, Cell):
            dropped_at = self.dropped_at.to_dict()
        else:
            dropped_at = self.dropped_at

        ammo_problem: None | str
        if isinstance(self.ammo_problem, AttackAmmoProblem):
            ammo_problem = self.ammo_problem.value
        else:
            ammo_problem = self.ammo_problem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "bonus": bonus,
                "damage": damage,
                "kind": kind,
                "reach": reach,
                "range": range,
                "longRange": long_range,
                "damageType": damage_type,
                "condition": condition,
                "maxCondition": max_condition,
                "ammo": ammo,
                "capacity": capacity,
                "ammoType": ammo_type,
                "components": components,
                "droppedAt": dropped_at,
                "ammoProblem": ammo_problem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        bonus = d.pop("bonus")

        damage = d.pop("damage")

        kind = AttackKind(d.pop("kind"))

        reach = d.pop("reach")

        def _parse_range(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        range = _parse_range(d.pop("range"))

        def _parse_long_range(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        long_range = _parse_long_range(d.pop("longRange"))

        def _parse_damage_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        damage_type = _parse_damage_type(d.pop("damageType"))

        def _parse_condition(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        condition = _parse_condition(d.pop("condition"))

        def _parse_max_condition(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_condition = _parse_max_condition(d.pop("maxCondition"))

        def _parse_ammo(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        ammo = _parse_ammo(d.pop("ammo"))

        def _parse_capacity(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        capacity = _parse_capacity(d.pop("capacity"))

        def _parse_ammo_type(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        ammo_type = _parse_ammo_type(d.pop("ammoType"))

        def _parse_components(data: object) -> list[AttackComponents] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                components_type_0 = []
                _components_type_0 = data
                for components_type_0_item_data in _components_type_0:
                    components_type_0_item = AttackComponents(components_type_0_item_data)

                    components_type_0.append(components_type_0_item)

                return components_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[AttackComponents] | None, data)

        components = _parse_components(d.pop("components"))

        def _parse_dropped_at(data: object) -> Cell | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                dropped_at_type_0 = Cell.from_dict(data)

                return dropped_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None, data)

        dropped_at = _parse_dropped_at(d.pop("droppedAt"))

        def _parse_ammo_problem(data: object) -> AttackAmmoProblem | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ammo_problem_type_0 = AttackAmmoProblem(data)

                return ammo_problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttackAmmoProblem | None, data)

        ammo_problem = _parse_ammo_problem(d.pop("ammoProblem"))

        attack_output = cls(
            name=name,
            bonus=bonus,
            damage=damage,
            kind=kind,
            reach=reach,
            range=range,
            long_range=long_range,
            damage_type=damage_type,
            condition=condition,
            max_condition=max_condition,
            ammo=ammo,
            capacity=capacity,
            ammo_type=ammo_type,
            components=components,
            dropped_at=dropped_at,
            ammo_problem=ammo_problem,
        )

        return attack_output

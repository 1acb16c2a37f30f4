from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.attack_ammo_problem import AttackAmmoProblem
from ..models.attack_components import AttackComponents
from ..models.attack_kind import AttackKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.cell import Cell


T = TypeVar("T", bound="Attack")


@_attrs_define
class Attack:
    """An attack a combatant can make, or the caller can describe inline.

    Attributes:
        name (str): What requests call it (`attackName`); where two of a combatant's attacks share a name, the
            first is used.
        bonus (int | Unset): Added to the attack roll. Default: 0.
        damage (str | Unset): Damage in dice notation (`1d8+3`); every die here is doubled on a critical hit, so
            extra dice that are part of the attack (sneak attack...) belong in it. Default: '1d4'.
        kind (AttackKind | Unset): One of: `melee`, `ranged`, `spell`.
        reach (int | Unset): Melee reach in feet. Default: 5.
        range (int | None | Unset): Normal range in feet for ranged and spell attacks; null: no limit.
        long_range (int | None | Unset): Long range in feet (ranged and spell attacks): beyond `range` and up to this
            the attack has
            disadvantage (`long-range`: `d20.grid.range`), farther it is refused; null: no long
            range.
        damage_type (None | str | Unset): A label (`slashing`, `fire`...) carried for the client: the service applies no
            resistance, immunity or vulnerability.
        condition (int | None | Unset): Weapon condition (d100); 0 is broken and unusable until repaired. Null: not
            tracked.
        max_condition (int | None | Unset): d100: the weapon's full condition, what `repair` restores
            (`d100.action.repair`); null:
            no maximum, and a repair must say how much it restores.
        ammo (int | None | Unset): Rounds loaded (d100 guns and energy weapons); null: the weapon uses no ammunition.
        capacity (int | None | Unset): d100: rounds the weapon holds when full; `reload` fills it up to this
            (`d100.action.reload`), and needs `ammo`, `capacity` and `ammoType` all set.
        ammo_type (None | str | Unset): d100: the kind of rounds it fires (`9mm`...): `reload` takes them from its
            holder's
            `ammunition` of that type (`d100.action.reload`).
        components (list[AttackComponents] | None | Unset): The components a spell attack needs; while one of them is
            blocked (a
            `blocked-component` effect) the spell can't be cast. Null: not tracked.
        dropped_at (Cell | None | Unset): Where this weapon lies once a critical fumble or a disarm dropped, flung or
            knocked
            it from its holder's hand, or its holder fell unconscious (`d20.cond`: the weapon held
            is the first attack that is not a spell); attacks with it are refused until it is picked
            up (an object interaction within reach of that cell: `interact` with `weapon`).
        ammo_problem (AttackAmmoProblem | None | Unset): A critical fumble disturbed its ammunition
            (`d20.crit.effects`): `spilled`: each
            ranged attack needs a piece picked up first (`interact` with `weapon`; `picked-up`
            until the shot); `lodged`: the next ranged attack needs an action spent freeing it
            (`interact` with `weapon`, which takes the action).
    """

    name: str
    bonus: int | Unset = 0
    damage: str | Unset = "1d4"
    kind: AttackKind | Unset = UNSET
    reach: int | Unset = 5
    range: int | None | Unset = UNSET
    long_range: int | None | Unset = UNSET
    damage_type: None | str | Unset = UNSET
    condition: int | None | Unset = UNSET
    max_condition: int | None | Unset = UNSET
    ammo: int | None | Unset = UNSET
    capacity: int | None | Unset = UNSET
    ammo_type: None | str | Unset = UNSET
    components: list[AttackComponents] | None | Unset = UNSET
    dropped_at: Cell | None | Unset = UNSET
    ammo_problem: AttackAmmoProblem | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        name = self.name

        bonus = self.bonus

        damage = self.damage

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        reach = self.reach

        range: int | None | Unset
        if isinstance(self.range, Unset):
            range = UNSET
        else:
            range = self.range

        long_range: int | None | Unset
        if isinstance(self.long_range, Unset):
            long_range = UNSET
        else:
            long_range = self.long_range

        damage_type: None | str | Unset
        if isinstance(self.damage_type, Unset):
            damage_type = UNSET
        else:
            damage_type = self.damage_type

        condition: int | None | Unset
        if isinstance(self.condition, Unset):
            condition = UNSET
        else:
            condition = self.condition

        max_condition: int | None | Unset
        if isinstance(self.max_condition, Unset):
            max_condition = UNSET
        else:
            max_condition = self.max_condition

        ammo: int | None | Unset
        if isinstance(self.ammo, Unset):
            ammo = UNSET
        else:
            ammo = self.ammo

        capacity: int | None | Unset
        if isinstance(self.capacity, Unset):
            capacity = UNSET
        else:
            capacity = self.capacity

        ammo_type: None | str | Unset
        if isinstance(self.ammo_type, Unset):
            ammo_type = UNSET
        else:
            ammo_type = self.ammo_type

        components: list[str] | None | Unset
        if isinstance(self.components, Unset):
            components = UNSET
        elif isinstance(self.components, list):
            components = []
            for components_type_0_item_data in self.components:
                components_type_0_item = components_type_0_item_data.value
                components.append(components_type_0_item)

        else:
            components = self.components

        dropped_at: dict[str, Any] | None | Unset
        if isinstance(self.dropped_at, Unset):
            dropped_at = UNSET
        elif isinstance(self.dropped_at, Cell):
            dropped_at = self.dropped_at.to_dict()
        else:
            dropped_at = self.dropped_at

        ammo_problem: None | str | Unset
        if isinstance(self.ammo_problem, Unset):
            ammo_problem = UNSET
        elif isinstance(self.ammo_problem, AttackAmmoProblem):
            ammo_problem = self.ammo_problem.value
        else:
            ammo_problem = self.ammo_problem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if bonus is not UNSET:
            field_dict["bonus"] = bonus
        if damage is not UNSET:
            field_dict["damage"] = damage
        if kind is not UNSET:
            field_dict["kind"] = kind
        if reach is not UNSET:
            field_dict["reach"] = reach
        if range is not UNSET:
            field_dict["range"] = range
        if long_range is not UNSET:
            field_dict["longRange"] = long_range
        if damage_type is not UNSET:
            field_dict["damageType"] = damage_type
        if condition is not UNSET:
            field_dict["condition"] = condition
        if max_condition is not UNSET:
            field_dict["maxCondition"] = max_condition
        if ammo is not UNSET:
            field_dict["ammo"] = ammo
        if capacity is not UNSET:
            field_dict["capacity"] = capacity
        if ammo_type is not UNSET:
            field_dict["ammoType"] = ammo_type
        if components is not UNSET:
            field_dict["components"] = components
        if dropped_at is not UNSET:
            field_dict["droppedAt"] = dropped_at
        if ammo_problem is not UNSET:
            field_dict["ammoProblem"] = ammo_problem

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cell import Cell  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        bonus = d.pop("bonus", UNSET)

        damage = d.pop("damage", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: AttackKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = AttackKind(_kind)

        reach = d.pop("reach", UNSET)

        def _parse_range(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        range = _parse_range(d.pop("range", UNSET))

        def _parse_long_range(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        long_range = _parse_long_range(d.pop("longRange", UNSET))

        def _parse_damage_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        damage_type = _parse_damage_type(d.pop("damageType", UNSET))

        def _parse_condition(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        condition = _parse_condition(d.pop("condition", UNSET))

        def _parse_max_condition(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_condition = _parse_max_condition(d.pop("maxCondition", UNSET))

        def _parse_ammo(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        ammo = _parse_ammo(d.pop("ammo", UNSET))

        def _parse_capacity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        capacity = _parse_capacity(d.pop("capacity", UNSET))

        def _parse_ammo_type(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ammo_type = _parse_ammo_type(d.pop("ammoType", UNSET))

        def _parse_components(data: object) -> list[AttackComponents] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
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
            return cast(list[AttackComponents] | None | Unset, data)

        components = _parse_components(d.pop("components", UNSET))

        def _parse_dropped_at(data: object) -> Cell | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                dropped_at_type_0 = Cell.from_dict(data)

                return dropped_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None | Unset, data)

        dropped_at = _parse_dropped_at(d.pop("droppedAt", UNSET))

        def _parse_ammo_problem(data: object) -> AttackAmmoProblem | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ammo_problem_type_0 = AttackAmmoProblem(data)

                return ammo_problem_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AttackAmmoProblem | None | Unset, data)

        ammo_problem = _parse_ammo_problem(d.pop("ammoProblem", UNSET))

        attack = cls(
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

        return attack

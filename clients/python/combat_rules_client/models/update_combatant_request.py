from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attack import Attack
    from ..models.cell import Cell
    from ..models.condition import Condition
    from ..models.effect import Effect
    from ..models.encounter import Encounter


T = TypeVar("T", bound="UpdateCombatantRequest")


@_attrs_define
class UpdateCombatantRequest:
    """DM: correct a creature (HP, position, conditions, effects, attacks, flags). Stateless: the encounter travels with
    the request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            combatant_id (str): The creature corrected.
            hp (int | None | Unset): Its hit points now, 0 to its `maxHp` (the new one, when both are given).
            temp_hp (int | None | Unset): Its temporary hit points now.
            max_hp (int | None | Unset): Its hit point maximum (`hp` must stay at most this).
            position (Cell | None | Unset): Where it stands now: a placed cell (its footprint, if it has one, moves with
                it), on
                the map, off the walls, in no other creature's space.
            conditions (list[Condition] | None | Unset): Its conditions, the whole list (`[]` clears them).
            effects (list[Effect] | None | Unset): Its effects, the whole list (`[]` clears them).
            attacks (list[Attack] | None | Unset): Its attacks, the whole list.
            features (list[str] | None | Unset): Its named features, the whole list.
            villain (bool | None | Unset): It follows the player-character death rules (`d20.death.monsters`).
            immune_to_flanking (bool | None | Unset): It can't be flanked (`d20.flank.size-limit`).
            stable (bool | None | Unset): At 0 HP and stable (`d20.death.stable`).
            dead (bool | None | Unset): Dead (`d20.hp.zero`): only at 0 HP.
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    combatant_id: str
    hp: int | None | Unset = UNSET
    temp_hp: int | None | Unset = UNSET
    max_hp: int | None | Unset = UNSET
    position: Cell | None | Unset = UNSET
    conditions: list[Condition] | None | Unset = UNSET
    effects: list[Effect] | None | Unset = UNSET
    attacks: list[Attack] | None | Unset = UNSET
    features: list[str] | None | Unset = UNSET
    villain: bool | None | Unset = UNSET
    immune_to_flanking: bool | None | Unset = UNSET
    stable: bool | None | Unset = UNSET
    dead: bool | None | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.cell import Cell  # noqa: PLC0415

        encounter = self.encounter.to_dict()

        combatant_id = self.combatant_id

        hp: int | None | Unset
        if isinstance(self.hp, Unset):
            hp = UNSET
        else:
            hp = self.hp

        temp_hp: int | None | Unset
        if isinstance(self.temp_hp, Unset):
            temp_hp = UNSET
        else:
            temp_hp = self.temp_hp

        max_hp: int | None | Unset
        if isinstance(self.max_hp, Unset):
            max_hp = UNSET
        else:
            max_hp = self.max_hp

        position: dict[str, Any] | None | Unset
        if isinstance(self.position, Unset):
            position = UNSET
        elif isinstance(self.position, Cell):
            position = self.position.to_dict()
        else:
            position = self.position

        conditions: list[dict[str, Any]] | None | Unset
        if isinstance(self.conditions, Unset):
            conditions = UNSET
        elif isinstance(self.conditions, list):
            conditions = []
            for conditions_type_0_item_data in self.conditions:
                conditions_type_0_item = conditions_type_0_item_data.to_dict()
                conditions.append(conditions_type_0_item)

        else:
            conditions = self.conditions

        effects: list[dict[str, Any]] | None | Unset
        if isinstance(self.effects, Unset):
            effects = UNSET
        elif isinstance(self.effects, list):
            effects = []
            for effects_type_0_item_data in self.effects:
                effects_type_0_item = effects_type_0_item_data.to_dict()
                effects.append(effects_type_0_item)

        else:
            effects = self.effects

        attacks: list[dict[str, Any]] | None | Unset
        if isinstance(self.attacks, Unset):
            attacks = UNSET
        elif isinstance(self.attacks, list):
            attacks = []
            for attacks_type_0_item_data in self.attacks:
                attacks_type_0_item = attacks_type_0_item_data.to_dict()
                attacks.append(attacks_type_0_item)

        else:
            attacks = self.attacks

        features: list[str] | None | Unset
        if isinstance(self.features, Unset):
            features = UNSET
        elif isinstance(self.features, list):
            features = self.features

        else:
            features = self.features

        villain: bool | None | Unset
        if isinstance(self.villain, Unset):
            villain = UNSET
        else:
            villain = self.villain

        immune_to_flanking: bool | None | Unset
        if isinstance(self.immune_to_flanking, Unset):
            immune_to_flanking = UNSET
        else:
            immune_to_flanking = self.immune_to_flanking

        stable: bool | None | Unset
        if isinstance(self.stable, Unset):
            stable = UNSET
        else:
            stable = self.stable

        dead: bool | None | Unset
        if isinstance(self.dead, Unset):
            dead = UNSET
        else:
            dead = self.dead

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
                "combatantId": combatant_id,
            }
        )
        if hp is not UNSET:
            field_dict["hp"] = hp
        if temp_hp is not UNSET:
            field_dict["tempHp"] = temp_hp
        if max_hp is not UNSET:
            field_dict["maxHp"] = max_hp
        if position is not UNSET:
            field_dict["position"] = position
        if conditions is not UNSET:
            field_dict["conditions"] = conditions
        if effects is not UNSET:
            field_dict["effects"] = effects
        if attacks is not UNSET:
            field_dict["attacks"] = attacks
        if features is not UNSET:
            field_dict["features"] = features
        if villain is not UNSET:
            field_dict["villain"] = villain
        if immune_to_flanking is not UNSET:
            field_dict["immuneToFlanking"] = immune_to_flanking
        if stable is not UNSET:
            field_dict["stable"] = stable
        if dead is not UNSET:
            field_dict["dead"] = dead
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attack import Attack  # noqa: PLC0415
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.condition import Condition  # noqa: PLC0415
        from ..models.effect import Effect  # noqa: PLC0415
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        combatant_id = d.pop("combatantId")

        def _parse_hp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        hp = _parse_hp(d.pop("hp", UNSET))

        def _parse_temp_hp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        temp_hp = _parse_temp_hp(d.pop("tempHp", UNSET))

        def _parse_max_hp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_hp = _parse_max_hp(d.pop("maxHp", UNSET))

        def _parse_position(data: object) -> Cell | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                position_type_0 = Cell.from_dict(data)

                return position_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Cell | None | Unset, data)

        position = _parse_position(d.pop("position", UNSET))

        def _parse_conditions(data: object) -> list[Condition] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                conditions_type_0 = []
                _conditions_type_0 = data
                for conditions_type_0_item_data in _conditions_type_0:
                    conditions_type_0_item = Condition.from_dict(conditions_type_0_item_data)

                    conditions_type_0.append(conditions_type_0_item)

                return conditions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Condition] | None | Unset, data)

        conditions = _parse_conditions(d.pop("conditions", UNSET))

        def _parse_effects(data: object) -> list[Effect] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                effects_type_0 = []
                _effects_type_0 = data
                for effects_type_0_item_data in _effects_type_0:
                    effects_type_0_item = Effect.from_dict(effects_type_0_item_data)

                    effects_type_0.append(effects_type_0_item)

                return effects_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Effect] | None | Unset, data)

        effects = _parse_effects(d.pop("effects", UNSET))

        def _parse_attacks(data: object) -> list[Attack] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                attacks_type_0 = []
                _attacks_type_0 = data
                for attacks_type_0_item_data in _attacks_type_0:
                    attacks_type_0_item = Attack.from_dict(attacks_type_0_item_data)

                    attacks_type_0.append(attacks_type_0_item)

                return attacks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Attack] | None | Unset, data)

        attacks = _parse_attacks(d.pop("attacks", UNSET))

        def _parse_features(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                features_type_0 = cast(list[str], data)

                return features_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        features = _parse_features(d.pop("features", UNSET))

        def _parse_villain(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        villain = _parse_villain(d.pop("villain", UNSET))

        def _parse_immune_to_flanking(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        immune_to_flanking = _parse_immune_to_flanking(d.pop("immuneToFlanking", UNSET))

        def _parse_stable(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        stable = _parse_stable(d.pop("stable", UNSET))

        def _parse_dead(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        dead = _parse_dead(d.pop("dead", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        update_combatant_request = cls(
            encounter=encounter,
            combatant_id=combatant_id,
            hp=hp,
            temp_hp=temp_hp,
            max_hp=max_hp,
            position=position,
            conditions=conditions,
            effects=effects,
            attacks=attacks,
            features=features,
            villain=villain,
            immune_to_flanking=immune_to_flanking,
            stable=stable,
            dead=dead,
            seed=seed,
        )

        return update_combatant_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.combatant_kind import CombatantKind
from ..models.size import Size

if TYPE_CHECKING:
    from ..models.abilities_output import AbilitiesOutput
    from ..models.attack_output import AttackOutput
    from ..models.cell import Cell
    from ..models.combatant_output_ammunition import CombatantOutputAmmunition
    from ..models.combatant_output_skills import CombatantOutputSkills
    from ..models.condition_output import ConditionOutput
    from ..models.death_saves_output import DeathSavesOutput
    from ..models.effect_output import EffectOutput
    from ..models.readied_action_output import ReadiedActionOutput
    from ..models.turn_budget_output import TurnBudgetOutput


T = TypeVar("T", bound="CombatantOutput")


@_attrs_define
class CombatantOutput:
    """One creature in the fight.

    Attributes:
        id (str): Unique in the encounter, not blank, no control characters: the id every combatant field of a
            request (`attackerId`, `targetId`...) names it by.
        name (str): Shown in messages and refusals (not blank, no control characters).
        side (str): Combatants on the same side are allies; every other side is hostile.
        position (Cell): A grid cell: `x` column and `y` row on squares (y grows downward); axial `q`
            (as `x`) and `r` (as `y`) on hexes.
        hp (int): Current hit points, 0 to `maxHp`; 0 means down: unconscious, or dead for a monster
            (`d20.death.monsters`).
        max_hp (int): Hit point maximum: healing stops there, and instant death compares the damage left at 0 HP
            with it (`d20.death.instant`, `d100.death.instant`); halved from exhaustion level 4.
        ac (int): Armour class: an attack hits when its total meets it plus cover and active `ac-bonus`
            effects (`d20.attack.roll`, `d20.cover.degrees`).
        kind (CombatantKind): One of: `pc`, `monster`.
        villain (bool): A mighty villain or special NPC: follows the player-character death rules. Default: False.
        size (Size): One of: `tiny`, `small`, `medium`, `large`, `huge`, `colossal`, `gargantuan`.
        temp_hp (int): Temporary hit points: damage takes them first, then `hp`; healing doesn't restore them. Default:
            0.
        speed (int): Walking speed in feet: the movement each of its turns starts with, after a `speed-halved`
            effect, exhaustion and d100's grappling and load (`d20.grid.squares`, `d10.turn.speeds`). Default: 30.
        initiative_bonus (int): Added to its initiative die: d20 + bonus (`d20.init.roll`, ties go to the higher bonus
            first), 1d10 + bonus in d10 and 1 + bonus when unaware (`d10.init.aware`); d100 rolls no
            initiative. Default: 0.
        abilities (AbilitiesOutput): A modifier for each of the six abilities.
        saves (AbilitiesOutput | None): Saving-throw bonuses; omitted means the ability modifiers.
        skills (CombatantOutputSkills): Skill and check bonuses by name (`medicine`, `athletics`, `stealth`...).
        attacks (list[AttackOutput]): The attacks it can make; `resolveAttack` uses the first when none is named. Its
            melee
            attacks' reach is how far it threatens opportunity attacks (`d20.oa.trigger`).
        attacks_per_action (int): Attacks one Attack action allows (Extra Attack...): the first spends the action, the
            others
            are counted in the budget's `attacksLeft` (`d20.turn.economy`). Default: 1.
        conditions (list[ConditionOutput]): Its conditions (`prone`, `unconscious`...), each with how long it lasts.
        effects (list[EffectOutput]): Lasting modifiers on it: advantage windows, AC bonuses, a blocked spell
            component...
            (`d20.attack.sources`).
        death_saves (DeathSavesOutput): Death saving throws collected while at 0 HP; three of a kind decide.
        stable (bool): At 0 HP and stable (`d20.death.stable`): it makes no death saves and stays unconscious;
            damage ends it. First aid, three death-save successes and a knockout make a creature stable. Default: False.
        dead (bool): Dead (`d20.hp.zero`): its `hp` is 0; it takes no turns, can't act or be healed, and fills
            no space. Default: False.
        budget (TurnBudgetOutput): What a combatant has left: this turn's action, bonus action and movement, the
            reaction (until it comes back) and the free object interaction.
        exhaustion (int): Exhaustion level, 0 to 6 (the d20 base, given by critical bands: `d20.crit.effects`): from
            1, disadvantage on ability checks; 2, speed halved; 3, disadvantage on attack rolls and saves;
            4, hit point maximum halved; 5, speed 0; 6, death. Default: 0.
        group (None | str): Initiative group: the group rolls once and acts together (`d20.init.groups`).
        controller (None | str): The combatant that controls this one: it acts right after it (`d20.init.companions`).
        features (list[str]): Named features and devices that change the rules for this creature: `see-invisible`,
            `both-hands-in-use`, `bonus-action:<action>`, an initiative feature, d10 devices.
        immune_to_flanking (bool): It can't be flanked (`d20.flank.size-limit`): no one gets flanking advantage against
            it. Default: False.
        footprint (list[Cell] | None): The cells it fills, as absolute cells, instead of the space its size gives
            (`d20.size.space`); a move shifts them with `position`.
        readied (None | ReadiedActionOutput): The action it holds (`ready`) until `triggerReadied` fires or gives it up,
            or it lapses
            at the start of its next turn (`d20.ready.expiry`); null: none.
        concentration (None | str): The spell this creature is concentrating on.
        stealth (int | None): The Stealth total of a hiding creature: what a searcher must beat.
        aware (bool | None): d10 (`d10.init.aware`): whether it knew combat had begun. Aware, it rolls 1d10 + its
            bonus; unaware, its initiative is 1 + its bonus and it becomes aware on its first turn. Null:
            `rollInitiative` decides (it sees or hears the initiator) and writes it here.
        climb_speed (int | None): d10 (`d10.turn.speeds`): its climbing speed in feet, which prices the grid's `climb`
            cells; omitted: 15 ft; 0: it can't climb. The other rulesets don't read it.
        swim_speed (int | None): d10 (`d10.turn.speeds`): its swimming speed in feet, which prices the grid's `swim`
            cells; omitted: 15 ft; 0: it can't swim. The other rulesets don't read it.
        fly_speed (int | None): Flying speed in feet, for a move with `fly`. d20 and d100: omitted or 0, it can't fly.
            d10
            (`d10.turn.speeds`): it flies only with a `device:flying` feature, and omitted then means
            its walking `speed`.
        ammunition (CombatantOutputAmmunition): Rounds carried, by ammunition type (d100 Reload).
        strength_score (int | None): d100 (`d100.carry`): the Strength score; the carrying capacity is 15 lb per point
            when
            `carryingCapacity` is omitted. Omitted: 10 + twice the Strength modifier.
        carrying_capacity (int | None): Pounds; omitted means Strength score x 15.
        carried_weight (int): d100 (`d100.carry`): pounds carried. Above the carrying capacity its speed is at most 5
            ft;
            above the push, drag or lift limit (twice the capacity, doubled per size above Medium, halved
            for Tiny) it is 0. Default: 0.
    """

    id: str
    name: str
    side: str
    position: Cell
    hp: int
    max_hp: int
    ac: int
    kind: CombatantKind
    size: Size
    abilities: AbilitiesOutput
    saves: AbilitiesOutput | None
    skills: CombatantOutputSkills
    attacks: list[AttackOutput]
    conditions: list[ConditionOutput]
    effects: list[EffectOutput]
    death_saves: DeathSavesOutput
    budget: TurnBudgetOutput
    group: None | str
    controller: None | str
    features: list[str]
    footprint: list[Cell] | None
    readied: None | ReadiedActionOutput
    concentration: None | str
    stealth: int | None
    aware: bool | None
    climb_speed: int | None
    swim_speed: int | None
    fly_speed: int | None
    ammunition: CombatantOutputAmmunition
    strength_score: int | None
    carrying_capacity: int | None
    villain: bool = False
    temp_hp: int = 0
    speed: int = 30
    initiative_bonus: int = 0
    attacks_per_action: int = 1
    stable: bool = False
    dead: bool = False
    exhaustion: int = 0
    immune_to_flanking: bool = False
    carried_weight: int = 0

    def to_dict(self) -> dict[str, Any]:
        from ..models.abilities_output import AbilitiesOutput  # noqa: PLC0415
        from ..models.readied_action_output import ReadiedActionOutput  # noqa: PLC0415

        id = self.id

        name = self.name

        side = self.side

        position = self.position.to_dict()

        hp = self.hp

        max_hp = self.max_hp

        ac = self.ac

        kind = self.kind.value

        villain = self.villain

        size = self.size.value

        temp_hp = self.temp_hp

        speed = self.speed

        initiative_bonus = self.initiative_bonus

        abilities = self.abilities.to_dict()

        saves: dict[str, Any] | None
        if isinstance(self.saves, AbilitiesOutput):
            saves = self.saves.to_dict()
        else:
            saves = self.saves

        skills = self.skills.to_dict()

        attacks = []
        for attacks_item_data in self.attacks:
            attacks_item = attacks_item_data.to_dict()
            attacks.append(attacks_item)

        attacks_per_action = self.attacks_per_action

        conditions = []
        for conditions_item_data in self.conditions:
            conditions_item = conditions_item_data.to_dict()
            conditions.append(conditions_item)

        effects = []
        for effects_item_data in self.effects:
            effects_item = effects_item_data.to_dict()
            effects.append(effects_item)

        death_saves = self.death_saves.to_dict()

        stable = self.stable

        dead = self.dead

        budget = self.budget.to_dict()

        exhaustion = self.exhaustion

        group: None | str
        group = self.group

        controller: None | str
        controller = self.controller

        features = self.features

        immune_to_flanking = self.immune_to_flanking

        footprint: list[dict[str, Any]] | None
        if isinstance(self.footprint, list):
            footprint = []
            for footprint_type_0_item_data in self.footprint:
                footprint_type_0_item = footprint_type_0_item_data.to_dict()
                footprint.append(footprint_type_0_item)

        else:
            footprint = self.footprint

        readied: dict[str, Any] | None
        if isinstance(self.readied, ReadiedActionOutput):
            readied = self.readied.to_dict()
        else:
            readied = self.readied

        concentration: None | str
        concentration = self.concentration

        stealth: int | None
        stealth = self.stealth

        aware: bool | None
        aware = self.aware

        climb_speed: int | None
        climb_speed = self.climb_speed

        swim_speed: int | None
        swim_speed = self.swim_speed

        fly_speed: int | None
        fly_speed = self.fly_speed

        ammunition = self.ammunition.to_dict()

        strength_score: int | None
        strength_score = self.strength_score

        carrying_capacity: int | None
        carrying_capacity = self.carrying_capacity

        carried_weight = self.carried_weight

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "side": side,
                "position": position,
                "hp": hp,
                "maxHp": max_hp,
                "ac": ac,
                "kind": kind,
                "villain": villain,
                "size": size,
                "tempHp": temp_hp,
                "speed": speed,
                "initiativeBonus": initiative_bonus,
                "abilities": abilities,
                "saves": saves,
                "skills": skills,
                "attacks": attacks,
                "attacksPerAction": attacks_per_action,
                "conditions": conditions,
                "effects": effects,
                "deathSaves": death_saves,
                "stable": stable,
                "dead": dead,
                "budget": budget,
                "exhaustion": exhaustion,
                "group": group,
                "controller": controller,
                "features": features,
                "immuneToFlanking": immune_to_flanking,
                "footprint": footprint,
                "readied": readied,
                "concentration": concentration,
                "stealth": stealth,
                "aware": aware,
                "climbSpeed": climb_speed,
                "swimSpeed": swim_speed,
                "flySpeed": fly_speed,
                "ammunition": ammunition,
                "strengthScore": strength_score,
                "carryingCapacity": carrying_capacity,
                "carriedWeight": carried_weight,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.abilities_output import AbilitiesOutput  # noqa: PLC0415
        from ..models.attack_output import AttackOutput  # noqa: PLC0415
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.combatant_output_ammunition import CombatantOutputAmmunition  # noqa: PLC0415
        from ..models.combatant_output_skills import CombatantOutputSkills  # noqa: PLC0415
        from ..models.condition_output import ConditionOutput  # noqa: PLC0415
        from ..models.death_saves_output import DeathSavesOutput  # noqa: PLC0415
        from ..models.effect_output import EffectOutput  # noqa: PLC0415
        from ..models.readied_action_output import ReadiedActionOutput  # noqa: PLC0415
        from ..models.turn_budget_output import TurnBudgetOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        side = d.pop("side")

        position = Cell.from_dict(d.pop("position"))

        hp = d.pop("hp")

        max_hp = d.pop("maxHp")

        ac = d.pop("ac")

        kind = CombatantKind(d.pop("kind"))

        villain = d.pop("villain")

        size = Size(d.pop("size"))

        temp_hp = d.pop("tempHp")

        speed = d.pop("speed")

        initiative_bonus = d.pop("initiativeBonus")

        abilities = AbilitiesOutput.from_dict(d.pop("abilities"))

        def _parse_saves(data: object) -> AbilitiesOutput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                saves_type_0 = AbilitiesOutput.from_dict(data)

                return saves_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbilitiesOutput | None, data)

        saves = _parse_saves(d.pop("saves"))

        skills = CombatantOutputSkills.from_dict(d.pop("skills"))

        attacks = []
        _attacks = d.pop("attacks")
        for attacks_item_data in _attacks:
            attacks_item = AttackOutput.from_dict(attacks_item_data)

            attacks.append(attacks_item)

        attacks_per_action = d.pop("attacksPerAction")

        conditions = []
        _conditions = d.pop("conditions")
        for conditions_item_data in _conditions:
            conditions_item = ConditionOutput.from_dict(conditions_item_data)

            conditions.append(conditions_item)

        effects = []
        _effects = d.pop("effects")
        for effects_item_data in _effects:
            effects_item = EffectOutput.from_dict(effects_item_data)

            effects.append(effects_item)

        death_saves = DeathSavesOutput.from_dict(d.pop("deathSaves"))

        stable = d.pop("stable")

        dead = d.pop("dead")

        budget = TurnBudgetOutput.from_dict(d.pop("budget"))

        exhaustion = d.pop("exhaustion")

        def _parse_group(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        group = _parse_group(d.pop("group"))

        def _parse_controller(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        controller = _parse_controller(d.pop("controller"))

        features = cast(list[str], d.pop("features"))

        immune_to_flanking = d.pop("immuneToFlanking")

        def _parse_footprint(data: object) -> list[Cell] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                footprint_type_0 = []
                _footprint_type_0 = data
                for footprint_type_0_item_data in _footprint_type_0:
                    footprint_type_0_item = Cell.from_dict(footprint_type_0_item_data)

                    footprint_type_0.append(footprint_type_0_item)

                return footprint_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Cell] | None, data)

        footprint = _parse_footprint(d.pop("footprint"))

        def _parse_readied(data: object) -> None | ReadiedActionOutput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                readied_type_0 = ReadiedActionOutput.from_dict(data)

                return readied_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReadiedActionOutput, data)

        readied = _parse_readied(d.pop("readied"))

        def _parse_concentration(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        concentration = _parse_concentration(d.pop("concentration"))

        def _parse_stealth(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        stealth = _parse_stealth(d.pop("stealth"))

        def _parse_aware(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        aware = _parse_aware(d.pop("aware"))

        def _parse_climb_speed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        climb_speed = _parse_climb_speed(d.pop("climbSpeed"))

        def _parse_swim_speed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        swim_speed = _parse_swim_speed(d.pop("swimSpeed"))

        def _parse_fly_speed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        fly_speed = _parse_fly_speed(d.pop("flySpeed"))

        ammunition = CombatantOutputAmmunition.from_dict(d.pop("ammunition"))

        def _parse_strength_score(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        strength_score = _parse_strength_score(d.pop("strengthScore"))

        def _parse_carrying_capacity(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        carrying_capacity = _parse_carrying_capacity(d.pop("carryingCapacity"))

        carried_weight = d.pop("carriedWeight")

        combatant_output = cls(
            id=id,
            name=name,
            side=side,
            position=position,
            hp=hp,
            max_hp=max_hp,
            ac=ac,
            kind=kind,
            villain=villain,
            size=size,
            temp_hp=temp_hp,
            speed=speed,
            initiative_bonus=initiative_bonus,
            abilities=abilities,
            saves=saves,
            skills=skills,
            attacks=attacks,
            attacks_per_action=attacks_per_action,
            conditions=conditions,
            effects=effects,
            death_saves=death_saves,
            stable=stable,
            dead=dead,
            budget=budget,
            exhaustion=exhaustion,
            group=group,
            controller=controller,
            features=features,
            immune_to_flanking=immune_to_flanking,
            footprint=footprint,
            readied=readied,
            concentration=concentration,
            stealth=stealth,
            aware=aware,
            climb_speed=climb_speed,
            swim_speed=swim_speed,
            fly_speed=fly_speed,
            ammunition=ammunition,
            strength_score=strength_score,
            carrying_capacity=carrying_capacity,
            carried_weight=carried_weight,
        )

        return combatant_output

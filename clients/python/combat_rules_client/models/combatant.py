from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.combatant_kind import CombatantKind
from ..models.size import Size
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.abilities import Abilities
    from ..models.attack import Attack
    from ..models.cell import Cell
    from ..models.combatant_ammunition import CombatantAmmunition
    from ..models.combatant_skills import CombatantSkills
    from ..models.condition import Condition
    from ..models.death_saves import DeathSaves
    from ..models.effect import Effect
    from ..models.readied_action import ReadiedAction
    from ..models.turn_budget import TurnBudget


T = TypeVar("T", bound="Combatant")


@_attrs_define
class Combatant:
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
        kind (CombatantKind | Unset): One of: `pc`, `monster`.
        villain (bool | Unset): A mighty villain or special NPC: follows the player-character death rules. Default:
            False.
        size (Size | Unset): One of: `tiny`, `small`, `medium`, `large`, `huge`, `colossal`, `gargantuan`.
        temp_hp (int | Unset): Temporary hit points: damage takes them first, then `hp`; healing doesn't restore them.
            Default: 0.
        speed (int | Unset): Walking speed in feet: the movement each of its turns starts with, after a `speed-halved`
            effect, exhaustion and d100's grappling and load (`d20.grid.squares`, `d10.turn.speeds`). Default: 30.
        initiative_bonus (int | Unset): Added to its initiative die: d20 + bonus (`d20.init.roll`, ties go to the higher
            bonus
            first), 1d10 + bonus in d10 and 1 + bonus when unaware (`d10.init.aware`); d100 rolls no
            initiative. Default: 0.
        abilities (Abilities | Unset): A modifier for each of the six abilities.
        saves (Abilities | None | Unset): Saving-throw bonuses; omitted means the ability modifiers.
        skills (CombatantSkills | Unset): Skill and check bonuses by name (`medicine`, `athletics`, `stealth`...).
        attacks (list[Attack] | Unset): The attacks it can make; `resolveAttack` uses the first when none is named. Its
            melee
            attacks' reach is how far it threatens opportunity attacks (`d20.oa.trigger`).
        attacks_per_action (int | Unset): Attacks one Attack action allows (Extra Attack...): the first spends the
            action, the others
            are counted in the budget's `attacksLeft` (`d20.turn.economy`). Default: 1.
        conditions (list[Condition] | Unset): Its conditions (`prone`, `unconscious`...), each with how long it lasts.
        effects (list[Effect] | Unset): Lasting modifiers on it: advantage windows, AC bonuses, a blocked spell
            component...
            (`d20.attack.sources`).
        death_saves (DeathSaves | Unset): Death saving throws collected while at 0 HP; three of a kind decide.
        stable (bool | Unset): At 0 HP and stable (`d20.death.stable`): it makes no death saves and stays unconscious;
            damage ends it. First aid, three death-save successes and a knockout make a creature stable. Default: False.
        dead (bool | Unset): Dead (`d20.hp.zero`): its `hp` is 0; it takes no turns, can't act or be healed, and fills
            no space. Default: False.
        budget (TurnBudget | Unset): What a combatant has left: this turn's action, bonus action and movement, the
            reaction (until it comes back) and the free object interaction.
        exhaustion (int | Unset): Exhaustion level, 0 to 6 (the d20 base, given by critical bands: `d20.crit.effects`):
            from
            1, disadvantage on ability checks; 2, speed halved; 3, disadvantage on attack rolls and saves;
            4, hit point maximum halved; 5, speed 0; 6, death. Default: 0.
        group (None | str | Unset): Initiative group: the group rolls once and acts together (`d20.init.groups`).
        controller (None | str | Unset): The combatant that controls this one: it acts right after it
            (`d20.init.companions`).
        features (list[str] | Unset): Named features and devices that change the rules for this creature: `see-
            invisible`,
            `both-hands-in-use`, `bonus-action:<action>`, an initiative feature, d10 devices.
        immune_to_flanking (bool | Unset): It can't be flanked (`d20.flank.size-limit`): no one gets flanking advantage
            against it. Default: False.
        footprint (list[Cell] | None | Unset): The cells it fills, as absolute cells, instead of the space its size
            gives
            (`d20.size.space`); a move shifts them with `position`.
        readied (None | ReadiedAction | Unset): The action it holds (`ready`) until `triggerReadied` fires or gives it
            up, or it lapses
            at the start of its next turn (`d20.ready.expiry`); null: none.
        concentration (None | str | Unset): The spell this creature is concentrating on.
        stealth (int | None | Unset): The Stealth total of a hiding creature: what a searcher must beat.
        aware (bool | None | Unset): d10 (`d10.init.aware`): whether it knew combat had begun. Aware, it rolls 1d10 +
            its
            bonus; unaware, its initiative is 1 + its bonus and it becomes aware on its first turn. Null:
            `rollInitiative` decides (it sees or hears the initiator) and writes it here.
        climb_speed (int | None | Unset): d10 (`d10.turn.speeds`): its climbing speed in feet, which prices the grid's
            `climb`
            cells; omitted: 15 ft; 0: it can't climb. The other rulesets don't read it.
        swim_speed (int | None | Unset): d10 (`d10.turn.speeds`): its swimming speed in feet, which prices the grid's
            `swim`
            cells; omitted: 15 ft; 0: it can't swim. The other rulesets don't read it.
        fly_speed (int | None | Unset): Flying speed in feet, for a move with `fly`. d20 and d100: omitted or 0, it
            can't fly. d10
            (`d10.turn.speeds`): it flies only with a `device:flying` feature, and omitted then means
            its walking `speed`.
        ammunition (CombatantAmmunition | Unset): Rounds carried, by ammunition type (d100 Reload).
        strength_score (int | None | Unset): d100 (`d100.carry`): the Strength score; the carrying capacity is 15 lb per
            point when
            `carryingCapacity` is omitted. Omitted: 10 + twice the Strength modifier.
        carrying_capacity (int | None | Unset): Pounds; omitted means Strength score x 15.
        carried_weight (int | Unset): d100 (`d100.carry`): pounds carried. Above the carrying capacity its speed is at
            most 5 ft;
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
    kind: CombatantKind | Unset = UNSET
    villain: bool | Unset = False
    size: Size | Unset = UNSET
    temp_hp: int | Unset = 0
    speed: int | Unset = 30
    initiative_bonus: int | Unset = 0
    abilities: Abilities | Unset = UNSET
    saves: Abilities | None | Unset = UNSET
    skills: CombatantSkills | Unset = UNSET
    attacks: list[Attack] | Unset = UNSET
    attacks_per_action: int | Unset = 1
    conditions: list[Condition] | Unset = UNSET
    effects: list[Effect] | Unset = UNSET
    death_saves: DeathSaves | Unset = UNSET
    stable: bool | Unset = False
    dead: bool | Unset = False
    budget: TurnBudget | Unset = UNSET
    exhaustion: int | Unset = 0
    group: None | str | Unset = UNSET
    controller: None | str | Unset = UNSET
    features: list[str] | Unset = UNSET
    immune_to_flanking: bool | Unset = False
    footprint: list[Cell] | None | Unset = UNSET
    readied: None | ReadiedAction | Unset = UNSET
    concentration: None | str | Unset = UNSET
    stealth: int | None | Unset = UNSET
    aware: bool | None | Unset = UNSET
    climb_speed: int | None | Unset = UNSET
    swim_speed: int | None | Unset = UNSET
    fly_speed: int | None | Unset = UNSET
    ammunition: CombatantAmmunition | Unset = UNSET
    strength_score: int | None | Unset = UNSET
    carrying_capacity: int | None | Unset = UNSET
    carried_weight: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        from ..models.abilities import Abilities  # noqa: PLC0415
        from ..models.readied_action import ReadiedAction  # noqa: PLC0415

        id = self.id

        name = self.name

        side = self.side

        position = self.position.to_dict()

        hp = self.hp

        max_hp = self.max_hp

        ac = self.ac

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        villain = self.villain

        size: str | Unset = UNSET
        if not isinstance(self.size, Unset):
            size = self.size.value

        temp_hp = self.temp_hp

        speed = self.speed

        initiative_bonus = self.initiative_bonus

        abilities: dict[str, Any] | Unset = UNSET
        if not isinstance(self.abilities, Unset):
            abilities = self.abilities.to_dict()

        saves: dict[str, Any] | None | Unset
        if isinstance(self.saves, Unset):
            saves = UNSET
        elif isinstance(self.saves, Abilities):
            saves = self.saves.to_dict()
        else:
            saves = self.saves

        skills: dict[str, Any] | Unset = UNSET
        if not isinstance(self.skills, Unset):
            skills = self.skills.to_dict()

        attacks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attacks, Unset):
            attacks = []
            for attacks_item_data in self.attacks:
                attacks_item = attacks_item_data.to_dict()
                attacks.append(attacks_item)

        attacks_per_action = self.attacks_per_action

        conditions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.conditions, Unset):
            conditions = []
            for conditions_item_data in self.conditions:
                conditions_item = conditions_item_data.to_dict()
                conditions.append(conditions_item)

        effects: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.effects, Unset):
            effects = []
            for effects_item_data in self.effects:
                effects_item = effects_item_data.to_dict()
                effects.append(effects_item)

        death_saves: dict[str, Any] | Unset = UNSET
        if not isinstance(self.death_saves, Unset):
            death_saves = self.death_saves.to_dict()

        stable = self.stable

        dead = self.dead

        budget: dict[str, Any] | Unset = UNSET
        if not isinstance(self.budget, Unset):
            budget = self.budget.to_dict()

        exhaustion = self.exhaustion

        group: None | str | Unset
        if isinstance(self.group, Unset):
            group = UNSET
        else:
            group = self.group

        controller: None | str | Unset
        if isinstance(self.controller, Unset):
            controller = UNSET
        else:
            controller = self.controller

        features: list[str] | Unset = UNSET
        if not isinstance(self.features, Unset):
            features = self.features

        immune_to_flanking = self.immune_to_flanking

        footprint: list[dict[str, Any]] | None | Unset
        if isinstance(self.footprint, Unset):
            footprint = UNSET
        elif isinstance(self.footprint, list):
            footprint = []
            for footprint_type_0_item_data in self.footprint:
                footprint_type_0_item = footprint_type_0_item_data.to_dict()
                footprint.append(footprint_type_0_item)

        else:
            footprint = self.footprint

        readied: dict[str, Any] | None | Unset
        if isinstance(self.readied, Unset):
            readied = UNSET
        elif isinstance(self.readied, ReadiedAction):
            readied = self.readied.to_dict()
        else:
            readied = self.readied

        concentration: None | str | Unset
        if isinstance(self.concentration, Unset):
            concentration = UNSET
        else:
            concentration = self.concentration

        stealth: int | None | Unset
        if isinstance(self.stealth, Unset):
            stealth = UNSET
        else:
            stealth = self.stealth

        aware: bool | None | Unset
        if isinstance(self.aware, Unset):
            aware = UNSET
        else:
            aware = self.aware

        climb_speed: int | None | Unset
        if isinstance(self.climb_speed, Unset):
            climb_speed = UNSET
        else:
            climb_speed = self.climb_speed

        swim_speed: int | None | Unset
        if isinstance(self.swim_speed, Unset):
            swim_speed = UNSET
        else:
            swim_speed = self.swim_speed

        fly_speed: int | None | Unset
        if isinstance(self.fly_speed, Unset):
            fly_speed = UNSET
        else:
            fly_speed = self.fly_speed

        ammunition: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ammunition, Unset):
            ammunition = self.ammunition.to_dict()

        strength_score: int | None | Unset
        if isinstance(self.strength_score, Unset):
            strength_score = UNSET
        else:
            strength_score = self.strength_score

        carrying_capacity: int | None | Unset
        if isinstance(self.carrying_capacity, Unset):
            carrying_capacity = UNSET
        else:
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
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind
        if villain is not UNSET:
            field_dict["villain"] = villain
        if size is not UNSET:
            field_dict["size"] = size
        if temp_hp is not UNSET:
            field_dict["tempHp"] = temp_hp
        if speed is not UNSET:
            field_dict["speed"] = speed
        if initiative_bonus is not UNSET:
            field_dict["initiativeBonus"] = initiative_bonus
        if abilities is not UNSET:
            field_dict["abilities"] = abilities
        if saves is not UNSET:
            field_dict["saves"] = saves
        if skills is not UNSET:
            field_dict["skills"] = skills
        if attacks is not UNSET:
            field_dict["attacks"] = attacks
        if attacks_per_action is not UNSET:
            field_dict["attacksPerAction"] = attacks_per_action
        if conditions is not UNSET:
            field_dict["conditions"] = conditions
        if effects is not UNSET:
            field_dict["effects"] = effects
        if death_saves is not UNSET:
            field_dict["deathSaves"] = death_saves
        if stable is not UNSET:
            field_dict["stable"] = stable
        if dead is not UNSET:
            field_dict["dead"] = dead
        if budget is not UNSET:
            field_dict["budget"] = budget
        if exhaustion is not UNSET:
            field_dict["exhaustion"] = exhaustion
        if group is not UNSET:
            field_dict["group"] = group
        if controller is not UNSET:
            field_dict["controller"] = controller
        if features is not UNSET:
            field_dict["features"] = features
        if immune_to_flanking is not UNSET:
            field_dict["immuneToFlanking"] = immune_to_flanking
        if footprint is not UNSET:
            field_dict["footprint"] = footprint
        if readied is not UNSET:
            field_dict["readied"] = readied
        if concentration is not UNSET:
            field_dict["concentration"] = concentration
        if stealth is not UNSET:
            field_dict["stealth"] = stealth
        if aware is not UNSET:
            field_dict["aware"] = aware
        if climb_speed is not UNSET:
            field_dict["climbSpeed"] = climb_speed
        if swim_speed is not UNSET:
            field_dict["swimSpeed"] = swim_speed
        if fly_speed is not UNSET:
            field_dict["flySpeed"] = fly_speed
        if ammunition is not UNSET:
            field_dict["ammunition"] = ammunition
        if strength_score is not UNSET:
            field_dict["strengthScore"] = strength_score
        if carrying_capacity is not UNSET:
            field_dict["carryingCapacity"] = carrying_capacity
        if carried_weight is not UNSET:
            field_dict["carriedWeight"] = carried_weight

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.abilities import Abilities  # noqa: PLC0415
        from ..models.attack import Attack  # noqa: PLC0415
        from ..models.cell import Cell  # noqa: PLC0415
        from ..models.combatant_ammunition import CombatantAmmunition  # noqa: PLC0415
        from ..models.combatant_skills import CombatantSkills  # noqa: PLC0415
        from ..models.condition import Condition  # noqa: PLC0415
        from ..models.death_saves import DeathSaves  # noqa: PLC0415
        from ..models.effect import Effect  # noqa: PLC0415
        from ..models.readied_action import ReadiedAction  # noqa: PLC0415
        from ..models.turn_budget import TurnBudget  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        side = d.pop("side")

        position = Cell.from_dict(d.pop("position"))

        hp = d.pop("hp")

        max_hp = d.pop("maxHp")

        ac = d.pop("ac")

        _kind = d.pop("kind", UNSET)
        kind: CombatantKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = CombatantKind(_kind)

        villain = d.pop("villain", UNSET)

        _size = d.pop("size", UNSET)
        size: Size | Unset
        if isinstance(_size, Unset):
            size = UNSET
        else:
            size = Size(_size)

        temp_hp = d.pop("tempHp", UNSET)

        speed = d.pop("speed", UNSET)

        initiative_bonus = d.pop("initiativeBonus", UNSET)

        _abilities = d.pop("abilities", UNSET)
        abilities: Abilities | Unset
        if isinstance(_abilities, Unset):
            abilities = UNSET
        else:
            abilities = Abilities.from_dict(_abilities)

        def _parse_saves(data: object) -> Abilities | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                saves_type_0 = Abilities.from_dict(data)

                return saves_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Abilities | None | Unset, data)

        saves = _parse_saves(d.pop("saves", UNSET))

        _skills = d.pop("skills", UNSET)
        skills: CombatantSkills | Unset
        if isinstance(_skills, Unset):
            skills = UNSET
        else:
            skills = CombatantSkills.from_dict(_skills)

        _attacks = d.pop("attacks", UNSET)
        attacks: list[Attack] | Unset = UNSET
        if _attacks is not UNSET:
            attacks = []
            for attacks_item_data in _attacks:
                attacks_item = Attack.from_dict(attacks_item_data)

                attacks.append(attacks_item)

        attacks_per_action = d.pop("attacksPerAction", UNSET)

        _conditions = d.pop("conditions", UNSET)
        conditions: list[Condition] | Unset = UNSET
        if _conditions is not UNSET:
            conditions = []
            for conditions_item_data in _conditions:
                conditions_item = Condition.from_dict(conditions_item_data)

                conditions.append(conditions_item)

        _effects = d.pop("effects", UNSET)
        effects: list[Effect] | Unset = UNSET
        if _effects is not UNSET:
            effects = []
            for effects_item_data in _effects:
                effects_item = Effect.from_dict(effects_item_data)

                effects.append(effects_item)

        _death_saves = d.pop("deathSaves", UNSET)
        death_saves: DeathSaves | Unset
        if isinstance(_death_saves, Unset):
            death_saves = UNSET
        else:
            death_saves = DeathSaves.from_dict(_death_saves)

        stable = d.pop("stable", UNSET)

        dead = d.pop("dead", UNSET)

        _budget = d.pop("budget", UNSET)
        budget: TurnBudget | Unset
        if isinstance(_budget, Unset):
            budget = UNSET
        else:
            budget = TurnBudget.from_dict(_budget)

        exhaustion = d.pop("exhaustion", UNSET)

        def _parse_group(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        group = _parse_group(d.pop("group", UNSET))

        def _parse_controller(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        controller = _parse_controller(d.pop("controller", UNSET))

        features = cast(list[str], d.pop("features", UNSET))

        immune_to_flanking = d.pop("immuneToFlanking", UNSET)

        def _parse_footprint(data: object) -> list[Cell] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
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
            return cast(list[Cell] | None | Unset, data)

        footprint = _parse_footprint(d.pop("footprint", UNSET))

        def _parse_readied(data: object) -> None | ReadiedAction | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                readied_type_0 = ReadiedAction.from_dict(data)

                return readied_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReadiedAction | Unset, data)

        readied = _parse_readied(d.pop("readied", UNSET))

        def _parse_concentration(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        concentration = _parse_concentration(d.pop("concentration", UNSET))

        def _parse_stealth(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stealth = _parse_stealth(d.pop("stealth", UNSET))

        def _parse_aware(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        aware = _parse_aware(d.pop("aware", UNSET))

        def _parse_climb_speed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        climb_speed = _parse_climb_speed(d.pop("climbSpeed", UNSET))

        def _parse_swim_speed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        swim_speed = _parse_swim_speed(d.pop("swimSpeed", UNSET))

        def _parse_fly_speed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        fly_speed = _parse_fly_speed(d.pop("flySpeed", UNSET))

        _ammunition = d.pop("ammunition", UNSET)
        ammunition: CombatantAmmunition | Unset
        if isinstance(_ammunition, Unset):
            ammunition = UNSET
        else:
            ammunition = CombatantAmmunition.from_dict(_ammunition)

        def _parse_strength_score(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        strength_score = _parse_strength_score(d.pop("strengthScore", UNSET))

        def _parse_carrying_capacity(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        carrying_capacity = _parse_carrying_capacity(d.pop("carryingCapacity", UNSET))

        carried_weight = d.pop("carriedWeight", UNSET)

        combatant = cls(
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

        return combatant

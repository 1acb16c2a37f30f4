from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesetInfo")


@_attrs_define
class RulesetInfo:
    """A ruleset the service hosts, and what sets it apart.

    Attributes:
        id (str): The id an encounter's `ruleset` names.
        title (str): Its name, in words.
        supported (bool): Whether the service adjudicates fights in it.
        attack_die (int): The die an attack rolls: 20 or 100.
        initiative_die (int | None): The die initiative rolls; null where the order comes from positions (d100).
        critical_min (int): A natural roll at or above this is a critical hit.
        fumble_max (int): A natural roll at or below this misses (a fumble).
        critical_damage (str): `double-dice` (every damage die twice) or `half-again` (50% more).
        critical_tables (bool): Whether a critical hit or fumble rolls on the d100 critical tables.
        instant_death_multiplier (int): Instant death when the damage left at 0 HP is at least this many times max HP.
        sizes (list[str]): Its size ladder, smallest first.
        reaction_returns (str): When a used reaction comes back: at the start of its owner's `turn`, or each `round`.
        bonus_action_needs_grant (bool): Whether a creature has a bonus action only when a feature grants one.
        rules (list[str]): The ids of its own rules (it follows the d20 base where it has none).
    """

    id: str
    title: str
    supported: bool
    attack_die: int
    initiative_die: int | None
    critical_min: int
    fumble_max: int
    critical_damage: str
    critical_tables: bool
    instant_death_multiplier: int
    sizes: list[str]
    reaction_returns: str
    bonus_action_needs_grant: bool
    rules: list[str]

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        title = self.title

        supported = self.supported

        attack_die = self.attack_die

        initiative_die: int | None
        initiative_die = self.initiative_die

        critical_min = self.critical_min

        fumble_max = self.fumble_max

        critical_damage = self.critical_damage

        critical_tables = self.critical_tables

        instant_death_multiplier = self.instant_death_multiplier

        sizes = self.sizes

        reaction_returns = self.reaction_returns

        bonus_action_needs_grant = self.bonus_action_needs_grant

        rules = self.rules

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "supported": supported,
                "attackDie": attack_die,
                "initiativeDie": initiative_die,
                "criticalMin": critical_min,
                "fumbleMax": fumble_max,
                "criticalDamage": critical_damage,
                "criticalTables": critical_tables,
                "instantDeathMultiplier": instant_death_multiplier,
                "sizes": sizes,
                "reactionReturns": reaction_returns,
                "bonusActionNeedsGrant": bonus_action_needs_grant,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        title = d.pop("title")

        supported = d.pop("supported")

        attack_die = d.pop("attackDie")

        def _parse_initiative_die(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        initiative_die = _parse_initiative_die(d.pop("initiativeDie"))

        critical_min = d.pop("criticalMin")

        fumble_max = d.pop("fumbleMax")

        critical_damage = d.pop("criticalDamage")

        critical_tables = d.pop("criticalTables")

        instant_death_multiplier = d.pop("instantDeathMultiplier")

        sizes = cast(list[str], d.pop("sizes"))

        reaction_returns = d.pop("reactionReturns")

        bonus_action_needs_grant = d.pop("bonusActionNeedsGrant")

        rules = cast(list[str], d.pop("rules"))

        ruleset_info = cls(
            id=id,
            title=title,
            supported=supported,
            attack_die=attack_die,
            initiative_die=initiative_die,
            critical_min=critical_min,
            fumble_max=fumble_max,
            critical_damage=critical_damage,
            critical_tables=critical_tables,
            instant_death_multiplier=instant_death_multiplier,
            sizes=sizes,
            reaction_returns=reaction_returns,
            bonus_action_needs_grant=bonus_action_needs_grant,
            rules=rules,
        )

        return ruleset_info

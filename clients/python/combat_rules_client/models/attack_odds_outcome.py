from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cover_degree import CoverDegree
from ..models.cover_source import CoverSource

if TYPE_CHECKING:
    from ..models.band_chance import BandChance
    from ..models.damage_chance import DamageChance


T = TypeVar("T", bound="AttackOddsOutcome")


@_attrs_define
class AttackOddsOutcome:
    """The exact chances of one attack (floats rounded to 12 decimals).

    Attributes:
        attacker_id (str):
        target_id (str):
        attack_name (str):
        target_ac (int): The AC the attack has to meet: cover and AC effects included.
        cover (CoverDegree): One of: `none`, `half`, `three-quarters`, `total`.
        cover_source (CoverSource): One of: `computed`, `stated`, `none`.
        advantage (bool):
        disadvantage (bool):
        advantage_sources (list[str]):
        disadvantage_sources (list[str]):
        hit (float):
        critical (float):
        fumble (float): A natural roll at or below the fumble range that misses.
        damage (list[DamageChance]): Damage the attack deals to the target (0 on a miss), sorted by value: its own
            damage
            plus, in `d20`, the damage critical-table bands deal to the target.
        mean_damage (float):
        drop (float): The target goes from above 0 HP to 0 HP.
        death (float): The target is alive before and dead after (any rule: instant death, a monster at 0
            HP, death save failures from damage at 0 HP).
        instant_death (float): The target dies from the instant death rules (`d20.death.instant` /
            `d100.death.instant`, or damage at 0 HP of at least its maximum HP).
        critical_bands (list[BandChance]): `d20`: every band of the Critical Hit and Critical Fumble tables this attack
            rolls
            on, with its chance. Empty for rulesets without the tables.
        excludes (list[str]): What the figures leave out.
    """

    attacker_id: str
    target_id: str
    attack_name: str
    target_ac: int
    cover: CoverDegree
    cover_source: CoverSource
    advantage: bool
    disadvantage: bool
    advantage_sources: list[str]
    disadvantage_sources: list[str]
    hit: float
    critical: float
    fumble: float
    damage: list[DamageChance]
    mean_damage: float
    drop: float
    death: float
    instant_death: float
    critical_bands: list[BandChance]
    excludes: list[str]

    def to_dict(self) -> dict[str, Any]:
        attacker_id = self.attacker_id

        target_id = self.target_id

        attack_name = self.attack_name

        target_ac = self.target_ac

        cover = self.cover.value

        cover_source = self.cover_source.value

        advantage = self.advantage

        disadvantage = self.disadvantage

        advantage_sources = self.advantage_sources

        disadvantage_sources = self.disadvantage_sources

        hit = self.hit

        critical = self.critical

        fumble = self.fumble

        damage = []
        for damage_item_data in self.damage:
            damage_item = damage_item_data.to_dict()
            damage.append(damage_item)

        mean_damage = self.mean_damage

        drop = self.drop

        death = self.death

        instant_death = self.instant_death

        critical_bands = []
        for critical_bands_item_data in self.critical_bands:
            critical_bands_item = critical_bands_item_data.to_dict()
            critical_bands.append(critical_bands_item)

        excludes = self.excludes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attackerId": attacker_id,
                "targetId": target_id,
                "attackName": attack_name,
                "targetAc": target_ac,
                "cover": cover,
                "coverSource": cover_source,
                "advantage": advantage,
                "disadvantage": disadvantage,
                "advantageSources": advantage_sources,
                "disadvantageSources": disadvantage_sources,
                "hit": hit,
                "critical": critical,
                "fumble": fumble,
                "damage": damage,
                "meanDamage": mean_damage,
                "drop": drop,
                "death": death,
                "instantDeath": instant_death,
                "criticalBands": critical_bands,
                "excludes": excludes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.band_chance import BandChance  # noqa: PLC0415
        from ..models.damage_chance import DamageChance  # noqa: PLC0415

        d = dict(src_dict)
        attacker_id = d.pop("attackerId")

        target_id = d.pop("targetId")

        attack_name = d.pop("attackName")

        target_ac = d.pop("targetAc")

        cover = CoverDegree(d.pop("cover"))

        cover_source = CoverSource(d.pop("coverSource"))

        advantage = d.pop("advantage")

        disadvantage = d.pop("disadvantage")

        advantage_sources = cast(list[str], d.pop("advantageSources"))

        disadvantage_sources = cast(list[str], d.pop("disadvantageSources"))

        hit = d.pop("hit")

        critical = d.pop("critical")

        fumble = d.pop("fumble")

        damage = []
        _damage = d.pop("damage")
        for damage_item_data in _damage:
            damage_item = DamageChance.from_dict(damage_item_data)

            damage.append(damage_item)

        mean_damage = d.pop("meanDamage")

        drop = d.pop("drop")

        death = d.pop("death")

        instant_death = d.pop("instantDeath")

        critical_bands = []
        _critical_bands = d.pop("criticalBands")
        for critical_bands_item_data in _critical_bands:
            critical_bands_item = BandChance.from_dict(critical_bands_item_data)

            critical_bands.append(critical_bands_item)

        excludes = cast(list[str], d.pop("excludes"))

        attack_odds_outcome = cls(
            attacker_id=attacker_id,
            target_id=target_id,
            attack_name=attack_name,
            target_ac=target_ac,
            cover=cover,
            cover_source=cover_source,
            advantage=advantage,
            disadvantage=disadvantage,
            advantage_sources=advantage_sources,
            disadvantage_sources=disadvantage_sources,
            hit=hit,
            critical=critical,
            fumble=fumble,
            damage=damage,
            mean_damage=mean_damage,
            drop=drop,
            death=death,
            instant_death=instant_death,
            critical_bands=critical_bands,
            excludes=excludes,
        )

        return attack_odds_outcome

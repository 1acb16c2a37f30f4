from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.cover_degree import CoverDegree
from ..models.cover_source import CoverSource

T = TypeVar("T", bound="AttackOutcome")


@_attrs_define
class AttackOutcome:
    """What an attack did: the roll against the AC, every source of (dis)advantage, damage.

    Attributes:
        attacker_id (str):
        target_id (str):
        attack_name (str):
        hit (bool):
        critical (bool):
        fumble (bool):
        natural (int): The face of the kept attack die.
        total (int):
        target_ac (int): The AC the attack had to meet, cover included.
        cover (CoverDegree): One of: `none`, `half`, `three-quarters`, `total`.
        cover_source (CoverSource): One of: `computed`, `stated`, `none`.
        advantage (bool):
        disadvantage (bool):
        advantage_sources (list[str]):
        disadvantage_sources (list[str]):
        damage (int | None): Damage rolled on a hit (null on a miss).
        damage_applied (bool):
        target_dropped (bool):
        target_died (bool):
    """

    attacker_id: str
    target_id: str
    attack_name: str
    hit: bool
    critical: bool
    fumble: bool
    natural: int
    total: int
    target_ac: int
    cover: CoverDegree
    cover_source: CoverSource
    advantage: bool
    disadvantage: bool
    advantage_sources: list[str]
    disadvantage_sources: list[str]
    damage: int | None
    damage_applied: bool
    target_dropped: bool
    target_died: bool

    def to_dict(self) -> dict[str, Any]:
        attacker_id = self.attacker_id

        target_id = self.target_id

        attack_name = self.attack_name

        hit = self.hit

        critical = self.critical

        fumble = self.fumble

        natural = self.natural

        total = self.total

        target_ac = self.target_ac

        cover = self.cover.value

        cover_source = self.cover_source.value

        advantage = self.advantage

        disadvantage = self.disadvantage

        advantage_sources = self.advantage_sources

        disadvantage_sources = self.disadvantage_sources

        damage: int | None
        damage = self.damage

        damage_applied = self.damage_applied

        target_dropped = self.target_dropped

        target_died = self.target_died

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attackerId": attacker_id,
                "targetId": target_id,
                "attackName": attack_name,
                "hit": hit,
                "critical": critical,
                "fumble": fumble,
                "natural": natural,
                "total": total,
                "targetAc": target_ac,
                "cover": cover,
                "coverSource": cover_source,
                "advantage": advantage,
                "disadvantage": disadvantage,
                "advantageSources": advantage_sources,
                "disadvantageSources": disadvantage_sources,
                "damage": damage,
                "damageApplied": damage_applied,
                "targetDropped": target_dropped,
                "targetDied": target_died,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        attacker_id = d.pop("attackerId")

        target_id = d.pop("targetId")

        attack_name = d.pop("attackName")

        hit = d.pop("hit")

        critical = d.pop("critical")

        fumble = d.pop("fumble")

        natural = d.pop("natural")

        total = d.pop("total")

        target_ac = d.pop("targetAc")

        cover = CoverDegree(d.pop("cover"))

        cover_source = CoverSource(d.pop("coverSource"))

        advantage = d.pop("advantage")

        disadvantage = d.pop("disadvantage")

        advantage_sources = cast(list[str], d.pop("advantageSources"))

        disadvantage_sources = cast(list[str], d.pop("disadvantageSources"))

        def _parse_damage(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        damage = _parse_damage(d.pop("damage"))

        damage_applied = d.pop("damageApplied")

        target_dropped = d.pop("targetDropped")

        target_died = d.pop("targetDied")

        attack_outcome = cls(
            attacker_id=attacker_id,
            target_id=target_id,
            attack_name=attack_name,
            hit=hit,
            critical=critical,
            fumble=fumble,
            natural=natural,
            total=total,
            target_ac=target_ac,
            cover=cover,
            cover_source=cover_source,
            advantage=advantage,
            disadvantage=disadvantage,
            advantage_sources=advantage_sources,
            disadvantage_sources=disadvantage_sources,
            damage=damage,
            damage_applied=damage_applied,
            target_dropped=target_dropped,
            target_died=target_died,
        )

        return attack_outcome

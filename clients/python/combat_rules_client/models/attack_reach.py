from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="AttackReach")


@_attrs_define
class AttackReach:
    """Whether one of the attacker's attacks can reach the target.

    Attributes:
        name (str):
        kind (str):
        in_range (bool):
        long_range (bool): In range only at long range: the attack has disadvantage.
    """

    name: str
    kind: str
    in_range: bool
    long_range: bool

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind = self.kind

        in_range = self.in_range

        long_range = self.long_range

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "kind": kind,
                "inRange": in_range,
                "longRange": long_range,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        kind = d.pop("kind")

        in_range = d.pop("inRange")

        long_range = d.pop("longRange")

        attack_reach = cls(
            name=name,
            kind=kind,
            in_range=in_range,
            long_range=long_range,
        )

        return attack_reach

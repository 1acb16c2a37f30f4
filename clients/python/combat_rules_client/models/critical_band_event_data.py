from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CriticalBandEventData")


@_attrs_define
class CriticalBandEventData:
    """The `data` of an event of type `critical-band`. The band a critical hit or fumble rolled on its table.

    Attributes:
        table (str | Unset): `weapon_hit`, `weapon_fumble`, `spell_hit` or `spell_fumble`
        band (str | Unset): its span (`75-79`)
        title (str | Unset): the seed's description
        text (str | Unset): the seed's effect text
    """

    table: str | Unset = UNSET
    band: str | Unset = UNSET
    title: str | Unset = UNSET
    text: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        band = self.band

        title = self.title

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if table is not UNSET:
            field_dict["table"] = table
        if band is not UNSET:
            field_dict["band"] = band
        if title is not UNSET:
            field_dict["title"] = title
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        table = d.pop("table", UNSET)

        band = d.pop("band", UNSET)

        title = d.pop("title", UNSET)

        text = d.pop("text", UNSET)

        critical_band_event_data = cls(
            table=table,
            band=band,
            title=title,
            text=text,
        )

        return critical_band_event_data

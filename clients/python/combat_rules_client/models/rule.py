from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Rule")


@_attrs_define
class Rule:
    """One rule of the inventory (`docs/RULES.md`).

    Attributes:
        id (str): Its id (`d20.crit.effects`): what events and rule violations name.
        ruleset (str): The ruleset it belongs to (`d20`, `d100`, `d10`).
        section (None | str): The RULES.md section it is listed under.
        text (str): What the rule says, as RULES.md states it.
        decision (None | str): What RULES.md decides where the seed is silent or ambiguous.
        source (str): The source document (`seeds/…`).
        source_section (None | str): The heading of the source document's section it comes from; null for a d20 base
            rule the document does not write out.
        seed (str): Deprecated: the same as `source`.
        seed_section (None | str): Deprecated: the same as `sourceSection`.
    """

    id: str
    ruleset: str
    section: None | str
    text: str
    decision: None | str
    source: str
    source_section: None | str
    seed: str
    seed_section: None | str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        ruleset = self.ruleset

        section: None | str
        section = self.section

        text = self.text

        decision: None | str
        decision = self.decision

        source = self.source

        source_section: None | str
        source_section = self.source_section

        seed = self.seed

        seed_section: None | str
        seed_section = self.seed_section

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "ruleset": ruleset,
                "section": section,
                "text": text,
                "decision": decision,
                "source": source,
                "sourceSection": source_section,
                "seed": seed,
                "seedSection": seed_section,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        ruleset = d.pop("ruleset")

        def _parse_section(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        section = _parse_section(d.pop("section"))

        text = d.pop("text")

        def _parse_decision(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decision = _parse_decision(d.pop("decision"))

        source = d.pop("source")

        def _parse_source_section(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source_section = _parse_source_section(d.pop("sourceSection"))

        seed = d.pop("seed")

        def _parse_seed_section(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_section = _parse_seed_section(d.pop("seedSection"))

        rule = cls(
            id=id,
            ruleset=ruleset,
            section=section,
            text=text,
            decision=decision,
            source=source,
            source_section=source_section,
            seed=seed,
            seed_section=seed_section,
        )

        return rule

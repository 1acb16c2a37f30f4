from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.pending_choice_output_context import PendingChoiceOutputContext
    from ..models.pending_choice_output_effects_item import PendingChoiceOutputEffectsItem


T = TypeVar("T", bound="PendingChoiceOutput")


@_attrs_define
class PendingChoiceOutput:
    """A decision the rules leave to a person: `resolveChoice` accepts or declines it.

    Attributes:
        id (str): Its id (`choice-1`...): what `resolveChoice` names in `choiceId`.
        owner (str): The combatant who decides, or `dm`.
        prompt (str): What is being decided, in words (the band's title and text).
        options (list[str]): The decisions it takes (`accept`, `decline`).
        source (None | str): The critical-table band that offered it (`weapon-hit 75-79`...).
        effects (list[PendingChoiceOutputEffectsItem]): The structured effects applied when it is accepted.
        context (PendingChoiceOutputContext): What applying it needs, as the service wrote it: `attacker` and `target`
            (combatant ids)
            and `attack` (the attack's profile). Send it back unchanged.
    """

    id: str
    owner: str
    prompt: str
    options: list[str]
    source: None | str
    effects: list[PendingChoiceOutputEffectsItem]
    context: PendingChoiceOutputContext

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        owner = self.owner

        prompt = self.prompt

        options = self.options

        source: None | str
        source = self.source

        effects = []
        for effects_item_data in self.effects:
            effects_item = effects_item_data.to_dict()
            effects.append(effects_item)

        context = self.context.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "owner": owner,
                "prompt": prompt,
                "options": options,
                "source": source,
                "effects": effects,
                "context": context,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pending_choice_output_context import PendingChoiceOutputContext  # noqa: PLC0415
        from ..models.pending_choice_output_effects_item import PendingChoiceOutputEffectsItem  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        owner = d.pop("owner")

        prompt = d.pop("prompt")

        options = cast(list[str], d.pop("options"))

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        effects = []
        _effects = d.pop("effects")
        for effects_item_data in _effects:
            effects_item = PendingChoiceOutputEffectsItem.from_dict(effects_item_data)

            effects.append(effects_item)

        context = PendingChoiceOutputContext.from_dict(d.pop("context"))

        pending_choice_output = cls(
            id=id,
            owner=owner,
            prompt=prompt,
            options=options,
            source=source,
            effects=effects,
            context=context,
        )

        return pending_choice_output

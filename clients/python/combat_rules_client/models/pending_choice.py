from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pending_choice_context import PendingChoiceContext
    from ..models.pending_choice_effects_item import PendingChoiceEffectsItem


T = TypeVar("T", bound="PendingChoice")


@_attrs_define
class PendingChoice:
    """A decision the rules leave to a person: `resolveChoice` accepts or declines it.

    Attributes:
        id (str): Its id (`choice-1`...): what `resolveChoice` names in `choiceId`.
        owner (str): The combatant who decides, or `dm`.
        prompt (str): What is being decided, in words (the band's title and text).
        options (list[str] | Unset): The decisions it takes (`accept`, `decline`).
        source (None | str | Unset): The critical-table band that offered it (`weapon-hit 75-79`...).
        effects (list[PendingChoiceEffectsItem] | Unset): The structured effects applied when it is accepted.
        context (PendingChoiceContext | Unset): What applying it needs, as the service wrote it: `attacker` and `target`
            (combatant ids)
            and `attack` (the attack's profile). Send it back unchanged.
    """

    id: str
    owner: str
    prompt: str
    options: list[str] | Unset = UNSET
    source: None | str | Unset = UNSET
    effects: list[PendingChoiceEffectsItem] | Unset = UNSET
    context: PendingChoiceContext | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        owner = self.owner

        prompt = self.prompt

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        effects: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.effects, Unset):
            effects = []
            for effects_item_data in self.effects:
                effects_item = effects_item_data.to_dict()
                effects.append(effects_item)

        context: dict[str, Any] | Unset = UNSET
        if not isinstance(self.context, Unset):
            context = self.context.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "owner": owner,
                "prompt": prompt,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if source is not UNSET:
            field_dict["source"] = source
        if effects is not UNSET:
            field_dict["effects"] = effects
        if context is not UNSET:
            field_dict["context"] = context

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pending_choice_context import PendingChoiceContext  # noqa: PLC0415
        from ..models.pending_choice_effects_item import PendingChoiceEffectsItem  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        owner = d.pop("owner")

        prompt = d.pop("prompt")

        options = cast(list[str], d.pop("options", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        _effects = d.pop("effects", UNSET)
        effects: list[PendingChoiceEffectsItem] | Unset = UNSET
        if _effects is not UNSET:
            effects = []
            for effects_item_data in _effects:
                effects_item = PendingChoiceEffectsItem.from_dict(effects_item_data)

                effects.append(effects_item)

        _context = d.pop("context", UNSET)
        context: PendingChoiceContext | Unset
        if isinstance(_context, Unset):
            context = UNSET
        else:
            context = PendingChoiceContext.from_dict(_context)

        pending_choice = cls(
            id=id,
            owner=owner,
            prompt=prompt,
            options=options,
            source=source,
            effects=effects,
            context=context,
        )

        return pending_choice

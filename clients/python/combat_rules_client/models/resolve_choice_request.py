from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.resolve_choice_decision import ResolveChoiceDecision
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.encounter import Encounter


T = TypeVar("T", bound="ResolveChoiceRequest")


@_attrs_define
class ResolveChoiceRequest:
    """Accept or decline a pending choice (a critical table effect left to a person). Stateless: the encounter travels with
    the request.

        Attributes:
            encounter (Encounter): The whole state of one fight.
            choice_id (str): The `id` of one of the encounter's `pendingChoices`.
            decision (ResolveChoiceDecision): One of: `accept`, `decline`.
            detail (None | str | Unset): The DM's answer where the choice needs one (which permanent injury, which square or
                direction...).
            seed (int | None | Unset): The seed of the random source, 0 to 2147483647: the same request with the same seed
                rolls the same dice. Leave it out and the service draws one (the response says which).
    """

    encounter: Encounter
    choice_id: str
    decision: ResolveChoiceDecision
    detail: None | str | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        encounter = self.encounter.to_dict()

        choice_id = self.choice_id

        decision = self.decision.value

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        else:
            detail = self.detail

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "encounter": encounter,
                "choiceId": choice_id,
                "decision": decision,
            }
        )
        if detail is not UNSET:
            field_dict["detail"] = detail
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.encounter import Encounter  # noqa: PLC0415

        d = dict(src_dict)
        encounter = Encounter.from_dict(d.pop("encounter"))

        choice_id = d.pop("choiceId")

        decision = ResolveChoiceDecision(d.pop("decision"))

        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        resolve_choice_request = cls(
            encounter=encounter,
            choice_id=choice_id,
            decision=decision,
            detail=detail,
            seed=seed,
        )

        return resolve_choice_request

from __future__ import annotations

import builtins
import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.proposal_params import ProposalParams


T = TypeVar("T", bound="Proposal")


@_attrs_define
class Proposal:
    """An action a seat proposed, waiting for the DM (docs/seats.md): approving applies it
    as proposed on `version`; it is dropped when rejected, once the session moves on from
    `version` (stale), when its seat is revoked, or with its session.

        Attributes:
            id (str):
            seat_id (str):
            action (str): The action's name (`resolveAttack`).
            params (ProposalParams): Its parameters, as the session action's body takes them.
            version (int): The session's version it was proposed on.
            created (datetime.datetime):
    """

    id: str
    seat_id: str
    action: str
    params: ProposalParams
    version: int
    created: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        seat_id = self.seat_id

        action = self.action

        params = self.params.to_dict()

        version = self.version

        created = self.created.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "seatId": seat_id,
                "action": action,
                "params": params,
                "version": version,
                "created": created,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.proposal_params import ProposalParams  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        seat_id = d.pop("seatId")

        action = d.pop("action")

        params = ProposalParams.from_dict(d.pop("params"))

        version = d.pop("version")

        created = datetime.datetime.fromisoformat(d.pop("created"))

        proposal = cls(
            id=id,
            seat_id=seat_id,
            action=action,
            params=params,
            version=version,
            created=created,
        )

        return proposal

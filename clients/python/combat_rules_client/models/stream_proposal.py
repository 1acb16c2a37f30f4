from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.stream_proposal_ref import StreamProposalRef
    from ..models.stream_session import StreamSession


T = TypeVar("T", bound="StreamProposal")


@_attrs_define
class StreamProposal:
    """`event: proposal`'s and `event: rejected`'s data (no `id`: neither makes a
    version, nor is resumed): a seat proposed an action on `session.version`, or the DM
    rejected that proposal (it was dropped); told to the DM's streams and to the proposing
    seat's.

        Attributes:
            session (StreamSession): The session a stream's event is about, at a version.
            proposal (StreamProposalRef): A proposal waiting for the DM: read it with `GET /v1/sessions/{id}/proposals`.
    """

    session: StreamSession
    proposal: StreamProposalRef

    def to_dict(self) -> dict[str, Any]:
        session = self.session.to_dict()

        proposal = self.proposal.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "session": session,
                "proposal": proposal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stream_proposal_ref import StreamProposalRef  # noqa: PLC0415
        from ..models.stream_session import StreamSession  # noqa: PLC0415

        d = dict(src_dict)
        session = StreamSession.from_dict(d.pop("session"))

        proposal = StreamProposalRef.from_dict(d.pop("proposal"))

        stream_proposal = cls(
            session=session,
            proposal=proposal,
        )

        return stream_proposal

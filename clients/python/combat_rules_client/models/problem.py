from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors_item import ProblemErrorsItem


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """An error (RFC 9457 problem details).

    Attributes:
        type (str): The problem type: `/problems/{code}`, relative to the service, which answers there what the code
            means.
        title (str):
        status (int):
        detail (str):
        code (str): A stable machine-readable error code, one of these (the list may grow: handle a code you don't know
            by the status):

            - `bad-request`: The request is not one the service can read (a malformed GraphQL request).
            - `invalid-json`: The body is not JSON, has a key twice, or nests too deep.
            - `invalid-if-match`: `If-Match` is not a version's strong `ETag` (`"3"`) or `*`.
            - `invalid-input`: A field is missing, malformed or inconsistent with the encounter; `errors` names each one by
            its path.
            - `limit-exceeded`: The request asks for more work than the engine's budget allows; `limit` and `max` name the
            limit and its value.
            - `unknown-ruleset`: The encounter names a ruleset the service does not host.
            - `not-supported`: The ruleset does not have this action.
            - `body-too-large`: The body is larger than `CRS_MAX_BODY_BYTES`.
            - `headers-too-large`: The request's headers are larger than the service reads.
            - `unsupported-media-type`: The body is not sent as `application/json`.
            - `rule-violation`: The rules forbid the action; `rule` is its id in RULES.md.
            - `rules-error`: The rules refused the action for a reason of their own.
            - `session-not-found`: No such session: never created, deleted, expired, or another tenant's.
            - `not-found`: No such resource.
            - `version-conflict`: The session is not at the version `If-Match` names; `currentVersion` is.
            - `nothing-to-undo`: The session's undo history is empty.
            - `nothing-to-reveal`: The session has no dice commitment to reveal (it was created before fair dice).
            - `too-many-reveals`: The session's dice secret was revealed as many times as it may be (`limit`).
            - `session-not-reproduced`: A fork was refused: the session's replay log does not reproduce it up to the version
            asked (`version` is the first that differs; `verifySession` says more).
            - `idempotency-key-reused`: The idempotency key was used for another request.
            - `idempotency-in-progress`: A request with the same idempotency key is still running.
            - `session-busy`: Too many writes to the session are waiting; retry after `Retry-After`.
            - `session-damaged`: A record of the session in Redis is not what the service writes; `part` (and `index`) say
            which.
            - `session-quota-exceeded`: The tenant holds as many live sessions as it may.
            - `storage-quota-exceeded`: The tenant's sessions hold as many bytes as they may.
            - `subscription-quota-exceeded`: The tenant follows as many sessions as it may at once.
            - `seat-forbidden`: A seat token asked for what its seat may not do: another session, the DM's operations, or
            acting as a creature not its own; `seatId` (and `combatantId`) say which.
            - `seat-not-found`: The session has no such seat (never made, or revoked).
            - `too-many-seats`: The session holds as many seats as it may (`limit`).
            - `proposal-not-found`: No such proposal is waiting: never made, approved, rejected, stale or its seat revoked.
            - `proposal-stale`: The session has moved on from the version the proposal was made on (`version`); it was
            dropped.
            - `too-many-proposals`: As many proposals wait in the session as may (`limit`).
            - `unauthorized`: No API key (or seat token), or not an active one.
            - `route-not-found`: No route answers the path; every route is in `/openapi.json`.
            - `rule-not-found`: No rule of RULES.md has that id.
            - `method-not-allowed`: The route does not answer that method; `Allow` lists those it does.
            - `request-timeout`: The request's headers or body did not arrive in time.
            - `rate-limited`: The tenant is over its rate limit; retry after `Retry-After`.
            - `deadline-exceeded`: The engine did not finish within its deadline; nothing changed.
            - `store-unavailable`: The session store did not answer; retry after `Retry-After` (for a write, with the same
            idempotency key).
            - `store-error`: The session store answered something the service did not expect.
            - `internal`: The service failed; report it with the request id.
        rule (str | Unset): For a rule violation: the id of the rule (see RULES.md).
        limit (str | Unset): For `limit-exceeded`: the name of the engine limit the request passes (`odds-work`,
            `search-cells`...; SECURITY.md lists them).
        max_ (int | Unset): For `limit-exceeded`: the limit's value.
        errors (list[ProblemErrorsItem] | Unset): For invalid input: each bad field.
        current_version (int | Unset): For a version conflict: the session's current version.
        request_id (str | Unset): The request's id (its `X-Request-ID`): quote it when reporting a problem.
    """

    type: str
    title: str
    status: int
    detail: str
    code: str
    rule: str | Unset = UNSET
    limit: str | Unset = UNSET
    max_: int | Unset = UNSET
    errors: list[ProblemErrorsItem] | Unset = UNSET
    current_version: int | Unset = UNSET
    request_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type = self.type

        title = self.title

        status = self.status

        detail = self.detail

        code = self.code

        rule = self.rule

        limit = self.limit

        max_ = self.max_

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        current_version = self.current_version

        request_id = self.request_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
            }
        )
        if rule is not UNSET:
            field_dict["rule"] = rule
        if limit is not UNSET:
            field_dict["limit"] = limit
        if max_ is not UNSET:
            field_dict["max"] = max_
        if errors is not UNSET:
            field_dict["errors"] = errors
        if current_version is not UNSET:
            field_dict["currentVersion"] = current_version
        if request_id is not UNSET:
            field_dict["requestId"] = request_id

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors_item import ProblemErrorsItem  # noqa: PLC0415

        d = dict(src_dict)
        type = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = d.pop("code")

        rule = d.pop("rule", UNSET)

        limit = d.pop("limit", UNSET)

        max_ = d.pop("max", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: list[ProblemErrorsItem] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = ProblemErrorsItem.from_dict(errors_item_data)

                errors.append(errors_item)

        current_version = d.pop("currentVersion", UNSET)

        request_id = d.pop("requestId", UNSET)

        problem = cls(
            type=type,
            title=title,
            status=status,
            detail=detail,
            code=code,
            rule=rule,
            limit=limit,
            max_=max_,
            errors=errors,
            current_version=current_version,
            request_id=request_id,
        )

        problem.additional_properties = d
        return problem

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

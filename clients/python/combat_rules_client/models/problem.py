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
        type (str):
        title (str):
        status (int):
        detail (str):
        code (str): A stable machine-readable error code (`invalid-input`, `rule-violation`, `not-supported`, `version-
            conflict`, `deadline-exceeded`...).
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

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.patch_operation_op import PatchOperationOp

T = TypeVar("T", bound="PatchOperation")


@_attrs_define
class PatchOperation:
    """One operation of an RFC 6902 JSON Patch (`service/api/changes.py`).

    Attributes:
        op (PatchOperationOp):
        path (str): A JSON Pointer (RFC 6901) into the encounter.
        value (Any): The value set (null for `remove`).
    """

    op: PatchOperationOp
    path: str
    value: Any

    def to_dict(self) -> dict[str, Any]:
        op = self.op.value

        path = self.path

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "op": op,
                "path": path,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        op = PatchOperationOp(d.pop("op"))

        path = d.pop("path")

        value = d.pop("value")

        patch_operation = cls(
            op=op,
            path=path,
            value=value,
        )

        return patch_operation

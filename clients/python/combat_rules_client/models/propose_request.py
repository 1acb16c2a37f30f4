from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.propose_request_action import ProposeRequestAction
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.propose_request_params import ProposeRequestParams


T = TypeVar("T", bound="ProposeRequest")


@_attrs_define
class ProposeRequest:
    """An action a seat proposes to the DM (a seat made with `approval: dm`).

    Attributes:
        action (ProposeRequestAction): The action's name (`resolveAttack`): any action but a query.
        params (ProposeRequestParams | Unset): Its parameters, as the session action's body takes them (`seed` too).
    """

    action: ProposeRequestAction
    params: ProposeRequestParams | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        params: dict[str, Any] | Unset = UNSET
        if not isinstance(self.params, Unset):
            params = self.params.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
            }
        )
        if params is not UNSET:
            field_dict["params"] = params

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.propose_request_params import ProposeRequestParams  # noqa: PLC0415

        d = dict(src_dict)
        action = ProposeRequestAction(d.pop("action"))

        _params = d.pop("params", UNSET)
        params: ProposeRequestParams | Unset
        if isinstance(_params, Unset):
            params = UNSET
        else:
            params = ProposeRequestParams.from_dict(_params)

        propose_request = cls(
            action=action,
            params=params,
        )

        return propose_request

from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.replay_step_params_type_0 import ReplayStepParamsType0
    from ..models.session_origin import SessionOrigin


T = TypeVar("T", bound="ReplayStep")


@_attrs_define
class ReplayStep:
    """What made one version of a session, as the session's replay log keeps it.

    Attributes:
        version (int): The version it made.
        action (str): `createSession` (version 1), the action's name (`resolveAttack`...) or `undo`.
        params (None | ReplayStepParamsType0): The action's parameters as the request sent them: camelCase, without
            `seed`, a
            field left at its default left out. For `createSession`, `{"encounter": ...}`: the
            encounter as the session stored it. Null for `undo`.
        seed (int | None): The seed the action's dice came from: the request's, or the one the service drew
            when it sent none. Null for `createSession` and `undo`.
        restored_version (int | None): For `undo`: the version whose state it restored. Null otherwise.
        origin (None | SessionOrigin): For the `createSession` of a fork: the session and version it was forked from.
            Null otherwise.
        seed_source (None | str): Where `seed` came from: `client` (the request sent it), `committed` (derived
            from the session's committed secret and `line`: docs/fair-dice.md) or `drawn` (drawn
            by the service, in a session without a commitment). Null when there is no seed, or for
            a step logged before fair dice.
        line (int | None): The session's dice line this version is at (1 at creation, one more with each action,
            one less with each undo): a committed seed is `HMAC-SHA256(secret, "crs-dice:<line>")`
            cut to 31 bits. Null for a session without a commitment.
    """

    version: int
    action: str
    params: None | ReplayStepParamsType0
    seed: int | None
    restored_version: int | None
    origin: None | SessionOrigin
    seed_source: None | str
    line: int | None

    def to_dict(self) -> dict[str, Any]:
        from ..models.replay_step_params_type_0 import ReplayStepParamsType0  # noqa: PLC0415
        from ..models.session_origin import SessionOrigin  # noqa: PLC0415

        version = self.version

        action = self.action

        params: dict[str, Any] | None
        if isinstance(self.params, ReplayStepParamsType0):
            params = self.params.to_dict()
        else:
            params = self.params

        seed: int | None
        seed = self.seed

        restored_version: int | None
        restored_version = self.restored_version

        origin: dict[str, Any] | None
        if isinstance(self.origin, SessionOrigin):
            origin = self.origin.to_dict()
        else:
            origin = self.origin

        seed_source: None | str
        seed_source = self.seed_source

        line: int | None
        line = self.line

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
                "action": action,
                "params": params,
                "seed": seed,
                "restoredVersion": restored_version,
                "origin": origin,
                "seedSource": seed_source,
                "line": line,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.replay_step_params_type_0 import ReplayStepParamsType0  # noqa: PLC0415
        from ..models.session_origin import SessionOrigin  # noqa: PLC0415

        d = dict(src_dict)
        version = d.pop("version")

        action = d.pop("action")

        def _parse_params(data: object) -> None | ReplayStepParamsType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_0 = ReplayStepParamsType0.from_dict(data)

                return params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ReplayStepParamsType0, data)

        params = _parse_params(d.pop("params"))

        def _parse_seed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seed = _parse_seed(d.pop("seed"))

        def _parse_restored_version(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        restored_version = _parse_restored_version(d.pop("restoredVersion"))

        def _parse_origin(data: object) -> None | SessionOrigin:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                origin_type_0 = SessionOrigin.from_dict(data)

                return origin_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SessionOrigin, data)

        origin = _parse_origin(d.pop("origin"))

        def _parse_seed_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed_source = _parse_seed_source(d.pop("seedSource"))

        def _parse_line(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        line = _parse_line(d.pop("line"))

        replay_step = cls(
            version=version,
            action=action,
            params=params,
            seed=seed,
            restored_version=restored_version,
            origin=origin,
            seed_source=seed_source,
            line=line,
        )

        return replay_step

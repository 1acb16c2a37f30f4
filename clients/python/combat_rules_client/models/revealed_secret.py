from __future__ import annotations

import builtins
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RevealedSecret")


@_attrs_define
class RevealedSecret:
    """A dice secret a session published, and what it was committed as.

    Attributes:
        secret (str): The secret (hex, 32 bytes).
        commitment (str): Its SHA-256 (hex): the commitment the session answered until now.
        version (int): The session's version when it was revealed: the seeds of the versions up to it (since
            the previous reveal) derive from this secret.
        line (int): The session's dice line when it was revealed.
    """

    secret: str
    commitment: str
    version: int
    line: int

    def to_dict(self) -> dict[str, Any]:
        secret = self.secret

        commitment = self.commitment

        version = self.version

        line = self.line

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "secret": secret,
                "commitment": commitment,
                "version": version,
                "line": line,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: builtins.type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        secret = d.pop("secret")

        commitment = d.pop("commitment")

        version = d.pop("version")

        line = d.pop("line")

        revealed_secret = cls(
            secret=secret,
            commitment=commitment,
            version=version,
            line=line,
        )

        return revealed_secret

"""Strict JSON: text with one meaning, in both directions.

- **Written** (:func:`encode`, :func:`strict_json`): compact, and never a NaN or an
  infinity, which JSON has no numbers for. The session store (what it encodes) and the
  doors (what they answer) share these, so both refuse the same values the same way.
- **Read** (:func:`find_duplicate_key`): an object that names a key twice is refused.
  JSON leaves duplicate keys to the parser, and parsers differ (pydantic keeps the last,
  some proxies and WAFs the first): ``{"amount": 1, "amount": 500}`` would be one request
  to a proxy that checked it and another to the engine. Every JSON body both doors read
  (REST bodies, GraphQL documents and their variables, websocket messages) goes through
  it first; a duplicate is a 422 naming the key and where it is.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import from_json, to_json

__all__ = ["DuplicateKey", "encode", "find_duplicate_key", "strict_json"]


def encode(value: Any) -> bytes:
    """Compact JSON, refusing NaN and infinities (ValueError) as JSON has no such numbers.

    pydantic-core's encoder is several times faster than the json module; where its output
    may hold such a constant, the json module decides (and raises)."""
    encoded = to_json(value, inf_nan_mode="constants")
    if b"NaN" in encoded or b"Infinity" in encoded:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        return text.encode()
    return encoded


def strict_json(data: bytes) -> bytes:
    """``data``, refused (ValueError) if it holds a NaN or an infinity, which JSON has no
    numbers for (what the store refuses in a document it encodes)."""
    if b"NaN" in data or b"Infinity" in data:
        encode(from_json(data))
    return data


class DuplicateKey(ValueError):
    """A JSON object names ``key`` twice, at ``path`` (the object's path, then the key)."""

    def __init__(self, path: tuple[str | int, ...]) -> None:
        super().__init__(f"the key {path[-1]!r} appears twice in one object")
        self.path = path


class _Found(Exception):
    pass


class _Twice:
    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key


def _check(pairs: list[tuple[str, Any]]) -> None:
    if len({key for key, _ in pairs}) != len(pairs):
        raise _Found
    return None


def _mark(pairs: list[tuple[str, Any]]) -> Any:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return _Twice(key)
        seen.add(key)
    return dict(pairs)


def _where(value: Any, path: tuple[str | int, ...]) -> tuple[str | int, ...] | None:
    if isinstance(value, _Twice):
        return (*path, value.key)
    items: Any = value.items() if isinstance(value, dict) else enumerate(value)
    if isinstance(value, dict | list):
        for key, item in items:
            if isinstance(item, dict | list | _Twice):
                found = _where(item, (*path, key))
                if found is not None:
                    return found
    return None


def find_duplicate_key(body: str | bytes) -> None:
    """Raise :class:`DuplicateKey` when an object of ``body`` names a key twice.

    The first pass builds nothing (each object is checked and dropped); only a body with a
    duplicate is parsed again to say where. A body that is not JSON passes: the parser that
    follows refuses it in its own words."""
    try:
        json.loads(body, object_pairs_hook=_check)
    except _Found:
        path = _where(json.loads(body, object_pairs_hook=_mark), ())
        raise DuplicateKey(path or ("?",)) from None
    except (ValueError, RecursionError):
        return

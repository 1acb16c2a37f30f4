"""What an action changed in the encounter, as an RFC 6902 JSON Patch (every action
answer's ``changes``).

The patch goes from the encounter the action ran on, in the form the service answers it
(the previous answer's ``encounter``, or a session's previous version), to the encounter
answered: applying it to the one gives the other, member for member. Object members are
set with ``add`` (which replaces a member that is there and adds one that is not, so the
gone ones removed with ``remove``; an array of the same length is patched element by
element, one whose length changed is set whole. ``minimal`` compares the forms a
``Prefer: return=minimal`` answer sends (nulls and defaults left out), so that its patch
turns the previous minimal answer's encounter into this one's: a member that returns to
its default is removed, an object that leaves its default is added whole.

It costs what the action changed, not the encounter's size: the engine's answer shares
every part of its input it did not change (``Draft`` is copy-on-write), and only parts
that are different objects are dumped and compared (a part copied but left equal gives no
operation).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter

from service.api.models import ENCOUNTER, PatchOperation, encounter_parts
from service.rules import Encounter

__all__ = ["changes", "diff"]


def changes(before: Encounter, after: Encounter, *, minimal: bool = False) -> list[PatchOperation]:
    """The JSON Patch from ``before`` to ``after``, both as the service answers them (in
    full, or ``minimal``: as a ``Prefer: return=minimal`` answer sends them)."""
    if before is after:
        return []
    ops: list[PatchOperation] = []
    parts = encounter_parts()

    def dump(adapter: TypeAdapter[Any], value: Any) -> Any:
        return adapter.dump_python(
            value, mode="json", by_alias=True, exclude_defaults=minimal, exclude_none=minimal
        )

    if parts is None:
        diff(dump(ENCOUNTER, before), dump(ENCOUNTER, after), "", ops)
        return ops
    grid, combatant, rest = parts
    if before.ruleset != after.ruleset:
        ops.append(PatchOperation(op="add", path="/ruleset", value=after.ruleset))
    if before.grid is not after.grid:
        diff(dump(grid, before.grid), dump(grid, after.grid), "/grid", ops)
    _combatants(combatant, before, after, ops, dump)
    rest_type, rest_adapter = rest
    names = [f.name for f in dataclasses.fields(rest_type)]
    was, now = (
        dump(rest_adapter, rest_type(**{n: getattr(e, n) for n in names})) for e in (before, after)
    )
    diff(was, now, "", ops)
    return ops


def _combatants(
    adapter: TypeAdapter[Any],
    before: Encounter,
    after: Encounter,
    ops: list[PatchOperation],
    dump: Callable[[TypeAdapter[Any], Any], Any],
) -> None:
    old, new = before.combatants, after.combatants
    if old is new:
        return
    if [c.id for c in old] != [c.id for c in new]:
        value = [dump(adapter, c) for c in new]
        ops.append(PatchOperation(op="add", path="/combatants", value=value))
        return
    for i, (a, b) in enumerate(zip(old, new, strict=True)):
        if a is not b:
            diff(dump(adapter, a), dump(adapter, b), f"/combatants/{i}", ops)


def diff(before: Any, after: Any, path: str, ops: list[PatchOperation]) -> None:
    """Append to ``ops`` the operations that turn the JSON value ``before`` at ``path``
    into ``after`` (``path`` names an object member, or the root, unless both are objects
    or arrays of one length, which are patched inside)."""
    if type(before) is dict and type(after) is dict:
        for key, value in after.items():
            here = f"{path}/{_escape(key)}"
            if key not in before:
                ops.append(PatchOperation(op="add", path=here, value=value))
            elif not _same(before[key], value):
                _member(before[key], value, here, ops)
        for key in before:
            if key not in after:
                ops.append(PatchOperation(op="remove", path=f"{path}/{_escape(key)}"))
        return
    ops.append(PatchOperation(op="add" if path else "replace", path=path, value=after))


def _member(before: Any, after: Any, path: str, ops: list[PatchOperation]) -> None:
    if type(before) is list and type(after) is list and len(before) == len(after):
        for i, (a, b) in enumerate(zip(before, after, strict=True)):
            if _same(a, b):
                continue
            if type(a) is dict and type(b) is dict:
                diff(a, b, f"{path}/{i}", ops)
            else:
                ops.append(PatchOperation(op="replace", path=f"{path}/{i}", value=b))
        return
    if type(before) is dict and type(after) is dict:
        diff(before, after, path, ops)
        return
    ops.append(PatchOperation(op="add", path=path, value=after))


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values (``True`` and ``1`` are not)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if type(a) is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")

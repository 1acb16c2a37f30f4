"""One budget per GraphQL operation: its fields together may ask the engine for what one
REST request may, and its answer has a documented maximum (issue 24, findings 3 and 5).

Before anything runs, :func:`operation_weight` estimates, from the document's root fields
(aliases and fragments included) and the variables:

- **work**, in REST requests: each field that takes an ``encounter`` weighs the larger of
  its encounter's share of the body limit (``CRS_MAX_BODY_BYTES``: validating, walking and
  answering an encounter cost about its size) and its largest creature's cells squared over
  :data:`~service.rules.limits.FOOTPRINT_CELLS` squared (``cover``, ``reach``, ``flanking``
  and moves look at every cell pair of two spaces). An operation may weigh at most 1, what
  the heaviest REST request may: 30 aliased ``cover`` between 100-cell footprints weigh 30;
  30 fields over a 2 KB encounter 0.06. ``encounterOdds`` is bounded by its own work budget
  (``odds-work``) and the operation cost (``CRS_GRAPHQL_MAX_COST``) and weighs only its
  encounter's size here.
- **the answer's size**: each such field whose selection reaches into an object (the
  encounter, its combatants, events) may answer about its encounter again; together at most
  :func:`max_answer_bytes` (4 x ``CRS_MAX_BODY_BYTES``).

Over either, the operation is refused before it runs with a GraphQL error ``extensions:
{code: "LIMIT_EXCEEDED", limit: "graphql-work" | "graphql-answer-bytes", max}``. Session
fields (whose encounter is in the store) are bounded by the session quotas instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from graphql import (
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionNode,
    VariableNode,
    print_ast,
    value_from_ast_untyped,
)
from pydantic_core import to_json

from service.rules import REGISTRY
from service.rules.limits import FOOTPRINT_CELLS

ANSWER_FACTOR = 4
"""The largest answer an operation may build, in request bodies (``CRS_MAX_BODY_BYTES``)."""
FIELD_ANSWER_BYTES = 1024
"""What a field selecting only scalars is counted in the answer."""
MAX_WORK = 1.0
"""The most an operation may weigh, in REST requests."""


@dataclass(frozen=True, slots=True)
class Weight:
    """An operation's estimate: ``work`` in REST requests, ``answer`` in bytes."""

    work: float
    answer: int


def max_answer_bytes(max_body_bytes: int) -> int:
    """The largest answer one operation may build."""
    return ANSWER_FACTOR * max_body_bytes


@cache
def _side(size: str) -> int:
    return max((ruleset.square_extent.get(size, 1) for ruleset in REGISTRY.values()), default=1)


def _largest_space(encounter: Any) -> int:
    """The cells of the largest creature of a raw ``encounter`` (its explicit footprint, or
    its size's square on the ruleset that makes that size largest)."""
    largest = 1
    combatants = encounter.get("combatants") if isinstance(encounter, Mapping) else None
    for c in combatants if isinstance(combatants, list) else ():
        if not isinstance(c, Mapping):
            continue
        footprint = c.get("footprint")
        if isinstance(footprint, list):
            cells = len(footprint)
        else:
            size = c.get("size")
            cells = _side(size) ** 2 if isinstance(size, str) else 1
        largest = max(largest, cells)
    return largest


def _selects_objects(node: FieldNode) -> bool:
    selection = node.selection_set
    return selection is not None and any(
        not isinstance(s, FieldNode) or s.selection_set is not None for s in selection.selections
    )


class _Estimator:
    def __init__(self, variables: Mapping[str, Any], fragments: dict[str, Any], body: int):
        self.variables = variables
        self.fragments = fragments
        self.body = body
        self.sizes: dict[str, tuple[int, int]] = {}
        self.work = 0.0
        self.answer = 0

    def encounter(self, node: FieldNode) -> tuple[int, int] | None:
        """(bytes, largest space) of the field's ``encounter`` argument, None without."""
        for argument in node.arguments or ():
            if argument.name.value != "encounter":
                continue
            value = argument.value
            if isinstance(value, VariableNode):
                name = value.name.value
                if name not in self.sizes:
                    raw = self.variables.get(name)
                    self.sizes[name] = (len(to_json(raw)), _largest_space(raw))
                return self.sizes[name]
            return len(print_ast(value)), _largest_space(value_from_ast_untyped(value))
        return None

    def walk(self, selections: Iterable[SelectionNode]) -> None:
        for node in selections:
            if isinstance(node, FieldNode):
                found = self.encounter(node)
                if found is None:
                    self.answer += FIELD_ANSWER_BYTES
                    continue
                size, space = found
                cells = space / FOOTPRINT_CELLS.max
                self.work += max(size / self.body, cells * cells)
                self.answer += size if _selects_objects(node) else FIELD_ANSWER_BYTES
            elif isinstance(node, InlineFragmentNode):
                self.walk(node.selection_set.selections)
            elif isinstance(node, FragmentSpreadNode) and node.name.value in self.fragments:
                fragment = self.fragments.pop(node.name.value)  # each fragment once
                self.walk(fragment.selection_set.selections)


def operation_weight(
    document: Any,
    operation_name: str | None,
    variables: Mapping[str, Any] | None,
    max_body_bytes: int,
) -> Weight:
    """The estimate of the operation ``operation_name`` of ``document`` (zero when it names
    no single query or mutation: the executor refuses those)."""
    if document is None:
        return Weight(0.0, 0)
    chosen = [
        d
        for d in document.definitions
        if isinstance(d, OperationDefinitionNode)
        and (operation_name is None or (d.name is not None and d.name.value == operation_name))
    ]
    if len(chosen) != 1 or chosen[0].operation.value == "subscription":
        return Weight(0.0, 0)
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    known = variables if isinstance(variables, Mapping) else {}
    estimator = _Estimator(known, fragments, max_body_bytes)
    estimator.walk(chosen[0].selection_set.selections)
    return Weight(estimator.work, estimator.answer)

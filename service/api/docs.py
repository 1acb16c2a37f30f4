"""Field descriptions from the attribute docstrings of the engine's dataclasses.

Pydantic can read these itself (``use_attribute_docstrings``), but it re-reads a class's
source every time it builds a schema that contains the class, which made building the
wire models take many seconds. Validation needs no descriptions; the published schemas
(OpenAPI, GraphQL) get them from here, read once per class.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import sys
import types
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints

from pydantic.alias_generators import to_camel


@cache
def attribute_docs(cls: type) -> dict[str, str]:
    """``{field name: docstring}`` for the fields of ``cls`` that have one, its base classes'
    included (a class's own docstring for a field wins over its bases')."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is not object:
            docs.update(_own_docs(klass))
    return docs


@cache
def _own_docs(cls: type) -> dict[str, str]:
    node = _class_nodes(cls.__module__).get(cls.__qualname__)
    if node is None:
        return {}
    docs: dict[str, str] = {}
    for stmt, after in itertools.pairwise(node.body):
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[stmt.target.id] = inspect.cleandoc(after.value.value)
    return docs


@cache
def _class_nodes(module: str) -> dict[str, ast.ClassDef]:
    """The class definitions of ``module``'s source by qualified name, wherever they sit (in
    a class, a function, an ``if``), the module parsed once (``inspect.getsource`` parses
    it again for every class); the first definition of a name wins, as for ``inspect``."""
    try:
        source = inspect.getsource(sys.modules[module])
    except (KeyError, OSError, TypeError):
        return {}
    found: dict[str, ast.ClassDef] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                found.setdefault(prefix + child.name, child)
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, f"{prefix}{child.name}.<locals>.")
            elif isinstance(child, ast.stmt | ast.excepthandler | ast.match_case):
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def class_doc(cls: type) -> str | None:
    """The class docstring, unless it is the signature dataclasses makes up."""
    doc = cls.__doc__ or ""
    if not doc or doc.startswith(cls.__name__ + "("):
        return None
    return inspect.cleandoc(doc)


def dataclasses_in(*roots: Any) -> dict[str, type]:
    """Every dataclass reachable from ``roots`` through field types, by name."""
    found: dict[str, type] = {}

    def walk(tp: Any) -> None:
        if get_origin(tp) is not None or isinstance(tp, types.UnionType):
            for arg in get_args(tp):
                walk(arg)
        elif isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp.__name__ not in found:
            found[tp.__name__] = tp
            for hint in get_type_hints(tp, include_extras=True).values():
                walk(hint)

    for root in roots:
        walk(root)
    return found


def describe_schemas(definitions: dict[str, Any], classes: dict[str, type]) -> None:
    """Add class and field descriptions to JSON schema ``definitions`` in place.

    ``classes`` maps a schema name to the dataclass it was generated from.
    """
    for name, schema in definitions.items():
        cls = classes.get(name)
        if cls is None or not dataclasses.is_dataclass(cls):
            continue
        doc = class_doc(cls)
        if doc and "description" not in schema:
            schema["description"] = doc
        properties = schema.get("properties", {})
        for field_name, text in attribute_docs(cls).items():
            prop = properties.get(to_camel(field_name)) or properties.get(field_name)
            if prop is not None and "description" not in prop:
                prop["description"] = text

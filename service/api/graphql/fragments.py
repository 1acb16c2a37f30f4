"""Fragments shipped with the schema (``schema/fragments.graphql``, written by
``python -m service.contracts``): ``EncounterFields`` selects every field of an ``Encounter``,
however deep, so that a result's encounter selected with it is a whole ``EncounterInput``,
ready to send back with the next action."""

from __future__ import annotations

from graphql import GraphQLObjectType, GraphQLSchema, get_named_type, is_leaf_type

__all__ = ["ENCOUNTER_FIELDS", "fragments"]

ENCOUNTER_FIELDS = "EncounterFields"
WIDTH = 92


def _fields(tp: GraphQLObjectType, indent: str) -> list[str]:
    """Every field of ``tp`` (those that take no arguments and are not deprecated), the
    fields of each object field nested under it."""
    lines: list[str] = []
    leaves: list[str] = []
    for name, field in tp.fields.items():
        if field.args or field.deprecation_reason:
            continue
        inner = get_named_type(field.type)
        if is_leaf_type(inner):
            leaves.append(name)
            continue
        assert isinstance(inner, GraphQLObjectType), inner
        lines += [f"{indent}{name} {{", *_fields(inner, indent + "  "), f"{indent}}}"]
    wrapped: list[str] = []
    current = indent
    for leaf in leaves:
        if current != indent and len(current) + 1 + len(leaf) > WIDTH:
            wrapped.append(current)
            current = indent
        current += ("" if current == indent else " ") + leaf
    if current != indent:
        wrapped.append(current)
    return wrapped + lines


def encounter_fields(schema: GraphQLSchema) -> str:
    """The ``EncounterFields`` fragment of ``schema``."""
    encounter = schema.type_map["Encounter"]
    assert isinstance(encounter, GraphQLObjectType)
    body = "\n".join(_fields(encounter, "  "))
    return f"fragment {ENCOUNTER_FIELDS} on Encounter {{\n{body}\n}}\n"


def fragments(schema: GraphQLSchema) -> str:
    """Every shipped fragment, as one document."""
    head = (
        "# Fragments for clients of schema.graphql. `...EncounterFields` selects a whole\n"
        "# encounter: a result's `encounter` selected with it is a valid `EncounterInput`.\n"
    )
    return head + "\n" + encounter_fields(schema)

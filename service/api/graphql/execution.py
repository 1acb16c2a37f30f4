"""graphql-core's executor, with results that are plain JSON data completed in one pass.

The output types made from the engine's dataclasses (:mod:`.types`) resolve from the JSON
form of a response: dicts keyed by the GraphQL field names. graphql-core would resolve each
of their fields with a resolver call, a resolve-info object and a completion step: for a
selection of a whole 6-creature encounter, about a thousand of them per request, which
cost ten times the engine's work. :class:`PlainDataExecutor` completes such a dict's
selection directly: the same selection set (collected by graphql-core, so fragments,
aliases, ``@skip``/``@include`` and ``__typename`` behave as usual), the same values (leaf
values coerced by the types' own output coercion, enums through a lookup), no resolvers to
call because there are none.

An ``EncounterInput`` variable is the other large part of a request: graphql-core coerces a
variable field by field in Python (300 µs for 6 creatures, 4 ms for 100), and the resolver
then validates it again with the REST models. :meth:`PlainDataExecutor.build` validates such
a variable once, with those models (pydantic-core: a fifth of the time): when they accept
it, it is passed on as the engine's ``Encounter`` and graphql-core does not walk it; when
they refuse it, graphql-core coerces it as usual, so a value GraphQL refuses is refused
with GraphQL's own error, and one only the models refuse answers ``InvalidInput``, as
before.

Everything else (the root fields, the hand-written types, unions, errors) goes through
graphql-core unchanged.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import is_dataclass
from operator import attrgetter, itemgetter
from typing import Any, ClassVar

from graphql import (
    DocumentNode,
    GraphQLBoolean,
    GraphQLEnumType,
    GraphQLError,
    GraphQLFloat,
    GraphQLID,
    GraphQLInt,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    GraphQLString,
    NamedTypeNode,
    NonNullTypeNode,
    OperationDefinitionNode,
    VariableDefinitionNode,
)
from graphql.execution.get_variable_signature import get_variable_signature
from graphql.execution.values import VariableValueSource
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext, validate_document


class PlainDataExecutor(StrawberryGraphQLCoreExecutionContext):
    """Completes a dict returned for one of :attr:`plain_types` without a resolver per field,
    and takes the variables of :attr:`prevalidated` types as their validators make them."""

    plain_types: ClassVar[dict[str, dict[str, str]]] = {}
    """The object types that resolve from plain data (the JSON form of an engine dataclass,
    or the dataclass itself), by name: their fields and the attributes they read."""

    dict_keys: ClassVar[dict[str, dict[str, str]]] = {}
    """Fields of :attr:`plain_types` whose dict key is not their name, by type name."""

    sparse: ClassVar[frozenset[str]] = frozenset()
    """Types of :attr:`plain_types` whose dicts may leave a key out: its field is null."""

    json_value: ClassVar[Callable[[Any], Any]] = staticmethod(lambda value: value)
    """How a ``JSON`` field of a dataclass is made JSON (the response models' serializer)."""

    prevalidated: ClassVar[dict[str, Callable[[Any, Any], Any]]] = {}
    """Input type name -> a function of a variable's value and that input type that returns
    its validated value, or raises ``ValueError`` (the variable is then coerced by
    graphql-core)."""

    @classmethod
    def build(  # type: ignore[override]
        cls,
        schema: GraphQLSchema,
        document: DocumentNode,
        root_value: Any = None,
        context_value: Any = None,
        raw_variable_values: dict[str, Any] | None = None,
        operation_name: str | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        operation = _operation(document, operation_name)
        taken: dict[str, tuple[VariableDefinitionNode, Any]] = {}
        if operation is not None and raw_variable_values and cls.prevalidated:
            for definition in operation.variable_definitions or ():
                type_name = _named(definition) or ""
                validate = cls.prevalidated.get(type_name)
                name = definition.variable.name.value
                raw = raw_variable_values.get(name)
                if validate is None or not isinstance(raw, dict):
                    continue
                try:
                    taken[name] = (definition, validate(raw, schema.get_type(type_name)))
                except ValueError:
                    continue
        if not taken or operation is None:
            return super().build(
                schema, document, root_value, context_value, raw_variable_values,
                operation_name, *args, **kwargs,
            )  # fmt: skip
        rest = tuple(
            d for d in operation.variable_definitions or () if d.variable.name.value not in taken
        )
        narrowed = OperationDefinitionNode(**{**_fields(operation), "variable_definitions": rest})
        definitions = tuple(narrowed if d is operation else d for d in document.definitions)
        assert raw_variable_values is not None
        executor = super().build(
            schema,
            DocumentNode(**{**_fields(document), "definitions": definitions}),
            root_value,
            context_value,
            {k: v for k, v in raw_variable_values.items() if k not in taken},
            operation_name,
            *args,
            **kwargs,
        )
        if isinstance(executor, list):
            return executor
        values = executor.variable_values
        for name, (definition, value) in taken.items():
            signature = get_variable_signature(schema, definition)
            assert not isinstance(signature, GraphQLError), signature
            values.sources[name] = VariableValueSource(signature, raw_variable_values[name])
            values.coerced[name] = value
        executor.operation = operation
        return executor

    def complete_object_value(
        self,
        return_type: GraphQLObjectType,
        field_details_list: Any,
        info: Any,
        path: Any,
        result: Any,
        position_context: Any,
    ) -> Any:
        if return_type.name in self.plain_types and _is_plain(result):
            return self._plan(return_type, field_details_list)(result)
        return super().complete_object_value(
            return_type, field_details_list, info, path, result, position_context
        )

    def _plan(self, return_type: GraphQLObjectType, field_details_list: Any) -> Convert:
        """The function completing plain data of ``return_type`` for this selection: made
        once per selection of a cached document (unless a directive makes the selection
        depend on the variables)."""
        node = field_details_list[0].node
        key = (return_type.name, id(node))
        found = _PLANS.get(key)
        if found is not None and found[0] is node:
            return found[1]
        plan = self._object(return_type, field_details_list)
        if not _has_directives(self.operation, self.fragment_definitions):
            _PLANS[key] = (node, plan)
            if len(_PLANS) > MAX_PLANS:
                del _PLANS[next(iter(_PLANS))]
        return plan

    def _object(self, return_type: GraphQLObjectType, field_details_list: Any) -> Convert:
        grouped, deferred, _ = self.collect_subfields(return_type, field_details_list)
        if deferred:
            raise TypeError("@defer is not supported inside plain data")
        fields = return_type.fields
        attributes = self.plain_types[return_type.name]
        constants: dict[str, Any] = {}
        values: list[tuple[str, str, str, Convert | None, Convert | None]] = []
        for response_name, group in grouped.items():
            name = group[0].node.name.value
            if name == "__typename":
                constants[response_name] = return_type.name
                continue
            tp = fields[name].type
            convert = self._leaf_or_plan(tp, group)
            of_object: Convert | None = (
                type(self).json_value if _named_type(tp) == "JSON" else convert
            )
            values.append((response_name, name, attributes[name], convert, of_object))
        order = list(grouped)
        names = [response_name for response_name, *_ in values]
        renamed = self.dict_keys.get(return_type.name, {})
        keys = [renamed.get(name, name) for _, name, *_ in values]
        by_key: Callable[[Any], Any] | None = itemgetter(*keys) if values else None
        if values and return_type.name in self.sparse:
            by_key = _getter(keys)
        by_attribute = (
            attrgetter(*(attribute for _, _, attribute, *_ in values)) if values else None
        )
        converted_keys = [(n, c) for n, _, _, c, _ in values if c is not None]
        converted_attributes = [(n, c) for n, _, _, _, c in values if c is not None]
        single = len(values) == 1

        def complete(data: Any) -> dict[str, Any]:
            if by_key is None or by_attribute is None:
                return dict(constants)
            if type(data) is dict:
                got, converted = by_key(data), converted_keys
            else:
                got, converted = by_attribute(data), converted_attributes
            out = dict(zip(names, (got,) if single else got, strict=True))
            for response_name, convert in converted:
                value = out[response_name]
                if value is not None:
                    out[response_name] = convert(value)
            if constants:
                out.update(constants)
                return {k: out[k] for k in order}
            return out

        return complete

    def _leaf_or_plan(self, tp: GraphQLOutputType, group: Any) -> Convert | None:
        """How to complete a value of type ``tp`` (None: as it is)."""
        if isinstance(tp, GraphQLNonNull):
            tp = tp.of_type
        if isinstance(tp, GraphQLList):
            inner = self._leaf_or_plan(tp.of_type, group)
            if inner is None:
                return None
            return lambda items: [None if item is None else inner(item) for item in items]
        if tp in _AS_IS or getattr(tp, "name", None) == "JSON":
            return None
        if tp is GraphQLFloat:
            return float
        if isinstance(tp, GraphQLEnumType):
            return {v.value: name for name, v in tp.values.items()}.__getitem__
        if isinstance(tp, GraphQLObjectType) and tp.name in self.plain_types:
            return self._object(tp, group)
        if isinstance(tp, GraphQLObjectType):
            raise TypeError(f"{tp.name} inside plain data")
        return tp.coerce_output_value  # type: ignore[union-attr]


Convert = Callable[[Any], Any]
_AS_IS = frozenset({GraphQLInt, GraphQLString, GraphQLBoolean, GraphQLID})
"""Built-in scalars the JSON form of a response already holds in their output form."""

MAX_PLANS = 1024
_PLANS: dict[tuple[str, int], tuple[Any, Convert]] = {}
"""Completion plans by (type, selection's first field node), with the node (its identity is
the key: the parser cache keeps one document per query text)."""

_DIRECTIVES: dict[int, tuple[Any, bool]] = {}


def _has_directives(operation: OperationDefinitionNode, fragments: dict[str, Any]) -> bool:
    """Whether a directive (``@skip``, ``@include``...) appears in the operation or in a
    fragment: the selections then depend on the variables."""
    found = _DIRECTIVES.get(id(operation))
    if found is not None and found[0] is operation:
        return found[1]
    answer = any(_directive_in(node) for node in (operation, *fragments.values()))
    _DIRECTIVES[id(operation)] = (operation, answer)
    if len(_DIRECTIVES) > MAX_PLANS:
        del _DIRECTIVES[next(iter(_DIRECTIVES))]
    return answer


def _directive_in(node: Any) -> bool:
    if getattr(node, "directives", None):
        return True
    selection_set = getattr(node, "selection_set", None)
    return selection_set is not None and any(_directive_in(s) for s in selection_set.selections)


def _getter(keys: list[str]) -> Callable[[dict[str, Any]], Any]:
    """``itemgetter(*keys)`` where a missing key gives None."""
    if len(keys) == 1:
        (only,) = keys
        return lambda data: data.get(only)
    return lambda data: tuple(data.get(k) for k in keys)


def _is_plain(value: Any) -> bool:
    return type(value) is dict or is_dataclass(value)


def _named_type(tp: Any) -> str | None:
    while isinstance(tp, GraphQLNonNull | GraphQLList):
        tp = tp.of_type
    return getattr(tp, "name", None)


def _operation(document: DocumentNode, name: str | None) -> OperationDefinitionNode | None:
    operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
    if name is None:
        return operations[0] if len(operations) == 1 else None
    return next((o for o in operations if o.name is not None and o.name.value == name), None)


def _named(definition: VariableDefinitionNode) -> str | None:
    """The type name of a variable of type ``T`` or ``T!`` (None for lists)."""
    tp = definition.type
    if isinstance(tp, NonNullTypeNode):
        tp = tp.type
    return tp.name.value if isinstance(tp, NamedTypeNode) else None


def _fields(node: Any) -> dict[str, Any]:
    return {key: getattr(node, key) for key in node.keys}


def executor_for(
    plain_types: dict[str, dict[str, str]],
    prevalidated: dict[str, Callable[[Any, Any], Any]],
    json_value: Callable[[Any], Any],
    *,
    dict_keys: dict[str, dict[str, str]] | None = None,
    sparse: frozenset[str] = frozenset(),
) -> type[PlainDataExecutor]:
    """The executor class of a schema whose ``plain_types`` resolve from plain data (their
    fields read the dict keys ``dict_keys`` names, else their names; a missing key of a
    ``sparse`` type is null), whose ``prevalidated`` input types are validated by those
    functions, and whose ``JSON`` fields of a dataclass are made JSON by ``json_value``."""
    return type(
        "PlainDataExecutorOf",
        (PlainDataExecutor,),
        {
            "plain_types": plain_types,
            "dict_keys": dict_keys or {},
            "sparse": sparse,
            "prevalidated": prevalidated,
            "json_value": staticmethod(json_value),
        },
    )


class TextValidationCache(SchemaExtension):
    """strawberry's ``ValidationCache``, keyed by the query's text instead of its parsed
    document: graphql-core hashes a document by walking all of it (130 µs for a selection
    of a whole encounter, on every request), a string's hash is cheap and kept. The parser
    cache gives one document per text, so the result is the same."""

    maxsize: ClassVar[int] = 512
    _caches: ClassVar[weakref.WeakKeyDictionary[GraphQLSchema, OrderedDict[Any, Any]]] = (
        weakref.WeakKeyDictionary()
    )

    def on_validate(self) -> Iterator[None]:
        ctx = self.execution_context
        document = ctx.graphql_document
        if ctx.query is None or document is None:
            yield
            return
        graphql_schema = ctx.schema._schema
        cache = self._caches.setdefault(graphql_schema, OrderedDict())
        key = (ctx.query, tuple(ctx.validation_rules))
        errors = cache.get(key)
        if errors is None:
            errors = validate_document(graphql_schema, document, tuple(ctx.validation_rules))
            cache[key] = errors
            if len(cache) > self.maxsize:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        ctx.pre_execution_errors = errors
        yield

"""Schemathesis against both contracts, in-process on the ASGI app with a real Redis.

Every check of ``schemathesis.toml`` runs (server errors, status codes, content types,
headers, response schemas, negative data rejection, positive data acceptance...), in every
phase: the examples, coverage and fuzzing phases, and stateful sequences that follow the
spec's links from ``createSession`` to the session routes; then the GraphQL schema.

To stay quick, the coverage phase (every boundary case the schema defines: thousands per
action, the encounter schema being large) runs on the session routes and on a sample of
actions; every action route shares one endpoint (``action_endpoint`` /
``session_action_endpoint``), so the others get the examples and fuzzing phases.
``CRS_FUZZ_FULL=1`` runs the coverage phase on every route and ``CRS_FUZZ_EXAMPLES`` /
``CRS_FUZZ_STEPS`` raise the counts (SECURITY.md, "Fuzzing the API").

The event stream (``streamSession``) is fuzzed like the others: the ids generated name no
session, so it answers at once. No link of the spec leads to it (a stream on a live session
stays open until the session is deleted, which the stateful phase would wait on);
``tests/api/test_stream.py`` tests it on a real server.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import graphql as gql
import hypothesis
import pytest
import schemathesis
from factories import skirmish
from hypothesis import HealthCheck
from hypothesis import strategies as st
from redis_support import drop_prefix, local_redis_url

from service.app import create_app
from service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("CRS_FUZZ_EXAMPLES", "4"))
STATEFUL_EXAMPLES = int(os.environ.get("CRS_FUZZ_STATEFUL_EXAMPLES", "8"))
STEPS = int(os.environ.get("CRS_FUZZ_STEPS", "6"))
FULL = os.environ.get("CRS_FUZZ_FULL", "") not in ("", "0")

COVERED = (
    r"^(createSession|getSession|deleteSession|getSessionEvents|undoSession"
    r"|applyDamage|sessionApplyDamage|moveCombatant|sessionMoveCombatant|resolveAttack"
    r"|sessionResolveAttack|rollInitiative|pathCost)$"
)
"""The operations the coverage phase runs on in the quick suite."""

pytestmark = pytest.mark.filterwarnings(
    "ignore:Do not use the `random` module inside strategies"
    ":hypothesis.errors.HypothesisDeprecationWarning"
)
"""schemathesis's GraphQL strategies draw from the global ``random`` (its
``specs/graphql/substitution.py``, 4.32); recent Hypothesis warns when a draw moves it. The
warning is about schemathesis's code, not ours: as an error it failed a GraphQL case at
random (a ``FlakyFailure``, since a rerun draws differently)."""

REDIS_URL = local_redis_url()
PREFIX = f"crs-fuzz-{uuid.uuid4().hex[:12]}"
APP = create_app(Settings(redis_url=REDIS_URL, redis_prefix=PREFIX, graphql_max_tokens=50_000))
"""Started by schemathesis on first use (its lifespan, once), with an embedded Redis if no
Redis answers. The GraphQL token limit is ten times the default: the fuzzer puts a whole
encounter in every ``JSON`` argument, and a document it draws may pass 5,000 tokens, which
the service then rightly refuses (a client error to schemathesis); the limit itself is
tested in ``tests/hardening/test_limits.py``."""

HYPOTHESIS = hypothesis.settings(
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
    print_blob=True,
)


def config(*phases: str) -> schemathesis.Config:
    cfg = schemathesis.Config.from_path(ROOT / "schemathesis.toml")
    project = cfg.projects.default
    project.generation.update(max_examples=EXAMPLES)
    project.phases.update(phases=list(phases))
    return cfg


@pytest.fixture(scope="module", autouse=True)
def _drop_keys() -> Iterator[None]:
    yield
    drop_prefix(REDIS_URL, PREFIX)


def openapi(*phases: str) -> schemathesis.BaseSchema:
    return schemathesis.openapi.from_asgi("/openapi.json", APP, config=config(*phases))


covered = openapi("examples", "coverage", "fuzzing")
if not FULL:
    covered = covered.include(operation_id_regex=COVERED)
fuzzed = openapi("examples", "fuzzing").exclude(operation_id_regex=COVERED)


@covered.parametrize()
@HYPOTHESIS
def test_openapi_all_phases(case: schemathesis.Case) -> None:
    case.call_and_validate()


@pytest.mark.skipif(FULL, reason="CRS_FUZZ_FULL runs every operation in all phases")
@fuzzed.parametrize()
@HYPOTHESIS
def test_openapi_examples_and_fuzzing(case: schemathesis.Case) -> None:
    case.call_and_validate()


def test_openapi_stateful() -> None:
    """Sequences along the links: create a session, then act on it, read, undo, delete."""
    machine = openapi("stateful").as_state_machine()
    machine.run(
        settings=hypothesis.settings(
            HYPOTHESIS,
            max_examples=STATEFUL_EXAMPLES,
            stateful_step_count=STEPS,
        )
    )


def literal(value: Any) -> gql.ValueNode:
    """A JSON value as a GraphQL literal (for the ``JSON`` scalar)."""
    if value is None:
        return gql.NullValueNode()
    if isinstance(value, bool):
        return gql.BooleanValueNode(value=value)
    if isinstance(value, int):
        return gql.IntValueNode(value=str(value))
    if isinstance(value, float):
        return gql.FloatValueNode(value=repr(value))
    if isinstance(value, str):
        return gql.StringValueNode(value=value)
    if isinstance(value, list):
        return gql.ListValueNode(values=tuple(literal(v) for v in value))
    return gql.ObjectValueNode(
        fields=tuple(
            gql.ObjectFieldNode(name=gql.NameNode(value=k), value=literal(v))
            for k, v in value.items()
        )
    )


NAMES = st.from_regex(r"\A[A-Za-z_][A-Za-z0-9_]{0,8}\Z")
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**31), 2**31 - 1) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(NAMES, inner, max_size=3),
    max_leaves=8,
)
schemathesis.graphql.scalar(
    "JSON",
    # Not null at the top: a literal null for a `JSON!` argument is the client's error.
    (st.just(skirmish()) | JSON_VALUES.filter(lambda v: v is not None)).map(literal),
)
"""``encounter`` (and other ``JSON`` arguments): a valid encounter, or any JSON at all."""

graphql = schemathesis.graphql.from_asgi("/graphql", APP, config=config("examples", "fuzzing"))


@graphql.parametrize()
@HYPOTHESIS
def test_graphql(case: schemathesis.Case) -> None:
    case.call_and_validate()

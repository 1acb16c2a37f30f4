"""W3C Trace Context: an incoming ``traceparent`` is continued, the answer names the
request's span, the access log carries both ids, and with OpenTelemetry the exported span
is the one the answer and the log name."""

from __future__ import annotations

import json

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from starlette.testclient import TestClient

from service.api.graphql.playground import EXAMPLE_ENCOUNTER as ENCOUNTER
from service.api.observability import JsonFormatter
from service.api.tracing import instrument, parse_traceparent
from service.app import create_app
from service.settings import Settings

TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT = "00f067aa0ba902b7"
INCOMING = f"00-{TRACE}-{PARENT}-01"


def ids(header: str) -> tuple[str, str, str]:
    parsed = parse_traceparent(header)
    assert parsed is not None, header
    return parsed


def logged(caplog: pytest.LogCaptureFixture) -> list[dict[str, object]]:
    return [
        json.loads(JsonFormatter().format(r)) for r in caplog.records if r.name == "service.access"
    ]


def test_an_incoming_traceparent_is_continued_and_logged(
    client: TestClient, access_log: pytest.LogCaptureFixture
) -> None:
    body = {"encounter": ENCOUNTER, "targetId": "goblin", "amount": 1}
    r = client.post("/v1/apply-damage", json=body, headers={"traceparent": INCOMING})
    assert r.status_code == 200
    trace_id, span_id, flags = ids(r.headers["traceparent"])
    assert trace_id == TRACE and flags == "01"
    assert span_id != PARENT  # the request's own span, a child of the caller's
    (entry,) = logged(access_log)
    assert (entry["trace_id"], entry["span_id"]) == (TRACE, span_id)


@pytest.mark.parametrize(
    "bad",
    [
        f"ff-{TRACE}-{PARENT}-01",  # version ff is invalid
        f"00-{'0' * 32}-{PARENT}-01",  # all-zero trace id
        f"00-{TRACE}-{'0' * 16}-01",  # all-zero parent
        f"00-{TRACE.upper()}-{PARENT}-01",  # upper case is not the format
        f"00-{TRACE}-{PARENT}-01-extra",  # version 00 has four fields
        "not a traceparent",
    ],
)
def test_a_malformed_traceparent_starts_a_new_trace(client: TestClient, bad: str) -> None:
    r = client.get("/v1/rulesets", headers={"traceparent": bad})
    assert r.status_code == 200
    trace_id, _, _ = ids(r.headers["traceparent"])
    assert trace_id not in (TRACE, "0" * 32)


def test_a_later_version_with_more_fields_is_continued(client: TestClient) -> None:
    r = client.get("/v1/rulesets", headers={"traceparent": f"01-{TRACE}-{PARENT}-00-more"})
    assert ids(r.headers["traceparent"])[0::2] == (TRACE, "00")


def test_each_request_without_one_gets_a_trace_of_its_own(client: TestClient) -> None:
    first, second = (client.get("/healthz").headers["traceparent"] for _ in range(2))
    assert ids(first)[0] != ids(second)[0]
    problem = client.get("/v1/sessions/nope", headers={"traceparent": INCOMING})
    assert ids(problem.headers["traceparent"])[0] == TRACE  # problems answer it too


def test_opentelemetry_exports_the_span_the_answer_names(
    settings: Settings, access_log: pytest.LogCaptureFixture
) -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    app = instrument(create_app(settings), tracer_provider=provider)
    with TestClient(app) as client:
        r = client.get("/v1/rulesets", headers={"traceparent": INCOMING})
    assert r.status_code == 200
    trace_id, span_id, _ = ids(r.headers["traceparent"])
    (span,) = exporter.get_finished_spans()
    assert format(span.context.trace_id, "032x") == trace_id == TRACE
    assert format(span.context.span_id, "016x") == span_id
    assert span.parent is not None and format(span.parent.span_id, "016x") == PARENT
    attributes = dict(span.attributes or {})
    status = attributes.get("http.response.status_code", attributes.get("http.status_code"))
    assert status == 200
    (entry,) = logged(access_log)
    assert entry["span_id"] == span_id
    provider.shutdown()

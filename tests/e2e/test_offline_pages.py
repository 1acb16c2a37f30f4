"""The service's own pages in headless Chromium with every request outside the service
refused: the GraphQL playground (``GET /graphql``) renders its editor, runs an example
operation and shows its result; the REST docs (``GET /docs``) list every operation. Both
under the service's Content-Security-Policy, which they must not violate."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from e2e_support import Chromium, Page
from service_process import ServiceProcess

pytestmark = pytest.mark.timeout(240)

EDITOR = "document.querySelector('.graphiql-query-editor .CodeMirror')"
VARIABLES = "document.querySelector('.graphiql-editor-tool .CodeMirror')"
RESULT = "document.querySelector('.graphiql-response .CodeMirror')"


def value_of(editor: str) -> str:
    return f"(() => {{ const el = {editor}; return el ? el.CodeMirror.getValue() : null; }})()"


@contextlib.contextmanager
def offline_page(browser: Chromium, service: ServiceProcess) -> Iterator[Page]:
    with browser.page() as page:
        page.allow_only(service.url)
        yield page
        assert page.exceptions == [], page.exceptions
        assert page.csp_violations() == []
        assert page.blocked == [], f"the page asked for something outside: {page.blocked}"


def test_requests_outside_the_service_are_refused(
    browser: Chromium, service: ServiceProcess
) -> None:
    """The guard of the tests below: a request elsewhere fails and is recorded."""
    with browser.page() as page:
        page.allow_only(service.url)
        page.navigate(service.url + "/healthz")
        page.wait_for("document.readyState", lambda s: s == "complete")
        outcome = page.evaluate(
            """fetch("http://cdn.example.invalid/react.js").then(() => "loaded",
                                                               (e) => "failed: " + e)""",
            await_promise=True,
        )
        assert page.blocked == ["http://cdn.example.invalid/react.js"]
        assert str(outcome).startswith("failed"), outcome
        assert any(u.startswith(service.url + "/healthz") for u in page.requested)


def test_playground_runs_an_example_offline(
    browser: Chromium, service: ServiceProcess, tmp_path: Path
) -> None:
    with offline_page(browser, service) as page:
        page.navigate(service.url + "/graphql")
        document = page.wait_for(
            value_of(EDITOR),
            lambda v: bool(v) and "mutation ResolveAttack(" in v,
            timeout=30,
            what="GraphiQL to render its editor with the examples",
        )
        assert "subscription SessionUpdated(" in document
        variables = json.loads(page.wait_for(value_of(VARIABLES), bool, what="the variables"))
        assert variables["encounter"]["combatants"][0]["id"] == "aria"

        # Several operations: the run button offers them in a menu; pick ResolveAttack.
        page.wait_for(
            "document.querySelector('.graphiql-execute-button')?.getAttribute('aria-haspopup')",
            lambda v: v == "menu",
            what="the run button to offer the operations",
        )
        page.click("document.querySelector('.graphiql-execute-button')")
        page.wait_for(
            "[...document.querySelectorAll('[role=menuitem]')].map(e => e.textContent)",
            lambda items: bool(items) and "ResolveAttack" in items,
            what="the menu of operations",
        )
        page.click(
            "[...document.querySelectorAll('[role=menuitem]')]"
            ".find(e => e.textContent === 'ResolveAttack')"
        )
        text = page.wait_for(
            value_of(RESULT),
            lambda v: bool(v) and "resolveAttack" in v,
            timeout=20,
            what="the result of ResolveAttack",
        )
        result = json.loads(text)
        assert "errors" not in result, result
        payload = result["data"]["resolveAttack"]
        assert payload["__typename"] == "ResolveAttackPayload", payload
        assert isinstance(payload["outcome"]["hit"], bool)
        assert payload["events"], payload
        page.screenshot(tmp_path / "playground.png")
        # Subscriptions go over a websocket to the same URL: the policy allows it.
        ack = page.evaluate(
            """new Promise((resolve) => {
                 const url = location.href.replace(/^http/, "ws").split(/[?#]/)[0];
                 const ws = new WebSocket(url, "graphql-transport-ws");
                 ws.onopen = () => ws.send(JSON.stringify({type: "connection_init"}));
                 ws.onmessage = (m) => { resolve(JSON.parse(m.data).type); ws.close(); };
                 ws.onerror = () => resolve("error");
               })""",
            await_promise=True,
        )
        assert ack == "connection_ack"
    # The page loaded only from the service: the page, its scripts and styles, and the POST.
    assert all(url.startswith(service.url) for url in page.requested)
    assert any("/static/vendor/graphiql-" in url for url in page.requested)


def test_docs_list_every_operation_offline(
    browser: Chromium, service: ServiceProcess, tmp_path: Path
) -> None:
    spec = httpx.get(service.url + "/openapi.json", timeout=10).json()
    expected = sorted(
        (method.upper(), path)
        for path, item in spec["paths"].items()
        for method in item
        if method in {"get", "post", "put", "patch", "delete"}
    )
    with offline_page(browser, service) as page:
        page.navigate(service.url + "/")  # a browser at the root goes to the docs
        assert page.evaluate("location.pathname") == "/docs"
        shown = page.wait_for(
            """[...document.querySelectorAll('.opblock-summary')].map((el) => [
                 el.querySelector('.opblock-summary-method')?.textContent,
                 el.querySelector('.opblock-summary-path')?.dataset.path])""",
            lambda ops: len(ops) == len(expected),
            timeout=30,
            what=f"Swagger UI to list the {len(expected)} operations",
        )
        assert sorted((m, p) for m, p in shown) == expected
        # Open one: its parameters and the "Try it out" button appear.
        page.click("document.querySelector('#operations-actions-resolveAttack .opblock-summary')")
        page.wait_for(
            "!!document.querySelector('#operations-actions-resolveAttack .try-out__btn')",
            bool,
            what="the operation to open",
        )
        # "Try it out" calls this service, at whatever host and port it runs: the contract's
        # server is the one the page came from, and the example request answers 200.
        assert page.evaluate("document.querySelector('.servers select').value") == service.url
        page.click("document.querySelector('#operations-actions-resolveAttack .try-out__btn')")
        page.click("document.querySelector('#operations-actions-resolveAttack .execute')")
        status = page.wait_for(
            """document.querySelector('#operations-actions-resolveAttack'
                 + ' .live-responses-table .response .response-col_status')?.textContent""",
            bool,
            timeout=30,
            what="the example request to be answered",
        )
        assert status.strip().startswith("200"), status
        page.screenshot(tmp_path / "docs.png")
    assert all(url.startswith(service.url) for url in page.requested)

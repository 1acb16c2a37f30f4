"""Helpers for the browser tests: headless Chromium driven over the Chrome DevTools Protocol,
and a loopback server that gives the page and the service one origin.

Chromium is driven directly over CDP with ``websockets`` (already a dependency of the
service through ``uvicorn[standard]``): nothing to download, no driver binary to match.

``PageServer`` serves ``examples/web`` and passes ``/v1/...`` and ``/graphql`` (HTTP and
WebSocket alike) through to the service byte for byte, as a reverse proxy in front of both
would: the page calls the API at its own origin, so it needs no CORS from the service.
Every connection carries one request (``Connection: close``) so it can be routed by its
first request line.
"""

from __future__ import annotations

import base64
import contextlib
import json
import mimetypes
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import httpx
from redis_support import answers as redis_answers
from service_process import ServiceProcess
from websockets.sync.client import ClientConnection, connect

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

CSP_RECORDER = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.__cspViolations = window.__cspViolations || []).push(
    `${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`
    + ` (${e.sourceFile}:${e.lineNumber})`);
});"""
"""Collects the page's Content-Security-Policy violations in ``window.__cspViolations``."""

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--window-size=1280,900",
)


KEYS: dict[str, tuple[str, int, str]] = {
    "Tab": ("Tab", 9, ""),
    "Enter": ("Enter", 13, "\r"),
    "Escape": ("Escape", 27, ""),
    " ": ("Space", 32, " "),
    "End": ("End", 35, ""),
    "Home": ("Home", 36, ""),
    "ArrowLeft": ("ArrowLeft", 37, ""),
    "ArrowUp": ("ArrowUp", 38, ""),
    "ArrowRight": ("ArrowRight", 39, ""),
    "ArrowDown": ("ArrowDown", 40, ""),
}
"""The keys :meth:`Page.press` sends: ``KeyboardEvent.key`` to its ``code``, its Windows
virtual key code (what Chromium acts on: Tab moves the focus) and the text it types."""


def find_chromium() -> str | None:
    """``$CHROMIUM`` if set, else the first Chromium or Chrome on the ``PATH``."""
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit if Path(explicit).exists() else shutil.which(explicit)
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return found
    return None


class CDPError(RuntimeError):
    pass


class Page:
    """One page target over CDP: commands, JavaScript, waits and screenshots."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self._next_id = 0
        self.exceptions: list[str] = []
        self.console: list[str] = []
        self.allowed_origin: str | None = None
        self.requested: list[str] = []
        """Every URL the page asked for while requests were filtered (:meth:`allow_only`)."""
        self.blocked: list[str] = []
        """The URLs refused because they were outside :attr:`allowed_origin`."""

    def send(self, method: str, params: dict[str, Any] | None = None, timeout: float = 15.0) -> Any:
        self._next_id += 1
        ident = self._next_id
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError(f"{method}: no answer in {timeout}s")
            try:
                message = json.loads(self.ws.recv(timeout=left))
            except TimeoutError:
                continue
            if message.get("id") == ident:
                if "error" in message:
                    raise CDPError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._event(message)

    def _notify(self, method: str, params: dict[str, Any]) -> None:
        """A command whose answer nobody waits for (sent while handling an event)."""
        self._next_id += 1
        self.ws.send(json.dumps({"id": self._next_id, "method": method, "params": params}))

    def allow_only(self, origin: str) -> None:
        """From now on, fail every request of the page outside ``origin`` (scheme, host and
        port), as a browser without network access would, and record it in :attr:`blocked`.
        Navigations, scripts, styles, fonts, images and fetches alike go through the DevTools
        ``Fetch`` domain; ``data:`` URLs never leave the browser."""
        self.allowed_origin = origin.rstrip("/")
        self.send("Fetch.enable", {"patterns": [{"urlPattern": "*"}]})
        self.send("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_RECORDER})

    def _paused(self, params: dict[str, Any]) -> None:
        url: str = params["request"]["url"]
        self.requested.append(url)
        origin = self.allowed_origin or ""
        if url == origin or url.startswith(origin + "/"):
            self._notify("Fetch.continueRequest", {"requestId": params["requestId"]})
        else:
            self.blocked.append(url)
            self._notify(
                "Fetch.failRequest",
                {"requestId": params["requestId"], "errorReason": "BlockedByClient"},
            )

    def csp_violations(self) -> list[str]:
        """The Content-Security-Policy violations the page reported since it loaded."""
        found: list[str] = self.evaluate("window.__cspViolations || []")
        return found

    def click(self, expression: str, timeout: float = 60.0) -> None:
        """A real mouse click (move, press, release) in the middle of the element that the
        JavaScript ``expression`` evaluates to, once it has stopped moving (menus and
        popovers are positioned after they appear).

        "Stopped" is judged by the page itself: the element's box is the same over three
        animation frames in a row, however long a busy machine takes to draw them; ``timeout``
        only bounds a page that never settles."""
        x, y = self._settled_centre(expression, timeout)
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        for kind in ("mousePressed", "mouseReleased"):
            self.send(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1},
            )

    def tap(self, expression: str, timeout: float = 60.0) -> None:
        """A real tap of a finger (touch start, end: no hover before it) in the middle of the
        element, once it has stopped moving, as :meth:`click` finds it."""
        x, y = self._settled_centre(expression, timeout)
        self.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        self.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
        )
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def press(self, key: str) -> None:
        """A real key press (down, up) on the focused element, as a keyboard sends it: ``key``
        is a ``KeyboardEvent.key`` of :data:`KEYS` (``"ArrowDown"``, ``"Enter"``, ``" "``...);
        Tab moves the focus, Enter and Space type their text, as they do for a person."""
        code, key_code, text = KEYS[key]
        down: dict[str, Any] = {
            "type": "keyDown" if text else "rawKeyDown",
            "key": key,
            "code": code,
            "windowsVirtualKeyCode": key_code,
            "nativeVirtualKeyCode": key_code,
        }
        if text:
            down |= {"text": text, "unmodifiedText": text}
        self.send("Input.dispatchKeyEvent", down)
        self.send(
            "Input.dispatchKeyEvent",
            {"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": key_code},
        )

    def _settled_centre(self, expression: str, timeout: float) -> tuple[float, float]:
        settled = f"""new Promise((resolve) => {{
          let last = null, same = 0;
          const look = () => {{
            const el = {expression};
            if (!el) {{ resolve(null); return; }}
            el.scrollIntoView({{block: "center"}});
            const r = el.getBoundingClientRect();
            const box = [r.left + r.width / 2, r.top + r.height / 2];
            same = last && last[0] === box[0] && last[1] === box[1] ? same + 1 : 0;
            last = box;
            if (same >= 3) resolve(box); else requestAnimationFrame(look);
          }};
          requestAnimationFrame(look);
        }})"""
        deadline = time.monotonic() + timeout
        while True:
            box = self.evaluate(settled, await_promise=True)
            if box is not None:
                break
            if time.monotonic() > deadline:
                raise CDPError(f"nothing to click after {timeout}s: {expression}")
            time.sleep(0.1)
        x, y = box
        return float(x), float(y)

    def _event(self, message: dict[str, Any]) -> None:
        method, params = message.get("method"), message.get("params", {})
        if method == "Fetch.requestPaused":
            self._paused(params)
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            description = details.get("exception", {}).get("description") or details.get("text")
            self.exceptions.append(str(description))
        elif method == "Runtime.consoleAPICalled":
            args = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            self.console.append(f"{params.get('type')}: {args}")

    def evaluate(self, expression: str, await_promise: bool = False, timeout: float = 15.0) -> Any:
        """The value of ``expression`` (of the promise it gives, with ``await_promise``), if
        the page answers within ``timeout`` seconds (a busy renderer answers late)."""
        params = {"expression": expression, "returnByValue": True, "timeout": 5000}
        if await_promise:
            params["awaitPromise"] = True
        result = self.send("Runtime.evaluate", params, timeout=timeout)
        if "exceptionDetails" in result:
            raise CDPError(f"{expression!r} threw: {result['exceptionDetails']}")
        return result["result"].get("value")

    def navigate(self, url: str) -> None:
        result = self.send("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise CDPError(f"navigating to {url}: {result['errorText']}")

    def wait_for(
        self,
        expression: str,
        predicate: Callable[[Any], bool],
        timeout: float = 60.0,
        what: str = "",
    ) -> Any:
        """Evaluate ``expression`` every 50 ms until ``predicate`` holds of its value; a
        renderer too busy to answer (a large page drawing on a loaded machine) is waited for
        until ``timeout``, not taken as a failure."""
        deadline = time.monotonic() + timeout
        value: Any = None
        while time.monotonic() < deadline:
            value = self.evaluate(expression, timeout=max(15.0, deadline - time.monotonic()))
            if predicate(value):
                return value
            time.sleep(0.05)
        raise AssertionError(
            f"timed out after {timeout}s waiting for {what or expression}; last value: {value!r}\n"
            f"page exceptions: {self.exceptions}\nconsole: {self.console[-20:]}"
        )

    def screenshot(self, path: Path) -> Path:
        data = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        path.write_bytes(base64.b64decode(data["data"]))
        return path


class Chromium:
    """Headless Chromium with remote debugging on a free loopback port."""

    def __init__(self, binary: str, log: Path) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="crs-chromium-"))
        self.log = log
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                [
                    binary,
                    *CHROMIUM_FLAGS,
                    f"--user-data-dir={self.profile}",
                    "--remote-debugging-address=127.0.0.1",
                    "--remote-debugging-port=0",
                    "about:blank",
                ],
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        self.port = self._debugging_port(timeout=60.0)

    def _debugging_port(self, timeout: float) -> int:
        active = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            with contextlib.suppress(OSError, ValueError, IndexError):
                return int(active.read_text().splitlines()[0])
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"Chromium did not start its DevTools endpoint:\n{self.output()}")

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    @contextlib.contextmanager
    def page(self) -> Iterator[Page]:
        """A new tab, closed afterwards."""
        base = f"http://127.0.0.1:{self.port}"
        target = httpx.put(f"{base}/json/new?about:blank", timeout=10.0).json()
        try:
            with connect(
                target["webSocketDebuggerUrl"], max_size=64 * 1024 * 1024, open_timeout=10
            ) as ws:
                page = Page(ws)
                page.send("Page.enable")
                page.send("Runtime.enable")
                yield page
        finally:
            with contextlib.suppress(httpx.HTTPError):
                httpx.get(f"{base}/json/close/{target['id']}", timeout=5.0)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        shutil.rmtree(self.profile, ignore_errors=True)


class PageServer:
    """``root`` as static files, ``/v1/...`` and ``/graphql`` piped through to ``upstream``."""

    PROXIED = ("/v1/", "/graphql")

    def __init__(self, root: Path, upstream: tuple[str, int]) -> None:
        self.root = root.resolve()
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.errors: list[str] = []
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="page-server", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(5)
        self.listener.close()

    def _serve(self) -> None:
        while not self._stopping.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        try:
            conn.settimeout(10.0)
            head, rest = _read_head(conn)
            if head is None:
                return
            lines = head.decode("latin-1").split("\r\n")
            method, target, _ = lines[0].split(" ", 2)
            path = unquote(urlsplit(target).path)
            if path.startswith(self.PROXIED[0]) or path == self.PROXIED[1]:
                self._proxy(conn, lines, rest)
            else:
                self._static(conn, method, path)
        except Exception as error:  # reported by the test (page_server.errors)
            self.errors.append(repr(error))
        finally:
            with contextlib.suppress(OSError):
                conn.close()

    def _static(self, conn: socket.socket, method: str, path: str) -> None:
        file = (self.root / (path.lstrip("/") or "index.html")).resolve()
        if method not in ("GET", "HEAD"):
            status, body, ctype = "405 Method Not Allowed", b"", "text/plain"
        elif file.is_file() and file.is_relative_to(self.root):
            status, body = "200 OK", file.read_bytes()
            ctype = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
            if ctype.startswith("text/") or ctype.endswith("javascript"):
                ctype += "; charset=utf-8"
        else:
            status, body, ctype = "404 Not Found", b"not found", "text/plain"
        head = (
            f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
            "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        )
        conn.sendall(head.encode("latin-1") + (b"" if method == "HEAD" else body))

    def _proxy(self, conn: socket.socket, lines: list[str], rest: bytes) -> None:
        headers = [line for line in lines[1:] if line]
        upgrade = any(h.lower().startswith("upgrade:") for h in headers)
        if not upgrade:  # one request per connection, so that it is routed by its first line
            hop = ("connection:", "keep-alive:", "proxy-connection:")
            headers = [h for h in headers if not h.lower().startswith(hop)]
            headers.append("Connection: close")
        head = "\r\n".join([lines[0], *headers, "", ""]).encode("latin-1")
        upstream = socket.create_connection(self.upstream, timeout=10.0)
        conn.settimeout(None)
        upstream.settimeout(None)
        try:
            upstream.sendall(head + rest)
            forward = threading.Thread(target=_pipe, args=(conn, upstream), daemon=True)
            forward.start()
            _pipe(upstream, conn)
            forward.join(5)
        finally:
            upstream.close()


def _read_head(conn: socket.socket) -> tuple[bytes | None, bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None, b""
        data += chunk
        if len(data) > 65536:
            raise ValueError("request head too large")
    head, _, rest = data.partition(b"\r\n\r\n")
    return head, rest


def _pipe(source: socket.socket, sink: socket.socket) -> None:
    """Copy until ``source`` ends, then end ``sink``'s writing side."""
    try:
        while chunk := source.recv(65536):
            sink.sendall(chunk)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            sink.shutdown(socket.SHUT_WR)


@contextlib.contextmanager
def serving(log_dir: Path, **settings: str) -> Iterator[ServiceProcess]:
    """``python -m service`` for a module's pages, with ``settings`` (``CRS_...``) added."""
    prefix = f"crs-e2e-{uuid.uuid4().hex[:12]}"
    env = {"CRS_REDIS_PREFIX": prefix, "CRS_SESSION_TTL_SECONDS": "900", **settings}
    redis_url = "redis://127.0.0.1:6379/0" if redis_answers() else None
    if redis_url:
        env["REDIS_URL"] = redis_url
    process = ServiceProcess(env, log_dir / "service.log")
    try:
        process.wait_ready()
        yield process
    finally:
        process.stop()
        if redis_url:
            import redis

            conn = redis.Redis.from_url(redis_url, socket_timeout=5)
            try:
                keys = list(conn.scan_iter(match=f"{prefix}*", count=500))
                if keys:
                    conn.delete(*keys)
            except redis.RedisError:
                pass
            finally:
                conn.close()

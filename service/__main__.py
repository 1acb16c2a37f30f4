"""``python -m service``: serve the API with uvicorn on the configured host and port.

Everything the process writes is JSON lines on stderr (:func:`log_config`): uvicorn's
start-up, shutdown and websocket lines, strawberry's errors, warnings, and a refusal to
start (a bad setting: one ``critical`` line naming it, then exit status 1).

uvicorn runs :class:`service.server.HttpProtocol` (its httptools protocol with the settings'
header size limit and header and body read timeouts), and websocket messages are bounded
by the body limit.

Before serving, everything built at start-up (modules, the models, the schemas: about
160,000 objects) is moved out of the garbage collector's sight (``gc.freeze``): a full
collection would otherwise walk them all, a pause of about 100 ms that stops the event loop
too, which the engine's allocations in a worker thread trigger now and then.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import logging
import logging.config

import uvicorn

from service.api.observability import log_config
from service.app import create_app
from service.server import protocol_for
from service.settings import Settings

log = logging.getLogger("service")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: ``--host`` and ``--port`` over ``CRS_HOST`` and ``CRS_PORT``;
    every other setting is an environment variable."""
    parser = argparse.ArgumentParser(
        prog="python -m service",
        description="Serve the combat rules service (REST, GraphQL, docs, playground, battle "
        "map). With no REDIS_URL it starts an embedded Redis for sessions.",
        epilog="Every setting is an environment variable (CRS_*, REDIS_URL): see "
        "docs/deployment.md and SECURITY.md.",
    )
    parser.add_argument("--host", help="the address to listen on (CRS_HOST; 127.0.0.1)")
    parser.add_argument("--port", type=int, help="the port to listen on (CRS_PORT; 8000)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    given = arguments(argv)
    logging.config.dictConfig(log_config())
    logging.captureWarnings(True)
    try:
        settings = Settings.from_env()
        overrides = {"host": given.host, "port": given.port}
        settings = dataclasses.replace(
            settings, **{k: v for k, v in overrides.items() if v is not None}
        ).checked()
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


if __name__ == "__main__":
    main()

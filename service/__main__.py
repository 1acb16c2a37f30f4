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

import gc
import logging
import logging.config

import uvicorn

from service.api.observability import log_config
from service.app import create_app
from service.server import protocol_for
from service.settings import Settings

log = logging.getLogger("service")


def main() -> None:
    logging.config.dictConfig(log_config())
    logging.captureWarnings(True)
    try:
        settings = Settings.from_env()
        app = create_app(settings)
    except SystemExit as refused:
        if not isinstance(refused.code, str):
            raise
        log.critical("refusing to start: %s", refused.code)
        raise SystemExit(1) from None
    gc.collect()
    gc.freeze()
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

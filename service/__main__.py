"""``python -m service``: serve the API with uvicorn on the configured host and port.

uvicorn runs :class:`service.server.HttpProtocol` (its httptools protocol with the settings'
header size limit and header and body read timeouts), and websocket messages are bounded
by the body limit.
"""

from __future__ import annotations

import uvicorn

from service.app import create_app
from service.server import protocol_for
from service.settings import Settings


def main() -> None:
    settings = Settings.from_env()
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        http=protocol_for(settings),
        ws_max_size=settings.max_body_bytes,
        log_level="info",
        access_log=False,  # the app writes its own JSON access log (service.api.observability)
    )


if __name__ == "__main__":
    main()

"""``python -m service``: serve the API with uvicorn on the configured host and port."""

from __future__ import annotations

import uvicorn

from service.app import create_app
from service.settings import Settings


def main() -> None:
    settings = Settings.from_env()
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        access_log=False,  # the app writes its own JSON access log (service.api.observability)
    )


if __name__ == "__main__":
    main()

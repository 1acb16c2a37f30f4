"""``python -m service``: serve the API with uvicorn on the configured host and port, or
manage API keys; the command line is :mod:`service.cli` (``python -m service --help``).

``python -m service`` with no command serves (``python -m service serve``): JSON lines on
stderr, a bad setting refused with one ``critical`` line and exit status 1, uvicorn on
:class:`service.server.HttpProtocol`, and the start-up objects frozen out of the garbage
collector's sight before serving (all in :func:`service.cli.serve_at`).
"""

from __future__ import annotations

from service.cli import main

if __name__ == "__main__":
    main()

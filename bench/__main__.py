"""``python -m bench``: the whole benchmark suite (see bench/run.py and docs/performance.md)."""

from bench.run import main

raise SystemExit(main())

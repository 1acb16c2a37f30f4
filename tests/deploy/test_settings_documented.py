"""Every environment variable the service reads is in docs/deployment.md's Configuration
table, and every variable that table names is one the service reads."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from service import settings

ROOT = Path(__file__).resolve().parents[2]
VARIABLE = re.compile(r"\b(?:CRS_[A-Z_]+|REDIS_URL|PORT)\b")


def read_by_the_service() -> set[str]:
    source = inspect.getsource(settings.Settings.from_env)
    return set(re.findall(r'"((?:CRS_[A-Z_]+)|REDIS_URL|PORT)"', source))


def configuration_table() -> set[str]:
    text = (ROOT / "docs" / "deployment.md").read_text()
    section = text.split("## Configuration\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {name for row in rows for name in VARIABLE.findall(row.split(" | ")[0])}


def test_every_setting_is_documented() -> None:
    read = read_by_the_service()
    assert len(read) > 30
    documented = configuration_table()
    assert read - documented == set(), "add these to docs/deployment.md#configuration"
    assert documented - read == set(), "docs/deployment.md names settings nobody reads"

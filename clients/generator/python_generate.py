"""openapi-python-client, keeping the field names the wire uses where Python allows them.

The generator suffixes every Python builtin used as a field name with ``_`` (``round_``,
``type_``, ``range_``). Those are fine as attribute names (the models' template keeps
``from_dict`` working with a field named ``type``), so the wire's names are kept for these;
keywords and every other builtin are still suffixed. Run by scripts/generate_sdks with the
generator's arguments, in the generator's pinned venv.
"""

from openapi_python_client import strings
from openapi_python_client.cli import app

KEPT = {"round", "type", "range"}
"""Builtins the API uses as field names (``Encounter.round``, ``Event.type``, ``Attack.range``)."""

strings.RESERVED_WORDS = strings.RESERVED_WORDS - KEPT

if __name__ == "__main__":
    app()

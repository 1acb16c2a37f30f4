"""Session mode's write path encodes each part once and reuses what did not change: its
bytes must be exactly those of the stateless route's models, step after step of every
golden chain, and a kept (trusted) encounter must answer what a checked one answers."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from service.api.core import Problem, run_action
from service.api.models import ENCOUNTER, MODELS, encode_encounter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "golden"))
from golden_cases import LOGS

CASES = [
    pytest.param(case, id=f"{path.stem}::{case['name']}")
    for path in sorted(LOGS.glob("*.json"))
    for case in json.loads(path.read_text())[::3]
]


def _run(action: str, encounter: Any, params: dict[str, Any], seed: int, trusted: bool) -> Any:
    models = MODELS[action]
    body = {"encounter": ENCOUNTER.dump_python(encounter, mode="json", by_alias=True)}
    request = models.request_adapter.validate_json(json.dumps({**body, **params, "seed": seed}))
    return run_action(models, encounter, request, count=False, trusted=trusted)


@pytest.mark.parametrize("case", CASES)
def test_a_chain_encoded_part_by_part_is_the_models_json(case: dict[str, Any]) -> None:
    encounter = ENCOUNTER.validate_json(json.dumps(case["encounter"]))
    kept = encode_encounter(encounter)
    assert kept.json == ENCOUNTER.dump_json(encounter, by_alias=True)
    reused = writes = 0
    for step in case["steps"]:
        models = MODELS[step["action"]]
        params, seed = step.get("params", {}), step["seed"]
        try:
            checked = _run(step["action"], kept.encounter, params, seed, trusted=False)
        except Problem as problem:
            with pytest.raises(Problem) as raised:
                _run(step["action"], kept.encounter, params, seed, trusted=True)
            assert raised.value.body() == problem.body()
            continue
        response = _run(step["action"], kept.encounter, params, seed, trusted=True)
        assert response == checked
        body, document, events = models.encode(response, kept)
        assert body == models.response_adapter.dump_json(response, by_alias=True)
        assert events == json.loads(body)["events"]
        if document is None:
            continue
        assert document.json == ENCOUNTER.dump_json(response.encounter, by_alias=True)
        writes += 1
        reused += sum(1 for key in document.parts if key in kept.parts)
        kept = document
    if writes:
        assert reused > 0, "no part of an answer was shared with the state before it"

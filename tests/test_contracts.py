"""openapi.yaml and schema/schema.graphql are generated from code and must not drift."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from service import contracts

ROOT = Path(__file__).resolve().parent.parent


def test_committed_contracts_match_the_code() -> None:
    assert contracts.main(["--check"]) == 0, "run `python -m service.contracts` and commit"


def test_check_fails_when_a_model_changes_without_regenerating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Simulate a model change: the committed spec lacks a field the code now has."""
    (tmp_path / "schema").mkdir()
    monkeypatch.setattr(contracts, "ROOT", tmp_path)
    assert contracts.main([]) == 0
    spec = tmp_path / "openapi.yaml"
    doc = yaml.safe_load(spec.read_text())
    del doc["components"]["schemas"]["Combatant"]["properties"]["tempHp"]
    spec.write_text(yaml.safe_dump(doc, sort_keys=False))
    assert contracts.main(["--check"]) == 1
    graphql = tmp_path / "schema" / "schema.graphql"
    assert contracts.main([]) == 0
    graphql.write_text(graphql.read_text().replace("tempHp: Int!", ""))
    assert contracts.main(["--check"]) == 1


def test_openapi_yaml_is_a_valid_openapi_31_document() -> None:
    from openapi_spec_validator import validate

    doc = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    assert doc["openapi"].startswith("3.1")
    validate(doc)

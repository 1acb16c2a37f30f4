"""What the service hosts, as GraphQL queries: its rulesets, its rules and its version."""

from __future__ import annotations

import strawberry

from service.api import catalog

from .types import output_type

RulesetInfo = output_type(catalog.RulesetInfo)
Rule = output_type(catalog.Rule)


@strawberry.type
class CatalogQueries:
    @strawberry.field(  # type: ignore[untyped-decorator]
        description="The rulesets this service hosts, their flags and their rules' ids (as "
        "`GET /v1/rulesets` answers)."
    )
    def rulesets(self) -> list[RulesetInfo]:  # type: ignore[valid-type]
        return catalog.RULESETS.dump_python(catalog.rulesets(), by_alias=True, mode="json")  # type: ignore[no-any-return]

    @strawberry.field(  # type: ignore[untyped-decorator]
        description="A rule of the inventory by its id (the `rule` of an event or of a "
        "`RuleViolation`), as `GET /v1/rules/{ruleId}` answers it; null when there is none."
    )
    def rule(self, id: str) -> Rule | None:  # type: ignore[valid-type]
        found = catalog.rules().get(id)
        if found is None:
            return None
        return catalog.RULE.dump_python(found, by_alias=True, mode="json")  # type: ignore[no-any-return]

    @strawberry.field(description="The service version.")  # type: ignore[untyped-decorator]
    def version(self) -> str:
        from service import __version__

        return __version__

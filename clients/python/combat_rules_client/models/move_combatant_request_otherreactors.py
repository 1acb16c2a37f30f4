from enum import StrEnum


class MoveCombatantRequestOtherreactors(StrEnum):
    DECLINE = "decline"
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)

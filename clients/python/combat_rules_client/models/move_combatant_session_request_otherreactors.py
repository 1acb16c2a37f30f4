from enum import StrEnum


class MoveCombatantSessionRequestOtherreactors(StrEnum):
    DECLINE = "decline"
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)

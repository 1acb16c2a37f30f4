from enum import StrEnum


class TriggerReadiedRequestOtherreactors(StrEnum):
    DECLINE = "decline"
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)

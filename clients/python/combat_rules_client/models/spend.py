from enum import StrEnum


class Spend(StrEnum):
    ACTION = "action"
    BONUS_ACTION = "bonus-action"
    FREE = "free"
    REACTION = "reaction"

    def __str__(self) -> str:
        return str(self.value)

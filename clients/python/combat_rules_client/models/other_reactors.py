from enum import StrEnum


class OtherReactors(StrEnum):
    DECLINE = "decline"
    TAKE = "take"

    def __str__(self) -> str:
        return str(self.value)

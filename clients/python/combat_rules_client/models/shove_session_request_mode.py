from enum import StrEnum


class ShoveSessionRequestMode(StrEnum):
    PRONE = "prone"
    PUSH = "push"

    def __str__(self) -> str:
        return str(self.value)

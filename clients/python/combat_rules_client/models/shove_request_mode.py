from enum import StrEnum


class ShoveRequestMode(StrEnum):
    PRONE = "prone"
    PUSH = "push"

    def __str__(self) -> str:
        return str(self.value)

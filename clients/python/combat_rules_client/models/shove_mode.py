from enum import StrEnum


class ShoveMode(StrEnum):
    PRONE = "prone"
    PUSH = "push"

    def __str__(self) -> str:
        return str(self.value)

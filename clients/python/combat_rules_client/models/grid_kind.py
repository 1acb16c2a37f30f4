from enum import StrEnum


class GridKind(StrEnum):
    HEX = "hex"
    SQUARE = "square"

    def __str__(self) -> str:
        return str(self.value)

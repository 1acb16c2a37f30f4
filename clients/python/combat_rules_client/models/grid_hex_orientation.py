from enum import StrEnum


class GridHexOrientation(StrEnum):
    FLAT = "flat"
    POINTY = "pointy"

    def __str__(self) -> str:
        return str(self.value)

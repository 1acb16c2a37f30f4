from enum import StrEnum


class GridHexorientation(StrEnum):
    FLAT = "flat"
    POINTY = "pointy"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class DurationEnds(StrEnum):
    END = "end"
    START = "start"

    def __str__(self) -> str:
        return str(self.value)

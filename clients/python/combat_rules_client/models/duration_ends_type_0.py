from enum import StrEnum


class DurationEndsType0(StrEnum):
    END = "end"
    START = "start"

    def __str__(self) -> str:
        return str(self.value)

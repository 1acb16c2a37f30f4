from enum import StrEnum


class CoverSource(StrEnum):
    COMPUTED = "computed"
    NONE = "none"
    STATED = "stated"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class RollSideKind(StrEnum):
    CHECK = "check"
    SAVE = "save"

    def __str__(self) -> str:
        return str(self.value)

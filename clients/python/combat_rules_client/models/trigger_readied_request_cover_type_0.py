from enum import StrEnum


class TriggerReadiedRequestCoverType0(StrEnum):
    HALF = "half"
    NONE = "none"
    THREE_QUARTERS = "three-quarters"
    TOTAL = "total"

    def __str__(self) -> str:
        return str(self.value)

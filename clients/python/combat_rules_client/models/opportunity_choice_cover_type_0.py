from enum import StrEnum


class OpportunityChoiceCoverType0(StrEnum):
    HALF = "half"
    NONE = "none"
    THREE_QUARTERS = "three-quarters"
    TOTAL = "total"

    def __str__(self) -> str:
        return str(self.value)

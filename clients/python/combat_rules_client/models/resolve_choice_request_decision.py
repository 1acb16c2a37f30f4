from enum import StrEnum


class ResolveChoiceRequestDecision(StrEnum):
    ACCEPT = "accept"
    DECLINE = "decline"

    def __str__(self) -> str:
        return str(self.value)

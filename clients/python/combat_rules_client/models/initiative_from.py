from enum import StrEnum


class InitiativeFrom(StrEnum):
    BOTTOM = "bottom"
    CONTROLLER = "controller"
    GROUP = "group"
    REQUEST = "request"
    ROLLED = "rolled"

    def __str__(self) -> str:
        return str(self.value)

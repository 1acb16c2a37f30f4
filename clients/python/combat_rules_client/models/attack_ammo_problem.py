from enum import StrEnum


class AttackAmmoProblem(StrEnum):
    LODGED = "lodged"
    PICKED_UP = "picked-up"
    SPILLED = "spilled"

    def __str__(self) -> str:
        return str(self.value)

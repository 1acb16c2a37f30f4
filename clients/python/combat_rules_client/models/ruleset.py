from enum import StrEnum


class Ruleset(StrEnum):
    D10 = "d10"
    D100 = "d100"
    D20 = "d20"

    def __str__(self) -> str:
        return str(self.value)

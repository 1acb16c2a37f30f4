from enum import StrEnum


class EncounterRuleset(StrEnum):
    D10 = "d10"
    D100 = "d100"
    D20 = "d20"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class CombatantKind(StrEnum):
    MONSTER = "monster"
    PC = "pc"

    def __str__(self) -> str:
        return str(self.value)

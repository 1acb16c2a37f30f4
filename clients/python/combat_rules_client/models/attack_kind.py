from enum import StrEnum


class AttackKind(StrEnum):
    MELEE = "melee"
    RANGED = "ranged"
    SPELL = "spell"

    def __str__(self) -> str:
        return str(self.value)

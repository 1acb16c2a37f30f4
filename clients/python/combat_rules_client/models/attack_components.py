from enum import StrEnum


class AttackComponents(StrEnum):
    MATERIAL = "material"
    SOMATIC = "somatic"
    VERBAL = "verbal"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class AttackComponentsType0Item(StrEnum):
    MATERIAL = "material"
    SOMATIC = "somatic"
    VERBAL = "verbal"

    def __str__(self) -> str:
        return str(self.value)

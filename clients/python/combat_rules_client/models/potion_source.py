from enum import StrEnum


class PotionSource(StrEnum):
    BACKPACK = "backpack"
    BELT = "belt"
    HAND = "hand"
    POUCH = "pouch"

    def __str__(self) -> str:
        return str(self.value)

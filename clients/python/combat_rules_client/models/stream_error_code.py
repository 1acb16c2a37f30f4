from enum import StrEnum


class StreamErrorCode(StrEnum):
    STORE_UNAVAILABLE = "store-unavailable"
    UNAUTHORIZED = "unauthorized"

    def __str__(self) -> str:
        return str(self.value)

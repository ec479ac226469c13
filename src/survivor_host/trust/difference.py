"""The first place where a record and its check disagree, as `verify`, `replay` and `export` name it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Difference:
    """The first place where a record and its check disagree."""

    where: str
    recorded: object
    replayed: object
    note: str = ""

    def __str__(self) -> str:
        tail = f" ({self.note})" if self.note else ""
        return f"{self.where}: recorded {self.recorded!r}, replayed {self.replayed!r}{tail}"


def shortened(value: object, limit: int = 80) -> object:
    """A value as it is named in a difference: long text or JSON cut to `limit` characters."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= limit:
        return value
    return f"{text[:limit]}… ({len(text)} characters)"

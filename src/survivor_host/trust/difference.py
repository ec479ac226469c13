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

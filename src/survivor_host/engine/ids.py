"""User ids: Pokémon Showdown's toID, shared by every layer."""

import functools
import re
import unicodedata

_NOT_ID = re.compile(r"[^a-z0-9]+")


@functools.lru_cache(maxsize=4096)
def to_id(name: str) -> str:
    """Lowercase `name` and keep only a-z and 0-9, as Showdown does."""
    return _NOT_ID.sub("", name.lower())


NAME_SEPARATORS = ",;|"
"""What joins names in the client seed and the protocol's lines: never part of a name (Showdown strips them)."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name (None: it can): it holds a separator, or a control or
    formatting character (a line break, an escape, a right-to-left override) that would change how
    the lines around it read. Showdown's own names never do."""
    for char in name:
        if char in NAME_SEPARATORS:
            return f"{name!r} holds {char!r}, which names never do"
        if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"):
            return f"{name!r} holds the control character U+{ord(char):04X}"
    return None

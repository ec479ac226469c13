"""User ids: Pokémon Showdown's toID, shared by every layer."""

import functools
import re

_NOT_ID = re.compile(r"[^a-z0-9]+")


@functools.lru_cache(maxsize=4096)
def to_id(name: str) -> str:
    """Lowercase `name` and keep only a-z and 0-9, as Showdown does."""
    return _NOT_ID.sub("", name.lower())

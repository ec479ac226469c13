"""User ids: Pokémon Showdown's toID, shared by every layer."""


def to_id(name: str) -> str:
    """Lowercase `name` and keep only a-z and 0-9, as Showdown does."""
    return "".join(ch for ch in name.lower() if ("a" <= ch <= "z") or ("0" <= ch <= "9"))

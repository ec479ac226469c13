"""User ids: Pokémon Showdown's toID, shared by every layer."""

import functools
import re
import unicodedata

HOST = "host"
"""Who a record's inputs say sent a host action (`by: "host"`): never a player's name."""


def names_host(name: str) -> bool:
    """True when `name` (any case) is how a record names the host."""
    return name.lower() == HOST


MAX_QUOTED_WORD = 24
"""The most of a word a refusal quotes back: every theme, mod, option and choice is shorter."""


def quoted_word(word: object) -> str:
    """`word` as typed, quoted as `repr` quotes it, a text cut after `MAX_QUOTED_WORD` characters with …:
    a refusal naming a word it does not know is one short message however long the word was."""
    if isinstance(word, str) and len(word) > MAX_QUOTED_WORD:
        word = word[:MAX_QUOTED_WORD] + "…"
    return repr(word)


_NOT_ID = re.compile(r"[^a-z0-9]+")


@functools.lru_cache(maxsize=4096)
def to_id(name: str) -> str:
    """Lowercase `name` and keep only a-z and 0-9, as Showdown does."""
    return _NOT_ID.sub("", name.lower())


HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})
"""The categories of characters that act instead of showing: controls, formatting (bidi controls
among them), line and paragraph separators, lone surrogates."""
UNSHOWN = HIDDEN | {"Co", "Cn"}
"""What a name may not hold besides: private-use and unassigned characters, which show as nothing sure."""
NAME_SEPARATORS = ",;|"
"""What joins names in the client seed and the protocol's lines: never part of a name (Showdown strips them)."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name (None: it can): it holds a separator, or a control or
    formatting character (a line break, an escape, a right-to-left override) that would change how
    the lines around it read. Showdown's own names never do."""
    if names_host(name):  # a player so named would replay as the host
        return f"{name!r} is how a game's record names the host"
    for char in name:
        if char in NAME_SEPARATORS:
            return f"{name!r} holds {char!r}, which names never do"
        if unicodedata.category(char) in UNSHOWN:
            return f"{name!r} holds the control character U+{ord(char):04X}"
    return None


def printable(text: str) -> str:
    """`text` with every control and formatting character escaped (`\\x1b`, `\\u202e`): a record's text, or a
    line typed and quoted back, cannot move the cursor, erase a line or reorder the terminal's output."""
    return "".join(
        char if char.isprintable() or char == " " else char.encode("unicode_escape").decode() for char in text
    )

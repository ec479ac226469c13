"""User ids: Pokémon Showdown's toID, shared by every layer."""

import functools
import re
import unicodedata
from collections.abc import Iterable

HOST = "host"
"""Who a record's inputs say sent a host action (`by: "host"`): never a player's name."""


def names_host(name: str) -> bool:
    """True when `name` (any case) is how a record names the host."""
    return name.lower() == HOST


MAX_QUOTED_WORD = 24
"""The most of a word a refusal quotes back: every theme, mod, option and choice is shorter."""
MAX_QUOTED_VALUE = 80
"""The most of any other text a refusal quotes back (an action, a name, a scenario's value)."""
MAX_QUOTED_WORDS = 5
"""The most words a refusal lists; the rest it counts (`and 3 more`)."""


def quoted_value(value: object, limit: int = MAX_QUOTED_VALUE) -> str:
    """`value` quoted as `repr` quotes it, cut after `limit` characters with …: a refusal quoting a
    user's text is one short message however long the text was."""
    if isinstance(value, str):
        return repr(value[:limit] + "…") if len(value) > limit else repr(value)
    shown = repr(value)
    return shown[:limit] + "…" if len(shown) > limit else shown


def quoted_word(word: object) -> str:
    """`word` as `quoted_value` quotes it, cut after `MAX_QUOTED_WORD` characters: a refusal naming a word
    it does not know is one short message however long the word was."""
    return quoted_value(word, MAX_QUOTED_WORD)


def quoted_words(words: Iterable[object]) -> str:
    """`'a', 'b', 'c'`: each as `quoted_value` quotes it, the first `MAX_QUOTED_WORDS` and `and N more`."""
    listed = list(words)
    shown = ", ".join(quoted_value(word) for word in listed[:MAX_QUOTED_WORDS])
    rest = len(listed) - MAX_QUOTED_WORDS
    return f"{shown} and {rest} more" if rest > 0 else shown


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
        return f"{quoted_value(name)} is how a game's record names the host"
    for char in name:
        if char in NAME_SEPARATORS:
            return f"{quoted_value(name)} holds {char!r}, which names never do"
        if unicodedata.category(char) in UNSHOWN:
            return f"{quoted_value(name)} holds the control character U+{ord(char):04X}"
    return None


def printable(text: str) -> str:
    """`text` with every control and formatting character escaped (`\\x1b`, `\\u202e`): a record's text, or a
    line typed and quoted back, cannot move the cursor, erase a line or reorder the terminal's output."""
    return "".join(
        char if char.isprintable() or char == " " else char.encode("unicode_escape").decode() for char in text
    )

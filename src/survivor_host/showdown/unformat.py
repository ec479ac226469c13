"""Users' names kept plain in the bot's lines: a name holding what Showdown's chat formatting reads as
markup (`server/chat-formatter.ts`) is sent with an invisible word joiner that breaks the markup up.

The formatter makes a span of exactly two of `*` `_` `~` `^` `\\` `|` (bold, italic, strike, superscript,
subscript, spoiler), a code span of two or more backticks, a link of `[[…]]`, a room link of `<<…>>`,
and a spoiler of the rest of the line after `spoiler:` (anywhere, in any case). Showdown names cannot
begin with a symbol, but may hold such runs inside and end in a marker (`ab**cd`, `x~~`, `ab*`), and the
bot's own bold (`**NAME**`) would then close early; a name or label ending in `spoiler` before the bot's
`:` would hide the value that follows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from survivor_host.showdown.messages import Chat, Join, Message, PrivateMessage, Rename, Users

WORD_JOINER = "\u2060"
"""Invisible and of no width; the server keeps it (it folds only `\\u200b`-`\\u200f` into spaces)."""
MARKERS = "*_~^\\|`[<"
_DOUBLED = re.compile(r"([*_~^\\|`\[<])(?=\1)")
_SPOILER = re.compile(r"(spoiler|spoilers)(?=:)", re.IGNORECASE)
_NOT_IN_WORD_BEFORE = r"(?<![^\W_])"
_NOT_IN_WORD_AFTER = r"(?![^\W_])"
"""A name is matched only whole: the tail of a longer word (`Mars**`, the bot's own bold around Mars, for a
name `s**`) is not that name."""
NAMES_KEPT = 2048
"""Names with markup kept (the most recently seen): each is a Showdown name, 18 characters at most."""


def unformatted_name(name: str) -> str:
    """`name` as the bot writes it: a word joiner inside each doubled marker and after a final marker."""
    plain = _DOUBLED.sub(lambda found: found.group(1) + WORD_JOINER, name)
    return plain + WORD_JOINER if plain[-1:] in MARKERS else plain


def no_spoiler(text: str) -> str:
    """`text` with a word joiner before the last letter of each `spoiler:` (`spoilers:`): no spoiler."""
    return _SPOILER.sub(lambda found: found.group(1)[:-1] + WORD_JOINER + found.group(1)[-1], text)


class NamesSeen:
    """The names the client has seen (in a room's user list, a join, a rename, a chat line or a PM) that
    formatting would read as markup, and each one's plain spelling."""

    def __init__(self, kept: int = NAMES_KEPT) -> None:
        self._plain: dict[str, str] = {}
        self._kept = kept

    def note(self, message: Message) -> None:
        """Keep the names `message` shows."""
        if isinstance(message, Users):
            self.add(user.name for user in message.users)
        elif isinstance(message, Chat | Join | Rename):
            self.add([message.user.name])
        elif isinstance(message, PrivateMessage):
            self.add([message.sender.name])

    def add(self, names: Iterable[str]) -> None:
        """Keep `names` that formatting would read as markup (the most recent `kept` of them)."""
        for name in names:
            name = name.strip()
            if name and name not in self._plain and unformatted_name(name) != name:
                self._plain[name] = unformatted_name(name)
        while len(self._plain) > self._kept:
            del self._plain[next(iter(self._plain))]

    def plain(self, text: str) -> str:
        """`text` with every name seen written plain where it stands whole (the longest first, so a name
        inside another stays whole), and no `spoiler:` in it. Only the names the text holds make the
        pattern: a substring test each, so a line costs little however many names were seen."""
        present = sorted((name for name in self._plain if name in text), key=len, reverse=True)
        if present:
            names = "|".join(map(re.escape, present))
            pattern = re.compile(f"{_NOT_IN_WORD_BEFORE}(?:{names}){_NOT_IN_WORD_AFTER}")
            text = pattern.sub(lambda found: self._plain[found.group()], text)
        return no_spoiler(text)

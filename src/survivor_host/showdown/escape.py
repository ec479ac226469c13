"""Chat and PM text made literal: a user's line never becomes a server command."""

from __future__ import annotations

import re

JS_WHITESPACE = frozenset(
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
"""What JavaScript's `String.prototype.trim` removes (the server trims a PM before parsing it)."""
ZERO_WIDTH_SPACE = "\u200b"
"""Not whitespace to JavaScript's trim, invisible in the client: a line starting with it is never a command."""


def escape_text(text: str) -> str:
    """Make one chat or PM line literal text, whatever it starts with.

    PS 0.11.11 (`server/chat.ts` `parseCommand`) runs a line as a command when it starts with `/` or
    `!` (a broadcast, when a letter or digit follows), or with `>> `, `>>> `, `>>sql ` (eval); a PM is
    trimmed first (`/msg` takes its text through `splitUser`, which trims), so a leading space does not
    help. Leading whitespace (JavaScript's and Python's) is dropped; then `/...` becomes `//...`, the
    server's own escape, which the client shows as `/...`; `!...` and `>>...` get an invisible
    zero-width space in front (the server's `!!` escape would show both marks). Look-alikes such as
    `／` or `！` are not commands to the server (it compares exact characters) and pass unchanged.
    """
    start = 0
    while start < len(text) and (text[start] in JS_WHITESPACE or text[start].isspace()):
        start += 1
    stripped = text[start:]
    if stripped.startswith("/"):
        return "/" + stripped
    if stripped.startswith(("!", ">>")):
        return ZERO_WIDTH_SPACE + stripped
    return text


NO_BREAK_SPACE = "\u00a0"
_INNER_JOIN = re.compile(r" · (?=#\d|Session h\d|Fair dice session h\d)")
"""A line's own ` · ` where a fair dice session line could follow (`#7 …`, `Session h3 …`)."""


def join_safe(text: str) -> str:
    """A room line whose own ` · ` comes before what could begin a session line (a name such as
    `ab · #2 roll 9` in a game's line) gets a no-break space there: it looks the same, and the send
    queue's join (`flood.JOIN`) stays the only ` · ` a session line follows (docs/FAIRNESS.md, "The
    chat log's grammar")."""
    return _INNER_JOIN.sub(NO_BREAK_SPACE + "· ", text)

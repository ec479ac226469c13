"""Outgoing text as the server measures it: lengths in UTF-16 code units (JavaScript's `length`), and a
message's length as chat.ts checks it."""

from __future__ import annotations

import re

MAX_MESSAGE_LENGTH = 1000
"""chat.ts MAX_MESSAGE_LENGTH: longer chat messages are refused (counted by `message_len`)."""
HEAVY = "\ufdfd"
"""The one character chat.ts counts as 11 toward a message's length (﷽, drawn very wide)."""
MAX_USERID_LENGTH = 18
"""No user id is longer (users.ts)."""
PM_TEXT_LENGTH = MAX_MESSAGE_LENGTH - len(f"/msg {'x' * MAX_USERID_LENGTH}, ") - 1
"""The longest PM text that goes to any user as one message (the client splits a longer one)."""
MAX_LINES_PER_FRAME = 3
"""users.ts THROTTLE_MULTILINE_WARN: a frame with more lines is refused (6 for staff)."""
MAX_FRAME_LENGTH = 100 * 1024
"""sockets.ts drops any client message longer than this (UTF-16 units)."""
MAX_REASON_LENGTH = 600
"""chat-commands/moderation.ts MAX_REASON_LENGTH: a longer `/modnote` (UTF-16 units) is refused whole."""
REASON_COMMANDS = ("/modnote ",)
"""Commands whose text is a reason the server refuses past `MAX_REASON_LENGTH`."""
PM_COMMANDS = ("/msg ", "/pmuhtml ", "/pmuhtmlchange ")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def utf16_len(text: str) -> int:
    """The length JavaScript sees: a character outside the Basic Multilingual Plane (most emoji) is 2."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def message_len(text: str) -> int:
    """A chat or PM message's length as chat.ts checks it: UTF-16 units, each ﷽ counting 11."""
    return utf16_len(text) + 10 * text.count(HEAVY)


def fit(text: str, limit: int, *, message: bool = False) -> int:
    """The longest prefix of `text` (in characters) whose UTF-16 length (`message`: its `message_len`) is
    at most `limit`."""
    units = 0
    for index, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 11 if message and char == HEAVY else 1
        if units > limit:
            return index
    return len(text)


def clip(text: str, limit: int = PM_TEXT_LENGTH) -> str:
    """`text` cut to `limit` (its `message_len`), ending in … where it was cut: a reply that quotes a user's
    line stays one message."""
    if message_len(text) <= limit:
        return text
    return text[: fit(text, limit - 1, message=True)].rstrip() + "…"


def fit_command(line: str) -> str:
    """A command line the server takes: a reason (`/modnote NOTE`) cut to `MAX_REASON_LENGTH` with …,
    every other line as it is."""
    for command in REASON_COMMANDS:
        if line.startswith(command):
            return command + clip(line[len(command) :], MAX_REASON_LENGTH)
    return line


def one_line(text: str) -> str:
    """Collapse line breaks to spaces: a newline would start a new protocol line."""
    return " ".join(text.splitlines()) if ("\n" in text or "\r" in text) else text


def split_text(text: str, limit: int = MAX_MESSAGE_LENGTH) -> list[str]:
    """Split `text` into messages of at most `limit` (`message_len`), at its line breaks and then at spaces.

    A line break is `\\n` or `\\r`, never one of the other characters Python splits lines at (U+2028 and
    more), which a user's text may hold: a quote of it is never cut into many messages. A single word
    longer than `limit` is cut (never inside a character). Blank lines are dropped.
    """
    if limit < 1:
        raise ValueError("limit must be positive")
    chunks: list[str] = []
    for paragraph in _LINE_BREAK.split(text):
        rest = paragraph.strip()
        while message_len(rest) > limit:
            end = max(fit(rest, limit, message=True), 1)
            cut = rest.rfind(" ", 0, end + 1)
            if cut <= 0:
                chunks.append(rest[:end])
                rest = rest[end:].lstrip()
            else:
                chunks.append(rest[:cut].rstrip())
                rest = rest[cut + 1 :].lstrip()
        if rest:
            chunks.append(rest)
    return chunks


def target_of(line: str) -> str:
    """The user id a `/msg USER, ...` or `/pmuhtml USER, ...` line is for ("" for other lines)."""
    for command in PM_COMMANDS:
        if line.startswith(command):
            return "".join(c for c in line[len(command) :].split(",", 1)[0].lower() if c.isascii() and c.isalnum())
    return ""

"""Outgoing text as the server measures it: lengths in UTF-16 code units (JavaScript's `length`)."""

from __future__ import annotations

MAX_MESSAGE_LENGTH = 1000
"""chat.ts MAX_MESSAGE_LENGTH: longer chat messages are refused (counted in UTF-16 units)."""
MAX_LINES_PER_FRAME = 3
"""users.ts THROTTLE_MULTILINE_WARN: a frame with more lines is refused (6 for staff)."""
MAX_FRAME_LENGTH = 100 * 1024
"""sockets.ts drops any client message longer than this (UTF-16 units)."""
PM_COMMANDS = ("/msg ", "/pmuhtml ", "/pmuhtmlchange ")


def utf16_len(text: str) -> int:
    """The length JavaScript sees: a character outside the Basic Multilingual Plane (most emoji) is 2."""
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def fit(text: str, limit: int) -> int:
    """The longest prefix of `text` (in characters) whose UTF-16 length is at most `limit`."""
    units = 0
    for index, char in enumerate(text):
        units += 2 if ord(char) > 0xFFFF else 1
        if units > limit:
            return index
    return len(text)


def one_line(text: str) -> str:
    """Collapse line breaks to spaces: a newline would start a new protocol line."""
    return " ".join(text.splitlines()) if ("\n" in text or "\r" in text) else text


def split_text(text: str, limit: int = MAX_MESSAGE_LENGTH) -> list[str]:
    """Split `text` into lines of at most `limit` UTF-16 units, at line breaks and then at spaces.

    A single word longer than `limit` is cut (never inside a character). Blank lines are dropped.
    """
    if limit < 1:
        raise ValueError("limit must be positive")
    chunks: list[str] = []
    for paragraph in text.splitlines():
        rest = paragraph.strip()
        while utf16_len(rest) > limit:
            end = max(fit(rest, limit), 1)
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

"""User text never becomes a command: `escape_text` against a model of PS 0.11.11's chat parser.

The model follows `server/chat.ts` (`Chat.parseCommand`, `CommandContext.parse`) and
`server/chat-commands/core.ts` (`/msg` trims its text through `splitUser`); the display rule is the
client's `parseChatMessage` (`//x` shows as `/x`, `/x` is a command to render, anything else is text).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from survivor_host.showdown.escape import JS_WHITESPACE, ZERO_WIDTH_SPACE, escape_text
from survivor_host.showdown.sendqueue import split_text


def js_trim(text: str) -> str:
    start, end = 0, len(text)
    while start < end and text[start] in JS_WHITESPACE:
        start += 1
    while end > start and text[end - 1] in JS_WHITESPACE:
        end -= 1
    return text[start:end]


def as_typed(text: str) -> str:
    """The text a reader should see: leading whitespace (and a leading zero-width space) aside."""
    start = 0
    while start < len(text) and (text[start] in JS_WHITESPACE or text[start].isspace()):
        start += 1
    return text[start:].removeprefix(ZERO_WIDTH_SPACE)


def server_sends(line: str, pm: bool) -> str | None:
    """What the server posts for a line the bot sends, or None when it runs the line as a command."""
    if pm:
        line = js_trim(line)  # `/msg user, TEXT`: splitUser trims TEXT before parsing it
    if not js_trim(line):
        return line
    if line.startswith((">> ", ">>> ", ">>sql ")):
        return None  # eval
    token = line[0]
    if token in "/!":
        if line[1:2] == token:
            return line  # `//x`, `!!x`: not commands, posted as they are
        if token == "!" and line[1:2] and not re.match(r"[A-Za-z0-9]", line[1:2]):
            return line
        if token == "!" and not line[1:2]:
            return line
        return None
    trimmed = js_trim(line)
    if trimmed[:1] in ("/", "!"):  # room chat: ` /x` is trimmed and `/` doubled, `!x` posted as is
        return trimmed if trimmed.startswith("!") else trimmed[0] + trimmed
    return line


def shown(posted: str) -> str | None:
    """What a reader sees (the client's rule); None when the client would render it as a command."""
    if posted.startswith("//"):
        return posted[1:]
    if posted.startswith("/"):
        return None
    return posted.removeprefix(ZERO_WIDTH_SPACE)


HOSTILE = [
    "/blockpms",
    "/me dances",
    "//me",
    "!dt pikachu",
    "!!rules",
    "!",
    ">> process.exit()",
    ">>> 1",
    ">>sql SELECT 1",
    "   /leave survivor",
    "\t/logout",
    "\u00a0/nick Evil",
    "\u3000/msg someone, hi",
    "\ufeff/blockpms",  # JavaScript trims U+FEFF, Python's strip() does not
    "\u2028!roll 6",
    "\u200b/me",
    "／blockpms",  # fullwidth solidus: not a command token to the server
    "！dt",
    "∕leave",
    "is not in this game",
]


def test_escaped_hostile_lines_are_never_commands_and_read_as_typed() -> None:
    for text in HOSTILE:
        line = escape_text(text)
        for pm in (False, True):
            posted = server_sends(line, pm)
            assert posted is not None, (text, pm)
            seen = shown(posted)
            assert seen is not None, (text, pm)
            assert seen == as_typed(text), (text, seen)


def test_the_model_catches_what_the_old_escape_let_through() -> None:
    """The PM trim: a leading space (the old escape) is no escape at all in a PM."""
    assert server_sends(" /blockpms", pm=True) is None
    assert server_sends(" /blockpms", pm=False) == "//blockpms"
    assert server_sends(">> 1", pm=False) is None


def test_plain_text_is_unchanged() -> None:
    for text in ("Round 2: do you follow or rebel?", "**Mars** wins the game!", "a /me in the middle", ""):
        assert escape_text(text) == text


def test_escape_forms() -> None:
    assert escape_text("/me dances") == "//me dances"
    assert escape_text("  /me dances") == "//me dances"
    assert escape_text("\ufeff/x") == "//x"
    assert escape_text("//x") == "///x"
    assert escape_text("!dt") == ZERO_WIDTH_SPACE + "!dt"
    assert escape_text(">> 1") == ZERO_WIDTH_SPACE + ">> 1"


ALPHABET = st.sampled_from(list("/!> a,.\t\u00a0\u3000\ufeff\u2028\u200b／！") + ["sql "])


@given(st.lists(ALPHABET, max_size=12).map("".join))
def test_no_line_the_bot_sends_runs_as_a_command(text: str) -> None:
    for chunk in split_text(text, 300) or [text]:
        line = escape_text(chunk)
        for pm in (False, True):
            posted = server_sends(line, pm)
            assert posted is not None, (chunk, line, pm)
            seen = shown(posted)
            assert seen is not None, (chunk, line, pm)
            if not pm:
                assert seen in (as_typed(chunk), chunk)

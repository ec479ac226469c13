"""The grammar `verify --chat` reads (docs/FAIRNESS.md "The chat log's grammar"): who said a log
line, the lines one message holds, and the session lines among them. Every step is linear in the
length of the log: no pattern rescans what it has read.

Showdown names hold no `|`, `:`, `,`, `[` or `]` (the server's name filter), so the author of a line is
its identity field up to the first `|` (a room log) or `:` (a client's copy). The bot's session lines
hold no ` · ` (the names in them are plain: `plain_name`), so a message is cut at every ` · ` (the
send queue's join) or, in a box, at every `<br />`, and a piece is a session line only if it matches
one of the forms below in full.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass

from survivor_host.engine.ids import to_id
from survivor_host.trust.session import parse_roll, roll_draw

JOIN = " · "
"""What the send queue joins a room's waiting lines with (`showdown.flood.JOIN`)."""
BOX_BREAK = "<br />"
"""What the send queue puts between the lines of one box (`showdown.flood.box_of`)."""

_TIME = r"(?:\d\d:\d\d:\d\d )?"
ROOM_LOG = re.compile(_TIME + r"\|c\|([^|]*)\|(.*)")
ROOM_LOG_TIMED = re.compile(_TIME + r"\|c:\|\d+\|([^|]*)\|(.*)")
PM_LOG = re.compile(_TIME + r"\|pm\|([^|]*)\|([^|]*)\|(.*)")
ROOM_CONTEXT = re.compile(r">([a-z0-9-]{1,80})")
"""A raw protocol log's room marker: the server's lines that follow are that room's (until the next)."""
COPY = re.compile(r"(?:\[\d{1,2}:\d\d(?::\d\d)?\] )?([^:]{1,19}): (.*)")
"""A client's copy: `[20:15] *Bot: text`; the identity (rank and name) runs to the first `:`."""

_ID = r"h(\d{1,9})"
_NUMBER = r"#(\d{1,9})"
_HEX = r"([0-9a-f]{64})"
_PLAIN = r"[^\s:;,|\[\]()](?:[^:;,|\[\]()]*[^\s:;,|\[\]()])?"
"""A name, item or label as a session line holds it (`plain_name`, `clean_text`): no `:` `;` `,` `|` brackets."""
_SALT = r"[^\W_]{1,24}"
"""A salt word (`fair.stream.SALT_WORD`): letters or digits of any script."""
_CARD = r"(A|J|Q|K|\d{1,2})"

_ROOM = r"([a-z0-9-]{1,80})"
OPENS = re.compile(rf"Fair dice session {_ID}(?: in {_ROOM})? \(host ({_PLAIN})\): commitment sha256 {_HEX}(?:\. .*)?")
"""A session's commitment line; it names its room (a line of an older bot does not: group 2 is None)."""
CLIENT = re.compile(
    rf"Session {_ID} client seed \(the host, the players in join order, the salts\): "
    rf"({_PLAIN}\|(?:{_PLAIN}(?:,{_PLAIN})*)?(?:;{_SALT})*)"
)
CARDS = re.compile(rf"Session {_ID} cards: ({_NUMBER} {_PLAIN} {_CARD}(?:, {_NUMBER} {_PLAIN} {_CARD})*)")
DEALT = re.compile(rf"{_NUMBER} ({_PLAIN}) {_CARD}")
SEED = re.compile(rf"Session {_ID} seed: {_HEX}(?: \(.*)?")
ROLL = re.compile(rf"{_NUMBER} roll (\d{{1,7}}(?:d\d{{1,7}})?(?:[+-]\d{{1,7}})?)(?: for ({_PLAIN}))?: (-?\d[\d, =-]*)")
LIST = re.compile(
    rf"{_NUMBER} (pick|shuffle) \[({_PLAIN}(?:, {_PLAIN})*)\](?: for ({_PLAIN}))?: ({_PLAIN}(?:, {_PLAIN})*)"
)
CARD = re.compile(rf"{_NUMBER} card (13|14) for ({_PLAIN}): dealt by PM")
YOUR_CARD = re.compile(rf"{_NUMBER} your card in ([a-z0-9-]+): {_CARD}")


@dataclass(frozen=True)
class Said:
    """One log line: its author (the identity field as shown), what was said, and whether by PM."""

    author: str
    text: str
    private: bool = False

    @property
    def author_id(self) -> str:
        return to_id(self.author)


WORD_JOINER = "\u2060"
"""What the bot puts inside a name's formatting marks and into `spoiler:` (`showdown.unformat`): invisible,
so a line reads the same without it, and it is left out when a line is read."""


def said(line: str) -> Said | None:
    """The line's author and text in any of the formats of the grammar (word joiners, and the white space a
    copy may pad a line's end with, left out: the bot's lines never end in any); None for other lines."""
    line = line.replace(WORD_JOINER, "").rstrip()
    if found := ROOM_LOG.fullmatch(line) or ROOM_LOG_TIMED.fullmatch(line):
        return Said(found.group(1), found.group(2))
    if found := PM_LOG.fullmatch(line):
        return Said(found.group(1), found.group(3), private=True)
    if found := COPY.fullmatch(line):
        return Said(found.group(1), found.group(2))
    return None


_TAG = re.compile(r"<[^<>]*>")
"""One HTML tag; `[^<>]` keeps a crafted run of `<` linear."""
_SIGNATURE = '<div class="gray"'
"""Where the server's `[NAME]` signature of a box begins (after everything the box's sender wrote)."""


def lines_of(text: str) -> list[str]:
    """The lines one message holds: a box's rows (`/raw` HTML, the sender's text escaped, so `<br />` only
    comes from the queue), or the pieces between ` · ` of a text message."""
    if not text.startswith("/raw "):
        return text.split(JOIN)
    body = text[len("/raw ") :]
    signed = body.rfind(_SIGNATURE)
    if signed >= 0:
        body = body[:signed]
    return [html.unescape(_TAG.sub("", row)) for row in body.split(BOX_BREAK)]


_SIGNED = re.compile(r"(.*?)\[[^\[\]]{1,19}\]")
"""A copied box's last row: the server's `[NAME]` signature shows as text at its end."""


def looks_boxed(line: str, forms: tuple[re.Pattern[str], ...]) -> bool:
    """True for a line that is a session line in full with no author before it (a trailing `[NAME]`
    aside): what a client's copy shows of the bot's box. Such a line proves nothing, so it is never
    read: anyone who can post a box or an announcement in the room can write the same text."""
    line = line.strip()
    if signed := _SIGNED.fullmatch(line):
        line = signed.group(1)
    return any(form.fullmatch(line) for form in forms)


@dataclass
class ChatDraw:
    """A numbered draw line as the chat shows it: what was drawn, and the value shown (None: by PM)."""

    number: int
    line: str
    draw: dict[str, object]
    shown: str | None


def parse_draw(text: str) -> ChatDraw | None:
    """A numbered draw line (the draw without its value, the value as shown), or None."""
    if roll := ROLL.fullmatch(text):
        try:
            spec = parse_roll(roll.group(2))
        except ValueError:
            return None
        return ChatDraw(int(roll.group(1)), text, roll_draw(spec, roll.group(3) or ""), roll.group(4))
    if listed := LIST.fullmatch(text):
        draw = {"kind": listed.group(2), "names": listed.group(3).split(", "), "label": listed.group(4) or ""}
        return ChatDraw(int(listed.group(1)), text, draw, listed.group(5))
    if card := CARD.fullmatch(text):
        return ChatDraw(
            int(card.group(1)), text, {"kind": "card", "ranks": int(card.group(2)), "for": card.group(3)}, None
        )
    return None


def client_seed_line(text: str) -> re.Match[str] | None:
    """A client seed line as posted, or as a copy that decomposed its accents shows it (the bot posts
    names and salts composed, NFC)."""
    return CLIENT.fullmatch(text) or CLIENT.fullmatch(unicodedata.normalize("NFC", text))

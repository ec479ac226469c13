"""The typed messages a Showdown server frame is parsed into, and the user names they carry."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from survivor_host.engine.ids import to_id

THROTTLE_NOTICE = "Your message was not sent because you've been typing too quickly."
"""Text of the server's notice for a dropped line (sent as `|raw|` in the line's room)."""
AWAY_SUFFIX = "@!"


def split_command(text: str) -> tuple[str, str] | None:
    """Split a message body like `/me in` into `("me", "in")`; None for ordinary text (or `//text`)."""
    if not text.startswith("/") or text.startswith("//"):
        return None
    cmd, _, rest = text[1:].partition(" ")
    return cmd.lower(), rest


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

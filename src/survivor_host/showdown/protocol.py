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
from survivor_host.showdown.messages import (
    Challstr,
    Chat,
    Deinit,
    Error,
    Generic,
    Html,
    Init,
    Join,
    Leave,
    Message,
    NameTaken,
    NoInit,
    PlainText,
    Popup,
    PrivateMessage,
    QueryResponse,
    Raw,
    Rename,
    Timestamp,
    Title,
    Uhtml,
    UhtmlChange,
    UpdateUser,
    UserRef,
    Users,
)

__all__ = [
    "PageEvent",
    "command_in_pm",
    "escape_html",
    "page_event",
    "parse_frame",
    "parse_line",
    "to_id",
    "to_room_id",
]

_NOT_ROOM_ID = re.compile(r"[^a-z0-9-]+")


def to_room_id(name: str) -> str:
    """A room id as the server keeps it: lowercase a-z, 0-9 and `-` (`groupchat-ann-games`)."""
    return _NOT_ROOM_ID.sub("", name.lower())


def escape_html(text: str) -> str:
    """Escape `& < > " '` for use in HTML text and attribute values."""
    return html.escape(text, quote=True)


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
        return PrivateMessage(sender=UserRef.parse(args[0]), receiver=UserRef.parse(args[1]), text=tail(2), **base)
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

"""The client's synthetic messages: connected, disconnected, a pong, a line refused, a room lost or back."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.showdown.messages import Message


@dataclass(frozen=True, kw_only=True)
class Connected(Message):
    """Synthetic: logged in and the configured rooms are joined (`reconnect` after a drop)."""

    reconnect: bool
    rooms: tuple[str, ...]
    restricted: str | None = None
    """Why the bot cannot talk (it is locked), or None."""


@dataclass(frozen=True, kw_only=True)
class Disconnected(Message):
    """Synthetic: the logged-in connection was lost; a reconnect is under way unless closing."""

    reason: str
    stalled: bool = False
    """The server had stopped answering (the websocket's ping went unanswered), rather than closing the link."""


@dataclass(frozen=True, kw_only=True)
class Pong(Message):
    """Synthetic: the server answered the websocket's keepalive ping (sent after a silence): it is there,
    though it had nothing to say."""


UNREACHABLE = (
    "unregistered and cannot be PMed",
    "is blocking private messages",
    "is currently blocking PMs",
    "is locked and cannot be PMed",
    "is currently locked, so you cannot send them HTML",
)
"""The server's refusals (chat.ts) that mean a user cannot get the bot's PMs at all."""


@dataclass(frozen=True, kw_only=True)
class Refused(Message):
    """Synthetic: the server refused one of the bot's lines (`|error|` in a room, or a PM that came back
    as `/error`); `cause` is the line (as sent), `user` the user id it was for ("" if none)."""

    text: str
    cause: str
    user: str

    @property
    def unreachable(self) -> bool:
        """True when the refusal means `user` cannot get the bot's PMs (a guest, PMs blocked, locked)."""
        return bool(self.user) and any(part in self.text for part in UNREACHABLE)


@dataclass(frozen=True, kw_only=True)
class CaughtUp(Message):
    """Synthetic: the server answered the bot's catch-up query `token` (`ClientSending.caught_up`); the
    client runs its callback in the handler's order and does not pass it on."""

    token: str


@dataclass(frozen=True, kw_only=True)
class RoomLost(Message):
    """Synthetic: the bot is out of a room it wants (`|deinit|` it did not ask for, or a join refused);
    the client retries the join with backoff."""

    reason: str


@dataclass(frozen=True, kw_only=True)
class RoomBack(Message):
    """Synthetic: a room lost while connected is joined again."""

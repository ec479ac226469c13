"""Which sent lines the server has handled, known from its echoes.

The server handles one user's lines in the order they arrive (server/users.ts `User#chat`: one now,
up to `THROTTLE_BUFFER_LIMIT - 1` = 5 waiting, the rest dropped with a throttle notice) and answers
each on the same socket, so answers come back in the order the lines were sent. A line counts as
delivered when its answer arrives: a room line comes back as `|c|`/`|c:|` from the bot (chat,
`/me`, `/addhtmlbox` as `/raw`, `/adduhtml` as `/uhtml`, `/changeuhtml` as `/uhtmlchange`), a PM or
`/pmuhtml` as `|pm|BOT|USER|...`, `/sendhtmlpage` and `/sendprivatehtmlbox` as a plain reply in the
room, `/join` as `|init|`/`|noinit|`, `/cmd` as `|queryresponse|`, and any room line as `|error|` when
refused. A line with no known answer is released by the answer of a later line, or after a timeout.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field

from survivor_host.showdown.messages import (
    Chat,
    Deinit,
    Error,
    Init,
    Message,
    NoInit,
    PlainText,
    PrivateMessage,
    QueryResponse,
)
from survivor_host.showdown.protocol import to_id

SERVER_WINDOW = 5
"""Lines the server takes without dropping any: it drops a line when 5 already wait (users.ts)."""

_BLANKS = re.compile(r"[\s\u0000\u200b-\u200f]+")
_REPLY_COMMANDS = ("/sendhtmlpage ", "/sendprivatehtmlbox ", "/sendprivateuhtml ", "/changeprivateuhtml ")
_PM_HTML_COMMANDS = ("/pmuhtml ", "/pmuhtmlchange ")
_REPLIES = ("Sent ", "Unable to send ", "Closed the bot page ", "Unable to close ")
"""How the server's replies to the page and private-box commands begin (admin.ts)."""
_CHAT_COMMANDS = {
    "/me": "/me",
    "/wall": "/announce",
    "/announce": "/announce",
    "/addhtmlbox": "/raw",
    "/modnote": "/log",  # staff in the room, the room bot among them, see it as a chat line of ours
}
_UHTML_COMMANDS = {"/adduhtml": "/uhtml", "/changeuhtml": "/uhtmlchange"}


@dataclass(frozen=True)
class Echo:
    """What the server answered (or what a line's answer will look like): `room` as the server names
    it, the answer's `kind` and a `mark` that tells lines of one kind apart."""

    room: str
    kind: str
    mark: str = ""


def _text_mark(text: str) -> str:
    """A chat text as the server will show it, loosely: no blanks, no leading slashes (`//` escapes)."""
    return _BLANKS.sub("", text).lstrip("/")[:200]


def _chat_mark(text: str) -> str:
    """The mark of the text of a `|c|` line."""
    head, _, rest = text.partition(" ")
    if head in ("/raw", "/announce"):
        return head
    if head in ("/uhtml", "/uhtmlchange"):
        return f"{head} {to_id(rest.split(',', 1)[0])}"
    if head == "/me":
        return "/me " + _text_mark(rest)
    return _text_mark(text)


def expected_echo(room: str, line: str) -> Echo | None:
    """What the server answers to `line` sent in `room` (None when its answer is not known)."""
    if not room:
        if line.startswith("/msg "):
            user, _, text = line[5:].partition(",")
            return Echo("", "pm:" + to_id(user), _text_mark(text))
        if line.startswith("/join "):
            return Echo("", "join:" + to_id(line[6:]))
        if line.startswith("/leave "):
            return Echo("", "leave:" + to_id(line[7:]))
        if line.startswith("/cmd "):
            return Echo("", "query:" + line[5:].split(" ", 1)[0])
        return None
    if line.startswith(_PM_HTML_COMMANDS):
        user, _, rest = line.split(" ", 1)[1].partition(",")
        head = "/uhtmlchange" if line.startswith("/pmuhtmlchange ") else "/uhtml"
        return Echo("", "pm:" + to_id(user), f"{head} {to_id(rest.split(',', 1)[0])}")
    if line.startswith(_REPLY_COMMANDS):
        return Echo(room, "reply")
    if not line.startswith("/") or line.startswith("//"):
        return Echo(room, "chat", _text_mark(line))
    head, _, rest = line.partition(" ")
    if head in _CHAT_COMMANDS:
        shown = _CHAT_COMMANDS[head]
        return Echo(room, "chat", shown + " " + _text_mark(rest) if shown == "/me" else shown)
    if head in _UHTML_COMMANDS:
        return Echo(room, "chat", f"{_UHTML_COMMANDS[head]} {to_id(rest.split(',', 1)[0])}")
    return None


def counts_as_chat(room: str, line: str) -> bool:
    """True when `line` shows in `room` as a `|c|` line of the bot (what a room bot's flood rule counts)."""
    echo = expected_echo(room, line)
    return echo is not None and echo.kind == "chat"


def echo_of(message: Message, own_id: str, room: str | None = None) -> Echo | None:
    """The answer `message` is to one of the bot's own lines, if it is one (`room`: the server's name
    for the message's room, when the caller renames rooms)."""
    if message.history:
        return None
    where = message.room if room is None else room
    if isinstance(message, Chat):
        return Echo(where, "chat", _chat_mark(message.text)) if message.user.userid == own_id else None
    if isinstance(message, PrivateMessage):
        if message.sender.userid != own_id:
            return None
        return Echo("", "pm:" + message.receiver.userid, _chat_mark(message.text))
    if isinstance(message, Error):
        return Echo(where, "error")
    if isinstance(message, PlainText) and where and message.text.startswith(_REPLIES):
        return Echo(where, "reply")
    if isinstance(message, Init | NoInit):
        return Echo("", "join:" + where)
    if isinstance(message, Deinit):
        return Echo("", "leave:" + where)
    if isinstance(message, QueryResponse):
        return Echo("", "query:" + message.query_type)
    return None


@dataclass(eq=False)
class InFlight:
    """One line on its way: sent at `sent_at`, answered (or given up on) once `done`."""

    order: int
    room: str
    line: str
    lane: int
    expect: Echo | None
    sent_at: float
    deadline: float
    resends: int = 0
    echoed: bool = False
    passed: bool = False
    """A later line was answered first: this one was handled without a known answer, or dropped."""


def _matches(entry: InFlight, echo: Echo) -> bool:
    expect = entry.expect
    if echo.kind == "error":  # a refusal answers the oldest line of its room, whatever it was
        return entry.room == echo.room or (expect is not None and expect.room == echo.room)
    return expect is not None and expect.room == echo.room and expect.kind == echo.kind


@dataclass
class Flight:
    """The lines sent and not yet answered, oldest first, and the round trip measured from answers."""

    entries: deque[InFlight] = field(default_factory=deque)
    samples: deque[float] = field(default_factory=lambda: deque(maxlen=16))
    order: int = 0

    def __len__(self) -> int:
        return len(self.entries)

    @property
    def round_trip(self) -> float:
        """The quickest recent answer: the network's round trip without the server's queueing."""
        return min(self.samples) if self.samples else 0.0

    def add(self, room: str, line: str, lane: int, now: float, timeout: float, resends: int = 0) -> None:
        self.order += 1
        entry = InFlight(self.order, room, line, lane, expected_echo(room, line), now, now + timeout, resends)
        self.entries.append(entry)

    def answer(self, echo: Echo, now: float, recovering: bool) -> InFlight | None:
        """Mark the line `echo` answers (the oldest of its kind with the same mark, else the oldest of its
        kind). Lines sent before it are handled too, unless a throttle notice is being recovered from:
        then they are only `passed` (handled or dropped; the recovery decides)."""
        candidates = [e for e in self.entries if not e.echoed and _matches(e, echo)]
        if not candidates:
            return None
        entry = next((e for e in candidates if e.expect is not None and e.expect.mark == echo.mark), candidates[0])
        entry.echoed = True
        self.samples.append(now - entry.sent_at)
        for earlier in self.entries:
            if earlier is entry:
                break
            if not earlier.echoed:
                earlier.passed = True
        if not recovering:
            self.entries = deque(e for e in self.entries if not (e.echoed or e.passed))
        return entry

    def expire(self, now: float) -> list[InFlight]:
        """Give up waiting for the lines past their deadline (taken as handled); return them."""
        late = [e for e in self.entries if not e.echoed and e.deadline <= now]
        if late:
            self.entries = deque(e for e in self.entries if e not in late)
        return late

    def settled(self, now: float, until: float) -> bool:
        """True when every line is answered or passed, or the recovery's deadline `until` has come."""
        return now >= until or all(e.echoed or e.passed for e in self.entries)

    def take_dropped(self) -> list[InFlight]:
        """End a recovery: the lines that expected an answer and got none (dropped), oldest first; the
        others are forgotten (answered, or with no known answer: taken as handled)."""
        dropped = [e for e in self.entries if not e.echoed and e.expect is not None]
        self.entries.clear()
        return dropped

    def clear(self) -> None:
        self.entries.clear()

    def drop_last(self, count: int) -> None:
        """Forget the `count` newest lines (they never left: the send failed)."""
        for _ in range(min(count, len(self.entries))):
            self.entries.pop()

    def next_deadline(self) -> float | None:
        return min((e.deadline for e in self.entries if not e.echoed), default=None)

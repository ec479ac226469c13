"""An asyncio Pokémon Showdown client for simulated users in end-to-end tests.

A ``Player`` connects to ``ws://127.0.0.1:PORT/showdown/websocket``, logs in through the (fake) login
server exactly as a real client does (POST ``name``/``pass``/``challstr`` to ``/api/login``, then
``|/trn NAME,0,ASSERTION``), and keeps a transcript of every line it receives. Its own sends are
paced (600 ms a line by default, the server's throttle for ordinary users).

Typical use inside ``asyncio.run``::

    async with Player(ws_url, login_url, "Alice") as alice:   # connects and logs in
        await alice.join("survivor")
        mark = alice.mark()
        await alice.say("survivor", "/me in")
        await alice.wait_for(r"^\\|c:\\|\\d+\\|.Alice\\|/me in$", room="survivor", since=mark)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import aiohttp

from survivor_host.devserver.login_policy import to_id

log = logging.getLogger("e2e.player")

DEFAULT_PACE = 0.62  # seconds between two lines a player sends (server throttle: 600 ms)
RANK_CHARS = " +%@*#~&☆§^!‽"


class LoginFailed(AssertionError):
    """The login server or the PS server refused the login."""


class WaitTimeout(AssertionError):
    """wait_for gave up; the message carries the transcript tail."""


class Disconnected(ConnectionError):
    pass


@dataclass(frozen=True)
class Line:
    """One protocol line received: time (monotonic), room id ('' = global), raw text."""

    time: float
    room: str
    text: str
    index: int
    in_init: bool = False  # part of an |init| frame (room state and scrollback)

    @property
    def parts(self) -> list[str]:
        """``|c|USER|MSG`` -> ['c', 'USER', 'MSG'] (a MSG containing '|' is split too)."""
        return self.text[1:].split("|") if self.text.startswith("|") else [self.text]

    @property
    def type(self) -> str:
        return self.parts[0] if self.text.startswith("|") else ""

    def rest(self, n: int) -> str:
        """Everything after the first n fields, '|' kept: rest(3) of |pm|A|B|x|y is 'x|y'."""
        return "|".join(self.parts[n:])


@dataclass(frozen=True)
class PM:
    time: float
    sender: str  # name without rank
    sender_rank: str
    receiver: str
    receiver_rank: str
    text: str


@dataclass(frozen=True)
class ChatMessage:
    time: float
    room: str
    user: str  # name without rank
    rank: str
    text: str
    timestamp: int | None  # from |c:|, else None
    in_init: bool


def split_identity(identity: str) -> tuple[str, str]:
    """' Alice' -> (' ', 'Alice'); '*Bot@!' -> ('*', 'Bot'). Status suffix '@!' is dropped."""
    if identity.endswith("@!"):
        identity = identity[:-2]
    if identity and identity[0] in RANK_CHARS:
        return identity[0], identity[1:]
    return "", identity


Predicate = str | re.Pattern[str] | Callable[[Line], bool]


def _matcher(pattern: Predicate) -> Callable[[Line], bool]:
    if isinstance(pattern, str):
        rx = re.compile(pattern)
        return lambda line: rx.search(line.text) is not None
    if isinstance(pattern, re.Pattern):
        compiled = pattern
        return lambda line: compiled.search(line.text) is not None
    return pattern


class Player:
    """A simulated PS user. Create and use it inside one event loop."""

    def __init__(
        self,
        ws_url: str,
        login_url: str,
        name: str,
        password: str = "password",
        *,
        pace: float = DEFAULT_PACE,
        default_timeout: float = 10.0,
    ) -> None:
        self.ws_url = ws_url
        self.login_url = login_url
        self.name = name
        self.password = password
        self.pace = pace
        self.default_timeout = default_timeout
        self.transcript: list[Line] = []
        self.sent: list[tuple[float, str]] = []  # (monotonic time, frame) of every frame sent
        self.challstr: str | None = None
        self.logged_in = False
        self.rooms: dict[str, dict[str, str]] = {}  # room id -> {userid: identity} of joined rooms
        self._cursor = 0
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._reader: asyncio.Task[None] | None = None
        self._new_line = asyncio.Event()
        self._send_lock = asyncio.Lock()
        self._next_send_at = 0.0
        self._closed = asyncio.Event()

    # ------------------------------------------------------------------ properties

    @property
    def userid(self) -> str:
        return to_id(self.name)

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed and not self._closed.is_set()

    def __repr__(self) -> str:
        return f"<Player {self.name!r} {'connected' if self.connected else 'offline'}>"

    # ------------------------------------------------------------------ connection

    async def connect(self, timeout: float | None = None) -> str:
        """Open the websocket and wait for ``|challstr|``; return the challstr (``KEYID|HEX``)."""
        timeout = timeout or self.default_timeout
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession()
        self._closed = asyncio.Event()
        self.logged_in = False
        self.rooms = {}
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
            self._reader = None
        mark = self.mark()
        self._ws = await self._session.ws_connect(self.ws_url, timeout=aiohttp.ClientWSTimeout(ws_close=5))
        self._reader = asyncio.create_task(self._read_loop(self._ws), name=f"player-{self.name}")
        line = await self.wait_for(r"^\|challstr\|", timeout=timeout, since=mark, advance=False)
        self.challstr = line.rest(1)
        return self.challstr

    async def _read_loop(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        try:
            async for msg in ws:
                if msg.type == aiohttp.WSMsgType.TEXT:
                    self._handle_frame(str(msg.data))
                elif msg.type in (aiohttp.WSMsgType.ERROR, aiohttp.WSMsgType.CLOSE):
                    break
        except (aiohttp.ClientError, ConnectionError) as exc:
            log.debug("%s: websocket error %r", self.name, exc)
        finally:
            if ws is self._ws:
                self._closed.set()
                self._new_line.set()

    def _handle_frame(self, frame: str) -> None:
        now = time.monotonic()
        lines = frame.split("\n")
        room = ""
        if lines and lines[0].startswith(">"):
            room = lines[0][1:]
            lines = lines[1:]
        in_init = bool(lines) and lines[0].startswith("|init|")
        for text in lines:
            if text == "":
                continue
            line = Line(now, room, text, len(self.transcript), in_init)
            self.transcript.append(line)
            log.debug("%s <- [%s] %s", self.name, room, text)
            self._track_room(line)
        self._new_line.set()

    def _track_room(self, line: Line) -> None:
        kind, parts = line.type, line.parts
        if kind == "init":
            self.rooms[line.room] = {}
        elif kind == "deinit":
            self.rooms.pop(line.room, None)
        room = self.rooms.get(line.room)
        if room is None:
            return
        if kind == "users" and len(parts) > 1:
            for ident in parts[1].split(",")[1:]:
                room[to_id(split_identity(ident)[1])] = ident
        elif kind in ("J", "j", "join") and len(parts) > 1:
            room[to_id(split_identity(parts[1])[1])] = parts[1]
        elif kind in ("L", "l", "leave") and len(parts) > 1:
            room.pop(to_id(split_identity(parts[1])[1]), None)
        elif kind in ("N", "n", "name") and len(parts) > 2:
            room.pop(to_id(parts[2]), None)
            room[to_id(split_identity(parts[1])[1])] = parts[1]

    async def close(self) -> None:
        ws, self._ws = self._ws, None
        if ws is not None and not ws.closed:
            with contextlib.suppress(Exception):
                await ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
            self._reader = None
        self._closed.set()
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def wait_closed(self, timeout: float | None = None) -> None:
        """Wait until the server side closes the connection (e.g. the server stopped)."""
        await asyncio.wait_for(self._closed.wait(), timeout or self.default_timeout)

    async def reconnect(
        self, *, rooms: Iterable[str] | None = None, retry_for: float = 30.0, login: bool = True
    ) -> None:
        """Drop the connection, connect again (retrying while the server is down), log in and rejoin.

        rooms defaults to the rooms joined before.
        """
        rejoin = list(self.rooms) if rooms is None else [to_id(r) for r in rooms]
        if self._ws is not None:
            ws, self._ws = self._ws, None
            with contextlib.suppress(Exception):
                await ws.close()
        deadline = time.monotonic() + retry_for
        while True:
            try:
                await self.connect()
                break
            except (aiohttp.ClientError, OSError, WaitTimeout):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)
        if login:
            await self.login()
        for room in rejoin:
            await self.join(room)

    async def __aenter__(self) -> Player:
        await self.connect()
        await self.login()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ------------------------------------------------------------------ login

    async def get_assertion(self, name: str | None = None, password: str | None = None) -> str:
        """POST to the login server as the PS client does; return the assertion or raise LoginFailed."""
        name = name or self.name
        if self.challstr is None:
            raise RuntimeError("connect() first")
        assert self._session is not None
        form = {
            "name": name,
            "pass": self.password if password is None else password,
            "challstr": self.challstr,
        }
        async with self._session.post(self.login_url, data=form) as resp:
            body = await resp.text()
        if resp.status != 200:
            raise LoginFailed(f"login server answered {resp.status}: {body}")
        if not body.startswith("]"):
            raise LoginFailed(f"login server answer lacks the ']' prefix: {body!r}")
        data: dict[str, Any] = json.loads(body[1:])
        if data.get("actionerror"):
            raise LoginFailed(str(data["actionerror"]))
        assertion = data.get("assertion")
        if not isinstance(assertion, str) or not assertion:
            raise LoginFailed(f"no assertion in {data!r}")
        if assertion.startswith(";;"):
            raise LoginFailed(assertion[2:])
        if assertion == ";":
            raise LoginFailed("this name is registered (needs a password)")
        return assertion

    async def login(self, name: str | None = None, *, timeout: float | None = None) -> None:
        """Log in (or rename) as name; raise LoginFailed on any refusal."""
        name = name or self.name
        assertion = await self.get_assertion(name)
        await self.trn(name, assertion, timeout=timeout)

    async def trn(self, name: str, assertion: str, *, timeout: float | None = None) -> None:
        """Send ``|/trn NAME,0,ASSERTION`` and wait for the matching |updateuser| or |nametaken|."""
        userid = to_id(name)
        mark = self.mark()
        await self.send("", f"/trn {name},0,{assertion}")

        def done(line: Line) -> bool:
            if line.type == "nametaken":
                return True
            if line.type == "updateuser" and len(line.parts) > 2:
                return to_id(split_identity(line.parts[1])[1]) == userid and line.parts[2] == "1"
            return False

        line = await self.wait_for(done, timeout=timeout, since=mark, advance=False)
        if line.type == "nametaken":
            raise LoginFailed(f"nametaken: {line.rest(1)}")
        self.name = split_identity(line.parts[1])[1]
        self.logged_in = True

    async def rename(self, new_name: str, *, timeout: float | None = None) -> None:
        """Change name on the same connection (new assertion, same challenge)."""
        await self.login(new_name, timeout=timeout)

    # ------------------------------------------------------------------ sending

    async def send(self, room: str, text: str) -> None:
        """Send one frame ``ROOM|TEXT``, waiting so that lines go out at most one per ``pace``."""
        await self.send_frame(f"{room}|{text}", lines=text.count("\n") + 1)

    async def send_frame(self, frame: str, *, lines: int = 1, paced: bool = True) -> None:
        """Send a raw frame (it may hold several lines: ``room|a\\nb\\nc``)."""
        async with self._send_lock:
            ws = self._ws
            if ws is None or ws.closed:
                raise Disconnected(f"{self.name} is not connected")
            if paced:
                delay = self._next_send_at - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
            await ws.send_str(frame)
            now = time.monotonic()
            self.sent.append((now, frame))
            log.debug("%s -> %s", self.name, frame)
            self._next_send_at = now + self.pace * max(1, lines)

    async def say(self, room: str, text: str) -> None:
        await self.send(to_id(room), text)

    async def pm(self, user: str, text: str) -> None:
        await self.send("", f"/msg {user}, {text}")

    async def join(self, room: str, *, timeout: float | None = None) -> None:
        """``|/join ROOM`` and wait for the room's ``|init|`` (raises on ``|noinit|``)."""
        roomid = to_id(room)
        mark = self.mark()
        await self.send("", f"/join {room}")
        line = await self.wait_for(
            lambda ln: ln.room == roomid and ln.type in ("init", "noinit"),
            timeout=timeout,
            since=mark,
            advance=False,
        )
        if line.type == "noinit":
            raise AssertionError(f"{self.name} could not join {roomid}: {line.text}")

    async def leave(self, room: str, *, timeout: float | None = None) -> None:
        roomid = to_id(room)
        mark = self.mark()
        await self.send("", f"/leave {roomid}")
        await self.wait_for(
            lambda ln: ln.room == roomid and ln.type == "deinit", timeout=timeout, since=mark, advance=False
        )

    # ------------------------------------------------------------------ waiting

    def mark(self) -> int:
        """Transcript position now; pass as since= to only look at later lines."""
        return len(self.transcript)

    async def wait_for(
        self,
        pattern: Predicate,
        *,
        room: str | None = None,
        timeout: float | None = None,
        since: int | None = None,
        advance: bool = True,
        include_init: bool = True,
    ) -> Line:
        """First line at or after ``since`` that matches pattern (regex searched in the raw line, or
        a predicate on Line) and room (room id; '' = global). ``since`` defaults to the player's
        cursor, which each successful wait_for moves past the line it returned (advance=False
        leaves it). Raises WaitTimeout (an AssertionError) with the transcript tail.
        """
        match = _matcher(pattern)
        roomid = None if room is None else to_id(room)
        pos = self._cursor if since is None else since
        deadline = time.monotonic() + (timeout or self.default_timeout)
        while True:
            while pos < len(self.transcript):
                line = self.transcript[pos]
                pos += 1
                if roomid is not None and line.room != roomid:
                    continue
                if not include_init and line.in_init:
                    continue
                if match(line):
                    if advance:
                        self._cursor = max(self._cursor, line.index + 1)
                    return line
            remaining = deadline - time.monotonic()
            if remaining <= 0 or (self._closed.is_set() and pos >= len(self.transcript)):
                why = "timed out" if remaining <= 0 else "connection closed"
                raise WaitTimeout(
                    f"{self.name}: {why} waiting for {pattern!r} (room={roomid!r}); last lines:\n"
                    + self.transcript_text(last=40)
                )
            self._new_line.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._new_line.wait(), remaining)

    async def expect_none(
        self, pattern: Predicate, *, room: str | None = None, within: float = 1.0, since: int | None = None
    ) -> None:
        """Assert that no matching line arrives within ``within`` seconds."""
        try:
            line = await self.wait_for(pattern, room=room, timeout=within, since=since, advance=False)
        except WaitTimeout:
            return
        raise AssertionError(f"{self.name}: unexpected line {line.text!r} in room {line.room!r}")

    def lines(self, room: str | None = None, *, since: int = 0, type: str | None = None) -> list[Line]:
        roomid = None if room is None else to_id(room)
        return [
            ln
            for ln in self.transcript[since:]
            if (roomid is None or ln.room == roomid) and (type is None or ln.type == type)
        ]

    def transcript_text(self, last: int | None = None) -> str:
        lines = self.transcript if last is None else self.transcript[-last:]
        return "\n".join(f"  [{ln.room or '-'}] {ln.text}" for ln in lines)

    # ------------------------------------------------------------------ digests

    def pms(self, *, received_only: bool = True, with_user: str | None = None, since: int = 0) -> list[PM]:
        """``|pm|FROM|TO|MSG`` lines as PM objects; received_only drops the echoes of own PMs."""
        out: list[PM] = []
        for ln in self.transcript[since:]:
            if ln.type != "pm" or len(ln.parts) < 4:
                continue
            srank, sender = split_identity(ln.parts[1])
            rrank, receiver = split_identity(ln.parts[2])
            if received_only and to_id(sender) == self.userid:
                continue
            if with_user is not None and to_id(with_user) not in (to_id(sender), to_id(receiver)):
                continue
            out.append(PM(ln.time, sender, srank, receiver, rrank, ln.rest(3)))
        return out

    def chat(self, room: str, *, include_init: bool = False, since: int = 0) -> list[ChatMessage]:
        """Chat messages (``|c|``, ``|c:|``, ``|chat|``) seen in room; scrollback only with include_init."""
        roomid = to_id(room)
        out: list[ChatMessage] = []
        for ln in self.transcript[since:]:
            if ln.room != roomid or (ln.in_init and not include_init):
                continue
            if ln.type == "c:" and len(ln.parts) >= 4:
                rank, user = split_identity(ln.parts[2])
                ts = int(ln.parts[1]) if ln.parts[1].isdigit() else None
                out.append(ChatMessage(ln.time, roomid, user, rank, ln.rest(3), ts, ln.in_init))
            elif ln.type in ("c", "chat") and len(ln.parts) >= 3:
                rank, user = split_identity(ln.parts[1])
                out.append(ChatMessage(ln.time, roomid, user, rank, ln.rest(2), None, ln.in_init))
        return out

    def rank_in(self, room: str, user: str | None = None) -> str | None:
        """Rank symbol of user (default: self) in a joined room, from |users| and J/L/N tracking."""
        ident = self.rooms.get(to_id(room), {}).get(to_id(user or self.name))
        return None if ident is None else split_identity(ident)[0]

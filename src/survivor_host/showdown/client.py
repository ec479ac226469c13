"""The Showdown connection: login, rooms, rank tracking, paced sending and reconnection."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import aiohttp

from survivor_host.engine.ids import to_id
from survivor_host.showdown.login import DEFAULT_LOGIN_URL, LoginError, get_assertion
from survivor_host.showdown.protocol import (
    Challstr,
    Deinit,
    Init,
    Join,
    Leave,
    Message,
    NameTaken,
    NoInit,
    Popup,
    QueryResponse,
    Raw,
    Rename,
    Title,
    UpdateUser,
    UserRef,
    Users,
    parse_frame,
)
from survivor_host.showdown.sendqueue import (
    MAX_MESSAGE_LENGTH,
    PACE_PUBLIC_BOT,
    PACE_REGULAR,
    PACE_TRUSTED,
    SendQueue,
    Sleep,
    one_line,
    split_text,
)

logger = logging.getLogger(__name__)

HTML_RANKS = frozenset("*#~")
"""Room ranks with the `addhtml` permission (config-example.js groups)."""
STAFF_RANKS = frozenset("~#★@%*")
"""Ranks that count as staff (user-groups.ts `isStaff`: at least `*` or `%`)."""
NON_AUTH_RANKS = frozenset(" ‽!✖")
"""Global "ranks" that are not auth: regular users, locked, muted, namelocked."""

Handler = Callable[[Message], Awaitable[None]]


@dataclass(frozen=True, kw_only=True)
class Connected(Message):
    """Synthetic: logged in and the configured rooms are joined (`reconnect` after a drop)."""

    reconnect: bool
    rooms: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class Disconnected(Message):
    """Synthetic: the logged-in connection was lost; a reconnect is under way unless closing."""

    reason: str


@dataclass(frozen=True)
class ClientConfig:
    """Where and as whom to connect. Timings are in seconds."""

    server_url: str
    username: str
    password: str | None = None
    login_url: str = DEFAULT_LOGIN_URL
    rooms: tuple[str, ...] = ()
    avatar: str | None = None
    heartbeat: float = 30.0
    """Websocket ping interval; a pong missing for half of it drops the connection."""
    login_timeout: float = 30.0
    join_timeout: float = 10.0
    backoff_initial: float = 1.0
    backoff_max: float = 30.0
    backoff_jitter: float = 0.1
    max_login_failures: int = 5
    """Consecutive failed logins (wrong password, name taken...) before `run()` gives up."""
    query_room_info: bool = True
    """Ask `/cmd roominfo` for each joined room to learn whether it is public (decides the pace)."""


@dataclass
class RoomState:
    """What the client knows about a joined room."""

    roomid: str
    title: str = ""
    users: dict[str, UserRef] = field(default_factory=dict)
    public: bool | None = None
    """From `/cmd roominfo`: visibility is public (None until known)."""
    direct_rank: str | None = None
    """The bot's own room auth from `/cmd roominfo` (None when it has none or it is unknown)."""


def decide_pace(global_rank: str, public_room_ranks: Iterable[str]) -> float:
    """The server's throttle delay (users.ts) for the bot, from its global rank and its room auth in
    persistent public rooms, as decided at login."""
    ranks = set(public_room_ranks)
    if global_rank == "*" or "*" in ranks:
        return PACE_PUBLIC_BOT
    if global_rank.strip() and global_rank not in NON_AUTH_RANKS:
        return PACE_TRUSTED
    if ranks & STAFF_RANKS:
        return PACE_TRUSTED
    return PACE_REGULAR


JS_WHITESPACE = frozenset(
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
"""What JavaScript's `String.prototype.trim` removes (the server trims a PM before parsing it)."""
ZERO_WIDTH_SPACE = "\u200b"
"""Not whitespace to JavaScript's trim, invisible in the client: a line starting with it is never a command."""


def escape_text(text: str) -> str:
    """Make one chat or PM line literal text, whatever it starts with.

    PS 0.11.11 (`server/chat.ts` `parseCommand`) runs a line as a command when it starts with `/` or
    `!` (a broadcast, when a letter or digit follows), or with `>> `, `>>> `, `>>sql ` (eval); a PM is
    trimmed first (`/msg` takes its text through `splitUser`, which trims), so a leading space does not
    help. Leading whitespace (JavaScript's and Python's) is dropped; then `/...` becomes `//...`, the
    server's own escape, which the client shows as `/...`; `!...` and `>>...` get an invisible
    zero-width space in front (the server's `!!` escape would show both marks). Look-alikes such as
    `／` or `！` are not commands to the server (it compares exact characters) and pass unchanged.
    """
    start = 0
    while start < len(text) and (text[start] in JS_WHITESPACE or text[start].isspace()):
        start += 1
    stripped = text[start:]
    if stripped.startswith("/"):
        return "/" + stripped
    if stripped.startswith(("!", ">>")):
        return ZERO_WIDTH_SPACE + stripped
    return text


class ShowdownClient:
    """One bot connection. Call `run()` (forever, reconnecting) and `close()` to stop.

    Every parsed server message, plus `Connected`/`Disconnected`, is passed in order to `handler`,
    awaited one at a time on a separate task. State (`rank_of`, rooms) is updated as frames are read,
    just before the messages are queued for the handler.
    """

    def __init__(
        self,
        config: ClientConfig,
        handler: Handler | None = None,
        *,
        session: aiohttp.ClientSession | None = None,
        queue: SendQueue | None = None,
        rand: Callable[[], float] = random.random,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.config = config
        self.handler = handler
        self.queue = queue or SendQueue()
        self._session = session
        self._rand = rand
        self._sleep = sleep
        self._wanted_rooms: list[str] = [to_id(room) for room in config.rooms]
        self._rooms: dict[str, RoomState] = {}
        self._name = ""
        self._global_rank = " "
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._logged_in = False
        self._closing = False
        self._ready = asyncio.Event()
        self._events: asyncio.Queue[Message] = asyncio.Queue()
        self._challstr: asyncio.Future[str] | None = None
        self._login: asyncio.Future[None] | None = None
        self._joins_done: asyncio.Future[None] | None = None
        self._pending_joins: set[str] = set()
        self._backoff_task: asyncio.Task[None] | None = None
        self.connections = 0

    # -- state ---------------------------------------------------------------------------------
    @property
    def userid(self) -> str:
        return to_id(self.config.username)

    @property
    def name(self) -> str:
        """The name the server gave this connection (a guest name before login)."""
        return self._name

    @property
    def global_rank(self) -> str:
        return self._global_rank

    @property
    def logged_in(self) -> bool:
        return self._logged_in

    @property
    def pace(self) -> float:
        """Seconds between lines sent (from the bot's status, slowed by throttle notices)."""
        return self.queue.pace

    @property
    def rooms(self) -> Mapping[str, RoomState]:
        """Joined rooms by id (read-only)."""
        return MappingProxyType(self._rooms)

    def room(self, roomid: str) -> RoomState | None:
        return self._rooms.get(to_id(roomid))

    def rank_of(self, room: str, userid: str) -> str | None:
        """The user's rank symbol in the room (`" "` for none), or None if they are not in it."""
        state = self._rooms.get(to_id(room))
        user = state.users.get(to_id(userid)) if state else None
        return user.rank if user else None

    def my_rank(self, room: str) -> str | None:
        return self.rank_of(room, self.userid)

    def can_use_html(self, room: str) -> bool:
        """True when the bot's rank in `room` allows the HTML commands (`*`, `#`, `~`)."""
        return self.my_rank(room) in HTML_RANKS or self._global_rank == "~"

    async def wait_ready(self) -> None:
        """Wait until logged in with the rooms joined."""
        await self._ready.wait()

    # -- sending -------------------------------------------------------------------------------
    def say(self, room: str, text: str) -> None:
        """Send chat text to the room, literally (`escape_text` on every line: user text never becomes a
        command); long text and line breaks make several messages."""
        for chunk in split_text(text, MAX_MESSAGE_LENGTH - 1):
            self.queue.put(to_id(room), escape_text(chunk))

    def pm(self, user: str, text: str) -> None:
        """Private-message a user, literally (`escape_text` on every line); only registered users can
        receive PMs."""
        prefix = f"/msg {to_id(user)}, "
        for chunk in split_text(text, MAX_MESSAGE_LENGTH - len(prefix) - 1):
            self.queue.put("", prefix + escape_text(chunk))

    def when_sent(self, callback: Callable[[], None]) -> None:
        """Run `callback` once everything queued so far has been written to the socket."""
        self.queue.when_sent(callback)

    def send_command(self, room: str, command: str) -> None:
        """Send a command line (e.g. `/wall ...`, `/me ...`) in the room ("" = global), as-is."""
        self.queue.put(to_id(room), command)

    def add_html_box(self, room: str, html: str) -> None:
        self.send_command(room, f"/addhtmlbox {one_line(html)}")

    def add_uhtml(self, room: str, name: str, html: str) -> None:
        self.send_command(room, f"/adduhtml {name}, {one_line(html)}")

    def change_uhtml(self, room: str, name: str, html: str) -> None:
        self.send_command(room, f"/changeuhtml {name}, {one_line(html)}")

    def pm_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        """PM changeable HTML to a user in the room (`/pmuhtml`, sent in the room for its `*` rank)."""
        self.send_command(room, f"/pmuhtml {to_id(user)}, {name}, {one_line(html)}")

    def change_pm_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self.send_command(room, f"/pmuhtmlchange {to_id(user)}, {name}, {one_line(html)}")

    def send_private_html_box(self, room: str, user: str, html: str) -> None:
        """Show HTML in the room to one user only (they must be in the room)."""
        self.send_command(room, f"/sendprivatehtmlbox {to_id(user)}, {one_line(html)}")

    def send_private_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self.send_command(room, f"/sendprivateuhtml {to_id(user)}, {name}, {one_line(html)}")

    def change_private_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self.send_command(room, f"/changeprivateuhtml {to_id(user)}, {name}, {one_line(html)}")

    def send_html_page(self, room: str, user: str, page: str, html: str) -> None:
        """A bot page for one user: `/sendhtmlpage USERID, PAGEID, HTML` (needs `*` in the room)."""
        self.send_command(room, f"/sendhtmlpage {to_id(user)}, {to_id(page)}, {one_line(html)}")

    def join(self, room: str) -> None:
        """Join a room now and after every reconnect."""
        roomid = to_id(room)
        if roomid not in self._wanted_rooms:
            self._wanted_rooms.append(roomid)
        if self._logged_in:
            self.queue.put("", f"/join {roomid}")

    def leave(self, room: str) -> None:
        roomid = to_id(room)
        if roomid in self._wanted_rooms:
            self._wanted_rooms.remove(roomid)
        if self._logged_in:
            self.queue.put("", f"/leave {roomid}")

    # -- lifecycle -----------------------------------------------------------------------------
    async def run(self) -> None:
        """Connect, log in, join, dispatch; reconnect with capped exponential backoff until `close()`.

        Raises LoginError after `max_login_failures` consecutive failed logins.
        """
        own_session = self._session is None
        session = self._session or aiohttp.ClientSession()
        queue_task = asyncio.create_task(self.queue.run(), name="showdown-send")
        dispatch_task = asyncio.create_task(self._dispatch_loop(), name="showdown-dispatch")
        attempt = 0
        login_failures = 0
        reconnect = False
        try:
            while not self._closing:
                try:
                    await self._connect_once(session, reconnect)
                except LoginError as exc:
                    login_failures += 1
                    logger.error("Login failed (%d in a row): %s", login_failures, exc)
                    if login_failures >= self.config.max_login_failures:
                        raise
                except (aiohttp.ClientError, OSError, TimeoutError, ConnectionError) as exc:
                    logger.warning("Connection problem: %r", exc)
                was_ready = self._ready.is_set()
                self._teardown()
                if was_ready:
                    reconnect = True
                    attempt = 0
                    login_failures = 0
                    self._emit(Disconnected(reason="closed" if self._closing else "connection lost"))
                if self._closing:
                    break
                delay = self._backoff_delay(attempt)
                attempt += 1
                logger.info("Reconnecting in %.1f s", delay)
                self._backoff_task = asyncio.create_task(self._backoff_sleep(delay))
                with contextlib.suppress(asyncio.CancelledError):
                    await self._backoff_task
                self._backoff_task = None
        finally:
            self._teardown()
            queue_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await queue_task
            await self._drain_events(dispatch_task)
            if own_session:
                await session.close()

    async def close(self) -> None:
        """Stop: close the socket, stop reconnecting; `run()` returns soon after."""
        self._closing = True
        if self._backoff_task is not None:
            self._backoff_task.cancel()
        ws = self._ws
        if ws is not None and not ws.closed:
            await ws.close()

    def _backoff_delay(self, attempt: int) -> float:
        base = min(self.config.backoff_max, self.config.backoff_initial * (2.0**attempt))
        return float(base * (1.0 + self.config.backoff_jitter * self._rand()))

    async def _backoff_sleep(self, delay: float) -> None:
        await self._sleep(delay)

    async def _drain_events(self, dispatch_task: asyncio.Task[None]) -> None:
        """Let the handler see the events already queued (e.g. the last Disconnected), then stop."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._events.join(), timeout=5.0)
        dispatch_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await dispatch_task

    async def _connect_once(self, session: aiohttp.ClientSession, reconnect: bool) -> None:
        config = self.config
        loop = asyncio.get_running_loop()
        logger.info("Connecting to %s", config.server_url)
        async with session.ws_connect(config.server_url, heartbeat=config.heartbeat, max_msg_size=0) as ws:
            self._ws = ws
            self.connections += 1
            if self._closing:
                return
            self._challstr = loop.create_future()
            self._login = loop.create_future()
            reader = asyncio.create_task(self._read_loop(ws), name="showdown-read")
            try:
                challstr = await self._until(self._challstr, reader, config.login_timeout)
                assertion = await get_assertion(
                    session, config.login_url, config.username, config.password, challstr
                )
                await ws.send_str(f"|/trn {config.username},0,{assertion}")
                self.queue.note_sent()
                await self._until(self._login, reader, config.login_timeout)
                self._logged_in = True
                logger.info("Logged in as %s", self._name)
                self._start_sending()
                joined = await self._join_rooms(reader)
                self._ready.set()
                self._emit(Connected(reconnect=reconnect, rooms=joined))
                await reader
            finally:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await reader

    async def _until(self, future: asyncio.Future[Any], reader: asyncio.Task[None], timeout: float) -> Any:
        """Wait for `future`, failing if the socket closes first or `timeout` passes."""
        done, _ = await asyncio.wait({future, reader}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if future in done:
            return future.result()
        if reader in done:
            raise ConnectionError("The server closed the connection during login")
        raise TimeoutError("The server did not answer in time during login")

    def _start_sending(self) -> None:
        self.queue.reset_backoff()
        self.queue.set_pace(PACE_REGULAR)
        self.queue.attach(self._send_frame)
        if self.config.avatar:
            self.queue.put("", f"/avatar {self.config.avatar}", urgent=True)

    async def _join_rooms(self, reader: asyncio.Task[None]) -> tuple[str, ...]:
        rooms = list(self._wanted_rooms)
        if not rooms:
            return ()
        self._pending_joins = set(rooms)
        self._joins_done = asyncio.get_running_loop().create_future()
        self.queue.put_lines("", [f"/join {room}" for room in rooms], urgent=True)
        timeout = self.config.join_timeout + len(rooms) * self.queue.interval
        try:
            await self._until(self._joins_done, reader, timeout)
        except TimeoutError:
            logger.warning("Rooms not joined in time: %s", ", ".join(sorted(self._pending_joins)))
        return tuple(room for room in rooms if room in self._rooms)

    def _teardown(self) -> None:
        self.queue.detach()
        self._ws = None
        self._logged_in = False
        self._ready.clear()
        self._rooms.clear()
        self._pending_joins.clear()
        for future in (self._challstr, self._login, self._joins_done):
            if future is not None and not future.done():
                future.cancel()
        self._challstr = self._login = self._joins_done = None

    async def _send_frame(self, text: str) -> None:
        ws = self._ws
        if ws is None or ws.closed:
            raise ConnectionError("not connected")
        logger.debug(">> %s", text)
        await ws.send_str(text)

    async def _read_loop(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for frame in ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                logger.debug("<< %s", frame.data)
                for message in parse_frame(frame.data):
                    self._apply(message)
                    self._emit(message)
            elif frame.type == aiohttp.WSMsgType.ERROR:
                logger.warning("Websocket error: %r", ws.exception())
                break
        logger.info("Connection closed (code %s)", ws.close_code)

    # -- dispatch ------------------------------------------------------------------------------
    def _emit(self, message: Message) -> None:
        if self.handler is not None:
            self._events.put_nowait(message)

    async def _dispatch_loop(self) -> None:
        while True:
            message = await self._events.get()
            try:
                if self.handler is not None:
                    await self.handler(message)
            except Exception:
                logger.exception("Handler failed on %r", message)
            finally:
                self._events.task_done()

    # -- state updates -------------------------------------------------------------------------
    def _apply(self, message: Message) -> None:
        if isinstance(message, Challstr):
            if self._challstr is not None and not self._challstr.done():
                self._challstr.set_result(message.challstr)
        elif isinstance(message, UpdateUser):
            self._name = message.user.name
            self._global_rank = message.user.rank
            login = self._login
            if message.named and message.user.userid == self.userid and login and not login.done():
                login.set_result(None)
        elif isinstance(message, NameTaken):
            if self._login is not None and not self._login.done():
                self._login.set_exception(LoginError(f"Name refused: {message.reason or message.name}"))
        elif isinstance(message, Popup):
            logger.warning("Server popup: %s", message.text)
        elif isinstance(message, QueryResponse):
            if message.query_type == "roominfo":
                self._apply_roominfo(message.json())
        elif isinstance(message, Raw):
            if message.is_throttle_notice and not message.history:
                self.queue.notify_throttled(message.room)
        else:
            self._apply_room(message)

    def _apply_room(self, message: Message) -> None:
        room = message.room
        if isinstance(message, Init):
            self._rooms[room] = RoomState(room)
            self._joined(room)
            if self.config.query_room_info:
                self.queue.put("", f"/cmd roominfo {room}", urgent=True)
            return
        if isinstance(message, NoInit):
            logger.warning("Could not join %s: %s", room, " ".join(message.args[-1:]) or message.kind)
            if message.kind == "rename" and message.args and room in self._wanted_rooms:
                self._wanted_rooms[self._wanted_rooms.index(room)] = to_id(message.args[0])
            self._joined(room)
            return
        state = self._rooms.get(room)
        if state is None or message.history:
            return
        if isinstance(message, Deinit):
            del self._rooms[room]
        elif isinstance(message, Title):
            state.title = message.title
        elif isinstance(message, Users):
            state.users = {user.userid: user for user in message.users}
        elif isinstance(message, Join):
            state.users[message.user.userid] = message.user
        elif isinstance(message, Leave):
            state.users.pop(message.user.userid, None)
        elif isinstance(message, Rename):
            state.users.pop(message.old_id, None)
            state.users[message.user.userid] = message.user

    def _joined(self, room: str) -> None:
        self._pending_joins.discard(room)
        if not self._pending_joins and self._joins_done is not None and not self._joins_done.done():
            self._joins_done.set_result(None)

    def _apply_roominfo(self, info: object) -> None:
        if not isinstance(info, dict) or info.get("error"):
            return
        state = self._rooms.get(str(info.get("roomid", "")))
        if state is None:
            return
        state.public = info.get("visibility") == "public"
        state.direct_rank = None
        auth = info.get("auth")
        if isinstance(auth, dict):
            for rank, ids in auth.items():
                if isinstance(ids, list) and self.userid in ids:
                    state.direct_rank = str(rank)
        public_ranks = [
            s.direct_rank for s in self._rooms.values() if s.public and s.direct_rank is not None
        ]
        pace = decide_pace(self._global_rank, public_ranks)
        if pace != self.queue.pace:
            logger.info("Sending at %.3f s per line", pace)
        self.queue.set_pace(pace)

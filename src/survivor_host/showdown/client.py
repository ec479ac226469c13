"""The Showdown connection: login, rooms, rank tracking, paced sending and reconnection."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import aiohttp

from survivor_host.engine.ids import to_id
from survivor_host.showdown.config import ClientConfig, connection_problem
from survivor_host.showdown.escape import escape_text
from survivor_host.showdown.events import Connected, Disconnected, Refused, RoomBack, RoomLost
from survivor_host.showdown.flood import ChatBudget
from survivor_host.showdown.login import LoginError, LoginSession, LoginUnavailable, get_assertion
from survivor_host.showdown.protocol import (
    Challstr,
    Deinit,
    Error,
    Init,
    Join,
    Leave,
    Message,
    NameTaken,
    NoInit,
    Popup,
    PrivateMessage,
    QueryResponse,
    Raw,
    Rename,
    Title,
    UpdateUser,
    Users,
    parse_frame,
    to_room_id,
)
from survivor_host.showdown.rooms import BOTMSG_RANKS, HTML_RANKS, RoomState, decide_pace
from survivor_host.showdown.sendqueue import (
    CONFIRM,
    GAME,
    INFO,
    MAX_MESSAGE_LENGTH,
    PACE_REGULAR,
    SendQueue,
    Sleep,
    one_line,
    split_text,
    target_of,
)
from survivor_host.showdown.serverhtml import Buttons, passable
from survivor_host.showdown.standing import Standing
from survivor_host.showdown.text import MAX_FRAME_LENGTH, utf16_len
from survivor_host.showdown.window import echo_of

logger = logging.getLogger(__name__)

FALLBACKS_KEPT = 200
"""HTML lines whose fallback text is kept, in case the server refuses them."""

Handler = Callable[[Message], Awaitable[None]]

LANE_NAMES = {"game": GAME, "confirm": CONFIRM, "info": INFO, "error": INFO}
"""The lanes a caller may name (`ShowdownClient.lane`)."""
INFO_COOLDOWN = 3.0
"""Seconds (at least; 6 lines' worth at a slow pace) before the same information reply goes to the same
user again."""
INFO_BY_PM = 3
"""Information lines already queued from which a room reply goes to the asker by PM instead."""
INFO_MAX = 6
"""Information lines already queued from which further replies are dropped."""


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
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.handler = handler
        self.queue = queue or SendQueue()
        self._session = session
        self._rand = rand
        self._sleep = sleep
        self._wanted_rooms: list[str] = [to_room_id(room) for room in config.rooms]
        self._rooms: dict[str, RoomState] = {}
        self._flood_rooms: set[str] = set()
        """Rooms whose room bot's flood filter counts our chat lines (`keep_under_flood_rule`)."""
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
        self._pending_info: set[str] = set()
        self._backoff_task: asyncio.Task[None] | None = None
        self.connections = 0
        self._clock = clock
        self._last_line: dict[str, str] = {}
        self._last_sent = ""
        self._renamed: dict[str, str] = {}
        """Room id the bot was configured with -> the id the room was renamed to (`|noinit|rename|`)."""
        self._aliases: dict[str, str] = {}
        """The reverse: messages from a renamed room arrive under the id the bot knows it by."""
        self._lost: dict[str, int] = {}
        """Rooms lost while connected -> join attempts so far."""
        self._leaving: set[str] = set()
        self._rejoins: dict[str, asyncio.Task[None]] = {}
        self._ready_at = 0.0
        self._lane = GAME
        self._asker: str | None = None
        self._cooled = False
        self._last_info: dict[tuple[str, str], float] = {}
        self._fallbacks: dict[str, Callable[[], None]] = {}
        """HTML lines sent -> what to send instead if the server refuses them."""
        self._alias_joins: deque[str] = deque()
        """Rooms joined by an alias: the server's `|deinit|` for it, then `|init|` under the real id."""
        self._login_session = LoginSession()
        """The login server's session, so that a reconnect tries `upkeep` before the password."""
        self.standing = Standing(config.username)
        """Whether the server lets the bot talk (its own identity, the refusals)."""

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
    def restriction(self) -> str | None:
        """Why the server will not let the bot talk (locked, muted), or None."""
        return self.standing.restriction

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
        return self._rooms.get(to_room_id(roomid))

    def server_room(self, room: str) -> str:
        """The id the server knows `room` by now (after a rename, the new one)."""
        roomid = to_room_id(room)
        return self._renamed.get(roomid, roomid)

    def rank_of(self, room: str, userid: str) -> str | None:
        """The user's rank symbol in the room (`" "` for none), or None if they are not in it."""
        state = self._rooms.get(to_room_id(room))
        user = state.users.get(to_id(userid)) if state else None
        return user.rank if user else None

    def my_rank(self, room: str) -> str | None:
        """The bot's rank in the room; from `roominfo` when the room's user list lacks the bot."""
        rank = self.rank_of(room, self.userid)
        state = self._rooms.get(to_room_id(room))
        if rank is None and state is not None:
            rank = state.direct_rank or " "
        return rank

    def keep_under_flood_rule(self, room: str, on: bool) -> None:
        """While `on`, the room's chat lines stay within the room bot's flood rule (the queue's chat
        budget; where the bot may post boxes, waiting lines may share one)."""
        room = to_room_id(room)
        if on:
            self._flood_rooms.add(room)
        else:
            self._flood_rooms.discard(room)
        self._apply_budget(room)

    def _apply_budget(self, room: str) -> None:
        budget = ChatBudget(boxes=self.can_use_html(room)) if room in self._flood_rooms else None
        self.queue.set_chat_budget(self.server_room(room), budget)

    def can_use_html(self, room: str) -> bool:
        """True when the bot's rank in `room` allows the HTML commands (`*`, `#`, `~`)."""
        return self.my_rank(room) in HTML_RANKS or self._global_rank == "~"

    async def wait_ready(self) -> None:
        """Wait until logged in with the rooms joined."""
        await self._ready.wait()

    # -- sending -------------------------------------------------------------------------------
    @contextlib.contextmanager
    def lane(self, lane: str, user: str | None = None) -> Iterator[None]:
        """Send what is sent inside as `lane`: "game" (the default), "confirm" (answers to a player's
        own action), "info" (replies to `user`'s information commands) or "error" (refusals to `user`).

        Info and error replies come after everything else; an identical one already queued is not
        queued again, a room reply goes to `user` by PM once a few are queued, and none is queued once
        the queue of them is long. Info replies also have a cooldown: the same reply to the same user
        at most once every `info_cooldown` seconds (a flood of `.pl` gets one answer). Errors have
        none, so that every refused action is answered.
        """
        saved = (self._lane, self._asker, self._cooled)
        asker = to_id(user) if user else None
        nested = saved[0] == INFO and saved[1] == asker
        self._lane = LANE_NAMES[lane]
        self._asker = asker
        self._cooled = (self._cooled and nested) or lane == "info"
        try:
            yield
        finally:
            self._lane, self._asker, self._cooled = saved

    @property
    def info_cooldown(self) -> float:
        return max(INFO_COOLDOWN, 6 * self.queue.pace)

    def _info_gate(self, text: str) -> bool:
        """False when a reply must not be queued: the same one to the same user just now, or too many
        replies already queued."""
        if self._lane != INFO:
            return True
        if self._cooled and self._asker:
            now = self._clock()
            key = (self._asker, text)
            if now - self._last_info.get(key, float("-inf")) < self.info_cooldown:
                logger.debug("Not answering %s again within %.1f s: %s", self._asker, self.info_cooldown, text[:80])
                return False
            if len(self._last_info) > 1000:
                horizon = now - self.info_cooldown
                self._last_info = {k: t for k, t in self._last_info.items() if t >= horizon}
            self._last_info[key] = now
        if self.queue.pending_in(INFO) >= INFO_MAX:
            logger.info("Dropped a reply: %d information lines are already queued", self.queue.pending_in(INFO))
            return False
        return True

    def say(self, room: str, text: str) -> None:
        """Send chat text to the room, literally (`escape_text` on every line: user text never becomes a
        command); long text and line breaks make several messages."""
        if not self._info_gate(text) or self._silenced(text):
            return
        if self._lane == INFO and self._asker and self.queue.pending_in(INFO) >= INFO_BY_PM:
            self._queue_pm(self._asker, text)
            return
        for chunk in split_text(text, MAX_MESSAGE_LENGTH - 1):
            self.queue.put(self.server_room(room), escape_text(chunk), lane=self._lane)

    def pm(self, user: str, text: str) -> None:
        """Private-message a user, literally (`escape_text` on every line); only registered users can
        receive PMs."""
        if self._info_gate(text) and not self._silenced(text):
            self._queue_pm(user, text)

    def _silenced(self, text: str) -> bool:
        """True while the server will not let the bot talk: the line would only be refused."""
        if self.restriction is None:
            return False
        logger.debug("Not sent (the bot is %s): %s", self.restriction, text[:80])
        return True

    def _queue_pm(self, user: str, text: str) -> None:
        prefix = f"/msg {to_id(user)}, "
        for chunk in split_text(text, MAX_MESSAGE_LENGTH - len(prefix) - 1):
            self.queue.put("", prefix + escape_text(chunk), lane=self._lane)

    def when_sent(self, callback: Callable[[], None]) -> None:
        """Run `callback` once everything queued so far (information replies aside) has been written to
        the socket."""
        self.queue.when_sent(callback, lane=CONFIRM)

    def send_command(self, room: str, command: str) -> None:
        """Send a command line (e.g. `/wall ...`, `/me ...`) in the room ("" = global), as-is."""
        if self._info_gate(command) and not self._silenced(command):
            self.queue.put(self.server_room(room), command, lane=self._lane)

    def add_html_box(self, room: str, html: str, fallback: Sequence[str] = ()) -> None:
        """An HTML box in the room; if the server refuses it, `fallback` is said instead (chat text)."""
        self._send_html(room, "/addhtmlbox ", html, self._say_lines(room, fallback))

    def add_uhtml(self, room: str, name: str, html: str, fallback: Sequence[str] = ()) -> None:
        self._send_html(room, f"/adduhtml {name}, ", html, self._say_lines(room, fallback))

    def change_uhtml(self, room: str, name: str, html: str) -> None:
        self._send_html(room, f"/changeuhtml {name}, ", html)

    def pm_uhtml(self, room: str, user: str, name: str, html: str, fallback: str = "") -> None:
        """PM changeable HTML to a user in the room (`/pmuhtml`, sent in the room for its `*` rank); if
        the server refuses it for any reason but the user being unreachable, `fallback` goes by plain PM."""
        plain = (lambda: self.pm(user, fallback)) if fallback else None
        self._send_html(room, f"/pmuhtml {to_id(user)}, {name}, ", html, plain)

    def change_pm_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self._send_html(room, f"/pmuhtmlchange {to_id(user)}, {name}, ", html)

    def send_private_html_box(self, room: str, user: str, html: str) -> None:
        """Show HTML in the room to one user only (they must be in the room)."""
        self._send_html(room, f"/sendprivatehtmlbox {to_id(user)}, ", html)

    def send_private_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self._send_html(room, f"/sendprivateuhtml {to_id(user)}, {name}, ", html)

    def change_private_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self._send_html(room, f"/changeprivateuhtml {to_id(user)}, {name}, ", html)

    def send_html_page(self, room: str, user: str, page: str, html: str, fallback: str = "") -> None:
        """A bot page for one user: `/sendhtmlpage USERID, PAGEID, HTML` (needs `*` in the room); if the
        server refuses it (the user is in none of the bot's rooms), `fallback` goes by plain PM."""
        plain = (lambda: self.pm(user, fallback)) if fallback else None
        self._send_html(room, f"/sendhtmlpage {to_id(user)}, {to_id(page)}, ", html, plain)

    def buttons(self, room: str) -> Buttons:
        """How buttons in `room`'s HTML reach the bot: quietly (`/botmsg`) where its rank allows it,
        and saying lines in the room only where the server allows such buttons."""
        state = self._rooms.get(to_room_id(room))
        closed = room.startswith("groupchat-") or (state is not None and state.visibility == "secret")
        return Buttons(
            bot=self.name or self.config.username,
            room=self.server_room(room),
            quiet=self.my_rank(room) in BOTMSG_RANKS,
            room_lines=not closed,
            home=to_room_id(room),
        )

    def _say_lines(self, room: str, lines: Sequence[str]) -> Callable[[], None] | None:
        if not lines:
            return None
        kept = tuple(lines)

        def say() -> None:
            for line in kept:
                self.say(room, line)

        return say

    def _send_html(self, room: str, command: str, html: str, fallback: Callable[[], None] | None = None) -> None:
        """Every HTML line goes out here: written so that the server's checks pass (`passable`), never
        cut; one too long for a socket message is not sent, and its fallback runs instead."""
        line = command + passable(one_line(html))
        if utf16_len(line) + len(self.server_room(room)) + 1 > MAX_FRAME_LENGTH:
            logger.error("Not sending %s: %d characters is over the server's 100 KB", command.strip(), len(line))
            if fallback is not None:
                fallback()
            return
        if fallback is not None:
            self._fallbacks[line] = fallback
            while len(self._fallbacks) > FALLBACKS_KEPT:
                del self._fallbacks[next(iter(self._fallbacks))]
        self.send_command(room, line)

    def _refused(self, refused: Refused) -> None:
        """A refusal of one of the bot's lines: a lock it tells of, and the line's fallback."""
        self._tell(self.standing.refusal(refused.text))
        self._refused_html(refused)

    def _refused_html(self, refused: Refused) -> None:
        """A refused HTML line with a fallback: the fallback goes out (unless the user is unreachable,
        when a plain PM would be refused too)."""
        fallback = self._fallbacks.pop(refused.cause, None)
        if fallback is not None and not refused.unreachable and self.restriction is None:
            logger.warning("HTML refused (%s); sending its text instead", refused.text.splitlines()[0][:120])
            fallback()

    def join(self, room: str) -> None:
        """Join a room now and after every reconnect."""
        roomid = to_room_id(room)
        if roomid not in self._wanted_rooms:
            self._wanted_rooms.append(roomid)
        if self._logged_in:
            self.queue.put("", f"/join {self.server_room(roomid)}")

    def leave(self, room: str) -> None:
        roomid = to_room_id(room)
        if roomid in self._wanted_rooms:
            self._wanted_rooms.remove(roomid)
        if self._logged_in:
            self._leaving.add(roomid)
            self.queue.put("", f"/leave {self.server_room(roomid)}")

    # -- lifecycle -----------------------------------------------------------------------------
    async def run(self) -> None:
        """Connect, log in, join, dispatch; reconnect with capped exponential backoff until `close()`.

        Raises LoginError after `max_login_failures` consecutive refused logins; an unreachable login
        server only delays the next attempt.
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
                except LoginUnavailable as exc:
                    logger.warning("Login server unavailable, will retry: %s", exc)
                except LoginError as exc:
                    self._login_session.sid = ""  # the next try logs in with the password
                    login_failures += 1
                    logger.error("Login failed (%d in a row): %s", login_failures, exc)
                    if login_failures >= self.config.max_login_failures:
                        raise
                except (aiohttp.ClientError, OSError, TimeoutError, ConnectionError) as exc:
                    logger.warning("%s", connection_problem(exc))
                was_ready = self._ready.is_set()
                self._teardown()
                if was_ready:
                    reconnect = True
                    login_failures = 0
                    if self._clock() - self._ready_at >= self.config.stable_session:
                        attempt = 0
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
                    session, config.login_url, config.username, config.password, challstr, kept=self._login_session
                )
                await ws.send_str(f"|/trn {config.username},0,{assertion}")
                self.queue.note_sent()
                await self._until(self._login, reader, config.login_timeout)
                self._logged_in = True
                logger.info("Logged in as %s", self._name)
                self._start_sending()
                joined = await self._join_rooms(reader)
                self.queue.fix_pace()  # the server decided its pace at the login (users.ts)
                self._ready_at = self._clock()
                self._ready.set()
                self._emit(Connected(reconnect=reconnect, rooms=joined, restricted=self.restriction))
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
        self.queue.put_lines("", [f"/join {self.server_room(room)}" for room in rooms], urgent=True)
        timeout = self.config.join_timeout + len(rooms) * self.queue.interval
        try:
            await self._until(self._joins_done, reader, timeout)
        except TimeoutError:
            logger.warning("Rooms not joined in time: %s", ", ".join(sorted(self._pending_joins)))
        return tuple(room for room in rooms if room in self._rooms)

    def _teardown(self) -> None:
        for task in self._rejoins.values():
            task.cancel()
        self._rejoins.clear()
        self._lost.clear()
        self.queue.detach()
        self._ws = None
        self._logged_in = False
        self._ready.clear()
        self._rooms.clear()
        self._pending_joins.clear()
        self._pending_info.clear()
        self._alias_joins.clear()
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
        room, _, body = text.partition("|")
        room = self._aliases.get(room, room)  # errors from a renamed room arrive under its old id
        for line in body.split("\n"):
            self._last_line[room] = line
            self._last_sent = line

    async def _read_loop(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        async for frame in ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                logger.debug("<< %s", frame.data)
                for message in parse_frame(frame.data):
                    message = self._as_known_room(message)
                    self._apply(message)
                    self._emit(message)
            elif frame.type == aiohttp.WSMsgType.ERROR:
                logger.warning("Websocket error: %r", ws.exception())
                break
        logger.info("Connection closed (code %s)", ws.close_code)

    def _as_known_room(self, message: Message) -> Message:
        """The message under the room id the bot knows its room by (after a rename or an alias join)."""
        room = message.room
        known = room in self._aliases or room in self._rooms or room in self._wanted_rooms
        if isinstance(message, Init) and self._alias_joins and not known:
            alias = self._alias_joins.popleft()
            logger.warning("Room %s is an alias of %s: joined; put %s in the config", alias, room, room)
            self._renamed[alias] = room
            self._aliases[room] = alias
        if room in self._aliases:
            return dataclasses.replace(message, room=self._aliases[room])
        return message

    # -- dispatch ------------------------------------------------------------------------------
    def _tell(self, message: Message | None) -> None:
        if message is not None:
            self._emit(message)

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
        echo = echo_of(message, self.userid, self.server_room(message.room))
        answered = self.queue.echoed(echo) if echo is not None else None
        if isinstance(message, Challstr):
            if self._challstr is not None and not self._challstr.done():
                self._challstr.set_result(message.challstr)
        elif isinstance(message, UpdateUser):
            self._name = message.user.name
            self._global_rank = message.user.rank
            if message.named and message.user.userid == self.userid:
                self._tell(self.standing.identity(message.user.rank))
            login = self._login
            if message.named and message.user.userid == self.userid and login and not login.done():
                login.set_result(None)
        elif isinstance(message, NameTaken):
            if self._login is not None and not self._login.done():
                self._login.set_exception(LoginError(f"Name refused: {message.reason or message.name}"))
        elif isinstance(message, Popup):
            logger.warning("Server popup: %s (after our line %r)", message.text, self._last_any())
        elif isinstance(message, Error):
            if not message.history:
                cause = answered or self._last_line.get(message.room, "")
                logger.warning("Server error in %r: %s (for our line %r)", message.room, message.text, cause)
                refused = Refused(
                    room=message.room, line=message.line, text=message.text, cause=cause, user=target_of(cause)
                )
                self._emit(refused)
                self._refused(refused)
        elif isinstance(message, PrivateMessage):
            if message.sender.userid == self.userid and not message.history:
                self._own_pm(message, answered)
        elif isinstance(message, QueryResponse):
            if message.query_type == "roominfo":
                self._apply_roominfo(message.json())
        elif isinstance(message, Raw):
            if message.is_throttle_notice and not message.history:
                self.queue.notify_throttled(message.room)
        else:
            self._apply_room(message)

    def _last_any(self) -> str:
        return self._last_sent

    def _own_pm(self, message: PrivateMessage, answered: str | None) -> None:
        """A PM refused by the server (`/error ...`): `answered` is the line it answers, when known."""
        user = message.receiver.userid
        if message.text.startswith("/error "):
            text = message.text[len("/error ") :]
            cause = answered or self._last_line.get("", "")
            cause = cause if target_of(cause) == user else f"/msg {user}, ..."
            logger.warning("PM to %s refused: %s", user or message.receiver.name, text)
            refused = Refused(room="", line=message.line, text=text, cause=cause, user=user)
            self._emit(refused)
            self._refused(refused)

    def _apply_room(self, message: Message) -> None:
        room = message.room
        if isinstance(message, Init):
            self._rooms[room] = RoomState(room)
            if room in self._lost:
                del self._lost[room]
                logger.warning("Back in %s", room)
                self._emit(RoomBack(room=room))
            if self.config.query_room_info:
                # The joins count as done once the bot's rank is known: with batched joins
                # (`reportjoinsperiod`) the `|init|` user list may lack the bot itself.
                self._pending_info.add(room)
                self.queue.put("", f"/cmd roominfo {self.server_room(room)}", urgent=True)
            else:
                self._joined(room)
            return
        if isinstance(message, NoInit):
            self._no_init(room, message)
            return
        state = self._rooms.get(room)
        if isinstance(message, Deinit) and state is None and room in self._pending_joins:
            self._alias_joins.append(room)  # joined by an alias: the real room's `|init|` follows
            return
        if state is None or message.history:
            return
        if isinstance(message, Deinit):
            del self._rooms[room]
            if room in self._leaving:
                self._leaving.discard(room)
            elif room in self._wanted_rooms:
                logger.error("Out of room %s (kicked, banned, or the room was deleted); joining it again", room)
                self._room_lost(room, "removed from the room")
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
            if message.user.userid == self.userid:
                self._tell(self.standing.room_identity(message.user.rank))

    def _no_init(self, room: str, message: NoInit) -> None:
        """`|noinit|`: a join refused (`joinfailed`, `nonexistent`) or the room renamed (`rename|NEW|TITLE`)."""
        if message.kind == "rename" and message.args:
            new = to_room_id(message.args[0])
            logger.warning("Room %s was renamed to %s (%s); following it", room, new, " ".join(message.args[1:]))
            self._renamed[room] = new
            self._aliases[new] = room
            if room not in self._rooms:
                self.queue.put("", f"/join {new}", urgent=True)
            return
        reason = " ".join(message.args[-1:]) or message.kind
        if room in self._wanted_rooms:
            logger.error("Could not join %s: %s", room, reason)
            self._joined(room)
            self._room_lost(room, reason)
        else:
            logger.warning("Could not join %s: %s", room, reason)
            self._joined(room)

    def _room_lost(self, room: str, reason: str) -> None:
        """Pause (the handler does) and join again after a backoff that grows with each refusal."""
        attempts = self._lost.get(room)
        if attempts is None:
            self._emit(RoomLost(room=room, reason=reason))
            attempts = 0
        self._lost[room] = attempts + 1
        delay = self._backoff_delay(attempts)
        old = self._rejoins.pop(room, None)
        if old is not None:
            old.cancel()
        self._rejoins[room] = asyncio.get_running_loop().create_task(self._rejoin(room, delay))

    async def _rejoin(self, room: str, delay: float) -> None:
        await self._sleep(delay)
        self._rejoins.pop(room, None)
        if self._logged_in and room in self._wanted_rooms and room not in self._rooms:
            logger.info("Joining %s again", room)
            self.queue.put("", f"/join {self.server_room(room)}", urgent=True)

    def _joined(self, room: str) -> None:
        if room in self._pending_info:
            return
        self._pending_joins.discard(room)
        if not self._pending_joins and self._joins_done is not None and not self._joins_done.done():
            self._joins_done.set_result(None)

    def _apply_roominfo(self, info: object) -> None:
        if not isinstance(info, dict):
            return
        asked = to_room_id(str(info.get("id", "")))
        roomid = self._aliases.get(asked, asked)
        self._pending_info.discard(roomid)
        self._joined(roomid)
        if info.get("error"):
            return
        actual = str(info.get("roomid", ""))
        state = self._rooms.get(self._aliases.get(actual, actual)) or self._rooms.get(roomid)
        if state is None:
            return
        state.public = info.get("visibility") == "public"
        state.visibility = str(info.get("visibility", ""))
        state.direct_rank = None
        auth = info.get("auth")
        if isinstance(auth, dict):
            for rank, ids in auth.items():
                if isinstance(ids, list) and self.userid in ids:
                    state.direct_rank = str(rank)
        if roomid in self._flood_rooms:  # the bot's rank there decides whether lines may share a box
            self._apply_budget(roomid)
        public_ranks = [s.direct_rank for s in self._rooms.values() if s.public and s.direct_rank is not None]
        pace = decide_pace(self._global_rank, public_ranks)
        if pace != self.queue.pace:
            logger.info("Sending at %.3f s per line", pace)
        self.queue.set_pace(pace)

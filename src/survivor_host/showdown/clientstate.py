"""The client's state: who it is, the rooms it is in and their ranks, and the queue of messages for its handler."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from types import MappingProxyType

import aiohttp

from survivor_host.engine.ids import to_id
from survivor_host.showdown.config import ClientConfig
from survivor_host.showdown.events import CaughtUp
from survivor_host.showdown.flood import ChatBudget
from survivor_host.showdown.login import LoginSession
from survivor_host.showdown.messages import Message
from survivor_host.showdown.protocol import to_room_id
from survivor_host.showdown.rooms import HTML_RANKS, RoomState
from survivor_host.showdown.sendqueue import GAME, SendQueue
from survivor_host.showdown.sendworker import Sleep
from survivor_host.showdown.standing import Standing
from survivor_host.showdown.unformat import NamesSeen

logger = logging.getLogger(__name__)

Handler = Callable[[Message], Awaitable[None]]


class ClientState:
    """What one connection knows and the handler's queue; `ShowdownClient` builds on it."""

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
        self._attributed_rooms: set[str] = set()
        """Rooms whose waiting lines never share an HTML box (`keep_lines_attributed`)."""
        self._name = ""
        self._global_rank = " "
        self.names_seen = NamesSeen()
        """Users' names that chat formatting would read as markup: written plain in what the bot says."""
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._logged_in = False
        self._closing = False
        self._stalled = False
        """The connection ended because the server stopped answering (its ping went unanswered)."""
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
        self._catch_ups: dict[str, tuple[Callable[[], None], int]] = {}
        """Catch-up queries in flight -> (what to run once answered, answers still to come)."""
        self._held_catch_ups: list[Callable[[], None]] = []
        """Catch-ups asked while the bot is not in its rooms, or in flight when its connection was lost:
        asked once it is back in them."""
        self._catch_up_count = 0
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
    def challenge(self) -> str | None:
        """This connection's `|challstr|` once the server sent it: a new name's assertion signs it."""
        future = self._challstr
        return future.result() if future is not None and future.done() and not future.cancelled() else None

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

    def name_in(self, room: str, userid: str) -> str | None:
        """The user's name as the room's user list shows it, or None if they are not in it."""
        state = self._rooms.get(to_room_id(room))
        user = state.users.get(to_id(userid)) if state else None
        return user.name if user else None

    def note_names(self, names: Iterable[str]) -> None:
        """Names the bot writes though it may not have seen them (a substitute not yet come): written plain
        as seen ones are (`unformat`)."""
        self.names_seen.add(names)

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
        self._switch(self._flood_rooms, room, on)

    def keep_lines_attributed(self, room: str, on: bool) -> None:
        """While `on`, the room's waiting lines are joined as one chat line, never put in one HTML box: a
        reader's copy of the chat shows a box's lines without their author, and these must keep it."""
        self._switch(self._attributed_rooms, room, on)

    def _switch(self, rooms: set[str], room: str, on: bool) -> None:
        """`room` in (or out of) `rooms`, and its chat budget as they now make it."""
        room = to_room_id(room)
        if on:
            rooms.add(room)
        else:
            rooms.discard(room)
        self._apply_budget(room)

    def _apply_budget(self, room: str) -> None:
        boxes = self.can_use_html(room) and room not in self._attributed_rooms
        budget = ChatBudget(boxes=boxes) if room in self._flood_rooms else None
        self.queue.set_chat_budget(self.server_room(room), budget)

    def can_use_html(self, room: str) -> bool:
        """True when the bot's rank in `room` allows the HTML commands (`*`, `#`, `~`)."""
        return self.my_rank(room) in HTML_RANKS or self._global_rank == "~"

    async def wait_ready(self) -> None:
        """Wait until logged in with the rooms joined."""
        await self._ready.wait()

    def _backoff_delay(self, attempt: int) -> float:
        base = min(self.config.backoff_max, self.config.backoff_initial * (2.0**attempt))
        return float(base * (1.0 + self.config.backoff_jitter * self._rand()))

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
                if isinstance(message, CaughtUp):
                    self._run_caught_up(message.token)
                elif self.handler is not None:
                    await self.handler(message)
            except Exception:
                logger.exception("Handler failed on %r", message)
            finally:
                self._events.task_done()

    def _run_caught_up(self, token: str) -> None:
        entry = self._catch_ups.pop(token, None)
        if entry is not None:
            entry[0]()

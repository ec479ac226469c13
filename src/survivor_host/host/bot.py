"""The bot: Showdown messages to room hosts, and room hosts' words back out through the client."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable

from survivor_host.engine.ids import to_id
from survivor_host.host.config import BotConfig
from survivor_host.host.ports import Cancellable, HostSettings, Outbox
from survivor_host.host.room import RoomHost
from survivor_host.host.store import Store
from survivor_host.showdown.client import Connected, Disconnected, Refused, RoomBack, RoomLost
from survivor_host.showdown.protocol import Chat, Join, Leave, Message, PrivateMessage, Rename

logger = logging.getLogger(__name__)

TICK_SECONDS = 5.0
SHORT_OUTAGE = 30.0
"""A reconnect within this many seconds resumes quietly: no "back" line, no prompts sent again (the
prompts queued meanwhile go out as they are)."""


class LoopClock:
    """Wall time and the running asyncio loop's timers."""

    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        return asyncio.get_running_loop().call_later(delay, _guarded(callback))


def _guarded(callback: Callable[[], None]) -> Callable[[], None]:
    """A timer callback whose errors are logged instead of lost."""

    def run() -> None:
        try:
            callback()
        except Exception:
            logger.exception("timer callback failed")

    return run


class Bot:
    """Routes every message to the room it belongs to; PMs go to the game the sender plays in."""

    def __init__(self, config: BotConfig, out: Outbox, store: Store, clock: LoopClock | None = None) -> None:
        self.config = config
        self.out = out
        self.store = store
        self.clock = clock or LoopClock()
        settings = HostSettings(
            prefix=config.prefix, owners=config.owners, defaults=config.defaults, rules_links=config.rules_links
        )
        fixed = config.fixed_seed

        def new_seed() -> str:
            return fixed if fixed is not None else secrets.token_hex(16)

        self.rooms = {room: RoomHost(room, out, self.clock, store, settings, new_seed) for room in config.rooms}
        self.restored = False
        self._ticker: asyncio.Task[None] | None = None
        self._down_since: float | None = None

    async def handle(self, message: Message) -> None:
        try:
            self._handle(message)
        except Exception:
            logger.exception("failed to handle %r", message.line)

    def _handle(self, message: Message) -> None:
        room = self.rooms.get(message.room)
        me = to_id(self.config.username)
        if isinstance(message, Connected):
            self._connected(message.reconnect, message.rooms)
        elif isinstance(message, Disconnected):
            logger.warning("disconnected: %s", message.reason)
            if self._down_since is None:
                self._down_since = self.clock.now()
            for host in self.rooms.values():
                host.pause()
        elif isinstance(message, RoomLost) and room is not None:
            logger.error("lost room %s (%s): its game is paused until the bot is back in", message.room, message.reason)
            room.pause()
        elif isinstance(message, RoomBack) and room is not None:
            room.resume()
        elif isinstance(message, Chat):
            if room is not None and not message.history and message.user.userid != me:
                room.handle_chat(message.user.rank, message.user.name, message.text)
        elif isinstance(message, PrivateMessage):
            if message.sender.is_server or not message.sender.userid or message.history:
                return  # the server's own notices are never answered (issue 12)
            if message.sender.userid != me:
                self._route_pm(message.sender.name, message.text)
            elif not message.text.startswith("/error "):
                for host in self.rooms.values():
                    host.reachable(message.receiver.userid)
        elif isinstance(message, Refused):
            if message.unreachable:
                for host in self.rooms.values():
                    host.unreachable(message.user)
        elif isinstance(message, Join) and room is not None:
            room.handle_join(message.user.name)
        elif isinstance(message, Leave) and room is not None:
            room.handle_leave(message.user.userid)
        elif isinstance(message, Rename) and room is not None:
            room.handle_rename(message.user.name, message.old_id)

    def _connected(self, reconnect: bool, joined: tuple[str, ...] = ()) -> None:
        logger.info("ready: logged in, rooms %s (reconnect=%s)", ", ".join(self.rooms), reconnect)
        if not self.restored:
            self.restored = True
            self.restore()
            for host in self.rooms.values():
                if host.room not in joined:  # restored, but its room is not joined: wait for RoomBack
                    host.pause()
        elif reconnect:
            down = self.clock.now() - self._down_since if self._down_since is not None else 0.0
            for host in self.rooms.values():
                if host.room in joined:  # a room not joined stays paused until RoomBack
                    host.resume(quiet=down < SHORT_OUTAGE)
        self._down_since = None
        if self._ticker is None:
            self._ticker = asyncio.get_running_loop().create_task(self._tick())

    def restore(self) -> None:
        """Bring back unfinished games and open signups from the database."""
        signups = self.store.all_signups()
        for stored in self.store.unfinished_games():
            host = self.rooms.get(stored.room)
            if host is None:
                logger.warning("game %s is in room %s, which is not configured", stored.id, stored.room)
                continue
            try:
                host.restore_game(stored)
            except Exception:
                logger.exception("could not restore game %s in %s", stored.id, stored.room)
        for room, data in signups.items():
            host = self.rooms.get(room)
            if host is None:
                continue
            if host.game is not None:
                # Died during `.start`, after the game was stored and before the signups were closed.
                self.store.save_signups(room, None, self.clock.now())
                continue
            host.restore_signups(data)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK_SECONDS)
            for host in self.rooms.values():
                host.tick()

    def _route_pm(self, name: str, text: str) -> None:
        """A PM belongs to the game where the sender holds a seat (preferring one that awaits them)."""
        userid = to_id(name)
        playing = [
            host
            for host in self.rooms.values()
            if host.game is not None and not host.game.finished and any(s.uid == userid for s in host.game.seats)
        ]
        word = text.strip().lstrip(self.config.prefix).split(" ", 1)[0].lower()
        awaiting = [h for h in playing if h.game and any(to_id(w.player) == userid for w in h.game.awaiting())]
        # In two games at once, the action word decides: `stick` goes to the game that awaits a stick.
        fitting = [
            h
            for h in awaiting
            if h.game
            and any(
                to_id(w.player) == userid and h.game.ACTION_ALIASES.get(word, word) in w.actions
                for w in h.game.awaiting()
            )
        ]
        chosen = fitting or awaiting or playing
        if chosen:
            chosen[0].handle_pm(name, text)
            return
        if word == "help":
            next(iter(self.rooms.values())).handle_pm(name, text)
        else:
            with self.out.lane("error", name):
                self.out.pm(name, "You are not in a game I am hosting. Type help for the commands.")

"""A database that takes no writes (disk full, read-only): what was not stored did not happen.

The room's play pauses with one line; a write is tried again on a backoff (first the writes that
were held back, then a probe); once it works the held writes are stored, what was owed is done (an
event nobody sends again: a rename, a drop, the room bot's end or new host), and play goes on, with one
line. Meanwhile every input is refused with the reason, and nothing of it counts. A bookkeeping write
(a deadline, a heartbeat, what was posted) that fails pauses play the same way, and is owed. A database file
deleted or replaced takes no write again in this process: play waits for the bot's restart, and no
write is tried meanwhile.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field

from survivor_host.bot.ports import Cancellable, Clock, Outbox
from survivor_host.store.db import Store
from survivor_host.store.writes import DatabaseGone

logger = logging.getLogger(__name__)

RETRY_FIRST, RETRY_MOST = 2.0, 60.0
"""Seconds before the first try to write again, and at most between two tries (doubling)."""


class StoreDown(Exception):
    """A write the bot needed failed, so what needed it did not happen; the message tells its sender."""


def why(error: Exception) -> str:
    """The cause in a few words, for the room and the sender."""
    if isinstance(error, DatabaseGone):
        return "its file was deleted or replaced"
    text = str(error).lower()
    if "full" in text:
        return "its disk is full"
    if "readonly" in text or "read-only" in text:
        return "it is read-only"
    return "it fails to write"


@dataclass
class Outage:
    """Whether the room may count on the database now; while it may not, play waits."""

    room: str
    out: Outbox
    clock: Clock
    store: Store
    reason: str | None = None
    """Why the database takes no writes (None: it does)."""
    on_pause: list[Callable[[], None]] = field(default_factory=list)
    """Run once when an outage begins (the game's deadlines stop)."""
    on_resume: list[Callable[[], None]] = field(default_factory=list)
    """Run once when it ends (the deadlines go on with the time they had)."""
    held: list[Callable[[], None]] = field(default_factory=list)
    """Writes that must still happen (a game's close), in order; each raises sqlite3.Error if it cannot."""
    owed: dict[str, Callable[[], None]] = field(default_factory=dict)
    """What nobody asks for again (a rename, a drop, the room bot's end or new host) that the database
    did not take, by key (a later one replaces it): done in order once it takes writes, before play goes on."""
    delay: float = RETRY_FIRST
    gone: bool = False
    """The database file was deleted or replaced: no write works until the bot restarts."""
    _retry: Cancellable | None = None

    @property
    def down(self) -> bool:
        return self.reason is not None

    def refusal(self) -> StoreDown:
        again = " until the bot is restarted; send it again then" if self.gone else "; send it again once it goes on"
        return StoreDown(
            f"Not taken: I cannot write my database ({self.reason}), and nothing counts in {self.room} until it is "
            f"stored. Play is paused{again}."
        )

    def _paused_line(self) -> str:
        until = (
            "play waits until the bot is restarted by whoever runs it"
            if self.gone
            else "play goes on by itself once I can write again"
        )
        return f"**Paused:** I cannot write my database ({self.reason}). What I could not store did not count; {until}."

    def check(self) -> None:
        """Raises StoreDown while the database is known to take no writes."""
        if self.reason is not None:
            raise self.refusal()

    def failed(self, error: Exception) -> StoreDown:
        """A write failed: play pauses (one line in the room) and a retry is due, unless the database file
        is gone (no retry could work); the refusal is returned."""
        if isinstance(error, DatabaseGone) and not self.gone:
            self._lost(error)
            return self.refusal()
        logger.error("%s: the database takes no writes (%s); play is paused", self.room, error)
        if self.reason is None:
            self.reason = why(error)
            self.delay = RETRY_FIRST
            self.out.say(self.room, self._paused_line())
            for hook in self.on_pause:
                hook()
            self._retry = self.clock.call_later(self.delay, self._try)
        return self.refusal()

    def _lost(self, error: DatabaseGone) -> None:
        """The database file is gone: play pauses until the bot restarts (a room already paused is told
        so), and no write is tried again, since none could work."""
        paused = self.reason is not None
        self.reason, self.gone = why(error), True
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
        logger.error(
            "%s: the database takes no writes (%s); none is tried again: play waits until the bot is restarted",
            self.room,
            error,
        )
        self.out.say(self.room, self._paused_line())
        if not paused:
            for hook in self.on_pause:
                hook()

    def hold(self, write: Callable[[], None]) -> None:
        """Do `write` now; if the database takes no writes, later, once it does (play pauses until then)."""
        if self.reason is None:
            try:
                write()
                return
            except sqlite3.Error as error:
                self.held.append(write)
                self.failed(error)
                return
        self.held.append(write)

    def now_or_owed(self, key: str, action: Callable[[], None]) -> None:
        """Do `action` now; if the database takes no writes (it raises sqlite3.Error or StoreDown), owe it
        under `key` until it does (play pauses meanwhile). A bookkeeping write goes here too: the last
        one of its key is stored once the database takes writes."""
        self.owed.pop(key, None)
        if self.gone:  # no write can work before a restart: none is tried
            self.owed[key] = action
            return
        try:
            action()
        except sqlite3.Error as error:
            self.failed(error)
            self.owed[key] = action
        except StoreDown:
            self.owed[key] = action

    def _try(self) -> None:
        self._retry = None
        try:
            while self.held:
                self.held[0]()
                self.held.pop(0)
            self.store.probe()
        except DatabaseGone as error:
            self._lost(error)
            return
        except sqlite3.Error as error:
            self.delay = min(self.delay * 2, RETRY_MOST)
            logger.warning(
                "%s: the database still takes no writes (%s); next try in %.0f s", self.room, error, self.delay
            )
            self._retry = self.clock.call_later(self.delay, self._try)
            return
        logger.info("%s: the database takes writes again; play goes on", self.room)
        self.reason = None
        self.out.say(self.room, "I can write my database again: play goes on.")
        owed, self.owed = self.owed, {}
        for key, action in owed.items():
            if self.down:  # one failed again: the rest stay owed
                self.owed.setdefault(key, action)
            else:
                self.now_or_owed(key, action)
        for hook in self.on_resume:
            if self.down:  # a write owed failed again: play stays paused, the rest wait for the next try
                return
            hook()

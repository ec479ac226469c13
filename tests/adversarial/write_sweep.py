"""A whole game played through the room host the way players and the clock would, with its k-th write
failing like a full disk: the driver, the failing connection, and a restart from the database.

The driver's every choice is a function of the game as it is (its input log and whom it awaits), so a
game whose writes failed, and whose players sent again what was refused, plays the same inputs as one
without a fault, and so does a game restarted from its database.
"""

from __future__ import annotations

import atexit
import json
import re
import shutil
import sqlite3
import tempfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import Any

from survivor_host.bot.ports import HostSettings
from survivor_host.bot.reach import UNREGISTERED
from survivor_host.bot.room import RoomHost
from survivor_host.engine.ids import to_id
from survivor_host.store.db import Store
from tests.adversarial.store_faults import FULL, WrappedConnection
from tests.host.fakes import FakeClock, FakeOutbox
from tests.host.test_room import ROOM, clock

WRITES = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|COMMIT|PRAGMA\s+user_version\s*=)", re.IGNORECASE)
"""The statements that write to the file (a COMMIT too: a full disk often fails there)."""
DOWN_FOR = 2
"""Attempted actions (sends, or waits for the clock) after the fault before the disk has room again."""
RETRY_WAIT = 5.0
"""Seconds a player (or the host) waits before sending again what was not taken."""


@dataclass(frozen=True)
class Plan:
    """One game to play: its theme and mods, players, and when the host steps in or a player idles."""

    name: str
    theme: str
    players: tuple[str, ...]
    mods: str = ""
    idle_at: tuple[int, ...] = ()
    """At these input counts the last player awaited sends nothing (their deadline runs out)."""
    host_at: tuple[tuple[int, str], ...] = ()
    """At these input counts the host sends this command (`modkill`, `sub`), once the text's names fit."""
    salt: bool = True
    """A player adds a salt during signups."""
    autostart: bool = False
    """The signups timer starts the game (no `.start`)."""
    rename_at: int | None = None
    """At this input count the first player awaited renames (and plays on under the new name)."""
    unreachable: str | None = None
    """A player the bot cannot PM (the server refuses its first PM of each process): they send nothing,
    and get the safe choice at each deadline."""
    html: bool = False
    """The bot may post HTML in the room (boxes, buttons) and the room reads the game's tables."""


class FailingConnection(WrappedConnection):
    """The store's connection, counting its writes; from the `fail_at`-th one on, writes raise
    `database or disk is full` until `down` is cleared. `on_fault` runs when the first one fails."""

    def __init__(self, db: sqlite3.Connection, fail_at: int | None, on_fault: Callable[[], None]) -> None:
        super().__init__(db)
        self.writes = 0
        self.fail_at = fail_at
        self.down = False
        self.on_fault = on_fault
        self.faulted = False

    def execute(self, sql: str, args: Any = ()) -> sqlite3.Cursor:
        if WRITES.match(sql):
            self.writes += 1
            if self.writes == self.fail_at:
                self.down, self.faulted = True, True
                self.on_fault()
            if self.down:
                raise sqlite3.OperationalError(FULL)
        return self.real.execute(sql, args)


@cache
def empty_database() -> Path:
    """A database with the newest schema and nothing in it, made once (removed when the process ends)."""
    folder = Path(tempfile.mkdtemp())
    atexit.register(shutil.rmtree, folder, True)
    Store(folder / "empty.db").close()
    return folder / "empty.db"


SIGNUPS_SECONDS = 300.0
"""The signups timer of a plan that starts by it."""


def new_host(path: Path, at: float = 1_000_000.0, autostart: bool = False, html: bool = False) -> RoomHost:
    """A room host on the database at `path` (its commits not waiting for the disk: a process that dies
    keeps them all the same, and only the process dies here)."""
    if not path.exists():
        shutil.copyfile(empty_database(), path)
    store = Store(path)
    store.db.execute("PRAGMA synchronous=OFF")
    settings = HostSettings(defaults={"leader": "pick"}, signups_seconds=SIGNUPS_SECONDS if autostart else 0.0)
    out = FakeOutbox(html_rooms=(ROOM,) if html else ())
    return RoomHost(ROOM, out, FakeClock(time=at), store, settings, lambda: "sweep-seed")


def restart(path: Path, at: float, autostart: bool = False, html: bool = False, full: bool = False) -> RoomHost:
    """A new process on the database at `path`: its open signups and unfinished game come back. `full`:
    its disk is still full (its `FailingConnection` takes no write until `down` is cleared)."""
    host = new_host(path, at, autostart, html)
    if full:
        host.store.db = FailingConnection(host.store.db, 1, lambda: None)  # type: ignore[assignment]
    for stored in host.store.unfinished_games():
        host.restore_game(stored)
    signups = host.store.all_signups().get(ROOM)
    if signups is not None and host.game is None:
        host.restore_signups(signups)
    return host


def snapshot(path: Path, to: Path) -> None:
    """What a process that died now leaves behind: the database's file and its write-ahead log as they
    are (a restart reads only the transactions committed in them)."""
    shutil.copyfile(path, to)
    wal = Path(f"{path}-wal")
    if wal.exists():
        shutil.copyfile(wal, Path(f"{to}-wal"))


def pick(game: Any, player: str, count: int) -> Any:
    """The input `player` sends: one of their legal inputs, chosen by the game's state alone."""
    legal = game.legal_inputs(player)
    return legal[zlib.crc32(f"{count}|{player}".encode()) % len(legal)]


def idle_player(game: Any, idle_at: tuple[int, ...]) -> str | None:
    """Who sends nothing now: from each count in `idle_at` until a timeout is stored, one player awaited
    (the same one while they are awaited), chosen by the game's state alone."""
    count, waits = len(game.log), game.awaiting()
    for at in sorted(idle_at, reverse=True):
        if at <= count and waits and game.deadline_seconds():
            if any(inp.action == "timeout" for inp in game.log[at:]):
                return None
            return str(max(waits, key=lambda wait: zlib.crc32(f"{at}|{wait.player}".encode())).player)
    return None


@dataclass
class Driver:
    """Plays a plan through a room host; `attempts` counts every send and every wait for the clock."""

    host: RoomHost
    plan: Plan
    attempts: int = 0
    after_attempt: Callable[[], None] = lambda: None
    renamed: dict[str, str] = field(default_factory=dict)
    """Each player who renamed -> the name they now use."""
    raised: list[str] = field(default_factory=list)
    """What the room's events raised (the bot logs it and goes on)."""
    refused: bool = False
    """The server has refused a PM to the plan's unreachable player in this process."""

    def _attempted(self) -> None:
        self.attempts += 1
        self.after_attempt()

    def _try(self, send: Callable[[], None], done: Callable[[], bool]) -> None:
        """Send until it is taken (what was not taken is sent again a little later)."""
        for _ in range(60):
            send()
            self._attempted()
            if done():
                return
            clock(self.host).advance(RETRY_WAIT)
        raise AssertionError("never taken")

    def _wait(self, seconds: float, until: Callable[[], bool], what: str) -> None:
        """The clock runs on, `seconds` at a time, until `until()`."""
        for _ in range(20):
            if until():
                return
            clock(self.host).advance(seconds)
            self._attempted()
        raise AssertionError(f"{what} never happened")

    def signups(self) -> None:
        """The host opens signups, every player joins, one adds a salt, and the game starts."""
        host, plan = self.host, self.plan
        if host.signups is None:
            opening = f".host {plan.theme} {plan.mods}".strip()
            self._try(lambda: host.handle_chat("@", "Hostess", opening), lambda: host.signups is not None)
        for name in plan.players:
            if name not in self._listed():
                self._try(partial(host.handle_chat, " ", name, "/me in"), partial(self._is_listed, name))
        if plan.salt and not self._salted():
            self._try(partial(host.handle_pm, plan.players[0], "salt pepper"), self._salted)
        if plan.autostart:
            self._wait(60, lambda: host.game is not None, "the start by the signups timer")
        else:
            self._try(lambda: host.handle_chat("@", "Hostess", ".start"), lambda: host.game is not None)

    def _listed(self) -> list[str]:
        return list(self.host.signups.players) if self.host.signups else []

    def _is_listed(self, name: str) -> bool:
        return name in self._listed()

    def _salted(self) -> bool:
        signups = self.host.signups
        return signups is not None and signups.dice is not None and bool(signups.dice.salts)

    def play(self, limit: int = 1000) -> None:
        """Players answer every wait until the game ends; the idle let their deadline run out. Each
        send is decided from the game as it is then: what was not taken is decided and sent again later."""
        host, plan = self.host, self.plan
        for _ in range(limit):
            game = host.game
            if game is None:
                return
            count = len(game.log)
            if plan.unreachable is not None and not self.refused:
                self.refused = True  # the server refuses the bot's PM to them
                host.unreachable(to_id(plan.unreachable), UNREGISTERED)
            if count == plan.rename_at and not self.renamed:
                self._rename(game.awaiting()[0].player)
                continue
            idle = (idle_player(game, plan.idle_at), plan.unreachable)
            acting = [wait for wait in game.awaiting() if wait.player not in idle]
            if count in dict(plan.host_at):
                host.handle_chat("@", "Hostess", self._host_text(game, dict(plan.host_at)[count]))
            elif acting:
                wait = acting[0]
                choice = pick(game, wait.player, count)
                text, player = (
                    f"{choice.action} {choice.target or ''}".strip(),
                    self.renamed.get(wait.player, wait.player),
                )
                if wait.secret:
                    host.handle_pm(player, text)
                else:
                    host.handle_chat(" ", player, host.settings.prefix + text)
            else:  # only the idle owe an action: their deadline runs out
                left = (host.deadline_at or clock(host).time) - clock(host).time
                clock(host).advance(max(left, 0.0))
            self._attempted()
            if not self._moved(game, count):
                clock(host).advance(RETRY_WAIT)
        raise AssertionError("the game did not finish")

    def _moved(self, game: Any, count: int) -> bool:
        """The game took an input since it had `count` (or ended)."""
        return self.host.game is not game or len(game.log) > count

    def _rename(self, old: str) -> None:
        """`old` takes another name: the server says so once, whatever the bot stores."""
        self.renamed[old] = old + "Two"
        try:  # the bot logs what a room's event raised, and goes on
            self.host.handle_rename(old + "Two", to_id(old))
        except Exception as error:
            self.raised.append(f"the rename raised {error!r}")
        self._attempted()

    def wait_for_writes(self) -> None:
        """The clock runs on after the game until the room's held writes (its close) are stored."""
        outage = self.host.state.outage
        self._wait(30, lambda: not outage.down and not outage.held, "the game's close")

    @staticmethod
    def _host_text(game: Any, command: str) -> str:
        """`.modkill` the first player alive, or `.sub` a newcomer into their seat."""
        first = next(seat.name for seat in game.seats if seat.alive)
        return f".modkill {first}" if command == "modkill" else f".sub {first}, Newcomer"


def stored_record(store: Store) -> dict[str, Any]:
    """The record of the one game the store closed."""
    (row,) = store.db.execute("SELECT record FROM games WHERE status != 'running'").fetchall()
    return dict(json.loads(row[0]))

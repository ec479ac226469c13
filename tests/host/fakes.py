"""In-process fakes for the host layer: an outbox that records, a clock you advance by hand, a database
as an older version of the bot left it."""

from __future__ import annotations

import contextlib
import heapq
import itertools
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from survivor_host.showdown.serverhtml import Buttons
from survivor_host.store.closed import sql_id
from survivor_host.store.migrations import MIGRATIONS


@dataclass
class FakeTimer:
    at: float
    seq: int
    callback: Callable[[], None]
    cancelled: bool = False

    def cancel(self) -> None:
        self.cancelled = True

    def __lt__(self, other: FakeTimer) -> bool:
        return (self.at, self.seq) < (other.at, other.seq)


@dataclass
class FakeClock:
    time: float = 1_000_000.0
    timers: list[FakeTimer] = field(default_factory=list)
    counter: itertools.count[int] = field(default_factory=itertools.count)

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer(self.time + delay, next(self.counter), callback)
        heapq.heappush(self.timers, timer)
        return timer

    def advance(self, seconds: float) -> None:
        end = self.time + seconds
        while self.timers and self.timers[0].at <= end:
            timer = heapq.heappop(self.timers)
            if timer.cancelled:
                continue
            self.time = timer.at
            timer.callback()
        self.time = end


@dataclass
class FakeOutbox:
    """Records what the bot would send: ("say", room, text), ("pm", user, text), ("html", ...)."""

    name: str = "SurvivorBot"
    html_rooms: tuple[str, ...] = ()
    absent: set[str] = field(default_factory=set)
    sent: list[tuple[str, str, str]] = field(default_factory=list)
    hold_sent: bool = False
    unsent: list[Callable[[], None]] = field(default_factory=list)
    lanes: list[tuple[str, str | None]] = field(default_factory=list)
    hold_caught_up: bool = False
    catching_up: list[Callable[[], None]] = field(default_factory=list)
    fallbacks: dict[str, list[str]] = field(default_factory=dict)
    """Each HTML line sent -> what the client would send instead if the server refused it."""
    closed_rooms: tuple[str, ...] = ()
    """Rooms (secret ones, groupchats) where a button may not say a line in the room."""
    flood_kept: dict[str, bool] = field(default_factory=dict)
    attributed: dict[str, bool] = field(default_factory=dict)
    """Per room: whether the bot asked to keep its chat lines within the room bot's flood rule."""
    names: dict[str, str] = field(default_factory=dict)
    """User id -> the name the room's user list shows (users the test named)."""
    noted: list[tuple[int, str]] = field(default_factory=list)
    """(lines sent before, name) for each name the bot asked to write plain (`note_names`)."""

    def say(self, room: str, text: str) -> None:
        self.sent.append(("say", room, text))

    def pm(self, user: str, text: str) -> None:
        self.sent.append(("pm", user, text))

    def can_use_html(self, room: str) -> bool:
        return room in self.html_rooms

    def keep_under_flood_rule(self, room: str, on: bool) -> None:
        self.flood_kept[room] = on

    def keep_lines_attributed(self, room: str, on: bool) -> None:
        self.attributed[room] = on

    def add_uhtml(self, room: str, name: str, html: str) -> None:
        self.sent.append(("uhtml", room, html))

    def change_uhtml(self, room: str, name: str, html: str) -> None:
        self.sent.append(("uhtmlchange", room, html))

    def pm_uhtml(self, room: str, user: str, name: str, html: str, fallback: str = "") -> None:
        self.sent.append(("pmuhtml", user, html))
        self.fallbacks[html] = [fallback] if fallback else []

    def change_pm_uhtml(self, room: str, user: str, name: str, html: str) -> None:
        self.sent.append(("pmuhtmlchange", user, html))

    def add_html_box(self, room: str, html: str, fallback: Sequence[str] = ()) -> None:
        self.sent.append(("htmlbox", room, html))
        self.fallbacks[html] = list(fallback)

    def buttons(self, room: str) -> Buttons:
        quiet, room_lines = room in self.html_rooms, room not in self.closed_rooms
        return Buttons(bot=self.name, room=room, quiet=quiet, room_lines=room_lines)

    def send_command(self, room: str, command: str) -> None:
        self.sent.append(("command", room, command))

    @contextlib.contextmanager
    def lane(self, lane: str, user: str | None = None) -> Iterator[None]:
        """Records each lane entered (with its user) in `lanes`; sends are unaffected."""
        self.lanes.append((lane, user))
        yield

    def send_html_page(self, room: str, user: str, page: str, html: str, fallback: str = "") -> None:
        self.sent.append(("htmlpage", room, f"{user}|{page}|{html}"))
        self.fallbacks[html] = [fallback] if fallback else []

    def when_sent(self, callback: Callable[[], None]) -> None:
        """Everything counts as sent at once, unless `hold_sent` holds the callbacks back."""
        if self.hold_sent:
            self.unsent.append(callback)
        else:
            callback()

    def caught_up(self, callback: Callable[[], None]) -> None:
        """The server answers at once, unless `hold_caught_up` holds the answers back (a stalled server)."""
        if self.hold_caught_up:
            self.catching_up.append(callback)
        else:
            callback()

    def answer_caught_up(self) -> None:
        """The stalled server answers: run the held callbacks."""
        callbacks, self.catching_up = self.catching_up, []
        for callback in callbacks:
            callback()

    def flush_sent(self) -> None:
        """The held lines went out: run the held callbacks."""
        callbacks, self.unsent = self.unsent, []
        for callback in callbacks:
            callback()

    def rank_of(self, room: str, userid: str) -> str | None:
        return None if userid in self.absent else " "

    def note_names(self, names: Iterable[str]) -> None:
        self.noted += [(len(self.sent), name) for name in names]

    def name_in(self, room: str, userid: str) -> str | None:
        """The name `names` gives `userid` (as the server would show it); None for anyone else."""
        return None if userid in self.absent else self.names.get(userid)

    def room_lines(self) -> list[str]:
        return [text for kind, _, text in self.sent if kind == "say"]

    def pms_to(self, user: str) -> list[str]:
        return [text for kind, who, text in self.sent if kind in ("pm", "pmuhtml") and who.lower() == user.lower()]

    def clear(self) -> None:
        self.sent.clear()


def database_at(path: Path, version: int) -> sqlite3.Connection:
    """A new database at `path` as the bot's schema `version` made it, open for a test to fill."""
    db = sqlite3.connect(path, isolation_level=None)
    db.create_function("survivor_id", 1, sql_id, deterministic=True)
    for number, script in enumerate(MIGRATIONS[:version], start=1):
        for statement in script.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version={number}")
    return db

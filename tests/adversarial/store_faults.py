"""A store whose writes fail the way SQLite's do: the disk full, or the database read-only.

`Faults.start()` makes every write of the store (or only some) fail until `stop()`; the reads go on.
"read-only" uses SQLite's own read-only mode (`PRAGMA query_only`), so the error is the real one;
"full" wraps the connection and raises what SQLite raises when the disk is full.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from survivor_host.bot.room import RoomHost
from survivor_host.engine.game import Game
from survivor_host.store.db import Store
from tests.host.test_room import PLAYERS, make_host, open_game, outbox

WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|PRAGMA\s+user_version\s*=)", re.IGNORECASE)
FULL = "database or disk is full"
READ_ONLY = "attempt to write a readonly database"
KINDS = ("full", "read-only")


class WrappedConnection:
    """The store's connection, passed through but for `execute`, which a fault overrides."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.real = db

    def execute(self, sql: str, args: Any = ()) -> sqlite3.Cursor:
        return self.real.execute(sql, args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def __enter__(self) -> sqlite3.Connection:
        return self.real.__enter__()

    def __exit__(self, *exc: object) -> Any:
        return self.real.__exit__(*exc)  # type: ignore[arg-type]


class FullConnection(WrappedConnection):
    """A connection whose writes (those matching `only`, if given) raise `database or disk is full`
    while `failing`."""

    def __init__(self, db: sqlite3.Connection, only: re.Pattern[str] | None = None) -> None:
        super().__init__(db)
        self.failing = False
        self.only = only

    def execute(self, sql: str, args: Any = ()) -> sqlite3.Cursor:
        if self.failing and WRITE.match(sql) and (self.only is None or self.only.match(sql)):
            raise sqlite3.OperationalError(FULL)
        return self.real.execute(sql, args)


@dataclass
class Faults:
    """The store's writes fail (`start`) or work (`stop`)."""

    store: Store
    kind: str
    only: str | None = None
    """The start of the only writes that fail (`DELETE FROM signups`), a write after others that work;
    None: every write. Read-only fails every write, so it takes None."""

    def __post_init__(self) -> None:
        assert self.kind in KINDS and (self.only is None or self.kind == "full")
        if self.kind == "full":
            only = None if self.only is None else re.compile(rf"\s*{re.escape(self.only)}", re.IGNORECASE)
            self.store.db = FullConnection(self.store.db, only)  # type: ignore[assignment]

    def start(self) -> None:
        if self.kind == "full":
            self.store.db.failing = True  # type: ignore[attr-defined]
        else:
            self.store.db.execute("PRAGMA query_only=1")

    def stop(self) -> None:
        if self.kind == "full":
            self.store.db.failing = False  # type: ignore[attr-defined]
        else:
            self.store.db.execute("PRAGMA query_only=0")

    @property
    def message(self) -> str:
        return FULL if self.kind == "full" else READ_ONLY


def stored_seqs(store: Store, game_id: int) -> list[int]:
    return [
        int(row[0]) for row in store.db.execute("SELECT seq FROM inputs WHERE game_id = ? ORDER BY seq", (game_id,))
    ]


@dataclass
class Noted:
    """A room's game under way and what it held when noted: its record, its stored inputs' numbers,
    and how many lines the room had read."""

    host: RoomHost
    game: Game
    game_id: int
    owed: list[str]
    """Who owed an action when the game began, in order."""
    record: dict[str, Any]
    seqs: list[int]
    lines: int


def game_under_way(tmp_path: Path, answered: int = 1) -> Noted:
    """A Follow the Leader game whose first `answered` owed players have followed, then noted."""
    host = make_host(tmp_path, leader="pick")
    open_game(host, "ftl", PLAYERS)
    game, game_id = host.game, host.game_id
    assert game is not None and game_id is not None
    owed = [wait.player for wait in game.awaiting()]
    for name in owed[:answered]:
        host.handle_pm(name, "follow")
    return Noted(
        host, game, game_id, owed, game.record(), stored_seqs(host.store, game_id), len(outbox(host).room_lines())
    )

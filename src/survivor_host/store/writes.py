"""How the bot's database is written: only to the file at its path, all or nothing, a probe for a
database that takes no writes, and the games set aside because they could not be restored. Every
write raises sqlite3.Error when it is not stored (the bot owes a bookkeeping write: `Outage.now_or_owed`)."""

from __future__ import annotations

import logging
import os
import re
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

logger = logging.getLogger(__name__)

WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|BEGIN|CREATE|ALTER|DROP|PRAGMA\s+user_version\s*=)", re.I)
"""The statements that write (or open a transaction that will): each is preceded by the file check."""


class DatabaseGone(sqlite3.OperationalError):
    """The database's file was deleted or replaced while the bot had it open: a write would go to a file
    no restart reads, so it is refused like a write to a full disk."""


class CheckedConnection(sqlite3.Connection):
    """A connection that writes only while its path still names the file it opened (one stat a write)."""

    path = ""
    identity: tuple[int, int] | None = None
    """(device, inode) of the file opened; None: nothing to check (an in-memory database)."""
    told = False

    def watch(self, path: str) -> None:
        """From now on, every write first checks that `path` is still the file open now."""
        found = os.stat(path)
        self.path, self.identity = path, (found.st_dev, found.st_ino)

    def check_file(self) -> None:
        """Raises DatabaseGone (logged once, as an error) when the path no longer names the file opened."""
        if self.identity is None:
            return
        try:
            found = os.stat(self.path)
        except OSError:
            what = "deleted"
        else:
            if (found.st_dev, found.st_ino) == self.identity:
                return
            what = "replaced by another file"
        message = f"the database file {self.path} was {what} while the bot ran"
        if not self.told:
            self.told = True
            logger.error("%s: nothing more is stored until the bot restarts (from the file then at that path)", message)
        raise DatabaseGone(message)

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if WRITE.match(sql):
            self.check_file()
        return super().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        if WRITE.match(sql):
            self.check_file()
        return super().executemany(sql, parameters)


class Writes:
    """The write helpers of `Store`, over its connection `db`."""

    db: sqlite3.Connection

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """All of it is committed, or none of it (a failed commit is rolled back, then raised)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    def probe(self) -> None:
        """One real write (the header page, committed): raises sqlite3.Error while the database is
        read-only or its disk is full."""
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        with self.transaction():
            self.db.execute(f"PRAGMA user_version={version}")

    def set_aside(self, game_id: int, at: float) -> None:
        """A game whose restore failed: `stuck` until a host ends it (`end_stuck`); never replayed again."""
        self.db.execute(
            "UPDATE games SET status = 'stuck', finished_at = ?, deadline_at = NULL"
            " WHERE id = ? AND status = 'running'",
            (at, game_id),
        )

    def end_stuck(self, room: str, at: float) -> list[int]:
        """End the room's stuck games (no points, no game counts): their ids."""
        with self.transaction():
            rows = self.db.execute("SELECT id FROM games WHERE room = ? AND status = 'stuck' ORDER BY id", (room,))
            ids = [int(row[0]) for row in rows]
            self.db.execute(
                "UPDATE games SET status = 'ended', finished_at = ? WHERE room = ? AND status = 'stuck'", (at, room)
            )
        return ids

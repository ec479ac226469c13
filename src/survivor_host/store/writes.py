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
from typing import Any, Literal

logger = logging.getLogger(__name__)

WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE|BEGIN|CREATE|ALTER|DROP|PRAGMA\s+user_version\s*=)", re.I)
"""The statements that write (or open a transaction that will): each is preceded by the file check."""


class DatabaseGone(sqlite3.OperationalError):
    """The database's file was deleted or replaced while the bot had it open: a write would go to a file
    no restart reads, so it is refused like a write to a full disk."""


ENDS = re.compile(r"\s*(COMMIT|END|ROLLBACK)", re.I)
"""The statements that end a transaction (a commit may checkpoint the log into the file)."""


class CheckedConnection(sqlite3.Connection):
    """A connection that writes only while its path still names the file it opened, as this connection
    last left it (a stat before a write and after it)."""

    path = ""
    identity: tuple[int, int] | None = None
    """(device, inode) of the file opened; None: nothing to check (an in-memory database)."""
    left: tuple[int, int] | None = None
    """(size, modification time in ns) of the file after this connection's last write."""
    lost: str | None = None
    """Why the file takes no write again (None: it takes writes)."""

    def watch(self, path: str) -> None:
        """From now on, every write first checks that `path` is still the file open now, unchanged by others."""
        found = os.stat(path)
        self.path, self.identity = path, (found.st_dev, found.st_ino)
        self.left = (found.st_size, found.st_mtime_ns)

    def _wrote(self) -> None:
        """This connection may have changed the file (only a write or a commit does): what it left."""
        if self.identity is not None:
            try:
                found = os.stat(self.path)
            except OSError:
                return
            if (found.st_dev, found.st_ino) == self.identity:
                self.left = (found.st_size, found.st_mtime_ns)

    def check_file(self) -> None:
        """Raises DatabaseGone (logged once, as an error) when the path no longer names the file opened, or
        another hand wrote it since this connection did (a backup copied over it in place)."""
        if self.identity is None:
            return
        if self.lost is not None:  # once found, the file is never trusted again in this process
            raise DatabaseGone(self.lost)
        try:
            found = os.stat(self.path)
        except OSError:
            what = "deleted"
        else:
            if (found.st_dev, found.st_ino) != self.identity:
                what = "replaced by another file"
            elif (found.st_size, found.st_mtime_ns) != self.left:
                what = "written by another process (a copy put over it?)"
            else:
                return
        message = self.lost = f"the database file {self.path} was {what} while the bot ran"
        logger.error("%s: nothing more is stored until the bot restarts (from the file then at that path)", message)
        raise DatabaseGone(message)

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        if WRITE.match(sql):
            self.check_file()
        elif not ENDS.match(sql):
            return super().execute(sql, parameters)
        try:
            return super().execute(sql, parameters)
        finally:
            self._wrote()

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> sqlite3.Cursor:
        if WRITE.match(sql):
            self.check_file()
        try:
            return super().executemany(sql, parameters)
        finally:
            self._wrote()

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self._wrote()

    def __exit__(self, *exc: Any) -> Literal[False]:
        try:
            return super().__exit__(*exc)
        finally:
            self._wrote()


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

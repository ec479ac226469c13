"""How the bot's database is written: all or nothing, a probe for a database that takes no writes,
bookkeeping writes that never stop the bot, and the games set aside because they could not be restored."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

logger = logging.getLogger(__name__)


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

    def soft(self, sql: str, args: Sequence[Any]) -> None:
        """A bookkeeping write (a restart copes without it): when it fails the bot goes on, and logs it."""
        try:
            self.db.execute(sql, args)
        except sqlite3.Error as error:
            logger.warning("not stored (%s): %s", error, sql.split(" SET ")[0])

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

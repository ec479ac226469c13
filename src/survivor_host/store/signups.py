"""The open signups of each room in the bot's database, one row a room while its list is open, kept for a restart."""

from __future__ import annotations

import json
import sqlite3
from typing import Any


class SignupsLedger:
    """The signups writes of `Store`, over its connection `db`."""

    db: sqlite3.Connection

    def save_signups(self, room: str, data: dict[str, Any] | None, at: float) -> None:
        """The room's open list (None: closed). Written without waiting for the disk (anyone can change
        a list, many times a second): a crash of the bot keeps it, a crash of the machine may lose the
        last changes, until the next write that waits (a game's input, its start)."""
        level = int(self.db.execute("PRAGMA synchronous").fetchone()[0])
        self.db.execute(f"PRAGMA synchronous={min(level, 1)}")  # NORMAL, unless it was set lower
        try:
            if data is None:
                self.db.execute("DELETE FROM signups WHERE room = ?", (room,))
            else:
                self.db.execute(
                    "INSERT INTO signups (room, data, updated) VALUES (?, ?, ?)"
                    " ON CONFLICT(room) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                    (room, json.dumps(data), at),
                )
        finally:
            self.db.execute(f"PRAGMA synchronous={level}")

    def all_signups(self) -> dict[str, dict[str, Any]]:
        """Each room's open list, by room."""
        rows = self.db.execute("SELECT room, data FROM signups")
        return {row[0]: json.loads(row[1]) for row in rows}

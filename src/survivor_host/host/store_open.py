"""The tables of what is open: hand-hosted sessions (docs/FAIRNESS.md "Hosting sessions") and signups."""

from __future__ import annotations

import json
import sqlite3
from typing import Any


class OpenTables:
    """The session and signups queries of `Store`, over its connection `db`."""

    db: sqlite3.Connection

    def begin_session(self, room: str, host: str, at: float) -> int:
        cursor = self.db.execute(
            "INSERT INTO hand_sessions (room, host, started_at) VALUES (?, ?, ?)", (room, host, at)
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def save_session(self, session_id: int, data: dict[str, Any]) -> None:
        """A running session as it is now (with its seed, which only the bot may read)."""
        self.db.execute("UPDATE hand_sessions SET data = ? WHERE id = ?", (json.dumps(data), session_id))

    def end_session(self, session_id: int, record: dict[str, Any], at: float) -> None:
        self.db.execute(
            "UPDATE hand_sessions SET status = 'ended', finished_at = ?, record = ?, data = ? WHERE id = ?",
            (at, json.dumps(record), json.dumps(record), session_id),
        )

    def running_sessions(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT data FROM hand_sessions WHERE status = 'running' ORDER BY id")
        return [json.loads(row[0]) for row in rows if row[0] != "{}"]

    def closed_sessions(self, room: str, limit: int = 200) -> list[tuple[int, float, dict[str, Any]]]:
        """The room's ended sessions, newest first: (id, finished_at, record)."""
        rows = self.db.execute(
            "SELECT id, finished_at, record FROM hand_sessions WHERE room = ? AND status = 'ended'"
            " AND record IS NOT NULL ORDER BY id DESC LIMIT ?",
            (room, limit),
        )
        return [(int(row[0]), float(row[1] or 0), json.loads(row[2])) for row in rows]

    def closed_session(self, room: str, session_id: int) -> dict[str, Any] | None:
        row = self.db.execute(
            "SELECT record FROM hand_sessions WHERE id = ? AND room = ? AND status = 'ended'", (session_id, room)
        ).fetchone()
        return json.loads(row[0]) if row and row[0] else None

    # ----- signups -----

    def save_signups(self, room: str, data: dict[str, Any] | None, at: float) -> None:
        if data is None:
            self.db.execute("DELETE FROM signups WHERE room = ?", (room,))
        else:
            self.db.execute(
                "INSERT INTO signups (room, data, updated) VALUES (?, ?, ?)"
                " ON CONFLICT(room) DO UPDATE SET data = excluded.data, updated = excluded.updated",
                (room, json.dumps(data), at),
            )

    def all_signups(self) -> dict[str, dict[str, Any]]:
        rows = self.db.execute("SELECT room, data FROM signups")
        return {row[0]: json.loads(row[1]) for row in rows}

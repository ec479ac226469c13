"""The room's part in the room bot's hosting, kept for a restart: a `$host` waiting for the room bot to
host our bot, and our `.win`/`.done` waiting for its answer (one row a room while either waits)."""

from __future__ import annotations

import json
from typing import Any

from survivor_host.store.writes import Writes


class HostingLedger(Writes):
    """The hosting writes of `Store`, over its connection `db`; a write that fails raises sqlite3.Error."""

    def save_hosting(self, room: str, data: dict[str, Any] | None, at: float) -> None:
        """What waits in the room's hosting now (None: nothing)."""
        if data is None:
            self.db.execute("DELETE FROM hosting WHERE room = ?", (room,))
            return
        self.db.execute(
            "INSERT INTO hosting (room, data, updated) VALUES (?, ?, ?)"
            " ON CONFLICT(room) DO UPDATE SET data = excluded.data, updated = excluded.updated",
            (room, json.dumps(data), at),
        )

    def all_hosting(self) -> dict[str, dict[str, Any]]:
        """Each room's hosting that waits, by room."""
        rows = self.db.execute("SELECT room, data FROM hosting")
        return {row[0]: json.loads(row[1]) for row in rows}

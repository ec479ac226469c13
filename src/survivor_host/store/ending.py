"""A game's last lines in the bot's database: stored with its close, before the first is sent, and
marked as each goes out, so a restart sends only what was not (store first, then say)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any


class EndingLedger:
    """The last-line writes of `Store`, over its connection `db`; a mark raises sqlite3.Error if not stored."""

    db: sqlite3.Connection

    def mark_ending_sent(self, game_id: int, sent: int) -> None:
        """The first `sent` of the game's last lines have gone out. Never goes back."""
        self.db.execute("UPDATE games SET ending_sent = MAX(ending_sent, ?) WHERE id = ?", (sent, game_id))

    def ending_of(self, game_id: int) -> tuple[dict[str, Any], int] | None:
        """The game's last lines and how many went out; None if none were stored."""
        row = self.db.execute("SELECT ending, ending_sent FROM games WHERE id = ?", (game_id,)).fetchone()
        return (json.loads(row[0]), int(row[1])) if row and row[0] else None

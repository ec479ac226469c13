"""The points tables of the bot's database: cycles, awards, leaderboards, and the points a game earns."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

POINTS_SCALE: tuple[tuple[int, int, int], ...] = ((7, 7, 2), (10, 9, 4))
"""Bot-hosted games on the room's leaderboard (`.addbot`): (from this many players, 1st, 2nd)."""


class PointsTables:
    """The points queries of `Store`, over its connection `db`."""

    db: sqlite3.Connection

    def cycle(self, room: str) -> int:
        row = self.db.execute("SELECT cycle FROM cycles WHERE room = ?", (room,)).fetchone()
        return int(row[0]) if row else 1

    def add_points(self, room: str, awards: dict[str, tuple[str, int]]) -> None:
        """Add points: userid -> (display name, points), in the room's current cycle."""
        with self.db:
            self.db.execute("BEGIN")
            self._add_points(room, awards)

    def _add_points(self, room: str, awards: dict[str, tuple[str, int]]) -> None:
        """Inside a transaction."""
        cycle = self.cycle(room)
        for userid, (name, points) in awards.items():
            self.db.execute(
                "INSERT INTO points (room, cycle, userid, name, points) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT(room, cycle, userid) DO UPDATE"
                " SET points = points + excluded.points, name = excluded.name",
                (room, cycle, userid, name, points),
            )

    def leaderboard(self, room: str, limit: int = 10) -> list[tuple[str, int]]:
        rows = self.db.execute(
            "SELECT name, points FROM points WHERE room = ? AND cycle = ? ORDER BY points DESC, name LIMIT ?",
            (room, self.cycle(room), limit),
        )
        return [(row[0], int(row[1])) for row in rows]

    def points_of(self, room: str, userid: str) -> int:
        row = self.db.execute(
            "SELECT points FROM points WHERE room = ? AND cycle = ? AND userid = ?",
            (room, self.cycle(room), userid),
        ).fetchone()
        return int(row[0]) if row else 0

    def reset_cycle(self, room: str) -> int:
        """Start a new points cycle; the old one stays in the database."""
        new = self.cycle(room) + 1
        self.db.execute(
            "INSERT INTO cycles (room, cycle) VALUES (?, ?) ON CONFLICT(room) DO UPDATE SET cycle = excluded.cycle",
            (room, new),
        )
        return new


def points_for(player_count: int, scale: Sequence[tuple[int, int, int]] = POINTS_SCALE) -> tuple[int, int]:
    """First's and second's points by the scale's rows (from N players: 1st, 2nd); room practice
    (PS-NOTES): 7+ players needed; 7-9 give 7 and 2, 10+ give 9 and 4."""
    earned = (0, 0)
    for least, first, second in scale:
        if player_count >= least:
            earned = (first, second)
    return earned

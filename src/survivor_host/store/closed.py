"""Finished games and ended sessions in the bot's database: their records, and the summaries kept
beside them (winner, counts, who took part) that `games NAME` reads without opening a record."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from survivor_host.engine.ids import to_id

CLOSED = "status IN ('finished', 'ended')"
"""The games whose record is final (written with the status, in one UPDATE). A test of `record` itself
would read every record it passes."""


@dataclass(frozen=True)
class GameSummary:
    """One finished game as `games` lists it."""

    id: int
    finished_at: float
    theme: str
    mods: list[str]
    players: int
    winner: str | None


@dataclass(frozen=True)
class SessionSummary:
    """One ended hand-hosted session as `games` lists it."""

    id: int
    finished_at: float
    host: str
    draws: int


def sql_id(value: object) -> str:
    """`to_id` for SQL (the summaries' migration): None and non-text become ""."""
    return to_id(value) if isinstance(value, str) else ""


class ClosedRecords:
    """The finished-record queries of `Store`, over its connection `db`."""

    db: sqlite3.Connection

    def _took_part(self, kind: str, record_id: int, room: str, names: Iterable[object]) -> None:
        """Who played in (or hosted) a closed record, for `games NAME`."""
        self.db.executemany(
            "INSERT OR IGNORE INTO record_players (kind, id, room, userid) VALUES (?, ?, ?, ?)",
            [(kind, record_id, room, sql_id(name)) for name in names if sql_id(name)],
        )

    def _summarise_game(self, game_id: int, room: str, record: Mapping[str, Any]) -> None:
        players = list(record.get("players") or [])
        self.db.execute(
            "UPDATE games SET winner = ?, player_count = ? WHERE id = ?",
            (record.get("winner"), len(players), game_id),
        )
        self._took_part("game", game_id, room, players)

    def _summarise_session(self, session_id: int, record: Mapping[str, Any]) -> None:
        room = str(record.get("room") or "")
        row = self.db.execute("SELECT room FROM hand_sessions WHERE id = ?", (session_id,)).fetchone()
        room = str(row[0]) if row else room
        self.db.execute(
            "UPDATE hand_sessions SET draw_count = ? WHERE id = ?", (len(record.get("draws") or []), session_id)
        )
        self._took_part("session", session_id, room, [record.get("host"), *(record.get("players") or [])])

    def game_summaries(self, room: str, userid: str = "", limit: int = 8) -> list[GameSummary]:
        """The room's newest finished games (those `userid` played in, when given)."""
        who = " AND id IN (SELECT id FROM record_players WHERE kind = 'game' AND room = ? AND userid = ?)"
        rows = self.db.execute(
            "SELECT id, finished_at, theme, mods, player_count, winner FROM games WHERE room = ? AND "
            + CLOSED
            + (who if userid else "")
            + " ORDER BY id DESC LIMIT ?",
            (room, room, userid, limit) if userid else (room, limit),
        )
        return [
            GameSummary(int(row[0]), float(row[1] or 0), str(row[2]), json.loads(row[3]), int(row[4] or 0), row[5])
            for row in rows
        ]

    def session_summaries(self, room: str, userid: str = "", limit: int = 8) -> list[SessionSummary]:
        """The room's newest ended sessions (those `userid` hosted or played in, when given)."""
        who = " AND id IN (SELECT id FROM record_players WHERE kind = 'session' AND room = ? AND userid = ?)"
        rows = self.db.execute(
            "SELECT id, finished_at, host, draw_count FROM hand_sessions WHERE room = ? AND status = 'ended'"
            + (who if userid else "")
            + " ORDER BY id DESC LIMIT ?",
            (room, room, userid, limit) if userid else (room, limit),
        )
        return [SessionSummary(int(row[0]), float(row[1] or 0), str(row[2]), int(row[3] or 0)) for row in rows]

    def closed_games(self, room: str, limit: int = 200) -> list[tuple[int, float, dict[str, Any]]]:
        """The room's finished or ended games, newest first: (id, finished_at, record)."""
        rows = self.db.execute(
            f"SELECT id, finished_at, record FROM games WHERE room = ? AND {CLOSED} ORDER BY id DESC LIMIT ?",
            (room, limit),
        )
        return [(int(row[0]), float(row[1] or 0), json.loads(row[2])) for row in rows]

    def closed_game(self, room: str, game_id: int) -> dict[str, Any] | None:
        """One finished or ended game's record, if it was played in `room`."""
        text = self.closed_game_text(room, game_id)
        return json.loads(text) if text else None

    def closed_game_text(self, room: str, game_id: int) -> str | None:
        """One finished or ended game's record as stored (JSON text), if it was played in `room`."""
        row = self.db.execute(f"SELECT record FROM games WHERE id = ? AND room = ? AND {CLOSED}", (game_id, room))
        found = row.fetchone()
        return str(found[0]) if found and found[0] else None

    def last_closed_game(self, room: str) -> tuple[int, float] | None:
        """The room's newest finished game: (id, finished_at). Only those columns are read (a sort of
        whole rows would read every record)."""
        row = self.db.execute(
            f"SELECT id, finished_at FROM games WHERE room = ? AND {CLOSED} ORDER BY id DESC LIMIT 1", (room,)
        ).fetchone()
        return (int(row[0]), float(row[1] or 0)) if row else None

    def last_closed_session(self, room: str) -> tuple[int, float] | None:
        """The room's newest ended session: (id, finished_at)."""
        row = self.db.execute(
            "SELECT id, finished_at FROM hand_sessions WHERE room = ? AND status = 'ended' ORDER BY id DESC LIMIT 1",
            (room,),
        ).fetchone()
        return (int(row[0]), float(row[1] or 0)) if row else None

    def closed_sessions(self, room: str, limit: int = 200) -> list[tuple[int, float, dict[str, Any]]]:
        """The room's ended sessions, newest first: (id, finished_at, record)."""
        rows = self.db.execute(
            "SELECT id, finished_at, record FROM hand_sessions WHERE room = ? AND status = 'ended'"
            " AND record IS NOT NULL ORDER BY id DESC LIMIT ?",
            (room, limit),
        )
        return [(int(row[0]), float(row[1] or 0), json.loads(row[2])) for row in rows]

    def closed_session(self, room: str, session_id: int) -> dict[str, Any] | None:
        text = self.closed_session_text(room, session_id)
        return json.loads(text) if text else None

    def closed_session_text(self, room: str, session_id: int) -> str | None:
        """One ended session's record as stored (JSON text), if it was hosted in `room`."""
        row = self.db.execute(
            "SELECT record FROM hand_sessions WHERE id = ? AND room = ? AND status = 'ended'", (session_id, room)
        ).fetchone()
        return str(row[0]) if row and row[0] else None

"""SQLite persistence: games, their inputs, signups and points, so a crash loses nothing.

An input counts only once committed (`append_input` raises sqlite3.Error, with nothing of it stored,
if it cannot be); so does a bookkeeping write (deadline, heartbeat, what was posted), which the bot
owes until the database takes it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from survivor_host.engine.game import RULES_VERSION
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.store.briefs import BriefsLedger
from survivor_host.store.closed import ClosedRecords, sql_id
from survivor_host.store.ending import EndingLedger
from survivor_host.store.hosting import HostingLedger
from survivor_host.store.migrations import MIGRATIONS
from survivor_host.store.points import PointsTables
from survivor_host.store.signups import SignupsLedger
from survivor_host.store.writes import CheckedConnection, Writes

RULES_KEY = "_rules_version"
"""Where a game's rules version is stored (beside its options, which never use a leading underscore)."""


@dataclass(frozen=True)
class StoredGame:
    """An unfinished game as stored: enough to rebuild it by replay."""

    id: int
    room: str
    theme: str
    mods: list[str]
    options: dict[str, Any]
    players: list[str]
    seed: str
    inputs: list[Input]
    deadline_at: float | None
    heartbeat: float | None
    posted: int
    deadline_wait: int | None = None
    deadline_extension: int | None = None
    dice: str = "mt19937-python-random"
    client_seed: str | None = None
    salts: tuple[str, ...] = ()
    rules_version: int | None = None
    """The engine rules the game was begun under (None: stored before versions were kept, i.e. 1)."""
    host: str | None = None
    """Who opened its signups (None: stored before hosts were kept)."""
    room_bot_hosted: bool = False
    """The room bot hosted our bot for it (it then ends with `.win`)."""
    closed: bool = False
    """Its close is stored and only some of its last lines are still to be sent."""


class Store(PointsTables, ClosedRecords, EndingLedger, HostingLedger, BriefsLedger, SignupsLedger, Writes):
    """The bot's database (WAL mode). One connection, used from the event loop's thread."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        db = sqlite3.connect(self.path, isolation_level=None, factory=CheckedConnection)
        db.execute("PRAGMA journal_mode=WAL")
        if self.path != ":memory:":
            db.watch(self.path)
        self.db = db
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.create_function("survivor_id", 1, sql_id, deterministic=True)  # the migrations' toID
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest version, one migration at a time."""
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
        if version > len(MIGRATIONS):
            raise RuntimeError(
                f"{self.path} has schema version {version}, newer than this bot knows ({len(MIGRATIONS)})"
            )
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            with self.db:
                self.db.execute("BEGIN")
                for statement in script.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                self.db.execute(f"PRAGMA user_version={number}")

    @property
    def schema_version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def close(self) -> None:
        self.db.close()

    # ----- games -----

    def begin_game(
        self,
        room: str,
        theme: str,
        mods: Sequence[str],
        options: dict[str, Any],
        players: Sequence[str],
        seed: str,
        at: float,
        dice: str = "mt19937-python-random",
        client_seed: str | None = None,
        salts: Sequence[str] = (),
        rules_version: int = RULES_VERSION,
        host: str | None = None,
        room_bot_hosted: bool = False,
    ) -> int:
        """A game begins in `room` from its list: the game stored and the room's signups closed, both or
        neither (a refused start leaves the list open and no game to start twice); the game's id."""
        # The rules version rides with the options (no schema change): a restore compares it.
        stored = {**options, RULES_KEY: rules_version}
        with self.transaction():
            cursor = self.db.execute(
                "INSERT INTO games (room, theme, mods, options, players, seed, started_at, heartbeat, posted,"
                " dice, client_seed, salts, host, room_bot_hosted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?)",
                (
                    room, theme, json.dumps(list(mods)), json.dumps(stored), json.dumps(list(players)), seed, at, at,
                    dice, client_seed, json.dumps(list(salts)), host, int(room_bot_hosted),
                ),
            )  # fmt: skip
            self.db.execute("DELETE FROM signups WHERE room = ?", (room,))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def append_input(self, game_id: int, seq: int, inp: Input, at: float) -> None:
        with self.transaction():
            self.db.execute(
                "INSERT INTO inputs (game_id, seq, at, input) VALUES (?, ?, ?, ?)",
                (game_id, seq, at, json.dumps(inp.to_dict())),
            )
            self.db.execute("UPDATE games SET heartbeat = ? WHERE id = ?", (at, game_id))

    def mark_posted(self, game_id: int, seq: int) -> None:
        """Everything caused by inputs up to `seq` has been sent to the room (-1: not even the start;
        0: the start). Never goes back."""
        self.db.execute("UPDATE games SET posted = MAX(posted, ?) WHERE id = ?", (seq, game_id))

    def set_deadline(
        self, game_id: int, deadline_at: float | None, wait_id: int | None = None, extension: int | None = None
    ) -> None:
        """The current deadline, with the wait (and the extension it includes) it belongs to."""
        self.db.execute(
            "UPDATE games SET deadline_at = ?, deadline_wait = ?, deadline_extension = ? WHERE id = ?",
            (deadline_at, wait_id, extension, game_id),
        )

    def heartbeat(self, game_id: int, at: float) -> None:
        self.db.execute("UPDATE games SET heartbeat = ? WHERE id = ?", (at, game_id))

    def set_room_bot_hosted(self, game_id: int, hosted: bool) -> None:
        """Whether the room bot names our bot its host now (a `.subhost` mid-game changes it)."""
        self.db.execute("UPDATE games SET room_bot_hosted = ? WHERE id = ?", (int(hosted), game_id))

    def finish_game(
        self,
        game_id: int,
        record: dict[str, Any],
        at: float,
        status: str = "finished",
        awards: dict[str, tuple[str, int]] | None = None,
        counted: Sequence[str] = (),
        ending: dict[str, Any] | None = None,
    ) -> bool:
        """Close the game, add its points and the game counts of `counted` (its players), and store its last
        lines (`ending`, none sent yet) in one transaction; False (and nothing done) when it was already
        closed, so nothing is given twice."""
        with self.transaction():
            cursor = self.db.execute(
                "UPDATE games SET status = ?, finished_at = ?, record = ?, deadline_at = NULL, ending = ?"
                " WHERE id = ? AND status = 'running'",
                (status, at, json.dumps(record), None if ending is None else json.dumps(ending), game_id),
            )
            if cursor.rowcount == 0:
                return False
            room = self.db.execute("SELECT room FROM games WHERE id = ?", (game_id,)).fetchone()[0]
            self._summarise_game(game_id, str(room), record)
            if awards:
                self._add_points(str(room), awards)
            for name in counted:
                self.db.execute(
                    "INSERT INTO game_counts (room, userid, name, games) VALUES (?, ?, ?, 1)"
                    " ON CONFLICT(room, userid) DO UPDATE SET games = games + 1, name = excluded.name",
                    (str(room), to_id(name), name),
                )
        return True

    def games_of(self, room: str, userid: str) -> int:
        """How many games `userid` played to the end in `room`."""
        row = self.db.execute("SELECT games FROM game_counts WHERE room = ? AND userid = ?", (room, userid)).fetchone()
        return int(row[0]) if row else 0

    def most_games(self, room: str, limit: int = 10) -> list[tuple[str, int]]:
        rows = self.db.execute(
            "SELECT name, games FROM game_counts WHERE room = ? ORDER BY games DESC, name LIMIT ?", (room, limit)
        )
        return [(row[0], int(row[1])) for row in rows]

    def inputs_of(self, game_id: int) -> list[Input]:
        rows = self.db.execute("SELECT input FROM inputs WHERE game_id = ? ORDER BY seq", (game_id,))
        return [Input.from_dict(json.loads(row[0])) for row in rows]

    def unfinished_games(self) -> list[StoredGame]:
        """The games still running, and the closed ones whose last lines have not all gone out."""
        rows = self.db.execute(
            "SELECT id, room, theme, mods, options, players, seed, deadline_at, heartbeat, posted,"
            " deadline_wait, deadline_extension, dice, client_seed, salts, host, room_bot_hosted, status FROM games"
            " WHERE status = 'running' OR ending_sent < json_array_length(ending, '$.lines')"
            " ORDER BY id"
        ).fetchall()
        options = [json.loads(row[4]) for row in rows]
        return [
            StoredGame(
                id=row[0],
                room=row[1],
                theme=row[2],
                mods=json.loads(row[3]),
                options={key: value for key, value in opts.items() if key != RULES_KEY},
                players=json.loads(row[5]),
                seed=row[6],
                inputs=self.inputs_of(row[0]),
                deadline_at=row[7],
                heartbeat=row[8],
                posted=row[9],
                deadline_wait=row[10],
                deadline_extension=row[11],
                dice=row[12],
                client_seed=row[13],
                salts=tuple(json.loads(row[14])),
                rules_version=opts.get(RULES_KEY),
                host=row[15],
                room_bot_hosted=bool(row[16]),
                closed=row[17] != "running",
            )
            for row, opts in zip(rows, options, strict=True)
        ]

    def refuse_game(self, game_id: int, at: float) -> None:
        """Set aside an unfinished game that cannot be replayed; its rows stay, it is not tried again."""
        self.db.execute(
            "UPDATE games SET status = 'refused', finished_at = ?, deadline_at = NULL"
            " WHERE id = ? AND status = 'running'",
            (at, game_id),
        )

    def game_record(self, game_id: int) -> dict[str, Any] | None:
        row = self.db.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
        return json.loads(row[0]) if row and row[0] else None

    # ----- hand-hosted sessions -----

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
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "UPDATE hand_sessions SET status = 'ended', finished_at = ?, record = ?, data = ? WHERE id = ?",
                (at, json.dumps(record), json.dumps(record), session_id),
            )
            self._summarise_session(session_id, record)

    def running_sessions(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT data FROM hand_sessions WHERE status = 'running' ORDER BY id")
        return [json.loads(row[0]) for row in rows if row[0] != "{}"]

"""An older copy of the database put over its file in place while the bot runs (`cp backup.db bot.db`:
the same file, other contents) takes no write: the bot does not write on as if its state were current.
Its own writes, checkpoints and an online backup taken meanwhile are not mistaken for it."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from survivor_host.store.db import Store
from survivor_host.store.writes import DatabaseGone
from tests.adversarial.store_faults import game_under_way, stored_seqs
from tests.host.test_room import outbox

GONE = "Not taken: I cannot write my database (its file was deleted or replaced)"


def online_backup(database: Path, to: Path) -> None:
    """The backup docs/OPERATING.md gives, from another process's connection."""
    source = sqlite3.connect(f"file:{database}?mode=rw", uri=True)
    target = sqlite3.connect(to)
    source.backup(target)
    target.close()
    source.close()


def test_a_copy_put_over_the_file_in_place_takes_no_write(tmp_path: Path) -> None:
    database = tmp_path / "bot.db"
    store = Store(database)
    store.db.execute("PRAGMA wal_autocheckpoint=2")  # the bot's own checkpoints write the file often
    for _ in range(30):
        store.add_points("survivor", {"mars": ("Mars", 1)})
    online_backup(database, tmp_path / "backup.db")
    for _ in range(30):  # the bot's writes go on after a backup
        store.add_points("survivor", {"mars": ("Mars", 1)})
        store.heartbeat(1, 5.0)
    assert store.leaderboard("survivor") == [("Mars", 60)]
    inode = database.stat().st_ino
    shutil.copyfile(tmp_path / "backup.db", database)  # in place: the same file
    assert database.stat().st_ino == inode
    with pytest.raises(DatabaseGone, match="was written by another process"):
        store.add_points("survivor", {"mars": ("Mars", 1)})
    with pytest.raises(DatabaseGone):
        store.heartbeat(1, 6.0)


def test_a_game_whose_database_is_copied_over_in_place_pauses_until_a_restart(tmp_path: Path) -> None:
    noted = game_under_way(tmp_path)
    host, owed = noted.host, noted.owed
    shutil.copyfile(tmp_path / "bot.db", tmp_path / "older.db")
    host.handle_pm(owed[1], "follow")
    seqs = stored_seqs(host.store, noted.game_id)
    shutil.copyfile(tmp_path / "older.db", tmp_path / "bot.db")
    host.handle_pm(owed[2], "follow")
    assert outbox(host).pms_to(owed[2])[-1].startswith(GONE)
    assert owed[2] in [wait.player for wait in noted.game.awaiting()]
    assert host.state.outage.gone
    assert len(seqs) == len(noted.seqs) + 1

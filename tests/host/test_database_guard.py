"""One bot per database, and only the file at its path: a second `serve` on a database another process
holds refuses to start (the OS lock goes with its holder, even killed), and a database file deleted or
replaced under a running bot pauses play like a disk that takes no writes."""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from survivor_host.bot import serve
from survivor_host.bot.config import BotConfig
from survivor_host.store.db import Store
from survivor_host.store.lock import lock_path
from survivor_host.store.writes import DatabaseGone
from tests.adversarial.store_faults import Faults, game_under_way, stored_seqs
from tests.host.test_room import clock, outbox

HOLDER = """
import os, sys, time
from survivor_host.store.lock import hold
lock = hold(sys.argv[1])
child = os.fork()  # a forked child, as the replay pages' worker is: it must not keep the lock
if child == 0:
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
time.sleep(60)
"""
TRY = """
import sys
from survivor_host.store.lock import DatabaseHeld, hold
try:
    hold(sys.argv[1])
except DatabaseHeld as error:
    print(error)
else:
    print("held")
"""
GONE_LINE = (
    "**Paused:** I cannot write my database (its file was deleted or replaced). What I could not store did not "
    "count; play waits until the bot is restarted by whoever runs it."
)


def bot_config(tmp_path: Path, database: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    config = tmp_path / "bot.toml"
    config.write_text(f'[bot]\nusername = "SurvivorHost"\nrooms = ["survivor"]\ndatabase = "{database}"\n')
    monkeypatch.setenv("SURVIVOR_HOST_PASSWORD", "x")
    return config


def held_elsewhere(database: Path) -> tuple[subprocess.Popen[str], int]:
    """Another process holding `database`'s lock (until it is killed), and the pid of its forked child."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(database)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    return holder, int(holder.stdout.readline())


def try_elsewhere(database: Path) -> str:
    """What another process gets when it tries to hold `database`: "held", or why not."""
    tried = subprocess.run([sys.executable, "-c", TRY, str(database)], capture_output=True, text=True, check=True)
    return tried.stdout.strip()


def test_removing_the_database_files_by_name_leaves_the_running_bot_s_lock(tmp_path: Path) -> None:
    database = tmp_path / "bot.db"
    Store(database).close()
    holder, child = held_elsewhere(database)
    try:
        for path in tmp_path.glob("bot.db*"):  # what `rm bot.db*` removes
            path.unlink()
        assert lock_path(database).exists()
        assert "another bot process" in try_elsewhere(database)  # a second bot still cannot start beside it
    finally:
        holder.kill()
        holder.wait()
        os.kill(child, signal.SIGKILL)


def test_a_second_serve_on_a_held_database_refuses_to_start_until_the_holder_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "bot.db"
    Store(database).close()
    config = bot_config(tmp_path, database, monkeypatch)
    ran: list[str] = []

    async def run_bot(config: BotConfig) -> int:
        ran.append(config.database)
        assert "another bot process" in try_elsewhere(database)  # while this bot runs, nobody else may start
        return 0

    monkeypatch.setattr(serve, "run_bot", run_bot)
    holder, child = held_elsewhere(database)
    try:
        assert serve.serve_main(str(config)) == serve.EXIT_CONFIG
        error = capsys.readouterr().err
        assert f"[bot] database = '{database}': another bot process (pid {holder.pid}) is using it" in error, error
        assert str(lock_path(database)) in error and ran == []
        holder.send_signal(signal.SIGKILL)  # the OS releases a killed holder's lock, its child still running
        holder.wait()
        assert serve.serve_main(str(config)) == 0 and ran == [str(database)]
    finally:
        holder.kill()
        holder.wait()
        os.kill(child, signal.SIGKILL)
    assert try_elsewhere(database) == "held"  # and the bot's own lock went with it


def test_a_serve_that_finds_the_disk_full_leaves_no_database_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "bot.db"
    config = bot_config(tmp_path, database, monkeypatch)
    monkeypatch.setattr(serve.shutil, "disk_usage", lambda path: SimpleNamespace(free=0))
    monkeypatch.setattr(serve, "run_bot", lambda config: pytest.fail("the bot connected"))
    assert serve.serve_main(str(config)) == serve.EXIT_CONFIG
    assert "its disk is full" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bot.toml"]


def gone(database: Path, how: str) -> None:
    """The database's files deleted (`rm bot.db*`), or another database moved to its path."""
    if how == "deleted":
        for path in database.parent.glob(database.name + "*"):
            path.unlink()
    else:
        other = database.with_name("other.db")
        sqlite3.connect(other).close()
        os.replace(other, database)


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_the_store_refuses_to_write_once_its_file_is_gone(tmp_path: Path, how: str) -> None:
    store = Store(tmp_path / "bot.db")
    store.add_points("survivor", {"mars": ("Mars", 1)})
    gone(tmp_path / "bot.db", how)
    with pytest.raises(DatabaseGone, match=f"the database file {tmp_path / 'bot.db'} was {how}"):
        store.add_points("survivor", {"mars": ("Mars", 1)})
    with pytest.raises(DatabaseGone):
        store.probe()
    with pytest.raises(DatabaseGone):  # a bookkeeping write too: the bot owes it
        store.heartbeat(1, 5.0)
    assert store.leaderboard("survivor") == [("Mars", 1)]  # reads go on


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_a_database_gone_mid_game_takes_no_input_and_pauses_the_room(
    tmp_path: Path, how: str, caplog: pytest.LogCaptureFixture
) -> None:
    noted = game_under_way(tmp_path)
    host, game, owed, before, seqs, lines = noted.host, noted.game, noted.owed, noted.record, noted.seqs, noted.lines
    gone(tmp_path / "bot.db", how)

    with caplog.at_level(logging.WARNING):
        host.handle_pm(owed[1], "follow")
        errors = [record.getMessage() for record in caplog.records]
        clock(host).advance(600)  # no write is tried again: none could work before a restart
    assert game.record() == before and owed[1] in [wait.player for wait in game.awaiting()]
    assert all(seat.alive for seat in game.seats)
    told = outbox(host).pms_to(owed[1])[-1]
    assert told == (
        "Not taken: I cannot write my database (its file was deleted or replaced), and nothing counts in survivor "
        "until it is stored. Play is paused until the bot is restarted; send it again then."
    ), told
    assert outbox(host).room_lines()[lines:] == [GONE_LINE]
    assert any(f"the database file {tmp_path / 'bot.db'} was {how}" in error for error in errors), errors
    assert [record.getMessage() for record in caplog.records] == errors  # nothing more logged: no retries
    if how == "replaced":
        assert stored_seqs(host.store, noted.game_id) == seqs  # the open file holds what it held, no more


def test_a_database_gone_during_a_full_disk_tells_the_room_to_wait_for_a_restart(tmp_path: Path) -> None:
    noted = game_under_way(tmp_path)
    host, owed = noted.host, noted.owed
    faults = Faults(host.store, "full")
    faults.start()
    host.handle_pm(owed[1], "follow")
    lines = len(outbox(host).room_lines())
    gone(tmp_path / "bot.db", "deleted")
    faults.stop()
    clock(host).advance(600)  # the next try finds the file gone: the room is told, and the tries stop
    assert outbox(host).room_lines()[lines:] == [GONE_LINE]
    assert noted.game.record() == noted.record and all(seat.alive for seat in noted.game.seats)
    host.handle_pm(owed[1], "follow")
    assert outbox(host).pms_to(owed[1])[-1].endswith("Play is paused until the bot is restarted; send it again then.")

"""One bot per database: a second `serve` on a database another process holds refuses to start (the OS
lock goes with its holder, even killed), and a check that finds the disk full leaves no database."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from survivor_host.bot import serve
from survivor_host.bot.config import BotConfig
from survivor_host.store.db import Store
from survivor_host.store.lock import lock_path

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

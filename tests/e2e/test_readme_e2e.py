"""The README commands that need a Showdown server, run as written against the local one:
`demo`, `serve --config bot.toml` (after `cp bot.example.toml bot.toml` and pointing it at the
local server), the room owner's `/roompromote` for `*`, and what `serve` does on refused logins."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import CACHE_DIR, run_async
from harness.bot import BOT_NAME
from harness.env import REFUSED_NAMES, E2EEnv

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.readme import REPO, blocks, commands, is_e2e, local

README_NAME = "SurvivorHost"  # the bot's name in the README's examples


def _readme_commands() -> list[str]:
    return [c for b in blocks() if b.lang == "sh" for c in commands(b) if is_e2e(c)]


def _wait_for_text(path: Path, text: str, proc: subprocess.Popen[bytes], timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while True:
        out = path.read_text(errors="replace") if path.exists() else ""
        if text in out:
            return out
        assert proc.poll() is None, out
        assert time.monotonic() < deadline, out
        time.sleep(0.1)


async def _until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


DEMOS = [c for c in _readme_commands() if "survivor-host demo" in c]
"""The guides' `demo` commands: each one is a test of its own, so they run side by side."""


def test_the_guides_show_three_demo_commands() -> None:
    assert len(DEMOS) == 3


@pytest.mark.parametrize("command", DEMOS, ids=[f"demo{n}" for n in range(len(DEMOS))])
def test_readme_demo_commands_play_whole_games(tmp_path: Path, command: str) -> None:
    env = dict(os.environ, SURVIVOR_HOST_CACHE=str(CACHE_DIR))
    result = subprocess.run(
        ["bash", "-c", local(command)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, (command, result.stdout[-3000:], result.stderr[-3000:])
    assert "wins the game!" in result.stdout
    assert re.search(r"^-- game over: \w+ won after", result.stdout, re.MULTILINE)
    if "--record demo.json" in command:  # the watcher checks the game they saw
        verified = subprocess.run(
            ["bash", "-c", local(".venv/bin/survivor-host verify demo.json")], cwd=tmp_path, capture_output=True
        )
        assert verified.returncode == 0, verified


def test_readme_serve_command_logs_in_and_stops_cleanly(tmp_path: Path, e2e: E2EEnv) -> None:
    (serve,) = [c for c in _readme_commands() if "survivor-host serve" in c]
    shutil.copy(REPO / "bot.example.toml", tmp_path / "bot.toml")  # the README's `cp` line
    config = (tmp_path / "bot.toml").read_text()
    config = config.replace("wss://sim3.psim.us/showdown/websocket", e2e.ws_url)
    config = config.replace("https://play.pokemonshowdown.com/api/login", e2e.login_url)
    config = config.replace(f'username = "{README_NAME}"', f'username = "{BOT_NAME}"')
    (tmp_path / "bot.toml").write_text(config)
    log = tmp_path / "serve.log"
    env = {k: v for k, v in os.environ.items() if k != "SURVIVOR_HOST_PASSWORD"}
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            ["bash", "-c", local(serve)], cwd=tmp_path, env=env, stdout=sink, stderr=subprocess.STDOUT
        )
    try:
        _wait_for_text(log, "ready: logged in", proc, 30)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
    assert (tmp_path / "survivor-host.db").exists()  # the default database, beside bot.toml


def test_readme_roompromote_makes_the_bot_a_room_bot(ps_server_factory: Callable[..., Any], e2e: E2EEnv) -> None:
    (promote,) = [b.body.strip() for b in blocks() if b.lang == "text" and b.document == "README.md"]
    assert promote == f"/roompromote {README_NAME}, *"
    demote = re.search(r"`(/roomdemote [^`]+)`", (REPO / "README.md").read_text())
    assert demote is not None and demote.group(1) == f"/roomdemote {README_NAME}, deauth"
    owner = "Room Owner"
    server = ps_server_factory(bot_rank=None, room_auth={"Survivor": {owner: "#"}})
    env = e2e.for_server(server)

    async def scenario() -> None:
        async with env.player(owner) as boss, env.player(BOT_NAME) as bot:
            await boss.join("survivor")
            await bot.join("survivor")
            assert bot.rank_in("survivor") == " "
            await boss.say("survivor", promote.replace(README_NAME, BOT_NAME))
            await boss.wait_for(r"was promoted to Room Bot", room="survivor", timeout=10)
            await _until(lambda: bot.rank_in("survivor") == "*")
            await boss.say("survivor", demote.group(1).replace(README_NAME, BOT_NAME))
            await _until(lambda: bot.rank_in("survivor") == " ")

    run_async(scenario(), timeout=60)


def test_serve_gives_up_with_status_3_after_5_refused_logins(tmp_path: Path, e2e: E2EEnv) -> None:
    """README "When things go wrong": definite refusals count; after 5 in a row `serve` exits 3 (short
    waits between the tries: their count is what is checked)."""
    (tmp_path / "bot.toml").write_text(
        f'[server]\nurl = "{e2e.ws_url}"\nlogin_url = "{e2e.login_url}"\nbackoff_initial = 0.2\nbackoff_max = 1\n'
        f'[bot]\nusername = "{REFUSED_NAMES[0]}"\nrooms = ["survivor"]\ndatabase = "bot.db"\n'
    )
    env = dict(os.environ, SURVIVOR_HOST_PASSWORD="wrong")
    result = subprocess.run(
        [sys.executable, "-m", "survivor_host.cli", "serve", "--config", "bot.toml"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 3, result.stderr[-3000:]
    assert "giving up: the login was refused 5 times in a row" in result.stderr

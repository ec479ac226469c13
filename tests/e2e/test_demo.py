"""`survivor-host demo`: a whole game on a local server, printed as a player sees it; clean shutdown."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from harness import CACHE_DIR

from survivor_host.devserver.demo import DemoSetup, run_demo

ROLL = re.compile(r"Roll \(1 - \d+\)(?:\+\d+)? for \w+: \d+")


def _servers_of_this_run(before: set[str]) -> list[Path]:
    return [p for p in (CACHE_DIR / "instances").glob("demo-*") if p.name not in before]


def _instances() -> set[str]:
    root = CACHE_DIR / "instances"
    return {p.name for p in root.iterdir()} if root.is_dir() else set()


def test_demo_plays_a_whole_game_and_shuts_down() -> None:
    before = _instances()
    out = io.StringIO()
    setup = DemoSetup(theme="ftl", mods=("no-mercy",), players=5, seed="e2e-demo", think=0.0, cache_dir=CACHE_DIR)
    assert run_demo(setup, out) == 0
    text = out.getvalue()
    lines = text.splitlines()
    # the room as a player sees it: the host's commands, sign-ups, the bot's lines, plain text only
    assert any(line.endswith("Demo Host: $host ftl no-mercy") for line in lines), text
    assert sum("• " in line and line.endswith(" in") for line in lines) == 5, text
    assert any("[box] Follow the Leader" in line for line in lines), text  # the signups box, rendered
    assert not any("<div" in line or "<button" in line or "**" in line for line in lines), text
    # the rolls: in text, or (the bot is the room's `*`) in each round's table box (issue 9)
    assert ROLL.search(text) or re.search(r"Round \d+: \w+ rolled \d+", text), text
    assert re.search(r"Survivor Host: \w+ wins the game!", text), text
    assert re.search(r"-- game over: \w+ won after \d+ rounds? \(seed e2e-demo\)", text), text
    assert lines[-1] == "-- stopped the bot, the players and the local servers"
    assert _servers_of_this_run(before) == []  # the server's folder (and process) are gone


def test_demo_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    before = _instances()
    env = dict(os.environ, SURVIVOR_HOST_CACHE=str(CACHE_DIR), PYTHONUNBUFFERED="1")
    log = tmp_path / "demo.out"
    with log.open("w") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "survivor_host.cli", "demo", "--players", "5", "--seed", "1", "--think", "3"],
            stdout=sink,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 90
        while "Demo Host: $start" not in log.read_text():
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        servers = _servers_of_this_run(before)
        assert len(servers) == 1
        node_pid = int((servers[0] / "server.pid").read_text())
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 130
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    text = log.read_text()
    assert "-- interrupted" in text or "stopped the bot" in text, text
    assert "Traceback" not in text, text
    assert _servers_of_this_run(before) == []
    assert not Path(f"/proc/{node_pid}").exists() or "zombie" in Path(f"/proc/{node_pid}/status").read_text().lower()

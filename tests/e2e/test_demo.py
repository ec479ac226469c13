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

from survivor_host.cli import main
from survivor_host.devserver.demo import run_demo
from survivor_host.devserver.demo_setup import DemoSetup

ROLL = re.compile(r"Roll \(1 - \d+\)(?:\+\d+)? for \w+: \d+")


def _servers_of_this_run(before: set[str], pid: int) -> list[Path]:
    """The demo's local server folders that the process `pid` made (other tests run demos beside this one)."""
    return [p for p in (CACHE_DIR / "instances").glob(f"demo-{pid}-*") if p.name not in before]


def _instances() -> set[str]:
    root = CACHE_DIR / "instances"
    return {p.name for p in root.iterdir()} if root.is_dir() else set()


def test_demo_plays_a_whole_game_and_shuts_down(tmp_path: Path) -> None:
    before = _instances()
    out = io.StringIO()
    record = tmp_path / "demo.json"
    setup = DemoSetup(
        theme="ftl", mods=("no-mercy",), players=5, seed="e2e-demo", think=0.0, cache_dir=CACHE_DIR,
        watch="Mars", record=str(record),
    )  # fmt: skip
    assert run_demo(setup, out) == 0
    text = out.getvalue()
    lines = text.splitlines()
    # issue 23: each box in full once, then its changes as one line; the host starts with everyone listed
    assert sum("[box] Follow the Leader (No Mercy): signups are open!" in line for line in lines) == 1, text
    assert sum("[box] Vote for the first leader" in line for line in lines) == 1, text
    start = next(i for i, line in enumerate(lines) if line.endswith("Demo Host: $start"))
    assert any("[box] PL (5): " in line for line in lines[:start]), text
    over = next(i for i, line in enumerate(lines) if "The vote for the first leader is over." in line)
    assert over < next(i for i, line in enumerate(lines) if "Round 1!" in line), text
    assert not any("[Survivor Host]" in line for line in lines), text  # the server's box signature
    # Mars's private side beside the room: the prompt with its buttons, and what Mars sends
    assert any("┃ Mars (PM) [survivor] Round 1: do you follow or rebel?" in line for line in lines), text
    assert any("┃     [Follow] [Rebel]" in line for line in lines), text
    assert any(re.search(r"┃ Mars → Survivor Host: (follow|rebel)$", line) for line in lines), text
    assert not any("┃ Venus" in line for line in lines), text
    # the record the watcher can check
    assert f"-- record written to {record}: check it with `survivor-host verify {record}`" in lines, text
    assert main(["verify", str(record)]) == 0
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
    assert _servers_of_this_run(before, os.getpid()) == []  # the server's folder (and process) are gone


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
        servers = _servers_of_this_run(before, proc.pid)
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
    assert _servers_of_this_run(before, proc.pid) == []
    assert not Path(f"/proc/{node_pid}").exists() or "zombie" in Path(f"/proc/{node_pid}/status").read_text().lower()

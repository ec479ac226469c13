"""`survivor-host practice` through its stdin, typed as room auth: a whole game hosted through the room
bot's stand-in (`.host`, `$host`, `$start`, the `.win`, the `.addbot` button clicked by number), then a
hand-hosted session (`.host` of a person, `$close`, `$roll`, `$card`, `.win`), and a PM as a player."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from harness import CACHE_DIR

pytestmark = pytest.mark.e2e
P = "$"


class Terminal:
    """The practice room as a subprocess: lines typed into its stdin, its output read as it comes."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        env = dict(os.environ, SURVIVOR_HOST_CACHE=str(CACHE_DIR), PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "survivor_host.cli", "practice", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
            start_new_session=True, cwd=tmp_path,
        )  # fmt: skip
        self.lines: list[str] = []
        self.read = 0
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, pattern: str, timeout: float = 30) -> re.Match[str]:
        """The first line after the last one waited for that matches `pattern`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for index in range(self.read, len(self.lines)):
                if found := re.search(pattern, self.lines[index]):
                    self.read = index + 1
                    return found
            assert self.proc.poll() is None, self.text()
            time.sleep(0.05)
        raise AssertionError(f"no line matching {pattern!r} within {timeout} s:\n{self.text()}")

    def text(self) -> str:
        return "\n".join(self.lines)

    def close(self) -> int:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        return self.proc.wait(10)


def test_a_hosted_game_and_a_hand_hosted_session_typed_as_room_auth(tmp_path: Path) -> None:
    term = Terminal(tmp_path, "--theme", "cta", "--players", "7", "--think", "0.1", "--seed", "practice")
    try:
        term.wait(r"-- type /help for the commands", timeout=90)
        # a game hosted through the room bot's stand-in
        term.type(".host Survivor Host")
        term.wait(r"Sir Vivor: .*SURVGAME:.* Survivor Host is hosting")
        term.type(f"{P}host cta")
        term.wait(r"signups are open")
        term.wait(r"PL \(7\)")
        term.type(f"{P}start")
        win = term.wait(r"Survivor Host: \.win (.+)$", timeout=120)
        term.wait(rf"WINNER:\*?\*? {re.escape(win[1])}")
        term.wait(r"┃ Room Auth \(PM from Survivor Host\) .*\.addbot 7, ")
        term.wait(r"buttons: /click 1 = Send it to survivor")
        term.type("/click 1")
        term.wait(r"Room Auth: \.addbot 7, ")
        term.wait(r"┃ Room Auth \(PM from Sir Vivor\) .*7.* have been added to .* on the leaderboard")
        # a hand-hosted session: room auth hosts by hand
        term.type(".host Room Auth")
        term.wait(r"Sir Vivor: .*SURVGAME:.* Room Auth is hosting")
        term.wait(r"Fair dice session h\d+ in [a-z0-9-]+ \(host Room Auth\)")
        for _ in range(7):
            term.wait(r"• AI \w+ in")
        term.type(f"{P}close")
        term.wait(r"client seed")
        term.type(f"{P}roll 100 // first")
        term.wait(r"#\d+ roll 100 for first: \d+")
        term.type(f"{P}card AI Mars")
        term.wait(r"┃ Room Auth \(PM from Survivor Host\) .*AI Mars")
        term.type("/as Visitor Nine")
        term.wait(r"-- you are Visitor Nine now")
        term.type("/pm Survivor Host, help")
        term.wait(r"┃ Visitor Nine \(PM from Survivor Host\)")
        term.type("/as Room Auth")
        term.type(".win AI Ann")
        term.wait(r"WINNER:\*?\*? AI Ann")
        term.type("/quit")
        term.wait(r"-- stopped the bot, the room bot, the players and the local servers", timeout=60)
        assert term.proc.wait(30) == 0
    finally:
        term.close()
        print(term.text())
    assert "Traceback" not in term.text()

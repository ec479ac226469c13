"""At the terminal, a line typed before a prompt is shown is dropped, not taken as that prompt's answer
(a `stick` typed while the output scrolled must not become the next round's choice)."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time

from survivor_host.terminal.table import TerminalTable
from survivor_host.themes import new_game

PROMPT = b"(help, odds) > "


def read_until(fd: int, wanted: bytes, seen: bytearray, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while wanted not in seen:
        left = deadline - time.monotonic()
        assert left > 0, seen.decode(errors="replace")
        if select.select([fd], [], [], left)[0]:
            seen += os.read(fd, 65536)


def test_a_line_typed_ahead_on_a_terminal_is_dropped_at_the_prompt() -> None:
    master, slave = pty.openpty()
    command = [sys.executable, "-m", "survivor_host.cli", "play", "cta", "--players", "4", "--seed", "7",
               "--name", "You", "--pace", "0"]  # fmt: skip
    proc = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    try:
        os.write(master, b"help\n")  # typed before anything was shown
        seen = bytearray()
        read_until(master, PROMPT, seen)
        time.sleep(1.0)  # time for the typed-ahead line to be answered, were it kept
        while select.select([master], [], [], 0.2)[0]:
            seen += os.read(master, 65536)
        assert b"You can type now" not in seen, seen.decode(errors="replace")
        os.write(master, b"help\n")  # typed at the prompt: answered
        read_until(master, b"You can type now", seen)
    finally:
        proc.kill()
        proc.wait(10)
        os.close(master)


def test_each_prompt_discards_first() -> None:
    calls: list[str] = []
    answers = iter(["stick"] * 200)

    def read(prompt: object) -> str:
        calls.append("read")
        return next(answers)

    game = new_game("cta", ["You", "Ann", "Ben", "Cat"], seed="7")
    table = TerminalTable(game, ai_seed=7, you="You", read=read, pace=0, discard=lambda: calls.append("discard"))
    table.run()
    assert calls and calls[0] == "discard"
    assert calls.count("discard") == calls.count("read")  # every `stick` was taken at its own prompt

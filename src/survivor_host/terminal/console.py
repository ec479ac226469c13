"""The terminal's console: colours on a terminal, plain lines in a pipe, a closed pipe reported, the pace."""

from __future__ import annotations

import contextlib
import os
import sys
import termios
from typing import TextIO

from rich.console import Console

from survivor_host.engine.errors import SetupError

TTY_PACE = 0.3
"""Seconds between lines when nobody said `--pace` and the output is a terminal (pipes get 0)."""
MAX_PACE = 60


class PipeClosed(Exception):
    """Whoever read the output went away (`play ... | head`)."""


class TerminalConsole(Console):
    """A rich Console that reports a closed output pipe to its caller instead of exiting."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        silence_stdout()
        raise PipeClosed


def silence_stdout() -> None:
    """The reader of stdout went away: point it at /dev/null so the interpreter's last flush does not fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):  # stdout may not be a real file (tests)
        os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def discard_typed_ahead(stream: TextIO | None = None) -> None:
    """Drop what was typed before a prompt was shown (a terminal only: piped input is a script)."""
    stream = sys.stdin if stream is None else stream
    with contextlib.suppress(OSError, ValueError, AttributeError, termios.error):
        if stream.isatty():
            termios.tcflush(stream.fileno(), termios.TCIFLUSH)


def make_console() -> Console:
    """The console for `play`: colours on a terminal, plain unwrapped lines in a pipe or file."""
    console = TerminalConsole(highlight=False, emoji=False, markup=False)
    console.soft_wrap = not console.is_terminal
    return console


def default_pace(pace: float | None, console: Console) -> float:
    """`--pace` as given (0 to 60 s); otherwise TTY_PACE on a terminal and 0 when the output is piped or saved."""
    if pace is None:
        return TTY_PACE if console.is_terminal else 0.0
    return checked_pace(pace)


def checked_pace(pace: float) -> float:
    """`--pace` if it is 0 to 60 s, else SetupError: commands check it before any work."""
    if not 0 <= pace <= MAX_PACE:
        raise SetupError(f"--pace takes 0 to {MAX_PACE} seconds, not {pace}.")
    return pace

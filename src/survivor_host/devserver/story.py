"""The demo's printout: the room as it reads, in the order it happens, at a pace a person can follow.

Each changeable box is shown in full once, then each change as one line (what is new in it); the
server's own box signatures are left out. With `--as NAME`, that player's PMs (texts, prompts and
their buttons) and what they send are shown beside the room, marked `┃ NAME`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from survivor_host.devserver.roomview import Box, box_in, pm_lines, room_lines
from survivor_host.showdown.messages import Message

TTY_PACE = 0.5
"""Seconds between lines on a terminal when no `--pace` is given (a pipe or a file gets none)."""
MAX_PACE = 10.0


def default_pace(pace: float | None, out: TextIO) -> float:
    """`--pace` as given (0 to 10 s); otherwise TTY_PACE on a terminal and 0 in a pipe or file."""
    if pace is None:
        return TTY_PACE if out.isatty() else 0.0
    if not 0 <= pace <= MAX_PACE:
        raise ValueError(f"--pace takes 0 to {MAX_PACE:g} seconds, not {pace:g}.")
    return pace


def box_change(before: Sequence[str], after: Sequence[str]) -> str:
    """A box's change in one line: its lines that are new, joined by ` · ` (`(unchanged)` if none is)."""
    new = [line for line in after if line not in before]
    return " · ".join(new) if new else "(unchanged)"


@dataclass
class Story:
    """Lines for the watcher: the room's, and one player's private side (`watched`), each once, paced."""

    out: TextIO
    room: str
    bot: str
    pace: float = 0.0
    watched: str | None = None
    started: float = field(default_factory=time.monotonic)
    boxes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each box's lines as last shown, by its name."""
    pending: list[str] = field(default_factory=list)
    _wake: asyncio.Event | None = None

    # ----- what arrives

    def room_message(self, message: Message) -> None:
        """One server message as the room reads it (boxes folded)."""
        box = box_in(message, self.room)
        if box is not None:
            self._box(box)
            return
        for text in room_lines(message, self.room):
            self._add(text)

    def private_message(self, message: Message) -> None:
        """A PM the watched player got from the bot: its text, or its box with the buttons in brackets."""
        if self.watched is None:
            return
        for number, text in enumerate(pm_lines(message, self.bot)):
            self._add(f"┃ {self.watched} (PM) {text}" if number == 0 else f"┃     {text}")

    def sent(self, text: str) -> None:
        """What the watched player sends the bot by PM (a button they clicked)."""
        if self.watched is not None:
            self._add(f"┃ {self.watched} → {self.bot}: {text}")

    def line(self, text: str) -> None:
        """A line of the watcher's own side (a PM, a button list), in the room's order."""
        self._add(text)

    def note(self, text: str) -> None:
        """The demo's own word (not the room's): printed at once, never paced."""
        self.out.write(f"-- {text}\n")
        self.out.flush()

    def seen(self, text: str) -> bool:
        """True once some box's last state shows `text` (the demo waits on what the room has read)."""
        return any(text in line for lines in self.boxes.values() for line in lines)

    def _box(self, box: Box) -> None:
        by = f"{box.by}: " if box.by else ""
        before = self.boxes.get(box.name)
        self.boxes[box.name] = box.lines
        if before is None or not box.changed:
            head, *rest = box.lines or ("(empty)",)
            self._add(f"{by}[box] {head}")
            for line in rest:
                self._add(f"    {line}")
        elif before != box.lines:
            self._add(f"{by}[box] {box_change(before, box.lines)}")

    def _add(self, text: str) -> None:
        stamp = f"{time.monotonic() - self.started:6.1f}s  "
        if not self.pace:
            self.out.write(stamp + text + "\n")
            self.out.flush()
            return
        self.pending.append(stamp + text)
        if self._wake is not None:
            self._wake.set()

    # ----- printing at the pace

    async def print_paced(self, stop: asyncio.Event) -> None:
        """Print what is pending, one line each `pace` seconds, until `stop` is set and nothing is left."""
        self._wake = asyncio.Event()
        while not (stop.is_set() and not self.pending):
            if not self.pending:
                self._wake.clear()
                waiting = [asyncio.ensure_future(self._wake.wait()), asyncio.ensure_future(stop.wait())]
                _, undone = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                for task in undone:
                    task.cancel()
                continue
            self.out.write(self.pending.pop(0) + "\n")
            self.out.flush()
            await asyncio.sleep(self.pace)

    def flush(self) -> None:
        """Print whatever is still pending at once (an interrupted demo)."""
        for text in self.pending:
            self.out.write(text + "\n")
        self.pending.clear()
        self.out.flush()

"""A room bot's flood rule, and the budget the send queue keeps under it.

Sir Vivor (`parser.js` `processChatData`) mutes a user below `+` (a room `*` counts) when a chat line
arrives and the 7 lines ending with it took more than 3.5 s (`FLOOD_PER_MSG_MIN * FLOOD_MESSAGE_NUM`:
faster is taken for lag) and less than 6 s (`FLOOD_MESSAGE_TIME`). It counts every `|c|`/`|c:|` line
of the user in the room, so an `/addhtmlbox` (`/raw`), `/adduhtml` or `/changeuhtml` counts as one
line too; PMs, `/pmuhtml`, `/sendhtmlpage` and private boxes do not.

The queue keeps any `lines` consecutive chat lines of a room at least `seconds + margin` apart, never
counting on the lag exemption (jitter could stretch a burst past it), and makes fewer lines by
joining short text lines, or, where the bot may post HTML, by putting them in one box.
"""

from __future__ import annotations

import dataclasses
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from survivor_host.showdown.protocol import escape_html
from survivor_host.showdown.text import MAX_MESSAGE_LENGTH, message_len, utf16_len
from survivor_host.showdown.window import counts_as_chat

if TYPE_CHECKING:
    from survivor_host.showdown.sendqueue import Frame

JOIN = " · "
"""What joined lines are separated by (as the host packs short lines)."""
MAX_BOX_LINES = 12
MAX_BOX_LENGTH = 16_000
_REFUSED_HTML = (re.compile(r">here.?<", re.IGNORECASE), re.compile(r"click here", re.IGNORECASE))
"""HTML the server refuses (chat.ts `checkHTML`)."""
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"__(.+?)__")
ZERO_WIDTH_SPACE = "\u200b"


@dataclass(frozen=True)
class ChatBudget:
    """A room bot's flood rule: `lines` chat lines within `seconds` are a flood unless they took at most
    `lag_seconds`; the queue keeps `margin` seconds more. `boxes`: the bot may use `/addhtmlbox` in
    the room (it is `*` there), so waiting lines may become one box."""

    lines: int = 7
    seconds: float = 6.0
    lag_seconds: float = 3.5
    margin: float = 1.0
    boxes: bool = False

    def __post_init__(self) -> None:
        if self.lines < 2 or self.seconds <= 0 or self.margin < 0:
            raise ValueError("a chat budget needs at least 2 lines, a positive time and a margin >= 0")

    @property
    def spacing(self) -> float:
        """Seconds the queue keeps between a chat line and the one `lines - 1` before it."""
        return self.seconds + self.margin

    def is_flood(self, times: Sequence[float]) -> bool:
        """The room bot's rule, exactly: does the last of `times` (a user's chat lines, oldest first) get
        the user muted?"""
        if len(times) < self.lines:
            return False
        span = times[-1] - times[-self.lines]
        return self.lag_seconds < span < self.seconds


HISTORY = 64
"""Send times of chat lines kept per room (budgets of more lines are refused)."""


class RoomBudget:
    """A room's budget over the send times of its recent chat lines (`times`, oldest first, kept by
    the queue for every room, so that a budget set mid-game counts the lines just sent)."""

    def __init__(self, budget: ChatBudget, times: deque[float]) -> None:
        if budget.lines > HISTORY:
            raise ValueError(f"a chat budget counts at most {HISTORY} lines")
        self.budget = budget
        self.times = times

    def ready_at(self, lines: int = 1) -> float:
        """The earliest time `lines` more chat lines may leave together."""
        recent = list(self.times)[-(self.budget.lines - 1) :]
        needed = len(recent) + lines - (self.budget.lines - 1)
        if needed <= 0:
            return float("-inf")
        return recent[needed - 1] + self.budget.spacing


def is_text(line: str) -> bool:
    """A chat line of plain text (possibly escaped), not a command: it may be joined with others."""
    return not line.startswith("/") or line.startswith("//")


def _plain(line: str) -> str:
    """The text a reader sees of an escaped chat line (`//x` shows as `/x`)."""
    line = line.removeprefix(ZERO_WIDTH_SPACE)
    return line[1:] if line.startswith("//") else line


def join_text(lines: Sequence[str]) -> str:
    """One chat line saying what `lines` said, in order (the first keeps its escape)."""
    return JOIN.join([lines[0], *(_plain(line) for line in lines[1:])])


def _line_html(line: str) -> str:
    html = escape_html(_plain(line))
    return _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", html))


def box_of(lines: Sequence[str]) -> str | None:
    """One `/addhtmlbox` line showing `lines`, one per row; None when the server would refuse it."""
    html = "<br />".join(_line_html(line) for line in lines)
    if any(pattern.search(html) for pattern in _REFUSED_HTML):
        return None
    return f"/addhtmlbox {html}"


def _joinable(frame: Frame) -> bool:
    return len(frame.lines) == 1 and is_text(frame.lines[0]) and counts_as_chat(frame.room, frame.lines[0])


def _uhtml_change(frame: Frame) -> str | None:
    """The box name of a `/changeuhtml NAME, HTML` frame (None for other frames)."""
    if len(frame.lines) != 1 or not frame.lines[0].startswith("/changeuhtml "):
        return None
    return frame.lines[0][len("/changeuhtml ") :].split(",", 1)[0].strip()


def latest_change(frame: Frame, queue: deque[Frame]) -> Frame:
    """For a `/changeuhtml` of a box: the newest change of that box waiting in `queue` instead (each
    shows the whole box: the older ones are taken out, unsent). An `/adduhtml` of the box ends it."""
    name = _uhtml_change(frame)
    if name is None:
        return frame
    newer: list[Frame] = []
    for later in queue:
        if later.room != frame.room:
            continue
        if later.lines[0].startswith(f"/adduhtml {name},"):
            break
        if _uhtml_change(later) == name:
            newer.append(later)
    for later in newer:
        queue.remove(later)
    return dataclasses.replace(frame, lines=newer[-1].lines) if newer else frame


def merged(frame: Frame, queue: deque[Frame], budget: ChatBudget) -> Frame:
    """`frame` with the text lines of its room that wait behind it in `queue` (taken out of it): one box
    of them where the room allows boxes, else joined into one chat line as far as it fits. Lines of
    other rooms are passed over; a command of the room or a global line (a PM) ends the run. A box's
    change goes as its newest change."""
    if not _joinable(frame):
        return latest_change(frame, queue)
    run: list[Frame] = []
    for later in queue:
        if not later.room:
            break
        if later.room != frame.room:
            continue
        if not _joinable(later) or len(run) + 1 >= MAX_BOX_LINES:
            break
        run.append(later)
    if not run:
        return frame
    lines = [frame.lines[0], *(later.lines[0] for later in run)]
    if budget.boxes:
        box = box_of(lines)
        if box is not None and utf16_len(box) <= MAX_BOX_LENGTH:
            for later in run:
                queue.remove(later)
            return dataclasses.replace(frame, lines=(box,))
    taken = 1
    while taken < len(lines) and message_len(join_text(lines[: taken + 1])) <= MAX_MESSAGE_LENGTH - 1:
        taken += 1
    for later in run[: taken - 1]:
        queue.remove(later)
    return dataclasses.replace(frame, lines=(join_text(lines[:taken]),))

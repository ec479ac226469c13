"""The connection's single outgoing queue: paced like the server's chat throttle, never more lines in
flight than the server takes, and every line the server dropped sent again, once, in order.

The server (server/users.ts, `User#chat`) handles one line per throttle delay (pace.py) and buffers at
most `THROTTLE_BUFFER_LIMIT - 1` = 5 more; beyond that each line is dropped with a throttle notice. The
queue sends at that pace and keeps at most 5 lines unanswered (window.py: a line is delivered when the
server's answer to it arrives), so when the network is slow the answers set the pace; a throttle
notice makes it wait until the lines in flight are answered or given up on, then resend the
unanswered ones. Frames wait in lanes (lanes.py); a room with a chat budget (flood.py) has its chat
lines joined and spaced under it.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable

from survivor_host.showdown.flood import ChatBudget, RoomBudget
from survivor_host.showdown.lanes import CONFIRM, GAME, INFO, LANES, URGENT, Frame
from survivor_host.showdown.pace import PACE_PUBLIC_BOT, PACE_REGULAR, PACE_TRUSTED, slower_pace
from survivor_host.showdown.sendworker import Sender, SendWorker
from survivor_host.showdown.text import (
    MAX_FRAME_LENGTH,
    MAX_LINES_PER_FRAME,
    MAX_MESSAGE_LENGTH,
    PM_COMMANDS,
    fit,
    one_line,
    split_text,
    target_of,
    utf16_len,
)
from survivor_host.showdown.window import SERVER_WINDOW, Echo

__all__ = [
    "CONFIRM", "GAME", "INFO", "LANES", "MAX_FRAME_LENGTH", "MAX_LINES_PER_FRAME", "MAX_MESSAGE_LENGTH",
    "PACE_PUBLIC_BOT", "PACE_REGULAR", "PACE_TRUSTED", "PM_COMMANDS", "SERVER_WINDOW", "URGENT", "ChatBudget",
    "Frame", "SendQueue", "one_line", "slower_pace", "split_text", "target_of",
]  # fmt: skip

logger = logging.getLogger(__name__)


class SendQueue(SendWorker):
    """Lanes of frames (URGENT, GAME, CONFIRM, INFO; FIFO within a lane), sent one at a time at the
    current pace, at most `window` lines unanswered.

    Call `run()` as a task; `attach(sender)` when the socket is ready and `detach()` when it is gone
    (frames wait meanwhile); `echoed(echo)` for each answer of the server (window.echo_of) and
    `notify_throttled(room)` for each throttle notice. `clock`/`sleep` are injectable for tests
    (the constructor and the sending task are sendworker.py's).
    """

    # -- pace ---------------------------------------------------------------------------------
    @property
    def pace(self) -> float:
        """Seconds per line: the login's pace, or slower after throttle notices (pace.py)."""
        return self._pace.seconds

    @property
    def in_flight(self) -> int:
        """Lines sent and not yet answered."""
        return len(self._flight)

    def set_pace(self, pace: float) -> None:
        """Send at `pace`; once `fix_pace()` was called, only a slower pace is taken (until a login)."""
        self._pace.set(pace)

    def fix_pace(self) -> None:
        """The login's pace is decided: from now on the server keeps it (users.ts decides it at login)."""
        self._pace.fixed = True

    def reset_backoff(self) -> None:
        """A new login: forget slow-downs from throttle notices, and let the pace be decided again."""
        self._pace.new_login()

    # -- connection ---------------------------------------------------------------------------
    def attach(self, sender: Sender) -> None:
        """Start sending through `sender` (one call per frame)."""
        self._sender = sender
        self._wake.set()

    @property
    def attached(self) -> bool:
        return self._sender is not None

    def note_sent(self, lines: int = 1) -> None:
        """Account for lines sent around the queue (the login `/trn`)."""
        self._next_time = self._clock() + self.interval * lines

    # -- chat budgets -------------------------------------------------------------------------
    def set_chat_budget(self, room_id: str, budget: ChatBudget | None) -> None:
        """Keep `room_id`'s chat lines within `budget` (a room bot's flood rule); None: no limit."""
        if budget is None:
            self._budgets.pop(room_id, None)
        else:
            self._budgets[room_id] = RoomBudget(budget, self._chat_times(room_id))

    def chat_budget(self, room_id: str) -> ChatBudget | None:
        """The budget `room_id`'s chat lines are kept within, if any."""
        kept = self._budgets.get(room_id)
        return kept.budget if kept is not None else None

    # -- enqueueing ---------------------------------------------------------------------------
    @property
    def pending(self) -> int:
        """Queued lines (lines waiting to be resent included)."""
        return self._waiting.lines() + len(self._resend)

    def pending_in(self, lane: int) -> int:
        """Queued lines in one lane."""
        return self._waiting.lines(lane)

    def pending_for(self, lane: int, user: str) -> int:
        """Queued lines in one lane that answer `user` (as `put` was told)."""
        return self._waiting.lines_for(lane, user)

    def put(self, room: str, line: str, *, urgent: bool = False, lane: int = GAME, user: str = "") -> bool:
        """Queue one line as-is (a command), answering `user` if given; line breaks become spaces, overlong
        lines are cut.

        False when an INFO line is not queued because the same line already waits.
        """
        line = one_line(line)
        limit = MAX_FRAME_LENGTH - len(room) - 1
        if utf16_len(line) > limit:
            logger.warning("Outgoing line of %d characters truncated", len(line))
            line = line[: fit(line, limit)]
        return self._push(room, (line,), URGENT if urgent else lane, user)

    def put_lines(self, room: str, lines: Iterable[str], *, urgent: bool = False, lane: int = GAME) -> None:
        """Queue several short lines (e.g. joins), up to MAX_LINES_PER_FRAME per frame."""
        clean = [one_line(line) for line in lines]
        for start in range(0, len(clean), MAX_LINES_PER_FRAME):
            self._push(room, tuple(clean[start : start + MAX_LINES_PER_FRAME]), URGENT if urgent else lane)

    def put_text(self, room: str, text: str, *, prefix: str = "", urgent: bool = False, lane: int = GAME) -> None:
        """Queue chat text, split so that each `prefix + chunk` fits MAX_MESSAGE_LENGTH."""
        limit = max(MAX_MESSAGE_LENGTH - utf16_len(prefix), 1)
        for chunk in split_text(text, limit):
            self._push(room, (prefix + chunk,), URGENT if urgent else lane)

    def when_sent(self, callback: Callable[[], None], *, lane: int = INFO) -> None:
        """Run `callback` once every frame of `lane` or a more urgent lane queued so far has gone out
        on a socket (with the default, every frame).

        It runs on the queue's task; it never runs while the queue is detached, so a crash before the
        lines left loses the callback (that is the point: the caller learns what really went out).
        Callbacks run in the order they were given.
        """
        if not self._has_work():
            callback()
            return
        self._waiting.add_barrier(callback, lane)
        self._idle.clear()
        self._wake.set()

    def clear(self) -> None:
        """Drop every queued frame."""
        self._waiting.clear()
        self._resend.clear()
        self._idle.set()

    @property
    def _lanes(self) -> tuple[deque[Frame], ...]:
        """The lanes' frames (for tests that look at what is queued)."""
        return self._waiting.queues

    def _push(self, room: str, lines: tuple[str, ...], lane: int, user: str = "") -> bool:
        if not self._waiting.push(room, lines, lane, user):
            return False
        self._idle.clear()
        self._wake.set()
        return True

    async def join(self) -> None:
        """Wait until every queued frame has been sent."""
        await self._idle.wait()

    # -- answers and throttle notices ---------------------------------------------------------
    def echoed(self, echo: Echo) -> str | None:
        """The server answered a line (window.echo_of): it was delivered, or refused by an `|error|`.
        Returns that line as sent, if one in flight matches."""
        entry = self._flight.answer(echo, self._clock(), recovering=self._recover_until is not None)
        if entry is None:
            return None
        self._wake.set()
        return entry.line

    def notify_throttled(self, room: str) -> None:
        """The server dropped a line (of `room`, or of a PM when ""): slow down, wait until every line in
        flight is answered or given up on, then resend the ones not answered."""
        now = self._clock()
        if self._recover_until is None:
            self._pace.slow_down()
            logger.warning("Throttled by the server (in %r); slowing to %.3f s per line", room, self.pace)
        # Long enough for the server to work through a full queue even at its slowest pace: a line
        # still unanswered after that was dropped, not slow.
        drain = self._settle + 2 * self.round_trip + (self._window + 1) * max(self.interval, PACE_REGULAR)
        self._recover_until = max(self._recover_until or now, now + drain)
        self._idle.clear()
        self._wake.set()

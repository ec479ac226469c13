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

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable

from survivor_host.showdown.flood import HISTORY, ChatBudget, RoomBudget, merged
from survivor_host.showdown.lanes import CONFIRM, GAME, INFO, LANES, URGENT, Frame, Lanes
from survivor_host.showdown.pace import PACE_PUBLIC_BOT, PACE_REGULAR, PACE_TRUSTED, Pace, slower_pace
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
from survivor_host.showdown.window import SERVER_WINDOW, Echo, Flight, counts_as_chat

__all__ = [
    "CONFIRM", "GAME", "INFO", "LANES", "MAX_FRAME_LENGTH", "MAX_LINES_PER_FRAME", "MAX_MESSAGE_LENGTH",
    "PACE_PUBLIC_BOT", "PACE_REGULAR", "PACE_TRUSTED", "PM_COMMANDS", "SERVER_WINDOW", "URGENT", "ChatBudget",
    "Frame", "SendQueue", "one_line", "slower_pace", "split_text", "target_of",
]  # fmt: skip

logger = logging.getLogger(__name__)

MAX_RESENDS = 3
"""A line dropped again and again is given up after this many resends (logged)."""

Sender = Callable[[str], Awaitable[None]]
Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


class SendQueue:
    """Lanes of frames (URGENT, GAME, CONFIRM, INFO; FIFO within a lane), sent one at a time at the
    current pace, at most `window` lines unanswered.

    Call `run()` as a task; `attach(sender)` when the socket is ready and `detach()` when it is gone
    (frames wait meanwhile); `echoed(echo)` for each answer of the server (window.echo_of) and
    `notify_throttled(room)` for each throttle notice. `clock`/`sleep` are injectable for tests.
    """

    def __init__(
        self,
        *,
        pace: float = PACE_REGULAR,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
        margin: float = 0.05,
        settle: float = 0.5,
        window: int = SERVER_WINDOW,
        answer_timeout: float = 2.0,
    ) -> None:
        self._pace = Pace(pace, margin)
        self._clock = clock
        self._sleep = sleep
        self._settle = settle
        self._window = window
        self._answer_timeout = answer_timeout
        self._waiting = Lanes()
        self._resend: deque[tuple[Frame, int]] = deque()
        self._budgets: dict[str, RoomBudget] = {}
        self._chat_sent: dict[str, deque[float]] = {}
        self._flight = Flight()
        self._recover_until: float | None = None
        self._last_room: str | None = None
        self._sender: Sender | None = None
        self._next_time = 0.0
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self.sent_frames = 0
        self.resent_lines = 0

    # -- pace ---------------------------------------------------------------------------------
    @property
    def pace(self) -> float:
        """Seconds per line: the login's pace, or slower after throttle notices (pace.py)."""
        return self._pace.seconds

    @property
    def interval(self) -> float:
        """Seconds actually waited per line (pace plus the safety margin)."""
        return self._pace.interval

    @property
    def round_trip(self) -> float:
        """The network's round trip as measured from the server's answers (0 before any)."""
        return self._flight.round_trip

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

    def detach(self) -> None:
        """Stop sending; queued frames and lines waiting to be resent stay; lines in flight are forgotten
        (the server handles no queued line of a closed connection)."""
        self._sender = None
        if len(self._flight):
            logger.info("Connection gone with %d line(s) unanswered", len(self._flight))
        self._flight.clear()
        self._recover_until = None

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

    def _chat_times(self, room: str) -> deque[float]:
        return self._chat_sent.setdefault(room, deque(maxlen=HISTORY))

    # -- enqueueing ---------------------------------------------------------------------------
    @property
    def pending(self) -> int:
        """Queued lines (lines waiting to be resent included)."""
        return self._waiting.lines() + len(self._resend)

    def pending_in(self, lane: int) -> int:
        """Queued lines in one lane."""
        return self._waiting.lines(lane)

    def put(self, room: str, line: str, *, urgent: bool = False, lane: int = GAME) -> bool:
        """Queue one line as-is (a command); line breaks become spaces, overlong lines are cut.

        False when an INFO line is not queued because the same line already waits.
        """
        line = one_line(line)
        limit = MAX_FRAME_LENGTH - len(room) - 1
        if utf16_len(line) > limit:
            logger.warning("Outgoing line of %d characters truncated", len(line))
            line = line[: fit(line, limit)]
        return self._push(room, (line,), URGENT if urgent else lane)

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

    def _push(self, room: str, lines: tuple[str, ...], lane: int) -> bool:
        if not self._waiting.push(room, lines, lane):
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

    def _recover(self, now: float) -> bool:
        """While recovering from a notice: True until settled; then queue the dropped lines first."""
        if self._recover_until is None:
            return False
        if not self._flight.settled(now, self._recover_until):
            return True
        self._recover_until = None
        dropped = self._flight.take_dropped()
        for entry in reversed(dropped):
            if entry.resends >= MAX_RESENDS:
                logger.error("Giving up a line the server dropped %d times: %s", entry.resends + 1, entry.line[:80])
                continue
            self._resend.appendleft((Frame(entry.room, (entry.line,), -1, entry.resends + 1), entry.lane))
        if dropped:
            logger.info("Resending %d line(s) the server dropped", len(dropped))
        return False

    # -- worker -------------------------------------------------------------------------------
    def _has_work(self) -> bool:
        waiting = self._waiting
        return bool(waiting or waiting.barriers or self._resend or self._recover_until is not None)

    async def _pause(self, seconds: float) -> None:
        """Sleep up to `seconds`, or less if an answer, a notice or a new frame comes."""
        self._wake.clear()
        sleeper = asyncio.ensure_future(self._sleep(max(seconds, 0.0)))
        waker = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sleeper, waker):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def run(self) -> None:
        """Send frames forever; cancel the task to stop."""
        while True:
            while self._sender is None or not self._has_work():
                if not self._has_work():
                    self._idle.set()
                self._wake.clear()
                await self._wake.wait()
            if self._run_barriers():
                continue
            now = self._clock()
            if self._recover(now):
                await self._pause(self._recover_until - now if self._recover_until else 0.0)
                continue
            for late in self._flight.expire(now):
                logger.debug("No answer to %r in time; taking it as handled", late.line[:80])
            wait = self._next_time - now
            if wait > 0:
                await self._pause(wait)
                continue
            choice = self._choose(now)
            if isinstance(choice, float):
                await self._pause(choice - now)
                continue
            if choice is not None:
                await self._send(self._sender, *choice)

    def _run_barriers(self) -> bool:
        ran = self._waiting.run_barriers()
        if ran and not self._has_work():
            self._idle.set()
        return ran

    def _ready_at(self, frame: Frame) -> float:
        """When `frame` may leave: the window's room for its lines, and its room's chat budget."""
        if len(self._flight) + len(frame.lines) > self._window:
            deadline = self._flight.next_deadline()
            return deadline if deadline is not None else self._clock() + self.interval
        budget = self._budgets.get(frame.room)
        chat = sum(1 for line in frame.lines if counts_as_chat(frame.room, line))
        return budget.ready_at(chat) if budget is not None and chat else float("-inf")

    def _choose(self, now: float) -> tuple[Frame, int] | float | None:
        """The next frame to send and its lane, or the time to wait until one may leave. A room held by
        its chat budget lets other rooms' lines of the same lane pass; nothing else goes ahead."""
        if self._resend:
            frame, lane = self._resend[0]
            ready = self._ready_at(frame)
            if ready > now:
                return ready
            self._resend.popleft()
            return frame, lane
        for lane, queue in enumerate(self._waiting.queues):
            if not queue:
                continue
            held: dict[str, float] = {}
            for frame in self._waiting.candidates(lane, self._last_room):
                if frame.room in held:
                    continue
                if not frame.room and held:
                    break  # global commands (joins, PMs) keep their place behind a held room
                ready = self._ready_at(frame)
                if ready > now:
                    if len(self._flight) + len(frame.lines) > self._window:
                        return ready
                    held[frame.room] = ready
                    continue
                queue.remove(frame)
                budget = self._budgets.get(frame.room)
                if budget is not None:
                    frame = merged(frame, queue, budget.budget)
                return frame, lane
            return min(held.values()) if held else None
        return None

    async def _send(self, sender: Sender, frame: Frame, lane: int) -> None:
        now = self._clock()
        # The server may be slower than the pace believed (never slower than PACE_REGULAR).
        ahead = len(self._flight) + len(frame.lines)
        timeout = self._answer_timeout + 2 * self.round_trip + ahead * max(self.interval, PACE_REGULAR)
        for line in frame.lines:  # in flight before the send: an answer may come at once
            self._flight.add(frame.room, line, lane, now, timeout, frame.resends)
        try:
            await sender(frame.encode())
        except Exception as exc:  # the socket went away: keep the frame and wait for a new one
            logger.warning("Send failed (%s); pausing the queue", exc)
            self._flight.drop_last(len(frame.lines))
            if frame.resends:
                self._resend.appendleft((frame, lane))
            else:
                self._waiting.put_back(frame, lane)
            if self._sender is sender:
                self.detach()
            return
        self.sent_frames += 1
        self.resent_lines += len(frame.lines) if frame.resends else 0
        self._last_room = frame.room
        for line in frame.lines:
            if frame.room and counts_as_chat(frame.room, line):
                self._chat_times(frame.room).append(now)
        self._next_time = now + self.interval * len(frame.lines)
        self._run_barriers()
        if not self._has_work():
            self._idle.set()

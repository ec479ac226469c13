"""The send queue's worker: the state it sends from, which frame leaves next, sending it, and
resending what a throttle notice dropped (the queue's public face is sendqueue.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable

from survivor_host.showdown.flood import HISTORY, RoomBudget, merged
from survivor_host.showdown.lanes import Frame, Lanes
from survivor_host.showdown.pace import PACE_REGULAR, Pace
from survivor_host.showdown.window import SERVER_WINDOW, Flight, counts_as_chat

# One log for the whole queue, its worker included.
logger = logging.getLogger("survivor_host.showdown.sendqueue")

MAX_RESENDS = 3
"""A line dropped again and again is given up after this many resends (logged)."""

Sender = Callable[[str], Awaitable[None]]
Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


class SendWorker:
    """The queue's state and its sending task; `SendQueue` adds the calls that feed and steer it."""

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

    @property
    def interval(self) -> float:
        """Seconds actually waited per line (pace plus the safety margin)."""
        return self._pace.interval

    @property
    def round_trip(self) -> float:
        """The network's round trip as measured from the server's answers (0 before any)."""
        return self._flight.round_trip

    def detach(self) -> None:
        """Stop sending; queued frames and lines waiting to be resent stay; lines in flight are forgotten
        (the server handles no queued line of a closed connection)."""
        self._sender = None
        if len(self._flight):
            logger.info("Connection gone with %d line(s) unanswered", len(self._flight))
        self._flight.clear()
        self._recover_until = None

    def _chat_times(self, room: str) -> deque[float]:
        return self._chat_sent.setdefault(room, deque(maxlen=HISTORY))

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

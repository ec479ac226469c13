"""The connection's single outgoing queue, paced like the server's chat throttle.

The server (server/users.ts, `User#chat`) handles one line per `THROTTLE_DELAY` and buffers at most
`THROTTLE_BUFFER_LIMIT - 1` = 5 more; beyond that each line is dropped with a throttle notice. The delay
is chosen when the user logs in: 25 ms if `isPublicBot` (global `*`, or `*` in a persistent public
room), else 100 ms if `trusted` (any global rank, or `*`/`%`/`@`/`#`/`~` in a persistent public room),
else 600 ms. The queue sends at that pace (plus a small margin) so nothing is ever dropped, and if a
notice still arrives it slows down and resends the dropped lines.

Frames wait in lanes, each sent only when the lanes before it are empty: URGENT (login, joins,
resends), GAME (the game's events, prompts, reminders), CONFIRM (answers to a player's own action),
INFO (replies to information commands; an identical INFO line already queued is not queued again).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

logger = logging.getLogger(__name__)

PACE_REGULAR = 0.6
PACE_TRUSTED = 0.1
PACE_PUBLIC_BOT = 0.025
PACE_MAX = 2.0
MAX_MESSAGE_LENGTH = 1000
"""chat.ts MAX_MESSAGE_LENGTH: longer chat messages are refused."""
MAX_LINES_PER_FRAME = 3
"""users.ts THROTTLE_MULTILINE_WARN: a frame with more lines is refused (6 for staff)."""
MAX_FRAME_LENGTH = 100 * 1024
"""sockets.ts drops any client message longer than this."""
SERVER_BUFFER = 5
"""Lines the server queues behind the one it is handling before it drops more."""

URGENT, GAME, CONFIRM, INFO = 0, 1, 2, 3
"""Lanes, most urgent first."""
LANES = (URGENT, GAME, CONFIRM, INFO)

Sender = Callable[[str], Awaitable[None]]
Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


def one_line(text: str) -> str:
    """Collapse line breaks to spaces: a newline would start a new protocol line."""
    return " ".join(text.splitlines()) if ("\n" in text or "\r" in text) else text


def split_text(text: str, limit: int = MAX_MESSAGE_LENGTH) -> list[str]:
    """Split `text` into lines of at most `limit` characters, at line breaks and then at spaces.

    A single word longer than `limit` is cut. Blank lines are dropped.
    """
    if limit < 1:
        raise ValueError("limit must be positive")
    chunks: list[str] = []
    for paragraph in text.splitlines():
        rest = paragraph.strip()
        while len(rest) > limit:
            cut = rest.rfind(" ", 0, limit + 1)
            if cut <= 0:
                chunks.append(rest[:limit])
                rest = rest[limit:].lstrip()
            else:
                chunks.append(rest[:cut].rstrip())
                rest = rest[cut + 1 :].lstrip()
        if rest:
            chunks.append(rest)
    return chunks


PM_COMMANDS = ("/msg ", "/pmuhtml ", "/pmuhtmlchange ")


def target_of(line: str) -> str:
    """The user id a `/msg USER, ...` or `/pmuhtml USER, ...` line is for ("" for other lines)."""
    for command in PM_COMMANDS:
        if line.startswith(command):
            return "".join(c for c in line[len(command) :].split(",", 1)[0].lower() if c.isascii() and c.isalnum())
    return ""


def slower_pace(pace: float) -> float:
    """The next, more careful pace after a throttle notice."""
    if pace < PACE_TRUSTED:
        return PACE_TRUSTED
    if pace < PACE_REGULAR:
        return PACE_REGULAR
    return min(pace * 1.5, PACE_MAX)


@dataclass(frozen=True)
class Frame:
    """One websocket message: `ROOM|LINE1\\nLINE2...`; `seq` orders it against barriers."""

    room: str
    lines: tuple[str, ...]
    seq: int = -1

    def encode(self) -> str:
        return f"{self.room}|" + "\n".join(self.lines)


@dataclass(frozen=True)
class _Barrier:
    """Not a frame: a callback run once every frame of lane `lane` or a more urgent one queued before
    it (`seq` lower) has been sent."""

    callback: Callable[[], None]
    seq: int
    lane: int


@dataclass(frozen=True)
class _Sent:
    time: float
    room: str
    line: str


class SendQueue:
    """Lanes of frames (URGENT, GAME, CONFIRM, INFO; FIFO within a lane), sent one at a time at the
    current pace.

    Call `run()` as a task; `attach(sender)` when the socket is ready and `detach()` when it is gone
    (frames wait meanwhile). `clock`/`sleep` are injectable for tests.
    """

    def __init__(
        self,
        *,
        pace: float = PACE_REGULAR,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
        margin: float = 0.05,
        settle: float = 0.5,
        recent_window: float = 10.0,
    ) -> None:
        self._requested = pace
        self._floor = 0.0
        self._clock = clock
        self._sleep = sleep
        self._margin = margin
        self._settle = settle
        self._recent_window = recent_window
        self._lanes: tuple[deque[Frame], ...] = tuple(deque() for _ in LANES)
        self._barriers: deque[_Barrier] = deque()
        self._seq = 0
        self._last_room: str | None = None
        self._sender: Sender | None = None
        self._next_time = 0.0
        self._hold_until = 0.0
        self._notices: Counter[str] = Counter()
        self._recent: deque[_Sent] = deque(maxlen=64)
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self.sent_frames = 0

    # -- pace ---------------------------------------------------------------------------------
    @property
    def pace(self) -> float:
        """Seconds per line: the requested pace, or slower after throttle notices."""
        return max(self._requested, self._floor)

    @property
    def interval(self) -> float:
        """Seconds actually waited per line (pace plus the safety margin)."""
        return self.pace * (1.0 + self._margin)

    def set_pace(self, pace: float) -> None:
        self._requested = pace

    def reset_backoff(self) -> None:
        """Forget slow-downs from throttle notices (e.g. after a new login)."""
        self._floor = 0.0

    # -- connection ---------------------------------------------------------------------------
    def attach(self, sender: Sender) -> None:
        """Start sending through `sender` (one call per frame)."""
        self._sender = sender
        self._wake.set()

    def detach(self) -> None:
        """Stop sending; queued frames stay. Throttle bookkeeping of the old socket is dropped."""
        self._sender = None
        self._notices.clear()
        self._recent.clear()
        self._hold_until = 0.0

    @property
    def attached(self) -> bool:
        return self._sender is not None

    def note_sent(self, lines: int = 1) -> None:
        """Account for lines sent around the queue (the login `/trn`)."""
        self._next_time = self._clock() + self.interval * lines

    # -- enqueueing ---------------------------------------------------------------------------
    @property
    def pending(self) -> int:
        """Queued lines."""
        return sum(len(f.lines) for lane in self._lanes for f in lane)

    def pending_in(self, lane: int) -> int:
        """Queued lines in one lane."""
        return sum(len(f.lines) for f in self._lanes[lane])

    def put(self, room: str, line: str, *, urgent: bool = False, lane: int = GAME) -> bool:
        """Queue one line as-is (a command); line breaks become spaces, overlong lines are cut.

        False when an INFO line is not queued because the same line already waits.
        """
        line = one_line(line)
        limit = MAX_FRAME_LENGTH - len(room) - 1
        if len(line) > limit:
            logger.warning("Outgoing line of %d characters truncated", len(line))
            line = line[:limit]
        return self._push(room, (line,), URGENT if urgent else lane)

    def put_lines(self, room: str, lines: Iterable[str], *, urgent: bool = False, lane: int = GAME) -> None:
        """Queue several short lines (e.g. joins), up to MAX_LINES_PER_FRAME per frame."""
        clean = [one_line(line) for line in lines]
        for start in range(0, len(clean), MAX_LINES_PER_FRAME):
            self._push(room, tuple(clean[start : start + MAX_LINES_PER_FRAME]), URGENT if urgent else lane)

    def put_text(self, room: str, text: str, *, prefix: str = "", urgent: bool = False, lane: int = GAME) -> None:
        """Queue chat text, split so that each `prefix + chunk` fits MAX_MESSAGE_LENGTH."""
        limit = max(MAX_MESSAGE_LENGTH - len(prefix), 1)
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
        self._barriers.append(_Barrier(callback, self._next_seq(), lane))
        self._idle.clear()
        self._wake.set()

    def clear(self) -> None:
        """Drop every queued frame."""
        for lane in self._lanes:
            lane.clear()
        self._barriers.clear()
        self._idle.set()

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def _push(self, room: str, lines: tuple[str, ...], lane: int) -> bool:
        if lane == INFO and any(f.room == room and f.lines == lines for f in self._lanes[INFO]):
            logger.debug("Dropped a reply already queued: %s", lines[0][:80])
            return False
        if lane == GAME and self._lanes[CONFIRM]:
            self._promote_confirmations(target_of(lines[0]))
        self._lanes[lane].append(Frame(room, lines, self._next_seq()))
        self._idle.clear()
        self._wake.set()
        return True

    def _promote_confirmations(self, user: str) -> None:
        """A player's confirmations go before a game line to the same player (a confirmation of the last
        round must not arrive after the next round's prompt)."""
        if not user:
            return
        moving = [f for f in self._lanes[CONFIRM] if target_of(f.lines[0]) == user]
        for frame in moving:
            self._lanes[CONFIRM].remove(frame)
            self._lanes[GAME].append(frame)

    async def join(self) -> None:
        """Wait until every queued frame has been sent."""
        await self._idle.wait()

    # -- throttle -----------------------------------------------------------------------------
    def notify_throttled(self, room: str) -> None:
        """The server dropped a line sent to `room`: slow down, wait for its buffer, then resend."""
        if not self._notices:
            self._floor = slower_pace(self.pace)
            logger.warning("Throttled by the server; slowing to %.3f s per line", self.pace)
        self._notices[room] += 1
        drain = self._settle + (SERVER_BUFFER + 1) * self.interval
        self._hold_until = max(self._hold_until, self._clock() + drain)
        self._idle.clear()
        self._wake.set()

    def _requeue_dropped(self) -> None:
        """Put the most recent lines of the notified rooms back at the front, in their order."""
        wanted = self._notices
        horizon = self._clock() - self._recent_window
        dropped: list[_Sent] = []
        for sent in reversed(self._recent):
            if sent.time < horizon:
                break
            if wanted[sent.room] > 0:
                wanted[sent.room] -= 1
                dropped.append(sent)
        self._notices = Counter()
        for sent in dropped:
            self._recent.remove(sent)
        for sent in dropped:  # newest first, so appendleft restores the original order
            self._lanes[URGENT].appendleft(Frame(sent.room, (sent.line,)))
        if dropped:
            logger.info("Resending %d throttled line(s)", len(dropped))

    # -- worker -------------------------------------------------------------------------------
    def _has_work(self) -> bool:
        return bool(any(self._lanes) or self._barriers or self._notices)

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
            wait = max(self._next_time, self._hold_until) - self._clock()
            if wait > 0:
                await self._sleep(wait)
                continue
            if self._notices:
                self._requeue_dropped()
                continue
            await self._send_next(self._sender)

    def _barrier_ready(self, barrier: _Barrier) -> bool:
        # Not just each lane's head: promoted confirmations and resent lines sit out of order.
        return all(frame.seq > barrier.seq for lane in self._lanes[: barrier.lane + 1] for frame in lane)

    def _run_barriers(self) -> bool:
        """Run the callbacks whose frames have all gone out (in order); True if any ran."""
        ran = False
        while self._barriers and self._barrier_ready(self._barriers[0]):
            barrier = self._barriers.popleft()
            ran = True
            try:
                barrier.callback()
            except Exception:
                logger.exception("when_sent callback failed")
        if ran and not self._has_work():
            self._idle.set()
        return ran

    def _pick(self, queue: deque[Frame], lane: int) -> Frame:
        """The next frame of a lane. In the GAME lane rooms take turns (each room's own lines keep their
        order), so one room's burst does not hold back another room's result."""
        frame = queue[0]
        if lane == GAME and frame.room and frame.room == self._last_room:
            for later in queue:
                if not later.room:
                    break  # global commands (joins, PMs) keep their place relative to room lines
                if later.room != self._last_room:
                    frame = later
                    break
        queue.remove(frame)
        return frame

    async def _send_next(self, sender: Sender) -> None:
        lane = next((n for n, queue in enumerate(self._lanes) if queue), None)
        if lane is None:
            return
        queue = self._lanes[lane]
        frame = self._pick(queue, lane)
        try:
            await sender(frame.encode())
        except Exception as exc:  # the socket went away: keep the frame and wait for a new one
            logger.warning("Send failed (%s); pausing the queue", exc)
            queue.appendleft(frame)
            queue_sorted = sorted(queue, key=lambda f: f.seq)
            queue.clear()
            queue.extend(queue_sorted)
            if self._sender is sender:
                self.detach()
            return
        self.sent_frames += 1
        self._last_room = frame.room
        now = self._clock()
        for line in frame.lines:
            self._recent.append(_Sent(now, frame.room, line))
        self._next_time = now + self.interval * len(frame.lines)
        self._run_barriers()
        if not self._has_work():
            self._idle.set()

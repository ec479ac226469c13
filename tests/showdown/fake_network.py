"""A fake clock with scheduled events, and a model of the server's chat throttle behind a slow network.

`ThrottledServer` follows server/users.ts `User#chat` line by line: the first line after a quiet
`delay` is handled at once, later ones wait in a queue of at most 5, and a line arriving when 5 wait is
dropped with a notice (and the rest of its frame with it). Lines reach it `one_way` seconds after they
are sent; its answers (window.expected_echo's shape) and notices reach the queue `one_way` later.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from survivor_host.showdown.sendqueue import SendQueue
from survivor_host.showdown.window import expected_echo

BUFFER_LIMIT = 6  # users.ts THROTTLE_BUFFER_LIMIT


class EventClock:
    """Time that moves only when the code under test sleeps; events scheduled with `at` happen on the
    way, and a sleep ends early at the first one (as a sleep woken by an answer would)."""

    def __init__(self) -> None:
        self.now = 0.0
        self._events: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        return self.now

    def at(self, when: float, callback: Callable[[], None]) -> None:
        heapq.heappush(self._events, (when, next(self._order), callback))

    async def sleep(self, seconds: float) -> None:
        target = self.now + seconds
        if self._events and self._events[0][0] <= target:
            when, _, callback = heapq.heappop(self._events)
            self.now = max(self.now, when)
            callback()
        else:
            self.now = target
        await asyncio.sleep(0)

    def run_events(self) -> None:
        """Let every scheduled event happen (the end of a test)."""
        while self._events:
            when, _, callback = heapq.heappop(self._events)
            self.now = max(self.now, when)
            callback()


@dataclass
class ThrottledServer:
    clock: EventClock
    delay: float
    one_way: float = 0.0
    queue: SendQueue | None = None
    drop: set[str] = field(default_factory=set)
    """Lines dropped as if the server's queue were full when they came (a notice is sent)."""
    handled: list[tuple[float, str, str]] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    notices: list[tuple[float, str]] = field(default_factory=list)
    waiting: list[tuple[str, str]] = field(default_factory=list)
    last: float = -1e9
    timer: bool = False

    async def receive(self, frame: str) -> None:
        self.clock.at(self.clock.now + self.one_way, lambda: self._arrive(frame))

    def _arrive(self, frame: str) -> None:
        room, _, text = frame.partition("|")
        for line in text.split("\n"):
            if not self._chat(room, line):
                break  # users.ts: the rest of a frame goes with a dropped line

    def _chat(self, room: str, line: str) -> bool:
        now = self.clock.now
        if line in self.drop or (self.timer and len(self.waiting) >= BUFFER_LIMIT - 1):
            self.drop.discard(line)
            self.dropped.append(line)
            self._answer(lambda q: q.notify_throttled(room))
            self.notices.append((now, room))
            return False
        if self.timer:
            self.waiting.append((room, line))
        elif now < self.last + self.delay:
            self.waiting = [(room, line)]
            self.timer = True
            self.clock.at(self.last + self.delay, self._next)
        else:
            self._handle(room, line)
        return True

    def _next(self) -> None:
        room, line = self.waiting.pop(0)
        self._handle(room, line)
        if self.waiting:
            self.clock.at(self.clock.now + self.delay, self._next)
        else:
            self.timer = False

    def _handle(self, room: str, line: str) -> None:
        self.last = self.clock.now
        self.handled.append((self.clock.now, room, line))
        echo = expected_echo(room, line)
        if echo is not None:
            self._answer(lambda q: q.echoed(echo))

    def _answer(self, deliver: Callable[[SendQueue], None]) -> None:
        queue = self.queue
        assert queue is not None
        self.clock.at(self.clock.now + self.one_way, lambda: deliver(queue))

    def handled_lines(self, room: str | None = None) -> list[str]:
        return [line for _, r, line in self.handled if room is None or r == room]


def run_through(
    server: ThrottledServer, queue: SendQueue, feed: Callable[[SendQueue], None], timeout: float = 5.0
) -> None:
    """Attach `queue` to `server`, `feed` it, and run until everything is sent and answered."""

    async def main() -> None:
        server.queue = queue
        queue.attach(server.receive)
        worker = asyncio.create_task(queue.run())
        try:
            feed(queue)
            for _ in range(10_000):
                await asyncio.wait_for(queue.join(), timeout)
                await server.clock.sleep(1.0)
                if queue.pending == 0 and not queue._has_work() and not server.timer and not server.clock._events:
                    break
        finally:
            worker.cancel()

    asyncio.run(main())

"""The outgoing queue: pacing with a fake clock, line splitting, throttle back-off."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable

import pytest
from fake_network import EventClock, ThrottledServer, run_through

from survivor_host.showdown.sendqueue import (
    MAX_FRAME_LENGTH,
    MAX_MESSAGE_LENGTH,
    PACE_PUBLIC_BOT,
    PACE_REGULAR,
    PACE_TRUSTED,
    SendQueue,
    slower_pace,
    split_text,
)
from survivor_host.showdown.window import expected_echo


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


Scenario = Callable[[SendQueue, FakeClock, list[tuple[float, str]]], Awaitable[None]]


def run_queue(scenario: Scenario, *, pace: float = PACE_REGULAR, margin: float = 0.0) -> list[tuple[float, str]]:
    """Run `scenario` with a queue attached to a recording sender; return (time, frame) pairs."""
    clock = FakeClock()
    sent: list[tuple[float, str]] = []

    async def main() -> None:
        queue = SendQueue(pace=pace, clock=clock, sleep=clock.sleep, margin=margin)

        async def sender(frame: str) -> None:  # a server on loopback: each line answered at once
            sent.append((clock(), frame))
            room, _, text = frame.partition("|")
            for line in text.split("\n"):
                echo = expected_echo(room, line)
                if echo is not None:
                    queue.echoed(echo)

        queue.attach(sender)
        worker = asyncio.create_task(queue.run())
        try:
            await asyncio.wait_for(scenario(queue, clock, sent), timeout=5)
        finally:
            worker.cancel()

    asyncio.run(main())
    return sent


def gaps(sent: list[tuple[float, str]]) -> list[float]:
    return [round(b[0] - a[0], 6) for a, b in itertools.pairwise(sent)]


@pytest.mark.parametrize("pace", [PACE_REGULAR, PACE_TRUSTED, PACE_PUBLIC_BOT])
def test_lines_are_paced(pace: float) -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        for n in range(6):
            queue.put("survivor", f"line {n}")
        await queue.join()

    sent = run_queue(scenario, pace=pace)
    assert [frame for _, frame in sent] == [f"survivor|line {n}" for n in range(6)]
    assert sent[0][0] == 0.0
    assert gaps(sent) == [pace] * 5


def test_margin_makes_it_a_little_slower() -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.put("r", "a")
        queue.put("r", "b")
        await queue.join()
        assert queue.interval == pytest.approx(0.63)

    sent = run_queue(scenario, pace=0.6, margin=0.05)
    assert gaps(sent) == [0.63]


def test_idle_queue_sends_at_once_after_a_pause() -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.put("r", "a")
        await queue.join()
        clock.now += 5.0
        queue.put("r", "b")
        await queue.join()

    sent = run_queue(scenario)
    assert [t for t, _ in sent] == [0.0, 5.0]


def test_pace_change_applies_to_next_line() -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.put("r", "a")
        await queue.join()
        queue.set_pace(PACE_PUBLIC_BOT)
        clock.now += 1.0
        for n in range(3):
            queue.put("r", str(n))
        await queue.join()

    sent = run_queue(scenario)
    assert gaps(sent)[1:] == [0.025, 0.025]


def test_order_preserved_and_urgent_first() -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.put("r", "first")  # goes out at once
        await asyncio.sleep(0)
        queue.put("r", "n1")
        queue.put("r", "n2")
        queue.put("", "/join a", urgent=True)
        queue.put("", "/join b", urgent=True)
        await queue.join()

    sent = run_queue(scenario)
    assert [frame for _, frame in sent] == ["r|first", "|/join a", "|/join b", "r|n1", "r|n2"]


def test_put_lines_batches_three_per_frame_and_waits_per_line() -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.put_lines("", [f"/join room{n}" for n in range(5)])
        queue.put("r", "after")
        await queue.join()

    sent = run_queue(scenario)
    assert [frame for _, frame in sent] == [
        "|/join room0\n/join room1\n/join room2",
        "|/join room3\n/join room4",
        "r|after",
    ]
    assert gaps(sent) == [pytest.approx(1.8), pytest.approx(1.2)]


def test_put_collapses_newlines_and_truncates() -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.put("r", "/addhtmlbox <b>a</b>\n<i>b</i>")
        queue.put("r", "/addhtmlbox " + "x" * MAX_FRAME_LENGTH)
        await queue.join()

    sent = run_queue(scenario)
    assert sent[0][1] == "r|/addhtmlbox <b>a</b> <i>b</i>"
    assert len(sent[1][1]) == MAX_FRAME_LENGTH
    assert "\n" not in sent[1][1]


def test_put_text_splits_long_messages() -> None:
    words = " ".join(f"word{n}" for n in range(400))

    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.put_text("", words, prefix="/msg someone, ")
        await queue.join()

    sent = run_queue(scenario)
    assert len(sent) > 1
    bodies = []
    for _, frame in sent:
        line = frame[1:]
        assert line.startswith("/msg someone, ")
        assert len(line) <= MAX_MESSAGE_LENGTH
        bodies.append(line.removeprefix("/msg someone, "))
    assert " ".join(bodies) == words


def test_split_text() -> None:
    assert split_text("short") == ["short"]
    assert split_text("a\nb\n\n  c  ") == ["a", "b", "c"]
    assert split_text("aaa bbb ccc", 7) == ["aaa bbb", "ccc"]
    assert split_text("x" * 25, 10) == ["x" * 10, "x" * 10, "x" * 5]
    assert split_text("ab " + "y" * 12, 10) == ["ab", "y" * 10, "yy"]
    assert split_text("") == []
    text = " ".join(["lorem"] * 500)
    chunks = split_text(text)
    assert all(len(c) <= MAX_MESSAGE_LENGTH for c in chunks)
    assert " ".join(chunks) == text
    with pytest.raises(ValueError):
        split_text("a", 0)


def test_slower_pace_levels() -> None:
    assert slower_pace(PACE_PUBLIC_BOT) == PACE_TRUSTED
    assert slower_pace(PACE_TRUSTED) == PACE_REGULAR
    assert slower_pace(PACE_REGULAR) == pytest.approx(0.9)
    assert slower_pace(1.9) == 2.0


def test_note_sent_delays_the_next_line() -> None:
    async def scenario(queue: SendQueue, clock: FakeClock, sent: list[tuple[float, str]]) -> None:
        queue.note_sent()
        queue.put("", "/join r")
        await queue.join()

    sent = run_queue(scenario)
    assert sent[0][0] == pytest.approx(0.6)


def test_throttle_notice_slows_down_and_resends_in_order() -> None:
    clock = EventClock()
    server = ThrottledServer(clock, PACE_PUBLIC_BOT, one_way=0.01)
    lines = [f"line {n}" for n in range(15)]
    server.drop.update({"line 4", "line 5"})
    queue = SendQueue(pace=PACE_PUBLIC_BOT, clock=clock, sleep=clock.sleep, margin=0.0)
    run_through(server, queue, lambda q: [q.put("survivor", line) for line in lines])
    assert server.dropped == ["line 4", "line 5"]
    assert queue.pace >= PACE_TRUSTED
    handled = server.handled_lines()
    assert sorted(handled, key=lines.index) == lines
    resent = [line for line in handled if line in ("line 4", "line 5")]
    assert resent == ["line 4", "line 5"]  # the resent lines keep their order


def test_right_pace_never_throttles() -> None:
    clock = EventClock()
    server = ThrottledServer(clock, PACE_REGULAR, one_way=0.05)
    lines = [f"line {n}" for n in range(12)]
    queue = SendQueue(pace=PACE_REGULAR, clock=clock, sleep=clock.sleep)

    def feed(q: SendQueue) -> None:
        q.put_lines("", ["/join a", "/join b", "/join c"])
        for line in lines:
            q.put("survivor", line)

    run_through(server, queue, feed, timeout=30)
    assert server.dropped == []
    assert len(server.handled) == 15
    handled_times = [t for t, _, _ in server.handled]
    assert all(b - a >= PACE_REGULAR - 1e-9 for a, b in itertools.pairwise(handled_times))


def test_failed_send_keeps_the_frame_until_reattached() -> None:
    clock = FakeClock()
    sent: list[str] = []

    async def main() -> None:
        queue = SendQueue(clock=clock, sleep=clock.sleep)

        async def broken(frame: str) -> None:
            raise ConnectionError("gone")

        async def working(frame: str) -> None:
            sent.append(frame)

        queue.attach(broken)
        worker = asyncio.create_task(queue.run())
        queue.put("r", "a")
        queue.put("r", "b")
        for _ in range(5):
            await asyncio.sleep(0)
        assert not queue.attached
        assert queue.pending == 2
        queue.attach(working)
        await asyncio.wait_for(queue.join(), timeout=5)
        worker.cancel()

    asyncio.run(main())
    assert sent == ["r|a", "r|b"]


def test_clear_and_pending() -> None:
    async def main() -> None:
        queue = SendQueue()
        queue.put("r", "a")
        queue.put_lines("", ["x", "y"])
        assert queue.pending == 3
        queue.clear()
        assert queue.pending == 0
        await asyncio.wait_for(queue.join(), timeout=1)

    asyncio.run(main())

"""`SendQueue.when_sent`: a callback that runs once the lines queued before it have really gone out."""

from __future__ import annotations

import asyncio

from survivor_host.showdown.sendqueue import PACE_REGULAR, SendQueue


def test_callback_runs_after_the_lines_before_it_not_before() -> None:
    events: list[str] = []

    async def main() -> None:
        queue = SendQueue(pace=0.0, margin=0.0)

        async def sender(frame: str) -> None:
            events.append(frame)

        worker = asyncio.create_task(queue.run())
        try:
            queue.put("survivor", "one")
            queue.put("survivor", "two")
            queue.when_sent(lambda: events.append("SENT"))
            queue.put("survivor", "three")
            await asyncio.sleep(0.05)
            assert events == []  # detached: nothing went out, so the callback waits too
            assert queue.pending == 3
            queue.attach(sender)
            await asyncio.wait_for(queue.join(), 2)
        finally:
            worker.cancel()

    asyncio.run(main())
    assert events == ["survivor|one", "survivor|two", "SENT", "survivor|three"]


def test_callback_with_nothing_queued_runs_at_once() -> None:
    queue = SendQueue(pace=PACE_REGULAR)
    ran: list[int] = []
    queue.when_sent(lambda: ran.append(1))
    assert ran == [1]


def test_urgent_lines_queued_before_it_also_go_first() -> None:
    events: list[str] = []

    async def main() -> None:
        queue = SendQueue(pace=0.0, margin=0.0)

        async def sender(frame: str) -> None:
            events.append(frame)

        queue.put("", "/join survivor", urgent=True)
        queue.when_sent(lambda: events.append("SENT"))
        queue.attach(sender)
        worker = asyncio.create_task(queue.run())
        try:
            await asyncio.wait_for(queue.join(), 2)
        finally:
            worker.cancel()

    asyncio.run(main())
    assert events == ["|/join survivor", "SENT"]

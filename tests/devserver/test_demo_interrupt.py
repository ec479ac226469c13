"""Ctrl-C stops the demo with 130 even when a part of the run swallows the first cancellation."""

from __future__ import annotations

import asyncio
import io
import os
import signal
from pathlib import Path

import pytest

from survivor_host.devserver import demo
from survivor_host.devserver.demo_setup import BOT_NAME, ROOM, DemoSetup
from survivor_host.devserver.story import Story


class SwallowingDemo:
    """A run that eats one cancellation (as a careless `suppress(CancelledError)` would), then waits on."""

    swallowed = 0
    closed = False

    def __init__(self, *args: object) -> None:
        self.record = None
        self.seed = "s"

    async def run(self) -> int:
        asyncio.get_running_loop().call_later(0.05, os.kill, os.getpid(), signal.SIGINT)
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            type(self).swallowed += 1
        await asyncio.sleep(30)  # the signal handler cancels again
        return 0

    async def close(self) -> None:
        type(self).closed = True


def test_a_swallowed_cancellation_still_ends_as_an_interruption(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(demo, "Demo", SwallowingDemo)
    with pytest.raises(asyncio.CancelledError):
        story = Story(io.StringIO(), ROOM, BOT_NAME)
        asyncio.run(asyncio.wait_for(demo._main(DemoSetup(), tmp_path, story), 10))
    assert SwallowingDemo.swallowed == 1
    assert SwallowingDemo.closed
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler

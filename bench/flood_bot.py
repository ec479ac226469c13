"""The bot (`survivor-host serve ...`) with two meters for bench/flood.py: a task that measures how late
the event loop wakes it (the loop's stalls), and the time the bot takes to handle each message.

Both are written as JSON to the file named by $FLOOD_STATS about once a second, each with its wall
time, so the bench can keep those of its flood's window:
    {"lags": [[time, seconds, cpu], ...], "handled": [[time, seconds, cpu, line], ...]}
`cpu` is the loop thread's own CPU time in that span (time.thread_time): on a busy machine the wall
time also counts the moments the process waited for a core. Only spans over `KEPT_OVER` are kept.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from survivor_host.bot import bot as bot_module
from survivor_host.cli import main

STATS = Path(os.environ["FLOOD_STATS"])
TICK = 0.005
"""The probe's sleep: it wakes this late plus the loop's stall."""
KEPT_OVER = 0.005
lags: list[tuple[float, float, float]] = []
handled: list[tuple[float, float, float, str]] = []
collections: list[tuple[float, float, int]] = []
"""The garbage collector's passes over KEPT_OVER: (time, seconds, generation)."""
_collecting: list[float] = []


def gc_timer(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _collecting[:] = [time.perf_counter()]
    elif _collecting:
        took = time.perf_counter() - _collecting[0]
        if took > KEPT_OVER:
            collections.append((time.time(), took, int(info["generation"])))


gc.callbacks.append(gc_timer)
probe: asyncio.Task[None] | None = None
real_handle = bot_module.Bot.handle


async def lag_probe() -> None:
    written = time.monotonic()
    while True:
        start, cpu = time.perf_counter(), time.thread_time()
        await asyncio.sleep(TICK)
        late = time.perf_counter() - start - TICK
        if late > KEPT_OVER:
            lags.append((time.time(), late, time.thread_time() - cpu))
        if time.monotonic() - written > 1.0:
            written = time.monotonic()
            STATS.write_text(json.dumps({"lags": lags, "handled": handled, "gc": collections}))


async def timed_handle(self: Any, message: Any) -> None:
    global probe
    if probe is None:
        probe = asyncio.get_running_loop().create_task(lag_probe())
    start, cpu = time.perf_counter(), time.thread_time()
    await real_handle(self, message)
    took = time.perf_counter() - start
    if took > KEPT_OVER:
        line = str(getattr(message, "line", type(message).__name__))[:160]
        handled.append((time.time(), took, time.thread_time() - cpu, line))


bot_module.Bot.handle = timed_handle  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

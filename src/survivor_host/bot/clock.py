"""The bot's clock: wall time and the running asyncio loop's timers, whose errors are logged."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from survivor_host.bot.ports import Cancellable

logger = logging.getLogger(__name__)


class LoopClock:
    """Wall time and the running asyncio loop's timers."""

    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Cancellable:
        return asyncio.get_running_loop().call_later(delay, _guarded(callback))


def _guarded(callback: Callable[[], None]) -> Callable[[], None]:
    """A timer callback whose errors are logged instead of lost."""

    def run() -> None:
        try:
            callback()
        except Exception:
            logger.exception("timer callback failed")

    return run

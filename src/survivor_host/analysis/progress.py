"""A progress bar (rich, on stderr) that appears only once a run has taken more than a second."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any


class LazyProgress:
    """Call it with (done, total); after `delay` seconds it shows a bar, and it cleans up on exit."""

    def __init__(self, label: str, delay: float = 1.0, enabled: bool | None = None) -> None:
        self.label = label
        self.delay = delay
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.started = time.monotonic()
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        if self.bar is None:
            if time.monotonic() - self.started < self.delay:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done)

    def __enter__(self) -> LazyProgress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.bar is not None:
            self.bar.stop()

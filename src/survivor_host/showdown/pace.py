"""The server's chat throttle delay as the bot knows it (server/users.ts), decided once per login.

25 ms if `isPublicBot` (global `*`, or `*` in a persistent public room), else 100 ms if `trusted`
(any global rank, or `*`/`%`/`@`/`#`/`~` in a persistent public room), else 600 ms. The server
decides it when the user logs in; a promotion makes it shorter only at the next login (a demotion
can make it longer at once), so once the login's pace is fixed only a slower one is taken.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)

PACE_REGULAR = 0.6
PACE_TRUSTED = 0.1
PACE_PUBLIC_BOT = 0.025
PACE_MAX = 2.0


def slower_pace(pace: float) -> float:
    """The next, more careful pace after a throttle notice."""
    if pace < PACE_TRUSTED:
        return PACE_TRUSTED
    if pace < PACE_REGULAR:
        return PACE_REGULAR
    return min(pace * 1.5, PACE_MAX)


@dataclass
class Pace:
    """Seconds per line: the one decided at login (`requested`), or slower after throttle notices."""

    requested: float = PACE_REGULAR
    margin: float = 0.05
    floor: float = 0.0
    fixed: bool = False

    @property
    def seconds(self) -> float:
        return max(self.requested, self.floor)

    @property
    def interval(self) -> float:
        """Seconds actually waited per line (pace plus the safety margin)."""
        return self.seconds * (1.0 + self.margin)

    def set(self, pace: float) -> None:
        if self.fixed and pace < self.requested:
            logger.info("Keeping %.3f s per line: the server's pace changes only at the next login", self.requested)
            return
        self.requested = pace

    def new_login(self) -> None:
        self.floor = 0.0
        self.fixed = False

    def slow_down(self) -> None:
        self.floor = slower_pace(self.seconds)

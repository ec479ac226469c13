"""Our `.win`/`.done` handed back to the room bot, and the wait for its answer (kept for a restart)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from survivor_host.bot.host_request import HostRequest, request_from_stored
from survivor_host.bot.ports import Cancellable
from survivor_host.bot.state import RoomState


@dataclass(frozen=True)
class HandedBack:
    """Our `.win NAME` or `.done`, said at `at`; `to`: who hosted the game (asked to `.dehost` should the
    room bot keep us)."""

    line: str
    at: float
    to: tuple[str, ...]


@dataclass
class HandBack:
    """The wait for the room bot to take our line: unanswered in time (once the server has caught up, so
    an answer it read in time counts, even after a stall), `not_taken` runs."""

    state: RoomState
    not_taken: Callable[[HandedBack], None]
    changed: Callable[[], None]
    """Stores what waits; run on every change."""
    handed: HandedBack | None = None
    """The line still unanswered."""
    _timer: Cancellable | None = None

    def start(self, line: str, to: Sequence[str], seconds: float) -> None:
        """`line` is about to be said: the wait is stored, then timed."""
        self.handed = HandedBack(line, self.state.clock.now(), tuple(to))
        self.changed()
        self._time(self.handed, seconds)

    def resume(self, handed: HandedBack, seconds: float) -> None:
        """After a restart: the stored wait goes on with the time it had left (none left: checked at once)."""
        self.handed = handed
        self._time(handed, max(handed.at + seconds - self.state.clock.now(), 0.0))

    def answered(self) -> None:
        """The room bot took it, or named another host: nothing waits."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.handed is not None:
            self.handed = None
            self.changed()

    def _time(self, handed: HandedBack, seconds: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        out = self.state.out
        self._timer = self.state.clock.call_later(seconds, lambda: out.caught_up(lambda: self._up(handed)))

    def _up(self, handed: HandedBack) -> None:
        if handed is not self.handed:
            return  # answered, or another line handed back since
        self._timer, self.handed = None, None
        self.changed()
        self.not_taken(handed)


def stored(pending: HostRequest | None, handed: HandedBack | None) -> dict[str, Any] | None:
    """What waits in a room's hosting, as stored: a `$host` (asker, rest, time) and our line (None: nothing)."""
    if pending is None and handed is None:
        return None
    back = None if handed is None else {"line": handed.line, "at": handed.at, "to": list(handed.to)}
    return {"pending": None if pending is None else pending.stored(), "handed_back": back}


def from_stored(data: dict[str, Any], loaded_at: float) -> tuple[HostRequest | None, HandedBack | None]:
    """The `$host` and the line `stored` kept, each None when nothing waited (`loaded_at`: now)."""
    pending, back = data.get("pending"), data.get("handed_back")
    asked = request_from_stored(pending, loaded_at)
    handed = None if back is None else HandedBack(str(back["line"]), float(back["at"]), tuple(back["to"]))
    return asked, handed

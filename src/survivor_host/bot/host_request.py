"""A `$host THEME` asked before the room bot hosted our bot. It waits (stored) until it opens the signups,
a newer `$host` replaces it, room auth cancel it with `$end`, the room bot's hosting of us ends, or it is
older than `[room_bot] host_request_hours`; an expired one counts as never asked."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from survivor_host.bot.host_choice import host_choice
from survivor_host.bot.room_bot_lines import safe_name
from survivor_host.bot.state import RoomState
from survivor_host.engine.ids import to_id

HOUR = 3600.0
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class HostRequest:
    """`$host REST` from `asker`, asked at `at` (the clock's seconds)."""

    asker: str
    rest: str
    at: float

    def expired(self, now: float, hours: float) -> bool:
        """Older than `hours`: it no longer opens signups."""
        return now - self.at > hours * HOUR

    def stored(self) -> list[Any]:
        return [self.asker, self.rest, self.at]


def request_from_stored(pending: Any, loaded_at: float) -> HostRequest | None:
    """The request `HostRequest.stored` kept (None: none); a row stored without its time counts as asked
    at `loaded_at`, so that no request is lost by an upgrade alone."""
    if pending is None:
        return None
    at = float(pending[2]) if len(pending) > 2 else loaded_at
    return HostRequest(str(pending[0]), str(pending[1]), at)


@dataclass
class HostRequests:
    """The one `$host` of a room that waits for the room bot to host us; `changed` stores it."""

    state: RoomState
    changed: Callable[[], None]
    pending: HostRequest | None = None

    def ask(self, asker: str, rest: str) -> None:
        """`$host REST` waits now, replacing any older one (whose asker, if another, is told)."""
        older, now = self.pending, self.state.clock.now()
        self.pending = HostRequest(asker, rest, now)
        self.changed()
        if older is not None and to_id(older.asker) != to_id(asker) and not older.expired(now, self.hours()):
            prefix = self.state.settings.prefix
            self.state.out.pm(
                older.asker,
                f"Your {prefix}host of {self.title(older.rest)} in {self.state.room} was replaced by "
                f"{safe_name(asker)}'s {prefix}host of {self.title(rest)}.",
            )

    def title(self, rest: str) -> str:
        """What `$host REST` would play, in words."""
        try:
            spec, mods = host_choice(self.state, rest)
        except ValueError:  # a theme or mod this version no longer has
            return "a game"
        return spec.played_title(mods)

    def forget(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.changed()

    def hours(self) -> float:
        settings = self.state.roombot.settings
        return settings.host_request_hours if settings is not None else 0.0

    def lapsed(self) -> bool:
        """A waiting `$host` older than `host_request_hours` is dropped (True)."""
        if self.pending is None or not self.pending.expired(self.state.clock.now(), self.hours()):
            return False
        logger.info("%s: the $host by %s expired unused", self.state.room, self.pending.asker)
        self.forget()
        return True

    def cancel(self, name: str) -> bool:
        """`end` with nothing running: the waiting `$host` is cancelled, and `name` told (False: none waits)."""
        request, state = self.pending, self.state
        if request is None or self.lapsed() or state.roombot.settings is None:
            return False
        self.forget()
        what = self.title(request.rest)
        rb, prefix = state.roombot.settings.name, state.settings.prefix
        state.out.pm(
            name,
            f"Cancelled the {prefix}host of {what} asked by {safe_name(request.asker)}: when {rb} hosts me, "
            f"I will wait for a new {prefix}host.",
        )
        return True

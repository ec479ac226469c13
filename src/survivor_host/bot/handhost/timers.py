"""The host's timers (`timer SECONDS [// name]`): 10 s to 10 min, up to three at once, each named, a line
in the room when each ends (the room bot's `.timer` allows one at a time)."""

from __future__ import annotations

from dataclasses import dataclass, field

from survivor_host.bot.handhost.words import TIMERS_AT_ONCE
from survivor_host.bot.ports import Cancellable
from survivor_host.bot.state import RoomState
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.numbers import NumberRefused, whole_number
from survivor_host.trust.session import MAX_TEXT, clean_text

TIMER_MIN, TIMER_MAX = 10, 600


def duration(seconds: int) -> str:
    """`1 min 30 s`, `45 s`, `5 min`."""
    minutes, rest = divmod(seconds, 60)
    return " ".join(part for part in (f"{minutes} min" if minutes else "", f"{rest} s" if rest else "") if part)


@dataclass
class HandTimers:
    """The running timers of one room's session, by name."""

    state: RoomState
    running: dict[str, Cancellable] = field(default_factory=dict)
    count: int = 0
    """Timers started without a name so far (they are named 1, 2, 3...)."""

    def command(self, rest: str) -> None:
        """`timer SECONDS [// name]`, or `timer stop [NAME]`."""
        seconds_text, _, label = rest.partition("//")
        words = seconds_text.split()
        p = self.state.settings.prefix
        if words and words[0].lower() in ("stop", "end"):
            self.stop(" ".join(words[1:]) or next(iter(self.running), ""))
            return
        example = f"{p}timer 90 (or {p}timer 90 // signups)"
        try:
            seconds = whole_number(words[0] if len(words) == 1 else "", TIMER_MIN, TIMER_MAX, "a timer's length")
        except NumberRefused:
            raise IllegalAction(f"A timer runs {TIMER_MIN} to {TIMER_MAX} seconds: {example}.") from None
        if len(self.running) >= TIMERS_AT_ONCE:
            raise IllegalAction(f"At most {TIMERS_AT_ONCE} timers run at once ({p}timer stop NAME ends one).")
        try:
            name = clean_text(label, "timer's name") if label.strip() else ""
        except ValueError as error:
            raise IllegalAction(str(error)) from error
        if not name:
            self.count += 1
            name = str(self.count)
        running = self._named(name)
        if running is not None:
            raise IllegalAction(f"Timer {running} is already running ({p}timer stop {running} ends it).")
        self.start(name, seconds)

    def start(self, name: str, seconds: int) -> None:
        def ring() -> None:
            if self.running.pop(name, None) is not None:
                self.state.out.say(self.state.room, f"Time is up: timer {name} ({duration(seconds)})!")

        self.running[name] = self.state.clock.call_later(seconds, ring)
        self.state.out.say(self.state.room, f"Timer {name} set: {duration(seconds)}.")

    def _named(self, name: str) -> str | None:
        """The running timer `name` names, whatever its case (`stop a` stops timer A)."""
        return next((key for key in self.running if key.casefold() == name.strip().casefold()), None)

    def stop(self, name: str) -> None:
        key = self._named(name)
        if key is None:
            raise IllegalAction(f"No timer {name[:MAX_TEXT]!r} is running." if name else "No timer is running.")
        self.running.pop(key).cancel()
        self.state.out.say(self.state.room, f"Timer {key} stopped.")

    def stop_all(self) -> None:
        """The session's end: every timer stops, and the next session's unnamed timers count from 1 again."""
        for timer in self.running.values():
            timer.cancel()
        self.running.clear()
        self.count = 0

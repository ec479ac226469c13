"""The actions every game takes besides its theme's (G4-G6), and the fields each input may set."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, DeadlineExtended, Event, HostWords, Substituted
from survivor_host.engine.flow import Flow
from survivor_host.engine.ids import to_id
from survivor_host.engine.inputs import Input
from survivor_host.engine.seats import Seat

HOST_ACTIONS = ("modkill", "sub", "extend", "end")
SYSTEM_ACTIONS = ("timeout", "rename")
BASE_FIELDS: dict[str, tuple[str, ...]] = {
    "modkill": ("target", "reason"),
    "sub": ("target", "new"),
    "extend": ("seconds",),
    "end": (),
    "timeout": (),
    "rename": ("new",),
}
"""The input fields (besides `by`) each action reads; any other field is refused."""
SHOWN = {"target": "name", "new": "new name", "count": "number", "seconds": "seconds"}
"""How a refusal names a field."""


def check_fields(action: str, inp: Input, used: tuple[str, ...], typed: str = "") -> None:
    """Refuse a field the action does not use (a stray target is a mistake, not a detail), naming the
    action as `typed` (an alias as the player typed it): one that takes nothing is typed alone."""
    word = typed or action
    for name, value in (
        ("target", inp.target),
        ("new", inp.new),
        ("count", inp.count),
        ("seconds", inp.seconds),
        ("reason", inp.reason),
    ):
        if value is not None and name not in used and not used:
            raise IllegalAction(f"{word} is typed alone, with no {SHOWN.get(name, name)} after it.")
        if value is not None and name not in used:
            raise IllegalAction(f"{word} takes no {SHOWN.get(name, name)}.")


class CommonActions(Flow, ABC):
    """The host's and the system's actions every game takes (modkill, sub, rename, extend, end,
    timeout), and player actions handed to the current phase."""

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__(players)
        self.subs: list[dict[str, Any]] = []
        """G6: each substitution, as the record shows it."""

    @abstractmethod
    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Modkill `seats` (host, idle or left) and carry the game on."""

    @abstractmethod
    def brief(self, seat: Seat) -> list[Event]:
        """Private events that tell a seat's new holder everything the seat knows and owes."""

    def _timeout(self) -> list[Event]:
        """The current deadline passed (G4)."""
        return self.current.timeout(self)

    def act_in_phase(self, inp: Input) -> list[Event]:
        """A player action of `PHASE_ACTIONS`: the current phase handles it, or the theme says why not."""
        seat = self.actor(inp)
        events = self.current.act(self, seat, inp)
        if events is None:
            raise IllegalAction(self.refusal(inp.action, seat))
        return events

    def refusal(self, action: str, seat: Seat) -> str:
        """Why `seat` cannot send `action` now, when no waiting phase takes it (a theme words its own)."""
        return f"You cannot {action} now."

    def act_modkill(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        seat = self.alive_target(inp.target, "modkill")
        return self.remove([seat], HostWords(inp.reason) if inp.reason else Cause.MODKILLED)

    def act_sub(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        seat = self.alive_target(inp.target, "substitute")
        old, new = seat.name, (inp.new or "").strip()
        if not new:
            raise IllegalAction(f"Name who takes {old}'s seat: {old}, NEW.")
        if to_id(new) == seat.uid:
            raise IllegalAction(f"{old} already holds this seat: name someone else to take it.")
        self.rename_seat(seat, new)
        self.subs.append({"round": self.round, "old": old, "new": new})
        return [Substituted(old, new), *self.brief(seat)]

    def act_rename(self, inp: Input) -> list[Event]:
        if inp.by is None:
            raise IllegalAction("Name the player who renamed.")
        self.rename_seat(self.seat(inp.by, who="You are"), (inp.new or "").strip())
        return []

    def act_extend(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        if not self.awaiting():
            raise IllegalAction("No deadline is running.")
        seconds = 60 if inp.seconds is None else inp.seconds
        if not 1 <= seconds <= 600:
            raise IllegalAction("Extend by 1 to 600 seconds.")
        self.extension += seconds
        return [DeadlineExtended(seconds)]

    def act_end(self, inp: Input) -> list[Event]:
        self.require_host(inp)
        return self.finish(None, None)

    def act_timeout(self, inp: Input) -> list[Event]:
        if inp.by is not None:
            raise IllegalAction("Only the clock can say a deadline has passed.")
        if not self.awaiting():
            raise IllegalAction("No deadline is running.")
        return self._timeout()

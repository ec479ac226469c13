"""A phase of a game in one object: what it does on entry, whom it waits for, what each seat may
send, how it takes an action, a timeout and a removal, what a substitute is told, what it says anew
after a new name, when it is done and which phase comes next.

The engine loop (`Flow.run_flow`) runs the flow: after each input, while the current phase is done,
it leaves it, enters the next one and announces the change (`PhaseChanged`). Stages nobody is
waited in (rolls, deal, reveal, finals) are phases too: they do their work on entry and are done.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event
from survivor_host.engine.inputs import Input
from survivor_host.engine.seats import Roster, Seat

G = TypeVar("G", bound=Roster)
"""The game a phase belongs to (a theme's own game state)."""


class Stage(StrEnum):
    """The stages every game has; a theme names its own (`FtlStage`, `CtaStage`)."""

    NEW = "new"
    OVER = "over"


@dataclass(frozen=True)
class Wait:
    """Someone the game waits for, what they may do, and whether they answer by PM."""

    player: str
    actions: tuple[str, ...]
    secret: bool
    targets: tuple[str, ...] = ()


class Phase(Generic[G]):
    """One phase of a theme; `name` is what `game.phase` reads while it lasts.

    A phase declares only what it changes: by default it waits for nobody, takes no action and is
    never done (the last phase of a game, or a theme's stage it leaves by itself, keeps these)."""

    name: str = ""
    waiting: bool = True
    """Entering the phase starts a new deadline (G4). False for a stage nobody is waited in, and for a
    phase that starts its own deadlines as it goes (one per turn, one per swap round)."""
    announced: bool = True
    """Entering the phase is announced to the room (`PhaseChanged`); entering it to begin a new round always is."""
    announced_as: str = ""
    """The stage the room is told begins, when the phase plays another's part (else its `name`)."""

    def enter(self, game: G) -> list[Event]:
        """What happens as the phase begins (after the state of the phase before it is settled)."""
        return []

    def waits(self, game: G) -> list[Wait]:
        """Who the phase waits for now, and what each may send."""
        return []

    def offers(self, game: G, seat: Seat) -> list[Input]:
        """Every input `seat` may send now, targets spelled out."""
        return []

    def act(self, game: G, seat: Seat, inp: Input) -> list[Event] | None:
        """Handle a player action this phase owns; None lets the theme refuse it."""
        return None

    def timeout(self, game: G) -> list[Event]:
        """The deadline passed (G4): modkill the idle, or take their harmless default."""
        raise IllegalAction("No deadline is running.")

    def on_removal(self, game: G, removed: list[Seat]) -> list[Event]:
        """Carry on after players were removed (the theme has already handled the finals)."""
        return []

    def brief(self, game: G, seat: Seat) -> list[Event]:
        """What a substitute in `seat` is asked for in this phase."""
        return []

    def renamed(self, game: G) -> None:
        """A seat is held under a new name (a substitute, a rename): what the phase keeps by name is said anew."""

    def done(self, game: G) -> bool:
        """True when the phase has nothing left to do: the loop then leaves it."""
        return False

    def leave(self, game: G) -> list[Event]:
        """What happens as the phase ends, before the next one is entered."""
        return []

    def next(self, game: G) -> Phase[G]:
        """The phase that follows this one (asked once it is done; a phase that ends the game has none)."""
        raise RuntimeError(
            f"the phase {self.name!r} has no next phase: only a phase that ends the game may be done without one"
        )


class Passing(Phase[Roster]):
    """A stage nobody is waited in and that the loop never leaves: a new or finished game, or a stage a
    theme names itself (`game.phase = ...`)."""

    waiting = False

    def __init__(self, name: str) -> None:
        self.name = name


OVER: Passing = Passing(Stage.OVER)
"""The stage of a finished game."""

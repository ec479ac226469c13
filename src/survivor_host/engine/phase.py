"""A phase that waits for players: what it waits for, what is legal, how actions, a timeout,
a removal (modkill, idle, left) and a substitute are handled, kept together in one object.

A game enters a waiting phase with `Game.enter(phase)`, which starts a new deadline: a new wait
always arms its deadline, and nothing else has to remember to.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from enum import StrEnum
from typing import TYPE_CHECKING, Generic, TypeVar

from survivor_host.engine.events import Event
from survivor_host.engine.inputs import Input

if TYPE_CHECKING:
    from survivor_host.engine.game import Game, Seat, Wait

G = TypeVar("G", bound="Game")


class Stage(StrEnum):
    """The stages every game has; a theme names its own (`FtlStage`, `CtaStage`)."""

    NEW = "new"
    OVER = "over"


class Phase(ABC, Generic[G]):
    """One waiting phase of a theme (`name` is what `game.phase` reads while it lasts)."""

    name: str = ""

    @abstractmethod
    def waits(self, game: G) -> list[Wait]:
        """Who the phase waits for now, and what each may send."""

    @abstractmethod
    def legal_inputs(self, game: G, seat: Seat) -> list[Input]:
        """Every input `seat` may send now, targets spelled out."""

    @abstractmethod
    def timeout(self, game: G) -> list[Event]:
        """The deadline passed (G4): modkill the idle, or take their harmless default."""

    def act(self, game: G, action: str, seat: Seat, inp: Input) -> list[Event] | None:
        """Handle a player action this phase owns; None lets the theme refuse it."""
        return None

    def after_removal(self, game: G, removed: list[Seat]) -> list[Event]:
        """Carry on after players were removed (the theme has already handled the finals)."""
        return []

    def brief(self, game: G, seat: Seat) -> list[Event]:
        """What a substitute in `seat` is asked for in this phase."""
        return []

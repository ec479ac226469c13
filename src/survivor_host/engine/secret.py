"""A phase in which every seat asked sends one secret choice by PM (G3), then all are revealed at once.

A ballot asks its seats (`electorate`), keeps one choice each (`ballot`), closes once every seat
asked has chosen (or the deadline passed, G4) and is then revealed (`reveal`), which may open
another ballot in the same phase (two swap rounds) or end it. A theme says who is asked, what a
choice is, how it is worded and what the reveal does; the engine keeps the wait, the changes, the
timeouts and the removals the same for every theme.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Eliminated, Event, IdleOut
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.engine.seats import Seat

G = TypeVar("G", bound=Game)
C = TypeVar("C")
"""A choice as the theme keeps it (`follow`, a target seat, None for `stick`)."""


class SecretChoice(Phase[G], Generic[G, C], ABC):
    """Every seat of the electorate sends one secret choice; the ballot closes once all are in.

    `done` is true once the last ballot is revealed: by default when nobody is awaited."""

    waiting = False  # each ballot that awaits someone starts its own deadline
    actions: tuple[str, ...] = ()
    """The actions that make a choice (`follow`, `rebel`; `stick`, `swap`)."""
    changeable = True
    """A choice may be changed until the ballot closes; False: the first one stands (`again` says so)."""
    idle_default = True
    """Under `idle=default` the idle get their `default` choice; False: the theme's rules take them out
    at the deadline whatever `idle` says."""
    idle_told = False
    """True where the theme's text has the idle told by PM that they are out (right after the removal)."""
    steady = False
    """True when what each seat asked may target stays the same while the ballot is open (removals and new
    names aside): its Waits are then built once, as it opens (`game.asked`), not at every `awaiting`."""

    # ----- what a theme declares -----

    @abstractmethod
    def electorate(self, game: G) -> Sequence[int]:
        """The seats asked for a choice in this ballot (alive or not: the dead are never awaited)."""

    @abstractmethod
    def ballot(self, game: G) -> dict[int, C]:
        """Where the ballot's choices are kept, by seat, in the order they first came in."""

    @abstractmethod
    def read(self, game: G, seat: Seat, inp: Input) -> C:
        """The choice `inp` makes (one of `actions`), checked: IllegalAction says why it cannot be."""

    def choices_of(self, game: G, seat: Seat) -> list[Input]:
        """Every choice `seat` may send, targets spelled out."""
        return [Input(action, by=seat.name) for action in self.actions]

    def targets(self, game: G, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        """The names each of `indexes` may target (shown with the wait); none by default."""
        return {}

    @abstractmethod
    def ask(self, game: G, index: int) -> Event:
        """The prompt that asks seat `index` for its choice (by PM)."""

    @abstractmethod
    def made(self, game: G, seat: Seat, choice: C, changed: bool) -> list[Event]:
        """What the chooser is told once the choice is taken (`changed`: it replaced an earlier one)."""

    def reminded(self, game: G, seat: Seat, choice: C) -> list[Event]:
        """What a substitute of a seat that has chosen is told: by default asked again while the choice
        may still change, else nothing."""
        return [self.ask(game, seat.index)] if self.changeable else []

    def refuse(self, game: G, seat: Seat) -> str:
        """Why `seat`, not asked in this ballot, makes no choice."""
        return "You make no choice now."

    def again(self, game: G, seat: Seat) -> str:
        """Why a second choice is refused when choices are not `changeable`."""
        return "You have already made your choice."

    def default(self, game: G, index: int) -> C:
        """The harmless choice made for an idle seat under `idle=default` (G4); asked only of a ballot
        whose `idle_default` is True, which must then declare it."""
        raise TypeError(f"{type(self).__name__} sets idle_default but declares no default choice")

    def defaulted(self, game: G, idle: list[int]) -> list[Event]:
        """What is said of the choices made for `idle` at the deadline."""
        return []

    @abstractmethod
    def reveal(self, game: G) -> list[Event]:
        """Every choice is in: reveal and carry them out (and open another ballot if the rules say so)."""

    def over(self, game: G) -> bool:
        """True once the phase has nothing left to ask (by default: nobody is awaited)."""
        return not self.pending(game)

    # ----- what the engine does -----

    def open(self, game: G, opening: list[Event]) -> list[Event]:
        """Open a ballot after `opening` (its announcement, choices made for the seats with no option):
        ask everyone still to choose, or reveal at once when nobody is."""
        waiting = self.pending(game)
        if not waiting:
            return [*opening, *self.reveal(game)]
        game.arm()
        self.keep_waits(game, waiting)
        return [*opening, *self.asks(game, waiting)]

    def asks(self, game: G, waiting: list[int]) -> list[Event]:
        """The prompts that open a ballot, one for each of `waiting` (`ask`, unless a theme words them at once)."""
        return [self.ask(game, index) for index in waiting]

    def pending(self, game: G, electorate: Sequence[int] | None = None) -> list[int]:
        """The seats asked whose choice is not in yet (`electorate`: the seats asked, when the caller has them)."""
        chosen, seats = self.ballot(game), game.seats
        asked = self.electorate(game) if electorate is None else electorate
        return [i for i in asked if i not in chosen and seats[i].alive]

    def waits(self, game: G) -> list[Wait]:
        waiting = self.pending(game)
        if self.steady:
            asked = game.asked
            return [asked[i] for i in waiting]
        return self.waits_of(game, waiting)

    def waits_of(self, game: G, waiting: list[int]) -> list[Wait]:
        """The Waits of the seats `waiting`, worked out afresh."""
        targets = self.targets(game, waiting)
        return [Wait(game.seats[i].name, self.actions, True, targets.get(i, ())) for i in waiting]

    def keep_waits(self, game: G, waiting: list[int]) -> None:
        """A steady ballot keeps the Waits of the seats `waiting` (as it opens, after a removal or a new name)."""
        if self.steady:
            game.asked = dict(zip(waiting, self.waits_of(game, waiting), strict=True))

    def renamed(self, game: G) -> None:
        self.keep_waits(game, self.pending(game))

    def offers(self, game: G, seat: Seat) -> list[Input]:
        if seat.index not in self.electorate(game):
            return []
        if not self.changeable and seat.index in self.ballot(game):
            return []
        return self.choices_of(game, seat)

    def act(self, game: G, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action not in self.actions:
            return None
        electorate = self.electorate(game)  # a choice changes nobody's place in the ballot
        if seat.index not in electorate:
            raise IllegalAction(self.refuse(game, seat))
        chosen = self.ballot(game)
        changed = seat.index in chosen
        if changed and not self.changeable:
            raise IllegalAction(self.again(game, seat))
        choice = self.read(game, seat, inp)
        chosen[seat.index] = choice
        events = self.made(game, seat, choice, changed)
        return events if self.pending(game, electorate) else events + self.reveal(game)

    def timeout(self, game: G) -> list[Event]:
        """G4: the idle are modkilled, or under `idle=default` their harmless choice is made."""
        idle = self.pending(game)
        if not self.idle_default or game.opt_str("idle") != "default":
            events = game.remove([game.seats[i] for i in idle], Cause.IDLE)
            return told_after_removal(events, [game.seats[i].name for i in idle]) if self.idle_told else events
        chosen = self.ballot(game)
        for index in idle:
            chosen[index] = self.default(game, index)
        return [*self.defaulted(game, idle), *self.reveal(game)]

    def on_removal(self, game: G, removed: list[Seat]) -> list[Event]:
        """A removed seat's choice no longer counts; the ballot is revealed once the rest are in."""
        chosen = self.ballot(game)
        for index in [index for index in chosen if not game.seats[index].alive]:
            del chosen[index]
        waiting = self.pending(game)
        if not waiting:
            return self.reveal(game)
        self.keep_waits(game, waiting)
        return []

    def brief(self, game: G, seat: Seat) -> list[Event]:
        if seat.index not in self.electorate(game):
            return []
        chosen = self.ballot(game)
        if seat.index in chosen:
            return self.reminded(game, seat, chosen[seat.index])
        return [self.ask(game, seat.index)]

    def done(self, game: G) -> bool:
        return self.over(game)


def told_after_removal(events: list[Event], names: Sequence[str]) -> list[Event]:
    """`events` with each of `names` told by PM that they are out, right after the removal."""
    at = next((i + 1 for i, event in enumerate(events) if isinstance(event, Eliminated)), len(events))
    return [*events[:at], *(IdleOut(to=name) for name in names), *events[at:]]

"""The engine loop: a game is always in one phase; after each input, while that phase is done, the
loop leaves it, enters the next and announces the change. `awaiting` and `legal_inputs` are asked of
the current phase."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from survivor_host.engine.dice import Dice, DrawLog
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, GameOver, PhaseChanged
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import OVER, Passing, Phase, Stage, Wait
from survivor_host.engine.seats import Roster, Seat


class Flow(Roster):
    """The seats, the current phase and the round, the loop that moves from phase to phase, and the end."""

    dice: Dice

    def __init__(self, players: Sequence[str]) -> None:
        super().__init__(players)
        self.current: Phase[Any] = Passing(Stage.NEW)
        """The phase the game is in (`phase` is its name)."""
        self._current_round = 0
        self.round = 0
        self.started = False
        self.finished = False
        self.wait_id = 0
        """Which wait this is: a new one arms a new deadline (G4)."""
        self.extension = 0
        """Seconds the host added to the current wait (G6)."""
        self.asked: dict[int, Wait] = {}
        """The current wait's Waits by seat, where its phase builds them once (as the wait begins, after a
        removal or a new name) rather than at every `awaiting`; its `waits` gives those still to answer."""
        self.winner: str | None = None
        self.second: str | None = None
        """The one player in second place; None when second place is shared or nobody holds it."""
        self.placements: dict[str, int] = {}

    @property
    def phase(self) -> str:
        """The name of the current phase (`vote`, `choices`, `over`...)."""
        return str(self.current.name)

    @phase.setter
    def phase(self, name: str) -> None:
        """Name a stage nobody is waited in, for a theme that moves through it by itself."""
        self.current = Passing(name)

    @property
    def round(self) -> int:
        """The round being played (0 before the first); the dice tag their draws with it."""
        return self._current_round

    @round.setter
    def round(self, number: int) -> None:
        self._current_round = number
        if isinstance(self.dice, DrawLog):
            self.dice.round = number

    def run_flow(self, events: list[Event]) -> list[Event]:
        """Run the flow after an input: while the current phase is done, leave it and enter the next."""
        while not self.finished and self.current.done(self):
            events += self.current.leave(self)
            events += self.move_to(self.current.next(self))
        return events

    def move_to(self, phase: Phase[Any]) -> list[Event]:
        """Enter `phase` (a phase that waits arms a new deadline, G4) and announce it; a phase that
        begins a new round is announced too, so a front end sees where every round begins."""
        self.current = phase
        self.asked = {}
        if phase.waiting:
            self.arm()
        before = self.round
        facts = phase.enter(self)
        if not phase.announced and self.round == before:
            return facts
        return [PhaseChanged(phase.announced_as or phase.name, self.round), *facts]

    def finish(self, winner: Seat | None, second: Seat | Sequence[Seat] | None = None) -> list[Event]:
        """End the game; places follow G7, with the finals deciding first and second. `second`: the
        seat or seats the finals placed second; None: whoever went out last (together) is second."""
        self.finished = True
        self.current = OVER
        self.winner = winner.name if winner else None
        if winner is not None:
            seconds = [second] if isinstance(second, Seat) else list(second or ())
            self.placements = self.places(winner, seconds)
        shared = self.at_place(2)
        self.second = shared[0] if len(shared) == 1 else None
        return [GameOver(self.winner, self.second, dict(self.placements))]

    def at_place(self, place: int) -> list[str]:
        """The players who share `place` (G7), in seat order; none before the game is over."""
        return [seat.name for seat in self.seats if self.placements.get(seat.name) == place]

    def rename_seat(self, seat: Seat, new: str) -> None:
        super().rename_seat(seat, new)
        self.current.renamed(self)

    def arm(self) -> None:
        """A new wait begins: its deadline starts afresh."""
        self.wait_id += 1
        self.extension = 0

    def awaiting(self) -> list[Wait]:
        """Whom the game waits for now and what each may do (a fresh list)."""
        if not self.started or self.finished:
            return []
        return self._waits()

    def legal_inputs(self, name: str) -> list[Input]:
        """Every input player `name` may send now, targets spelled out (for AI seats and buttons; a fresh list)."""
        return self._offers(name)

    def _waits(self) -> list[Wait]:
        """Who the current phase waits for (see `awaiting`)."""
        return self.current.waits(self)

    def _offers(self, name: str) -> list[Input]:
        """What the current phase offers the seat of `name` (see `legal_inputs`)."""
        try:
            seat = self.seat(name)
        except IllegalAction:
            return []
        if not self.started or self.finished or not seat.alive:
            return []
        return self.current.offers(self, seat)

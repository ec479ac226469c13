"""Terminal play: a game in the terminal, with AI seats, as the room or one player would see it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from survivor_host.ai import make_strategy
from survivor_host.ai.base import Strategy
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, Prompt
from survivor_host.engine.game import Game
from survivor_host.engine.inputs import parse_command
from survivor_host.engine.render import render

SEAT_NAMES = (
    "Venus", "Mars", "Jupiter", "Saturn", "Mercury", "Neptune", "Uranus", "Pluto", "Ceres", "Eris",
    "Vesta", "Pallas", "Juno", "Hygiea", "Europa", "Ganymede", "Callisto", "Io", "Titan", "Rhea",
    "Iapetus", "Dione", "Tethys", "Enceladus", "Mimas", "Triton", "Nereid", "Oberon", "Titania", "Ariel",
)  # fmt: skip


def seat_names(count: int, you: str | None = None) -> list[str]:
    """`count` player names; `you` takes the first seat when a person plays."""
    names = [you] if you else []
    names += [name for name in SEAT_NAMES if name != you][: count - len(names)]
    if len(names) < count:
        names += [f"Player{i}" for i in range(len(names) + 1, count + 1)]
    return names


@dataclass
class TerminalTable:
    """Drives a game: AI seats answer at once, the person (if any) types at the prompt."""

    game: Game
    ai_seed: int | str
    you: str | None = None
    strategy: str | None = None
    write: Callable[[str], None] = print
    read: Callable[[str], str] = field(default=lambda prompt: input(prompt))
    strategies: dict[str, Strategy] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(f"ai:{self.ai_seed}")
        for seat in self.game.seats:
            if seat.name != self.you:
                self.strategies[seat.name] = make_strategy(self.game.theme, self.strategy)

    def show(self, events: Sequence[Event]) -> None:
        """Print what the room sees, and what the person alone is told."""
        for event in events:
            if isinstance(event, Prompt):
                if event.secret and event.to != self.you:
                    continue  # someone else's PM
                self.write(f"(PM) {event.text}" if event.secret else event.text)
                continue
            if event.to is not None and event.to != self.you:
                continue
            line = render(event)
            if line is not None:
                self.write(f"(PM) {line}" if event.to is not None else line)

    def play(self) -> dict[str, Any]:
        """Run the game to its end and return its record."""
        self.show(self.game.start())
        while not self.game.finished:
            waits = self.game.awaiting()
            if not waits:
                raise RuntimeError(f"the game waits for nobody in phase {self.game.phase}")
            ai_wait = next((w for w in waits if w.player != self.you), None)
            if ai_wait is not None:
                self._ai_turn(ai_wait.player)
            else:
                self._person_turn()
        return self.game.record()

    def _ai_turn(self, name: str) -> None:
        options = self.game.legal_inputs(name)
        strategy = self.strategies.get(name) or make_strategy(self.game.theme, self.strategy)
        self.strategies[name] = strategy
        choice = strategy.choose(self.game.view(name), options, self.rng)
        self.show(self.game.apply(choice))

    def _person_turn(self) -> None:
        assert self.you is not None
        options = self.game.legal_inputs(self.you)
        hint = sorted({option.action for option in options})
        while True:
            text = self.read(f"[{self.you}] {' / '.join(hint)} > ")
            try:
                inp = parse_command(text, self.you)
                self.show(self.game.apply(inp))
                return
            except (IllegalAction, ValueError) as error:
                self.write(f"! {error}")

"""What every part of one room's host shares: where it is, how it talks, the signups and the game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from survivor_host.engine.game import Game, Seat
from survivor_host.host.fairness import SignupSeed
from survivor_host.host.ports import Clock, HostSettings, Outbox
from survivor_host.host.store import Store


@dataclass
class Signups:
    """An open player list before `.start`."""

    theme: str
    mods: list[str]
    options: dict[str, object]
    players: list[str] = field(default_factory=list)
    dice: SignupSeed | None = None

    def to_dict(self) -> dict[str, Any]:
        fair = self.dice.to_dict() if self.dice else {}
        return {"theme": self.theme, "mods": self.mods, "options": self.options, "players": self.players, **fair}


@dataclass
class RoomState:
    """One room's world (outbox, clock, store, settings) and what is open in it: signups, or a game."""

    room: str
    out: Outbox
    clock: Clock
    store: Store
    settings: HostSettings
    new_seed: Callable[[], str]
    signups: Signups | None = None
    game: Game | None = None
    game_id: int | None = None
    seq: int = 0
    """How many inputs of the game are stored."""

    def running(self) -> Game | None:
        """The game, while it is not over."""
        game = self.game
        return game if game is not None and not game.finished else None

    def alive_seat(self, userid: str) -> Seat | None:
        """The running game's seat still in play held by `userid`, if any."""
        game = self.running()
        return None if game is None else next((s for s in game.alive() if s.uid == userid), None)

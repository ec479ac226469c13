"""What every part of one room's host shares: where it is, how it talks, the signups and the game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from survivor_host.bot.fairness import SignupSeed
from survivor_host.bot.outage import Outage
from survivor_host.bot.ports import Clock, HostSettings, Outbox
from survivor_host.bot.roombot import RoomBotFollower
from survivor_host.engine.game import Game, Seat
from survivor_host.engine.ids import to_id
from survivor_host.store.db import Store


@dataclass
class Signups:
    """An open player list before `.start`."""

    theme: str
    mods: list[str]
    options: dict[str, object]
    players: list[str] = field(default_factory=list)
    dice: SignupSeed | None = None
    host: str | None = None
    """Who opened them (`.host`): the game's host, who gets its points line."""
    opened_at: float | None = None
    """When they opened (the signups timer counts from it)."""
    room_bot_hosted: bool = False
    """The room bot hosted our bot when they opened."""

    def to_dict(self) -> dict[str, Any]:
        fair = self.dice.to_dict() if self.dice else {}
        data = {"theme": self.theme, "mods": self.mods, "options": self.options, "players": self.players, **fair}
        return {**data, "host": self.host, "opened_at": self.opened_at, "room_bot_hosted": self.room_bot_hosted}


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
    game_host: str | None = None
    """Who hosted the running game (from its signups)."""
    closing: int | None = None
    """The ended game whose close is stored once its final step went out (until then, not yet)."""
    roombot: RoomBotFollower = field(init=False)
    """The room bot's host and queue, as its lines tell them."""
    outage: Outage = field(init=False)
    """Whether the database takes writes now (while it does not, play waits)."""

    def __post_init__(self) -> None:
        out, room = self.out, self.room

        def present(userid: str) -> bool:
            return out.rank_of(room, userid) is not None

        self.roombot = RoomBotFollower(room, self.settings.room_bot, me=lambda: to_id(out.name), present=present)
        self.outage = Outage(room, out, self.clock, self.store)

    def running(self) -> Game | None:
        """The game, while it is not over."""
        game = self.game
        return game if game is not None and not game.finished else None

    def alive_seat(self, userid: str) -> Seat | None:
        """The running game's seat still in play held by `userid`, if any."""
        game = self.running()
        return None if game is None else next((s for s in game.alive() if s.uid == userid), None)

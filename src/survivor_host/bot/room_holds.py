"""What one room holds, read from its state: the room, its outbox, clock, store and settings, its signups
and game, and the running deadline; `RoomHost` offers them to the bot, the replay harness and the tests."""

from __future__ import annotations

from survivor_host.bot.deadlines import Deadlines
from survivor_host.bot.ports import Clock, HostSettings, Outbox
from survivor_host.bot.state import RoomState, Signups
from survivor_host.engine.game import Game
from survivor_host.store.db import Store


class RoomHolds:
    """The room's state, read through one name each."""

    state: RoomState
    deadlines: Deadlines

    @property
    def room(self) -> str:
        return self.state.room

    @property
    def out(self) -> Outbox:
        return self.state.out

    @property
    def clock(self) -> Clock:
        return self.state.clock

    @property
    def store(self) -> Store:
        return self.state.store

    @property
    def settings(self) -> HostSettings:
        return self.state.settings

    @property
    def signups(self) -> Signups | None:
        return self.state.signups

    @property
    def game(self) -> Game | None:
        return self.state.game

    @property
    def game_id(self) -> int | None:
        return self.state.game_id

    @property
    def seq(self) -> int:
        return self.state.seq

    @property
    def deadline_at(self) -> float | None:
        return self.deadlines.deadline_at

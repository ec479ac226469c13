"""A phase in which one seat names one of some candidates in chat, or nobody (F4's suspect, F7's scapegoat)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from survivor_host.engine.events import Asked, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Wait
from survivor_host.themes.ftl.phases.base import FtlPhase
from survivor_host.themes.ftl.state import FtlState


class Naming(FtlPhase, ABC):
    """Done once the seat asked has answered (`game.answered`); a deadline passing is an answer too."""

    actions: tuple[str, str] = ("", "")
    """The action naming someone, and the one naming nobody."""

    @abstractmethod
    def asker(self, game: FtlState) -> int | None:
        """The seat asked to name someone."""

    @abstractmethod
    def asked(self, game: FtlState) -> Asked:
        """The request, with the candidates as they are now."""

    def enter(self, game: FtlState) -> list[Event]:
        game.answered = False
        return [self.asked(game)]

    def waits(self, game: FtlState) -> list[Wait]:
        if game.answered:
            return []
        prompt = self.asked(game)
        return [Wait(prompt.player, prompt.actions, prompt.by_pm, prompt.targets)]

    def offers(self, game: FtlState, seat: Seat) -> list[Input]:
        if seat.index != self.asker(game):
            return []
        named, nobody = self.actions
        candidates = [Input(named, by=seat.name, target=target) for target in self.asked(game).targets]
        return [*candidates, Input(nobody, by=seat.name)]

    def brief(self, game: FtlState, seat: Seat) -> list[Event]:
        return [self.asked(game)] if seat.index == self.asker(game) else []

    def done(self, game: FtlState) -> bool:
        return game.answered

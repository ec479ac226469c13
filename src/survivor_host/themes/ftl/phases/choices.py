"""F3: every player except the leader and the immune PMs follow or rebel, changeable until all are in."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event, PlayerList
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.engine.secret import SecretChoice
from survivor_host.themes.ftl.facts.choices import (
    ChoiceAsked,
    ChoiceMade,
    ChoicesIn,
    ChoicesLocked,
    ChoicesOpened,
    DefaultChoice,
)
from survivor_host.themes.ftl.facts.course import RoundBegins
from survivor_host.themes.ftl.facts.kinds import FtlStage
from survivor_host.themes.ftl.phases.base import FtlPhase
from survivor_host.themes.ftl.rules import CHOICES
from survivor_host.themes.ftl.state import FtlState

LOCKED_IN = "Rebel or follow was already locked in for this round."


class Choices(SecretChoice[FtlState, str], FtlPhase):
    """A round begins (the immune of last round carry over) and its choices are collected by PM."""

    name = FtlStage.CHOICES
    before_rolls = True
    actions = CHOICES
    steady = True

    def enter(self, game: FtlState) -> list[Event]:
        game.round += 1
        game.round_start = [seat.index for seat in game.alive()]
        game.immune_now = [i for i in game.immune_next if game.seats[i].alive and i != game.leader]
        game.immune_next = []
        game.clear_round()
        game.owed = [i for i in game.round_start if i != game.leader and i not in game.immune_now]
        leader = game.name(game.leader) or ""
        marked = PlayerList(tuple(seat.name + game.marks(seat) for seat in game.alive()))
        events: list[Event] = [RoundBegins(game.round, leader, tuple(game.names(game.immune_now))), marked]
        if game.owed:
            events.append(ChoicesOpened())
        return self.open(game, events)

    def electorate(self, game: FtlState) -> list[int]:
        return game.owed

    def ballot(self, game: FtlState) -> dict[int, str]:
        return game.choices

    def read(self, game: FtlState, seat: Seat, inp: Input) -> str:
        return inp.action

    def ask(self, game: FtlState, index: int) -> Event:
        return asked(game, index)

    def made(self, game: FtlState, seat: Seat, choice: str, changed: bool) -> list[Event]:
        return [ChoiceMade(choice, changed, to=seat.name)]

    def refuse(self, game: FtlState, seat: Seat) -> str:
        check_chooser(game, seat)
        return LOCKED_IN

    def default(self, game: FtlState, index: int) -> str:
        return "follow"

    def defaulted(self, game: FtlState, idle: list[int]) -> list[Event]:
        return [DefaultChoice("follow", to=game.seats[i].name) for i in idle]

    def reveal(self, game: FtlState) -> list[Event]:
        events: list[Event] = [ChoicesLocked(tuple((game.seats[i].name, c) for i, c in game.choices.items()))]
        if game.owed:
            events.append(ChoicesIn())
        return events

    def next(self, game: FtlState) -> Phase[FtlState]:
        if game.suspecting() and game.suspect_candidates():
            return game.phase_named(FtlStage.SUSPECT)
        return game.phase_named(FtlStage.ROLLS)


def asked(game: FtlState, index: int) -> ChoiceAsked:
    """F3: seat `index` is asked to follow or rebel."""
    name = game.seats[index].name
    return ChoiceAsked(name, CHOICES, (), True, round=game.round, leader=game.name(game.leader) or "", to=name)


def check_chooser(game: FtlState, seat: Seat) -> None:
    """F3: the leader and the immune make no choice."""
    if seat.index == game.leader:
        raise IllegalAction("The leader does not follow or rebel.")
    if seat.index in game.immune_now:
        raise IllegalAction("You are immune this round and make no choice.")

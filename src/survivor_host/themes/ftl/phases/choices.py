"""F3: every player except the leader and the immune PMs follow or rebel, changeable until all are in."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event, PlayerList
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
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


class Choices(FtlPhase):
    """A round begins (the immune of last round carry over) and its choices are collected by PM."""

    name = FtlStage.CHOICES
    before_rolls = True

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
            events += [asked(game, i) for i in game.owed]
        return events

    def waits(self, game: FtlState) -> list[Wait]:
        return [Wait(game.seats[i].name, CHOICES, True) for i in game.owed if i not in game.choices]

    def offers(self, game: FtlState, seat: Seat) -> list[Input]:
        return [Input(choice, by=seat.name) for choice in CHOICES] if seat.index in game.owed else []

    def act(self, game: FtlState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action not in CHOICES:
            return None
        if seat.index not in game.owed:
            check_chooser(game, seat)
            raise IllegalAction(LOCKED_IN)
        changed = seat.index in game.choices
        game.choices[seat.index] = inp.action
        return [ChoiceMade(inp.action, changed, to=seat.name)]

    def timeout(self, game: FtlState) -> list[Event]:
        idle = [game.seats[i] for i in game.owed if i not in game.choices]
        if game.opt_str("idle") == "modkill":
            return game.remove(idle, Cause.IDLE)
        for seat in idle:
            game.choices[seat.index] = "follow"
        return [DefaultChoice("follow", to=seat.name) for seat in idle]

    def brief(self, game: FtlState, seat: Seat) -> list[Event]:
        return [asked(game, seat.index)] if seat.index in game.owed else []

    def done(self, game: FtlState) -> bool:
        return all(i in game.choices for i in game.owed)

    def leave(self, game: FtlState) -> list[Event]:
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

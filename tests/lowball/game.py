"""Lowball, a third theme in about 150 lines: each round everyone PMs `roll`, all roll 100, the lowest goes out.

A tie for the lowest roll is a roll battle among the tied (G1). The last player standing wins; the last
ones out share second. It exists to show that a theme is one package and one registry line, and how a
theme is built on the engine's phases (docs/THEMES.md walks through it).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from survivor_host.engine.battle import battle
from survivor_host.engine.events import Asked, Battle, Event, Fact, Prompt, Say
from survivor_host.engine.game import Game, Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.engine.secret import SecretChoice
from survivor_host.engine.strategy import Strategy, checked

DIE = 100
ROLL = ("roll",)


@dataclass(frozen=True)
class RollAsked(Asked):
    """Round `round`: `player` may send `roll` by PM."""

    round: int


@dataclass(frozen=True)
class RolledLowest(Fact):
    """Cause of an elimination: `player` rolled the lowest this round (after any battle among the tied)."""

    player: str
    roll: int


@dataclass(frozen=True)
class RoundRolled(Fact):
    """Round `number`'s rolls (one mapping per roll-off, G1) and who went out: what the record keeps."""

    number: int
    rolls: tuple[tuple[tuple[str, int], ...], ...]
    out: tuple[str, ...]


class LowballRecorder:
    """The record's rounds, built from the facts alone (engine.record)."""

    def __init__(self) -> None:
        self.rounds: list[dict[str, object]] = []

    def take(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, RoundRolled):
                rolls = [dict(rolled) for rolled in event.rolls]
                self.rounds.append({"number": event.number, "rolls": rolls, "eliminated": list(event.out)})


@dataclass(frozen=True)
class LowballView:
    """What a player knows: their name, who is still in, the round, and whether they have rolled."""

    name: str
    players: tuple[str, ...]
    round: int
    ready: bool


class Lowball(Game):
    """The game's state: who has rolled this round, and the record's recorder. The phases hold the rules."""

    PLAYER_ACTIONS = ROLL
    SECRET_ACTIONS = ROLL
    PHASE_ACTIONS = ROLL
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {"roll": ()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ready: dict[int, str] = {}
        self.recorder: LowballRecorder = LowballRecorder()

    def _start(self) -> list[Event]:
        return self.move_to(ROLLS)

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Modkills (host, idle, left): one player left wins; else the round goes on without them."""
        events: list[Event] = [self.eliminate(seats, reason)]
        left = self.alive()
        if len(left) <= 1:
            return [*events, *self.finish(left[0] if left else seats[0])]
        return [*events, *self.current.on_removal(self, seats)]

    def brief(self, seat: Seat) -> list[Event]:
        return self.current.brief(self, seat)

    def round_record(self) -> Sequence[Mapping[str, object]]:
        return copy.deepcopy(self.recorder.rounds)

    def view(self, name: str) -> LowballView:
        seat = self.seat(name)
        return LowballView(seat.name, tuple(s.name for s in self.alive()), self.round, seat.index in self.ready)


class Rolls(SecretChoice[Lowball, str]):
    """A round: everyone still in sends `roll` by PM (once); then all roll and the lowest goes out."""

    name = "rolls"
    actions = ROLL
    changeable = False

    def enter(self, game: Lowball) -> list[Event]:
        game.round += 1
        game.ready = {}
        return self.open(game, [])

    def electorate(self, game: Lowball) -> list[int]:
        return [seat.index for seat in game.alive()]

    def ballot(self, game: Lowball) -> dict[int, str]:
        return game.ready

    def read(self, game: Lowball, seat: Seat, inp: Input) -> str:
        return inp.action

    def ask(self, game: Lowball, index: int) -> Event:
        name = game.seats[index].name
        return RollAsked(name, ROLL, (), True, game.round, to=name)

    def made(self, game: Lowball, seat: Seat, choice: str, changed: bool) -> list[Event]:
        return []

    def again(self, game: Lowball, seat: Seat) -> str:
        return "You have already rolled this round."

    def default(self, game: Lowball, index: int) -> str:
        return "roll"

    def reveal(self, game: Lowball) -> list[Event]:
        alive = game.alive()
        fight = battle(game.dice, [(seat.name, DIE) for seat in alive], keep=len(alive) - 1, purpose="lowball")
        rolled = RoundRolled(game.round, tuple(tuple(rolls.items()) for rolls in fight.rolls), tuple(fight.losers))
        why = [RolledLowest(name, fight.last_roll(name)) for name in fight.losers]
        out = [game.seat(name) for name in fight.losers]
        return [Battle(tuple(fight.events)), rolled, game.eliminate(out, "lowest", why)]

    def next(self, game: Lowball) -> Phase[Lowball]:
        return ROLLS if len(game.alive()) > 1 else END


class End(Phase[Lowball]):
    """One player is left: they win, and the last ones out share second (G7)."""

    name = "end"
    waiting = False
    announced = False

    def enter(self, game: Lowball) -> list[Event]:
        return game.finish(game.alive()[0])


ROLLS, END = Rolls(), End()


def present(fact: Fact) -> list[Event]:
    """Lowball's words for its facts."""
    match fact:
        case RollAsked(player=player, round=number):
            return [Prompt(player, f"Round {number}: send roll (everyone rolls {DIE}).", fact.actions)]
        case RolledLowest(player=player, roll=roll):
            return [Say(f"**{player}** rolled lowest ({roll}) and is out.")]
        case RoundRolled():
            return []  # the rolls were shown as they were made
    raise TypeError(f"Lowball has no words for {fact!r}")


class RollAtOnce:
    """Rolls as soon as asked (the only choice there is)."""

    name = "random"

    def choose(self, view: LowballView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


def strategies() -> Mapping[str, Callable[[], Strategy]]:
    return checked(LowballView, {"random": RollAtOnce})

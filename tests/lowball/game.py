"""Lowball, a third theme in about 100 lines: each round everyone PMs `roll`, all roll 100, the lowest goes out.

A tie for the lowest roll is a roll battle among the tied (G1). The last player standing wins; the last
one out is second. It exists to show that a theme is one package and one registry line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Asked, Battle, Event, Fact, Prompt, Say
from survivor_host.engine.game import Game, Seat, Wait
from survivor_host.engine.inputs import Input
from survivor_host.engine.strategy import Strategy, checked

DIE = 100


@dataclass(frozen=True)
class RollAsked(Asked):
    """Round `round`: `player` may send `roll` by PM."""

    round: int


@dataclass(frozen=True)
class RolledLowest(Fact):
    """`player` rolled the lowest this round (after any battle among the tied) and is out."""

    player: str
    roll: int


@dataclass(frozen=True)
class LowballView:
    """What a player knows: their name, who is still in, the round, and whether they have rolled."""

    name: str
    players: tuple[str, ...]
    round: int
    ready: bool


class Lowball(Game):
    PLAYER_ACTIONS = ("roll",)
    SECRET_ACTIONS = ("roll",)
    ACTION_FIELDS: ClassVar[dict[str, tuple[str, ...]]] = {"roll": ()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ready: set[int] = set()
        self.rounds: list[dict[str, object]] = []

    def _start(self) -> list[Event]:
        return self._next_round()

    def _next_round(self) -> list[Event]:
        alive = self.alive()
        if len(alive) == 1:
            second = max(self.seats, key=lambda seat: -1 if seat.alive else seat.out_step or 0)
            return self.finish(alive[0], second if second is not alive[0] else None)
        self.round += 1
        self.phase, self.ready = "rolls", set()
        self.arm()
        return [RollAsked(seat.name, ("roll",), (), True, self.round, to=seat.name) for seat in alive]

    def act_roll(self, inp: Input) -> list[Event]:
        seat = self.actor(inp)
        if seat.index in self.ready:
            raise IllegalAction("You have already rolled this round.")
        self.ready.add(seat.index)
        return self._maybe_roll()

    def _maybe_roll(self) -> list[Event]:
        alive = self.alive()
        if len(alive) > 1 and any(seat.index not in self.ready for seat in alive):
            return []
        if len(alive) == 1:
            return self._next_round()
        fight = battle(self.dice, [(seat.name, DIE) for seat in alive], keep=len(alive) - 1, purpose="lowball")
        out = [self.seat(name) for name in fight.losers]
        self.rounds.append({"number": self.round, "rolls": fight.rolls, "eliminated": fight.losers})
        why = [RolledLowest(name, fight.last_roll(name)) for name in fight.losers]
        return [Battle(tuple(fight.events)), self.eliminate(out, "lowest", why), *self._next_round()]

    def _waits(self) -> list[Wait]:
        return [Wait(seat.name, ("roll",), True) for seat in self.alive() if seat.index not in self.ready]

    def _timeout(self) -> list[Event]:
        return self.remove([seat for seat in self.alive() if seat.index not in self.ready], "idle")

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        events: list[Event] = [self.eliminate(seats, reason)]
        if not self.alive():
            return [*events, *self.finish(seats[0], None)]
        return [*events, *self._maybe_roll()]

    def brief(self, seat: Seat) -> list[Event]:
        asked = seat.alive and seat.index not in self.ready and self.phase == "rolls"
        return [RollAsked(seat.name, ("roll",), (), True, self.round, to=seat.name)] if asked else []

    def legal_inputs(self, name: str) -> list[Input]:
        seat = self._by_name.get(name)
        waiting = seat is not None and seat.alive and seat.index not in self.ready and not self.finished
        return [Input("roll", by=name)] if waiting and self.started else []

    def round_record(self) -> Sequence[Mapping[str, object]]:
        return list(self.rounds)

    def view(self, name: str) -> LowballView:
        seat = self.seat(name)
        return LowballView(seat.name, tuple(s.name for s in self.alive()), self.round, seat.index in self.ready)


def present(fact: Fact) -> list[Event]:
    """Lowball's words for its one fact of its own."""
    match fact:
        case RollAsked(player=player, round=number):
            return [Prompt(player, f"Round {number}: send roll (everyone rolls {DIE}).", fact.actions)]
        case RolledLowest(player=player, roll=roll):
            return [Say(f"**{player}** rolled lowest ({roll}) and is out.")]
    raise TypeError(f"Lowball has no words for {fact!r}")


class RollAtOnce:
    """Rolls as soon as asked (the only choice there is)."""

    name = "random"

    def choose(self, view: LowballView, options: Sequence[Input], rng: random.Random) -> Input:
        return options[rng.randrange(len(options))]


def strategies() -> Mapping[str, Callable[[], Strategy]]:
    return checked(LowballView, {"random": RollAtOnce})

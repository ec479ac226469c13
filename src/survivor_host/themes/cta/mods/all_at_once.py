"""All At Once (C7): two swap rounds of secret choices, carried out in a shuffled order.

Every player in play sends `stick` or `swap NAME` by PM (changeable until every choice is in).
Then the choices are carried out in a shuffled order, each against the cards as they are at that
moment: a swap that has become illegal by then (Adhesive, No Backsies, its target gone) is void.
A player counts as having stuck once their `stick` has been carried out. After the first swap
round every player in play is told their current card; after the second come the reveal.
"""

from __future__ import annotations

from itertools import filterfalse
from typing import TYPE_CHECKING

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event
from survivor_host.engine.game import Seat, Wait
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts import (
    STICK_SWAP,
    CardWhy,
    CtaStage,
    DefaultSticks,
    NoTargets,
    SwapChoice,
    SwapOrder,
    SwapRoundAsked,
    SwapRoundOpened,
    SwapVoid,
    choice_asked,
    choice_fact,
    shown_fact,
)
from survivor_host.themes.cta.mods.base import CtaMod
from survivor_host.themes.cta.spec import ALL_AT_ONCE

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce

SWAP_ROUNDS = 2


class AllAtOnce(Phase["ChaseTheAce"], CtaMod):
    """The mod, and its `aao` phase: secret choices from everyone in play, then carried out."""

    id = ALL_AT_ONCE
    name: str = CtaStage.ALL_AT_ONCE

    def __init__(self) -> None:
        self.swap_round = 0
        self.choices: dict[int, int | None] = {}
        """Each player's choice this swap round: a target seat, or None to stick."""

    # ----- hooks -----

    def secret_actions(self) -> tuple[str, ...]:
        return ("stick", "swap")

    def new_round(self) -> None:
        self.swap_round, self.choices = 0, {}

    def secret_choices(self) -> dict[int, int | None]:
        return dict(self.choices)

    def swap_round_now(self) -> int:
        return self.swap_round

    def swap_phase(self, game: ChaseTheAce) -> list[Event] | None:
        return self._begin(game, 1)

    def choice_of(self, game: ChaseTheAce, seat: int) -> str | None:
        if game.phase != self.name or seat not in self.choices:
            return None
        chosen = self.choices[seat]
        return "stick" if chosen is None else game.seats[chosen].name

    # ----- the phase -----

    def _begin(self, game: ChaseTheAce, number: int) -> list[Event]:
        """Open swap round `number`: ask every player in play for a secret choice."""
        game.pass_through(self.name)
        self.swap_round = number
        self.choices = {}
        game.forget_waits()
        in_play = game.playing()
        if not in_play:
            return game.reveal()
        events: list[Event] = [SwapRoundOpened(number, SWAP_ROUNDS, tuple(game.names(in_play)))]
        for index in in_play:
            if not game.targets_of(index):
                self.choices[index] = None
                events.append(NoTargets(game.seats[index].name, later=True))
        if not self.pending(game):
            return [*events, *self._carry_out(game)]
        game.enter(self)
        events.extend(self.prompt(game, index) for index in self.pending(game))
        return events

    def pending(self, game: ChaseTheAce) -> list[int]:
        """Players in play whose choice for this swap round is not in yet."""
        return list(filterfalse(self.choices.__contains__, game.playing()))

    def prompt(self, game: ChaseTheAce, index: int) -> SwapRoundAsked:
        name = game.seats[index].name
        targets = game.target_names(index)
        return choice_asked(name, STICK_SWAP, targets, True, swap_round=self.swap_round, to=name)

    def waits(self, game: ChaseTheAce) -> list[Wait]:
        seats = game.seats
        return [game.choice_wait(seats[index].name, index) for index in self.pending(game)]

    def offers(self, game: ChaseTheAce, seat: Seat) -> list[Input]:
        if seat.index not in game.playing():
            return []
        return game.offer_swaps(seat)

    def act(self, game: ChaseTheAce, seat: Seat, inp: Input) -> list[Event] | None:
        action = inp.action
        if action == "stick":
            return self._choose(game, seat.index, None)
        if action == "swap":
            if seat.index not in game.playing():
                raise IllegalAction("You are safe this round and make no swap choice.")
            return self._choose(game, seat.index, game.swap_target(seat, inp.target))
        return None

    def _choose(self, game: ChaseTheAce, by: int, target: int | None) -> list[Event]:
        """Record (or change) a secret choice; `target` was already checked. Carries out when all are in."""
        if by not in game.playing():
            raise IllegalAction("You are safe this round and make no swap choice.")
        if by not in self.choices:
            game.answered(by)
        self.choices[by] = target
        chosen = None if target is None else game.seats[target].name
        events: list[Event] = [choice_fact(self.swap_round, chosen, to=game.seats[by].name)]
        if not self.pending(game):
            events.extend(self._carry_out(game))
        return events

    def timeout(self, game: ChaseTheAce) -> list[Event]:
        """Missing choices: modkill (G4) or stick under `idle=default`."""
        missing = self.pending(game)
        if game.opt_str("idle") == "default":
            for index in missing:
                self.choices[index] = None
            game.forget_waits()
            return [
                DefaultSticks(tuple(game.names(missing))),
                *self._carry_out(game),
            ]
        return game.remove([game.seats[index] for index in missing], Cause.IDLE)

    def on_removal(self, game: ChaseTheAce, removed: list[Seat]) -> list[Event]:
        """Drop the choices of removed players; carry out once the rest are in."""
        for index in list(self.choices):
            if not game.seats[index].alive:
                del self.choices[index]
        game.forget_waits()
        if not self.pending(game):
            return self._carry_out(game)
        return []

    def brief(self, game: ChaseTheAce, seat: Seat) -> list[Event]:
        if seat.index not in game.playing():
            return []
        if seat.index in self.choices:
            target = self.choices[seat.index]
            chosen = None if target is None else game.seats[target].name
            return [SwapChoice(self.swap_round, chosen, standing=True, to=seat.name)]
        return [self.prompt(game, seat.index)]

    def _carry_out(self, game: ChaseTheAce) -> list[Event]:
        """Carry out the choices in a shuffled order, then the next swap round or the reveal."""
        number = self.swap_round
        chosen = [index for index in game.playing() if index in self.choices]
        names = game.names(chosen)
        order = game.dice.shuffle(names) if len(names) >= 2 else names
        index_of = {name: index for name, index in zip(names, chosen, strict=True)}
        events: list[Event] = [SwapOrder(number, tuple(order))]
        for name in order:
            by = index_of[name]
            target = self.choices[by]
            if target is None:
                events.extend(game.stick(by, swap_round=number))
                continue
            block = game.swap_block(by, target)
            if block is not None:
                target_name = game.seats[target].name
                events.append(SwapVoid(name, target_name, block[1], number))
                game.swap_log.append((by, target, False, True))
                continue
            events.extend(game.swap(by, target, swap_round=number))
        self.choices = {}
        game.forget_waits()
        if number < SWAP_ROUNDS:
            for index in game.playing():
                card = game.cards[index]
                events.append(shown_fact(card, CardWhy.AFTER_SWAP_ROUND, swap_round=number, to=game.seats[index].name))
            return [*events, *self._begin(game, number + 1)]
        return [*events, *game.reveal()]

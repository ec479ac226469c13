"""All At Once (C7): two swap rounds of secret choices, carried out in a shuffled order.

Every player in play sends `stick` or `swap NAME` by PM (changeable until every choice is in).
Then the choices are carried out in a shuffled order, each against the cards as they are at that
moment: a swap that has become illegal by then (Adhesive, No Backsies, its target gone) is void.
A player counts as having stuck once their `stick` has been carried out. After the first swap
round every player in play is told their current card; after the second come the reveal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.engine.secret import SecretChoice
from survivor_host.themes.cta.facts.kinds import STICK_SWAP, CardWhy, CtaStage
from survivor_host.themes.cta.facts.swaps import (
    DefaultSticks,
    NoTargets,
    SwapChoice,
    SwapOrder,
    SwapRoundAsked,
    SwapRoundOpened,
    SwapVoid,
)
from survivor_host.themes.cta.phases.base import CtaPhase
from survivor_host.themes.cta.rules import ALL_AT_ONCE
from survivor_host.themes.cta.state import CtaMod, CtaState

SWAP_ROUNDS = 2


@dataclass
class AaoState:
    """The swap round under way (0 before the first), each player's choice in it, and whether both are over."""

    swap_round: int = 0
    choices: dict[int, int | None] = field(default_factory=dict)
    """Each player's choice this swap round: a target seat, or None to stick."""
    targets: dict[int, list[int]] = field(default_factory=dict)
    """Whom each player in play may target this swap round: worked out as it opens and after a removal
    (nothing else changes it before the choices are carried out)."""
    over: bool = False


def state(game: CtaState) -> AaoState:
    found = game.mod_state[ALL_AT_ONCE]
    assert isinstance(found, AaoState)
    return found


class SecretSwaps(SecretChoice[CtaState, int | None], CtaPhase):
    """The swap phase under All At Once (C7): done once both swap rounds have been carried out."""

    name = CtaStage.ALL_AT_ONCE
    announced_as = CtaStage.SWAP
    actions = STICK_SWAP
    steady = True

    def enter(self, game: CtaState) -> list[Event]:
        return self.begin(game, 1)

    def begin(self, game: CtaState, number: int) -> list[Event]:
        """Open swap round `number`: ask every player in play for a secret choice."""
        found = state(game)
        found.swap_round, found.choices = number, {}
        in_play = game.in_play()
        if not in_play:
            found.over = True
            return []
        events: list[Event] = [SwapRoundOpened(number, SWAP_ROUNDS, tuple(game.names(in_play)))]
        found.targets = targets = game.targets_of_each(in_play)
        for index in in_play:
            if not targets[index]:
                found.choices[index] = None
                events.append(NoTargets(game.seats[index].name, later=True))
        return self.open(game, events)

    def electorate(self, game: CtaState) -> list[int]:
        return game.in_play()

    def ballot(self, game: CtaState) -> dict[int, int | None]:
        return state(game).choices

    def choices_of(self, game: CtaState, seat: Seat) -> list[Input]:
        seats = game.seats
        swaps = [Input("swap", by=seat.name, target=seats[target].name) for target in state(game).targets[seat.index]]
        return [Input("stick", by=seat.name), *swaps]

    def targets(self, game: CtaState, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        found = state(game).targets
        return {by: tuple(game.names(found[by])) for by in indexes}

    def read(self, game: CtaState, seat: Seat, inp: Input) -> int | None:
        return None if inp.action == "stick" else game.swap_target(seat, inp.target)

    def ask(self, game: CtaState, index: int) -> Event:
        return asked(game, index, self.targets(game, [index])[index])

    def asks(self, game: CtaState, waiting: list[int]) -> list[Event]:
        targets = self.targets(game, waiting)
        return [asked(game, index, targets[index]) for index in waiting]

    def made(self, game: CtaState, seat: Seat, choice: int | None, changed: bool) -> list[Event]:
        chosen = None if choice is None else game.seats[choice].name
        return [SwapChoice(state(game).swap_round, chosen, last=not self.pending(game), to=seat.name)]

    def reminded(self, game: CtaState, seat: Seat, choice: int | None) -> list[Event]:
        """A substitute hears the seat's choice and, while it may still change (C7), is asked again (G6);
        a seat with nobody to swap with is told so, since its stick cannot change."""
        if not state(game).targets[seat.index]:
            return [NoTargets(seat.name, later=True, to=seat.name)]
        chosen = None if choice is None else game.seats[choice].name
        told = SwapChoice(state(game).swap_round, chosen, standing=True, to=seat.name)
        return [told, self.ask(game, seat.index)]

    def refuse(self, game: CtaState, seat: Seat) -> str:
        return "You are safe this round and make no swap choice."

    def on_removal(self, game: CtaState, removed: list[Seat]) -> list[Event]:
        state(game).targets = game.targets_of_each(game.in_play())
        return super().on_removal(game, removed)

    def default(self, game: CtaState, index: int) -> int | None:
        return None

    def defaulted(self, game: CtaState, idle: list[int]) -> list[Event]:
        return [DefaultSticks(tuple(game.names(idle)))]

    def reveal(self, game: CtaState) -> list[Event]:
        """Carry out the choices in a shuffled order, then the next swap round, or the reveal."""
        events = carry_out(game)
        number = state(game).swap_round
        if number == SWAP_ROUNDS:
            state(game).over = True
            return events
        for index in game.in_play():
            events.append(game.card_told(index, CardWhy.AFTER_SWAP_ROUND, swap_round=number))
        return [*events, *self.begin(game, number + 1)]

    def over(self, game: CtaState) -> bool:
        return state(game).over

    def next(self, game: CtaState) -> Phase[CtaState]:
        return game.phase_named(CtaStage.REVEAL)


def asked(game: CtaState, index: int, targets: tuple[str, ...]) -> SwapRoundAsked:
    """C7: `index` is asked by PM to stick or to swap with one of `targets`."""
    name = game.seats[index].name
    return SwapRoundAsked(name, STICK_SWAP, targets, True, swap_round=state(game).swap_round, to=name)


def carry_out(game: CtaState) -> list[Event]:
    """Carry out the swap round's choices in a shuffled order, each against the cards as they are then."""
    found = state(game)
    number = found.swap_round
    chosen = [index for index in game.in_play() if index in found.choices]
    names = game.names(chosen)
    order = game.dice.shuffle(names) if len(names) >= 2 else names
    index_of = {name: index for name, index in zip(names, chosen, strict=True)}
    events: list[Event] = [SwapOrder(number, tuple(order))]
    for name in order:
        by = index_of[name]
        target = found.choices[by]
        if target is None:
            events += game.stick(by, swap_round=number)
            continue
        block = game.swap_block(by, target)
        if block is not None:
            events.append(SwapVoid(name, game.seats[target].name, block[1], number))
            game.swap_log.append((by, target, False, True))
            continue
        events += game.swap(by, target, swap_round=number)
    found.choices = {}
    return events


class AllAtOnce(CtaMod):
    """Stick and swap go by PM, in two secret swap rounds instead of the turns."""

    id = ALL_AT_ONCE
    phases: ClassVar[Mapping[str, Phase[CtaState]]] = {CtaStage.SWAP: SecretSwaps()}

    def new_round(self, game: CtaState) -> None:
        game.mod_state[self.id] = AaoState()

    def secret_actions(self) -> tuple[str, ...]:
        return STICK_SWAP

    def swap_round(self, game: CtaState) -> int:
        return state(game).swap_round

    def choice_of(self, game: CtaState, seat: int) -> str | None:
        choices = state(game).choices
        if game.phase != CtaStage.ALL_AT_ONCE or seat not in choices:
            return None
        chosen = choices[seat]
        return "stick" if chosen is None else game.seats[chosen].name

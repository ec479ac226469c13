"""C6: the players in play take turns in a random order; on their turn a player says, in chat,
`stick` or `swap NAME` (swapper 125 against target 100: the winner's cards change hands)."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.cta.facts.kinds import STICK_SWAP, CtaStage
from survivor_host.themes.cta.facts.swaps import NoTargets, SwapPhaseOpened, TurnAsked, TurnTimedOut
from survivor_host.themes.cta.phases.base import CtaPhase
from survivor_host.themes.cta.state import CtaState


class SwapTurns(CtaPhase):
    """Done once every player in play has had a turn; each turn starts its own deadline."""

    name = CtaStage.SWAP
    waiting = False

    def enter(self, game: CtaState) -> list[Event]:
        playing = game.in_play()
        names = game.names(playing)
        order = game.dice.shuffle(names) if len(names) >= 2 else names
        index_of = {name: index for name, index in zip(names, playing, strict=True)}
        game.order = [index_of[name] for name in order]
        events: list[Event] = [SwapPhaseOpened()] if names else []
        return events + next_turn(game)

    def waits(self, game: CtaState) -> list[Wait]:
        if game.turn is None:
            return []
        return [Wait(game.seats[game.turn].name, STICK_SWAP, False, tuple(game.names(game.turn_targets)))]

    def offers(self, game: CtaState, seat: Seat) -> list[Input]:
        if game.turn != seat.index:
            return []
        swaps = [Input("swap", by=seat.name, target=target) for target in game.names(game.turn_targets)]
        return [Input("stick", by=seat.name), *swaps]

    def act(self, game: CtaState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action not in STICK_SWAP:
            return None
        if game.turn != seat.index:
            if seat.index not in game.in_play():
                raise IllegalAction("You are safe this round and take no turn.")
            raise IllegalAction("It is not your turn.")
        if inp.action == "stick":
            return game.stick(seat.index, swap_round=None) + next_turn(game)
        target = game.swap_target(seat, inp.target)
        return game.swap(seat.index, target, swap_round=None) + next_turn(game)

    def timeout(self, game: CtaState) -> list[Event]:
        assert game.turn is not None
        if game.opt_str("idle") == "default":
            name = game.seats[game.turn].name
            return [TurnTimedOut(name), *game.stick(game.turn, swap_round=None, said=False), *next_turn(game)]
        return game.remove([game.seats[game.turn]], Cause.IDLE)

    def on_removal(self, game: CtaState, removed: list[Seat]) -> list[Event]:
        assert game.turn is not None
        if not game.seats[game.turn].alive:
            game.order.pop(0)
            return next_turn(game)
        game.turn_targets = game.swap_targets(game.turn)
        if not game.turn_targets:
            return next_turn(game)
        return []

    def brief(self, game: CtaState, seat: Seat) -> list[Event]:
        return [asked(game, game.turn)] if game.turn is not None and game.turn == seat.index else []

    def done(self, game: CtaState) -> bool:
        return game.turn is None

    def next(self, game: CtaState) -> Phase[CtaState]:
        return game.phase_named(CtaStage.REVEAL)


def next_turn(game: CtaState) -> list[Event]:
    """The next player in the order who is still in play takes their turn (one with nobody to
    target sticks at once); the turns are over when nobody is left. Whom a turn may target is
    worked out once, as it begins (`turn_targets`)."""
    events: list[Event] = []
    game.turn, game.turn_targets = None, []
    playing = game.in_play()  # a stick takes nobody out of play
    while game.order:
        current = game.order[0]
        if current not in playing:
            game.order.pop(0)
            continue
        targets = game.targets_of_each([current], playing)[current]
        if not targets:
            events.append(NoTargets(game.seats[current].name))
            events += game.stick(current, swap_round=None, said=False)
            continue
        game.turn, game.turn_targets = current, targets
        game.arm()
        events.append(asked(game, current))
        return events
    return events


def asked(game: CtaState, index: int) -> TurnAsked:
    """C6: `index`'s turn: stick, or swap with one of the players they may target."""
    return TurnAsked(game.seats[index].name, STICK_SWAP, tuple(game.names(game.turn_targets)), False)

"""Hot Potato's round (3.1-4.4): a holder drawn at random passes the potato in the room (with two left it
passes by itself) until it explodes on whoever holds it; one player is out a round, the last one wins."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.hp.facts import Exploded, HpCause, PassAsked, RoundBegins
from survivor_host.themes.hp.rules import PASS
from survivor_host.themes.hp.state import HpState


class PotatoRound(Phase[HpState]):
    """One round: the draw, the passes (each asked with its own deadline), the explosion."""

    name = "potato"
    announced = False
    waiting = False
    """Each pass asked arms its own deadline."""

    def enter(self, game: HpState) -> list[Event]:
        game.round += 1
        game.new_round_state()
        names = [seat.name for seat in game.alive()]
        holder = game.seat(game.dice.pick(names))
        game.holder = holder.index
        begins = RoundBegins(game.round, tuple(names), holder.name, game.timer, game.tosses_left(), game.die)
        return [begins, *advance(game)]

    def waits(self, game: HpState) -> list[Wait]:
        if game.holder is None or not game.asking:
            return []
        seat = game.seats[game.holder]
        return [Wait(seat.name, (PASS,), False, target_names(game, seat))]

    def offers(self, game: HpState, seat: Seat) -> list[Input]:
        if seat.index != game.holder or not game.asking:
            return []
        return [Input(PASS, by=seat.name, target=name) for name in target_names(game, seat)]

    def act(self, game: HpState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action != PASS:
            return None
        if seat.index != game.holder or not game.asking:
            raise IllegalAction("Only the player holding the potato passes it, when asked.")
        target = game.pass_target(seat, inp.target)
        game.asking = False
        return [game.toss(seat, target, auto=False), *advance(game)]

    def timeout(self, game: HpState) -> list[Event]:
        """3.5, BG5: a holder who does not pass by the deadline is out; the next round begins."""
        assert game.holder is not None
        return game.remove([game.seats[game.holder]], Cause.IDLE)

    def on_removal(self, game: HpState, removed: list[Seat]) -> list[Event]:
        """The holder removed ends the round (one out); two left, the holder's pass goes by itself."""
        if game.holder is None:
            return []
        if not game.seats[game.holder].alive:
            game.holder = None
            game.asking = False
            return []
        if game.asking and len(game.alive()) == 2:
            game.asking = False
            return advance(game)
        return []

    def brief(self, game: HpState, seat: Seat) -> list[Event]:
        return [asked(game, seat)] if seat.index == game.holder and game.asking else []

    def done(self, game: HpState) -> bool:
        return game.holder is None

    def next(self, game: HpState) -> Phase[HpState]:
        return POTATO_ROUND


POTATO_ROUND = PotatoRound()


def advance(game: HpState) -> list[Event]:
    """3.3: before each attempt the potato may explode (4.3); else with two left it passes by itself,
    else the holder is asked (a new deadline)."""
    events: list[Event] = []
    while game.holder is not None:
        holder = game.seats[game.holder]
        if game.explodes():
            cause = Exploded(holder.name, game.tossed, game.failed)
            game.holder = None
            events.append(game.eliminate([holder], HpCause.EXPLODED, [cause]))
            left = game.alive()
            if len(left) == 1:
                events += game.finish(left[0])
            return events
        others = game.targets_of(holder)
        if len(others) == 1:
            events.append(game.toss(holder, others[0], auto=True))
            continue
        game.asking = True
        game.arm()
        events.append(asked(game, holder))
        return events
    return events


def target_names(game: HpState, seat: Seat) -> tuple[str, ...]:
    return tuple(other.name for other in game.targets_of(seat))


def asked(game: HpState, seat: Seat) -> PassAsked:
    """The holder is asked to pass in the room, told the attempts left (standard) or the die (Timer)."""
    return PassAsked(
        seat.name, (PASS,), target_names(game, seat), False, left=game.tosses_left(), die=game.die, timer=game.timer
    )

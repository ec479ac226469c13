"""Exclusions' guesses (3.4): the nicknames whose owners nobody attacked are exposed, one at a time in
the order the owners joined. For each whose owner is still in, a player drawn from everyone else still in
(BG9) names a user in the room, themselves included (3.4c): right, the owner is out; wrong, nothing
happens (7c); silent by the deadline, the guesser is out."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.exclusions.facts import (
    SUSPECT,
    AttacksBegin,
    ExcCause,
    ExcStage,
    Exposed,
    FoundOut,
    GuessAsked,
    Guessed,
    NoGuess,
)
from survivor_host.themes.exclusions.state import ExcState


class Guessing(Phase[ExcState]):
    """Each exposed nickname in turn, its guesser's own deadline; done once none is left."""

    name = ExcStage.GUESSES
    waiting = False  # each guess starts its own deadline
    announced = False

    def enter(self, game: ExcState) -> list[Event]:
        attacked = {target for by, target in game.attacks.items() if game.seats[by].alive}
        game.exposed = [index for index in game.round_electorate() if index not in attacked]
        return [Exposed(tuple(game.nick_of(game.seats[index]) for index in game.exposed)), *self.advance(game)]

    def advance(self, game: ExcState) -> list[Event]:
        """Ask about the next exposed nickname whose owner is still in, or begin the attacks."""
        game.guesser = game.suspected = None
        while game.exposed:
            owner = game.seats[game.exposed.pop(0)]
            others = [seat.name for seat in game.alive() if seat is not owner]
            if not owner.alive or not others:
                continue
            guesser = game.seat(game.dice.pick(others))
            game.guesser, game.suspected = guesser.index, owner.index
            game.arm()
            return [asked(game, guesser)]
        return [AttacksBegin(len(game.attacks))]

    def waits(self, game: ExcState) -> list[Wait]:
        if game.guesser is None:
            return []
        seat = game.seats[game.guesser]
        return [Wait(seat.name, (SUSPECT,), False, game.suspect_names())]

    def offers(self, game: ExcState, seat: Seat) -> list[Input]:
        if seat.index != game.guesser:
            return []
        return [Input(SUSPECT, by=seat.name, target=name) for name in game.suspect_names()]

    def act(self, game: ExcState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action != SUSPECT:
            return None
        if game.guesser is None or game.suspected is None or seat.index != game.guesser:
            raise IllegalAction("Only the player asked to guess an exposed nickname suspects, when asked.")
        suspect = game.suspect_target(seat, inp.target)
        owner = game.seats[game.suspected]
        nick = game.nick_of(owner)
        if suspect is not owner:
            return [Guessed(seat.name, nick, suspect.name, False), *self.advance(game)]
        game.lives[owner.index] = 0
        out = game.eliminate([owner], ExcCause.FOUND_OUT, [FoundOut(owner.name, nick, seat.name)])
        events: list[Event] = [Guessed(seat.name, nick, suspect.name, True), out]
        left_in = game.alive()
        if len(left_in) == 1:
            game.guesser = game.suspected = None
            return [*events, *game.finish(left_in[0])]
        return [*events, *self.advance(game)]

    def timeout(self, game: ExcState) -> list[Event]:
        assert game.guesser is not None and game.suspected is not None
        seat = game.seats[game.guesser]
        said = NoGuess(seat.name, game.nick_of(game.seats[game.suspected]))
        events = [said, *game.remove([seat], Cause.IDLE)]
        if game.finished:
            game.guesser = game.suspected = None
        return events

    def on_removal(self, game: ExcState, removed: list[Seat]) -> list[Event]:
        """A guess whose guesser or owner is out is over: the next nickname's turn. Two left are the
        final's: the guesses end (HOSTS.md)."""
        if game.guesser is None or game.suspected is None:
            return []
        if not game.round_electorate():
            game.exposed = []
        elif game.seats[game.guesser].alive and game.seats[game.suspected].alive:
            return []
        return self.advance(game)

    def brief(self, game: ExcState, seat: Seat) -> list[Event]:
        return [asked(game, seat)] if seat.index == game.guesser else []

    def done(self, game: ExcState) -> bool:
        return game.guesser is None


def asked(game: ExcState, seat: Seat) -> GuessAsked:
    """`seat` is asked, in the room, who owns the nickname being guessed."""
    assert game.suspected is not None
    nick = game.nick_of(game.seats[game.suspected])
    return GuessAsked(seat.name, (SUSPECT,), game.suspect_names(), False, nick)

"""Hunger Games Spotlight's turn: a player drawn at random (BG7: from everyone still in, every turn)
attacks someone in the room; the first valid attack is final and fought at once (3.1-4.3)."""

from __future__ import annotations

from survivor_host.engine.duel_facts import ATTACK, AttackFought
from survivor_host.engine.duels import FINAL, DuelGame
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.hgs.facts import SPOTLIGHT, AttackAsked, SpotlightOn
from survivor_host.themes.hgs.record import HgsRecorder


class HgsState(DuelGame):
    """The fields of a Spotlight game: who is in the spotlight this turn, and the record."""

    spotlight: int | None
    recorder: HgsRecorder

    def setup_state(self) -> None:
        self.setup_lives()
        self.spotlight = None
        self.recorder = HgsRecorder()

    def attack_target(self, seat: Seat, name: str | None) -> Seat:
        """The living player `seat` names to attack (7c, BG2: else refused, naming the legal targets)."""
        return self.living_target(seat, name, "attack", target_names(self, seat))


class Spotlight(Phase[HgsState]):
    """One turn: the draw, the spotlight's attack in the room (its own deadline), the duel."""

    name = SPOTLIGHT
    announced = False

    def enter(self, game: HgsState) -> list[Event]:
        game.round += 1
        alive = game.alive()
        names = [seat.name for seat in alive]
        drawn = game.seat(game.dice.pick(names))
        game.spotlight = drawn.index
        return [SpotlightOn(game.round, drawn.name, tuple(names), game.lives_of(alive)), asked(game, drawn)]

    def waits(self, game: HgsState) -> list[Wait]:
        if game.spotlight is None:
            return []
        seat = game.seats[game.spotlight]
        return [Wait(seat.name, (ATTACK,), False, target_names(game, seat))]

    def offers(self, game: HgsState, seat: Seat) -> list[Input]:
        if seat.index != game.spotlight:
            return []
        return [Input(ATTACK, by=seat.name, target=name) for name in target_names(game, seat)]

    def act(self, game: HgsState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action != ATTACK:
            return None
        if seat.index != game.spotlight or game.spotlight is None:
            raise IllegalAction("Only the player in the spotlight attacks now.")
        target = game.attack_target(seat, inp.target)
        game.spotlight = None
        duel, _, left, lost = game.duel(seat, target)
        events: list[Event] = [AttackFought(duel, left), *lost]
        survivors = game.alive()
        if len(survivors) == 1:
            events += game.finish(survivors[0])
        return events

    def timeout(self, game: HgsState) -> list[Event]:
        assert game.spotlight is not None
        return game.remove([game.seats[game.spotlight]], Cause.IDLE)

    def on_removal(self, game: HgsState, removed: list[Seat]) -> list[Event]:
        """The turn ends when its spotlight is out, or two are left: theirs is the final (HOSTS.md)."""
        if game.spotlight is not None and not (game.seats[game.spotlight].alive and game.round_electorate()):
            game.spotlight = None
        return []

    def brief(self, game: HgsState, seat: Seat) -> list[Event]:
        return [asked(game, seat)] if seat.index == game.spotlight else []

    def done(self, game: HgsState) -> bool:
        return game.spotlight is None

    def next(self, game: HgsState) -> Phase[HgsState]:
        return next_turn(game)


SPOTLIGHT_TURN = Spotlight()


def next_turn(game: HgsState) -> Phase[HgsState]:
    """3.1: three or more left draw a spotlight; two go to the final."""
    return FINAL if len(game.alive()) == 2 else SPOTLIGHT_TURN  # type: ignore[return-value]


def target_names(game: HgsState, seat: Seat) -> tuple[str, ...]:
    return tuple(other.name for other in game.alive() if other is not seat)


def asked(game: HgsState, seat: Seat) -> AttackAsked:
    """`seat`, in the spotlight, is asked to attack someone in the room."""
    return AttackAsked(seat.name, (ATTACK,), target_names(game, seat), False)

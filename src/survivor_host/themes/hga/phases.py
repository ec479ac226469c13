"""The phases of Hunger Games Anon: nicknames by PM (3.1), then rounds of attacks by nickname (3.2-3.5,
BG8: attacks only while a round is open) and their duels (4.1-4.5); two left play the final (4.6)."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine import nicknames as engine_nicknames
from survivor_host.engine.duel_facts import ATTACK, AttackAsked, AttackFought, AttacksIn
from survivor_host.engine.duels import FINAL, fight_in_order
from survivor_host.engine.events import Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.engine.secret import SecretChoice
from survivor_host.themes.hga.facts import AttackTaken, HgaStage, RoundBegins
from survivor_host.themes.hga.state import HgaState


class Nicknames(engine_nicknames.Nicknames[HgaState]):
    """3.1: everyone PMs a nickname, final once taken; those without one at the deadline are out."""

    name = HgaStage.NICKS

    def next(self, game: HgaState) -> Phase[HgaState]:
        return after_round(game)


class Attacks(SecretChoice[HgaState, int]):
    """3.2-3.5: every living player PMs one attack on a nickname, final once sent; the idle are out at
    the deadline, before any duel, whatever the `idle` option (BG5)."""

    name = HgaStage.ATTACKS
    announced = False
    actions = (ATTACK,)
    changeable = False
    idle_default = False
    idle_told = True  # the idle are told by PM that they are out

    def enter(self, game: HgaState) -> list[Event]:
        game.next_round()
        game.attacks = {}
        alive = game.alive()
        nicks = game.dice.shuffle([game.shown_name(seat) for seat in alive])
        by_nick = {game.shown_name(seat): seat for seat in alive}
        lives = game.lives_of([by_nick[nick] for nick in nicks])
        names = tuple(sorted((seat.name for seat in alive), key=str.lower))
        return self.open(game, [RoundBegins(game.round, tuple(nicks), names, lives)])

    def electorate(self, game: HgaState) -> list[int]:
        return game.round_electorate()

    def ballot(self, game: HgaState) -> dict[int, int]:
        return game.attacks

    def read(self, game: HgaState, seat: Seat, inp: Input) -> int:
        return game.attack_target(seat, inp.target).index

    def choices_of(self, game: HgaState, seat: Seat) -> list[Input]:
        return [Input(ATTACK, by=seat.name, target=nick) for nick, _ in game.nick_targets(seat)]

    def targets(self, game: HgaState, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        return {index: tuple(nick for nick, _ in game.nick_targets(game.seats[index])) for index in indexes}

    def ask(self, game: HgaState, index: int) -> Event:
        seat = game.seats[index]
        targets = tuple(nick for nick, _ in game.nick_targets(seat))
        return AttackAsked(seat.name, (ATTACK,), targets, True, game.round, to=seat.name)

    def made(self, game: HgaState, seat: Seat, choice: int, changed: bool) -> list[Event]:
        target = game.shown_name(game.seats[choice])
        return [AttackTaken(seat.name, game.shown_name(seat), target, to=seat.name)]

    def reminded(self, game: HgaState, seat: Seat, choice: int) -> list[Event]:
        target = game.shown_name(game.seats[choice])
        return [AttackTaken(seat.name, game.shown_name(seat), target, again=True, to=seat.name)]

    def again(self, game: HgaState, seat: Seat) -> str:
        return f"You have already attacked {game.shown_name(game.seats[game.attacks[seat.index]])} this round."

    def reveal(self, game: HgaState) -> list[Event]:
        return [AttacksIn(len(game.attacks))]

    def next(self, game: HgaState) -> Phase[HgaState]:
        return DUELS


class Duels(Phase[HgaState]):
    """4.1-4.5: the attacks in the order sent; one whose attacker or target is out by then is dropped."""

    name = HgaStage.DUELS
    waiting = False
    announced = False

    def enter(self, game: HgaState) -> list[Event]:
        events = fight_in_order(game, game.attacks, AttackFought)
        game.attacks = {}
        return events

    def done(self, game: HgaState) -> bool:
        return True

    def next(self, game: HgaState) -> Phase[HgaState]:
        return after_round(game)


NICKNAMES, ATTACKS, DUELS = Nicknames(), Attacks(), Duels()


def after_round(game: HgaState) -> Phase[HgaState]:
    """3.2: three or more left attack again; two go to the final."""
    return FINAL if len(game.alive()) == 2 else ATTACKS  # type: ignore[return-value]

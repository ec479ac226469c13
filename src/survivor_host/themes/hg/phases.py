"""The phases of Hunger Games: attacks by PM, the duels in the order sent, the final two's duel."""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine.duel_facts import (
    ATTACK,
    AttackAsked,
    AttackFought,
    AttacksIn,
    AttackTaken,
    RoundBegins,
)
from survivor_host.engine.duels import FINAL, fight_in_order
from survivor_host.engine.events import Event, PlayerList
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase
from survivor_host.engine.secret import SecretChoice
from survivor_host.themes.hg.facts import HgStage
from survivor_host.themes.hg.state import HgState


class HgPhase(Phase[HgState]):
    """A phase of Hunger Games."""


class Attacks(SecretChoice[HgState, int]):
    """3.1-3.5: every living player PMs one attack, final once sent (BG1: only the living are asked);
    the idle are out at the deadline, before any duel, whatever the `idle` option (BG5)."""

    name = HgStage.ATTACKS
    announced = False
    actions = (ATTACK,)
    changeable = False
    idle_default = False
    idle_told = True  # the idle are told by PM that they are out

    def enter(self, game: HgState) -> list[Event]:
        game.round += 1
        game.attacks = {}
        alive = game.alive()
        listed = PlayerList(tuple(seat.name + game.marks(seat) for seat in alive), first=game.round == 1)
        return self.open(game, [RoundBegins(game.round, tuple(s.name for s in alive), game.lives_of(alive)), listed])

    def electorate(self, game: HgState) -> list[int]:
        return game.round_electorate()

    def ballot(self, game: HgState) -> dict[int, int]:
        return game.attacks

    def read(self, game: HgState, seat: Seat, inp: Input) -> int:
        return game.attack_target(seat, inp.target).index

    def choices_of(self, game: HgState, seat: Seat) -> list[Input]:
        return [Input(ATTACK, by=seat.name, target=name) for name in target_names(game, seat)]

    def targets(self, game: HgState, indexes: Sequence[int]) -> dict[int, tuple[str, ...]]:
        return {index: target_names(game, game.seats[index]) for index in indexes}

    def ask(self, game: HgState, index: int) -> Event:
        return asked(game, game.seats[index])

    def made(self, game: HgState, seat: Seat, choice: int, changed: bool) -> list[Event]:
        return [AttackTaken(seat.name, game.seats[choice].name, to=seat.name)]

    def reminded(self, game: HgState, seat: Seat, choice: int) -> list[Event]:
        return [AttackTaken(seat.name, game.seats[choice].name, again=True, to=seat.name)]

    def again(self, game: HgState, seat: Seat) -> str:
        return f"You have already attacked {game.seats[game.attacks[seat.index]].name} this round."

    def reveal(self, game: HgState) -> list[Event]:
        return [AttacksIn(len(game.attacks))]

    def next(self, game: HgState) -> Phase[HgState]:
        return DUELS


class Duels(HgPhase):
    """4.1-4.5: the attacks in the order sent; one whose attacker or target is out by then is dropped."""

    name = HgStage.DUELS
    waiting = False
    announced = False

    def enter(self, game: HgState) -> list[Event]:
        events = fight_in_order(game, game.attacks, AttackFought)
        game.attacks = {}
        return events

    def done(self, game: HgState) -> bool:
        return True

    def next(self, game: HgState) -> Phase[HgState]:
        return after_round(game)


ATTACKS, DUELS = Attacks(), Duels()


def after_round(game: HgState) -> Phase[HgState]:
    """3.1: three or more left attack again; two go to the final."""
    return FINAL if len(game.alive()) == 2 else ATTACKS  # type: ignore[return-value]


def target_names(game: HgState, seat: Seat) -> tuple[str, ...]:
    return tuple(other.name for other in game.targets_of(seat.index))


def asked(game: HgState, seat: Seat) -> AttackAsked:
    """`seat` is asked to PM its attack this round."""
    return AttackAsked(seat.name, (ATTACK,), target_names(game, seat), True, game.round, to=seat.name)

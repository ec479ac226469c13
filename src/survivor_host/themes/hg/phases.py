"""The phases of Hunger Games: attacks by PM, the duels in the order sent, the final two's duel."""

from __future__ import annotations

from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event, PlayerList
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.hg.facts import (
    ATTACK,
    AttackAsked,
    AttackDropped,
    AttackFought,
    AttacksIn,
    AttackTaken,
    FinalBegins,
    FinalFought,
    HgStage,
    RoundBegins,
)
from survivor_host.themes.hg.state import HgState


class HgPhase(Phase[HgState]):
    """A phase of Hunger Games."""


class Attacks(HgPhase):
    """3.1-3.5: every living player PMs one attack, final once sent; the idle are out at the deadline."""

    name = HgStage.ATTACKS
    announced = False

    def enter(self, game: HgState) -> list[Event]:
        game.round += 1
        game.attacks = []
        alive = game.alive()
        listed = PlayerList(tuple(seat.name + game.marks(seat) for seat in alive), first=game.round == 1)
        events: list[Event] = [RoundBegins(game.round, tuple(s.name for s in alive), game.lives_of(alive)), listed]
        return events + [asked(game, seat) for seat in alive]

    def owed(self, game: HgState) -> list[Seat]:
        chosen = {by for by, _ in game.attacks}
        return [seat for seat in game.alive() if seat.index not in chosen]

    def waits(self, game: HgState) -> list[Wait]:
        return [Wait(seat.name, (ATTACK,), True, target_names(game, seat)) for seat in self.owed(game)]

    def offers(self, game: HgState, seat: Seat) -> list[Input]:
        if game.attacked_by(seat.index) is not None:
            return []
        return [Input(ATTACK, by=seat.name, target=name) for name in target_names(game, seat)]

    def act(self, game: HgState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action != ATTACK:
            return None
        chosen = game.attacked_by(seat.index)
        if chosen is not None:
            raise IllegalAction(f"You have already attacked {game.seats[chosen].name} this round.")
        target = game.attack_target(seat, inp.target)
        game.attacks.append((seat.index, target.index))
        return [AttackTaken(seat.name, target.name, to=seat.name)]

    def timeout(self, game: HgState) -> list[Event]:
        return game.remove(self.owed(game), Cause.IDLE)

    def brief(self, game: HgState, seat: Seat) -> list[Event]:
        chosen = game.attacked_by(seat.index)
        if chosen is None:
            return [asked(game, seat)]
        return [AttackTaken(seat.name, game.seats[chosen].name, again=True, to=seat.name)]

    def done(self, game: HgState) -> bool:
        return not self.owed(game)

    def leave(self, game: HgState) -> list[Event]:
        return [AttacksIn(len(game.attacks))]

    def next(self, game: HgState) -> Phase[HgState]:
        return DUELS


class Duels(HgPhase):
    """4.1-4.5: the attacks in the order sent; one whose attacker or target is out by then is dropped."""

    name = HgStage.DUELS
    waiting = False
    announced = False

    def enter(self, game: HgState) -> list[Event]:
        events: list[Event] = []
        for by, target in game.attacks:
            attacker, defender = game.seats[by], game.seats[target]
            if not (attacker.alive and defender.alive):
                events.append(AttackDropped(attacker.name, defender.name))
                continue
            duel, _, left, lost = game.duel(attacker, defender)
            events += [AttackFought(duel, left), *lost]
        game.attacks = []
        left_in = game.alive()
        if len(left_in) == 1:
            last = max(game.seats, key=lambda seat: seat.out_step or 0)
            events += game.finish(left_in[0], last)
        return events

    def done(self, game: HgState) -> bool:
        return True

    def next(self, game: HgState) -> Phase[HgState]:
        return after_round(game)


class Final(HgPhase):
    """4.6: two are left; the earlier to join rolls first; they duel until one is out (Second Wind)."""

    name = HgStage.FINAL
    waiting = False

    def enter(self, game: HgState) -> list[Event]:
        game.round += 1
        first, second = game.alive()
        events: list[Event] = [FinalBegins(game.round, first.name, second.name, game.lives_of([first, second]))]
        while True:
            duel, loser, left, lost = game.duel(first, second)
            events += [FinalFought(duel, left), *lost]
            if not loser.alive:
                winner = second if loser is first else first
                return events + game.finish(winner, loser)


ATTACKS, DUELS, FINAL = Attacks(), Duels(), Final()


def after_round(game: HgState) -> Phase[HgState]:
    """3.1: three or more left attack again; two go to the final."""
    return FINAL if len(game.alive()) == 2 else ATTACKS


def target_names(game: HgState, seat: Seat) -> tuple[str, ...]:
    return tuple(other.name for other in game.targets_of(seat.index))


def asked(game: HgState, seat: Seat) -> AttackAsked:
    """`seat` is asked to PM its attack this round."""
    return AttackAsked(seat.name, (ATTACK,), target_names(game, seat), True, game.round, to=seat.name)

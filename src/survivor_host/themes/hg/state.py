"""What a game of Hunger Games holds between inputs, and the steps its phases share.

The state refers to seats by index; names appear only in the facts and records that go out.
"""

from __future__ import annotations

from collections.abc import Sequence

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Event
from survivor_host.engine.game import Game, Seat
from survivor_host.engine.modes import DUEL_DIE, SECOND_WIND, Duel, LifeLost, fight, hearts, starting_lives
from survivor_host.themes.hg.facts import HgCause, LastBattle, LostDuel
from survivor_host.themes.hg.record import HgRecorder


class HgState(Game):
    """The fields of a Hunger Games game; `HungerGames` adds its phases."""

    lives: dict[int, int]
    """Each seat's lives (Second Wind: 2 at the start; else 1)."""
    attacks: dict[int, int]
    """This round's accepted attacks, attacker to target, in the order they were accepted."""
    recorder: HgRecorder

    def setup_state(self) -> None:
        lives = starting_lives(self.mods)
        self.lives = {seat.index: lives for seat in self.seats}
        self.attacks = {}
        self.recorder = HgRecorder()

    def attacked_by(self, index: int) -> int | None:
        """The seat `index` attacks this round, if it has chosen."""
        return self.attacks.get(index)

    def targets_of(self, index: int) -> list[Seat]:
        """Whom `index` may attack: every other player still in."""
        return [seat for seat in self.alive() if seat.index != index]

    def attack_target(self, seat: Seat, name: str | None) -> Seat:
        """The living player `seat` names to attack (BG2: else refused, naming the legal targets)."""
        legal = ", ".join(other.name for other in self.targets_of(seat.index))
        if not name:
            raise IllegalAction(f"Name the player you attack: {legal}.")
        try:
            target = self.seat(name)
        except IllegalAction:
            raise IllegalAction(f'"{name}" is not in this game. You may attack: {legal}.') from None
        if target is seat:
            raise IllegalAction(f"You can't attack yourself. You may attack: {legal}.")
        if not target.alive:
            raise IllegalAction(f"{target.name} is already out. You may attack: {legal}.")
        return target

    def marks(self, seat: Seat) -> str:
        """Second Wind: the lives after each name in the player list (`Mars 2♥`)."""
        return f" {hearts(self.lives[seat.index])}" if SECOND_WIND in self.mods else ""

    def lives_of(self, seats: Sequence[Seat]) -> tuple[int, ...]:
        """Each seat's lives, under Second Wind; empty otherwise."""
        return tuple(self.lives[seat.index] for seat in seats) if SECOND_WIND in self.mods else ()

    def duel(self, first: Seat, second: Seat) -> tuple[Duel, Seat, int, list[Event]]:
        """A duel under the game's modes: the loser loses a life, and with none left is out (one step).

        Returns the duel, its loser, the loser's lives left, and the events of the loss."""
        fought = fight(self.dice, first.name, second.name, self.mods)
        loser = first if fought.loser == first.name else second
        self.lives[loser.index] -= 1
        left = self.lives[loser.index]
        if left > 0:
            return fought, loser, left, [LifeLost(loser.name, left)]
        out = self.eliminate([loser], HgCause.DUEL, [LostDuel(loser.name, fought.winner)])
        return fought, loser, left, [out]

    def remove(self, seats: list[Seat], reason: str) -> list[Event]:
        """Take `seats` out in one step (idle, modkilled, left): lives do not help (modes.txt)."""
        events: list[Event] = [self.eliminate(seats, reason)]
        left = self.alive()
        if len(left) == 1:
            return [*events, *self.finish(left[0])]
        if not left:
            return [*events, *self.last_battle(seats)]
        return [*events, *self.current.on_removal(self, seats)]

    def last_battle(self, seats: list[Seat]) -> list[Event]:
        """Everyone left went out in one step: a battle of 100 among them decides the winner (G1, G4)."""
        if len(seats) == 1:
            return self.finish(seats[0], None)
        result = battle(self.dice, [(seat.name, DUEL_DIE) for seat in seats], purpose="battle for the win")
        winner = self.seat(result.winners[0])
        fact = LastBattle(tuple(s.name for s in seats), tuple(result.events), tuple(result.rolls), winner.name)
        others = [seat for seat in seats if seat is not winner]
        return [fact, *self.finish(winner, others)]

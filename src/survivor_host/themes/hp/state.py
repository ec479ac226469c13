"""What a game of Hot Potato holds between inputs: who holds the potato, the round's attempts and the
Timer's die, who last passed it to whom. The state refers to seats by index; names appear only in facts.
"""

from __future__ import annotations

from survivor_host.engine.duels import DuelGame
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.game import Seat
from survivor_host.engine.render import join_names
from survivor_host.engine.seats import quoted_name
from survivor_host.themes.hp.facts import Tossed
from survivor_host.themes.hp.record import HpRecorder
from survivor_host.themes.hp.rules import TIMER, TIMER_START, dice, next_die, tosses


class HpState(DuelGame):
    """The fields of a Hot Potato game: players are out one a round, so every life count is one."""

    holder: int | None
    """Who holds the potato; None between rounds."""
    asking: bool
    """The holder is asked to pass now (three or more in); with two the potato passes by itself."""
    tossed: int
    """The round's attempts so far."""
    die: int
    """Timer: the passer's die now."""
    failed: bool
    """Timer: the last pass failed, so the potato explodes on its holder."""
    passed_by: int | None
    """Who passed the potato to its holder this round (None for the holder drawn)."""
    last_from: dict[int, int]
    """For each player, who last passed them the potato in this game."""
    recorder: HpRecorder

    def setup_state(self) -> None:
        self.setup_lives()
        self.holder = None
        self.asking = False
        self.new_round_state()
        self.last_from = {}
        self.recorder = HpRecorder()

    @property
    def timer(self) -> bool:
        return TIMER in self.mods

    def new_round_state(self) -> None:
        """3.1: the round's attempts and the Timer's die start afresh."""
        self.tossed = 0
        self.die = TIMER_START
        self.failed = False
        self.passed_by = None

    def tosses_left(self) -> int:
        """Attempts left before the potato explodes, the next one included (7f)."""
        return tosses(self.timer) - self.tossed

    def explodes(self) -> bool:
        """4.3: the attempts are used up, or (Timer) the last pass failed."""
        return self.failed or self.tosses_left() <= 0

    def targets_of(self, seat: Seat) -> list[Seat]:
        """3.4: whom the holder may pass to: any other player still in, the one who passed it included."""
        return [other for other in self.alive() if other is not seat]

    def pass_target(self, seat: Seat, name: str | None) -> Seat:
        """The living player `seat` names (7a, BG2: anything else, `constructor` included, is refused
        naming the legal targets; the holder may send another)."""
        legal = join_names([other.name for other in self.targets_of(seat)])
        if not name:
            raise IllegalAction(f"Name the player you pass the potato to: {legal}.")
        try:
            target = self.seat(name)
        except IllegalAction:
            raise IllegalAction(f"{quoted_name(name)} is not in this game. You may pass to: {legal}.") from None
        if target is seat:
            raise IllegalAction(f"You can't pass the potato to yourself. You may pass to: {legal}.")
        if not target.alive:
            raise IllegalAction(f"{target.name} is already out. You may pass to: {legal}.")
        return target

    def toss(self, passer: Seat, receiver: Seat, auto: bool) -> Tossed:
        """4.1-4.2: one attempt, the passer rolling first (BG4); equal rolls roll again. Won: the receiver
        holds it (Timer: the die falls by 10, never below 10); lost: the passer keeps it (Timer: it explodes)."""
        timer = self.timer
        first, second = dice(timer, self.die)
        pairs: list[tuple[int, int]] = []
        while True:
            pair = self.dice.roll_two(first, f"pass for {passer.name}", second, f"catch for {receiver.name}")
            pairs.append(pair)
            if pair[0] != pair[1]:
                break
        passed = pairs[-1][0] > pairs[-1][1]
        self.tossed += 1
        if passed:
            self.holder = receiver.index
            self.passed_by = passer.index
            self.last_from[receiver.index] = passer.index
            if timer:
                self.die = next_die(self.die)
        elif timer:
            self.failed = True
        return Tossed(
            passer.name, receiver.name, (first, second), tuple(pairs), passed, auto, self.tosses_left(), timer
        )

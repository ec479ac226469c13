"""Russian Roulette's state between inputs, and what the player on turn may do (3.3, 3.4, 3.6, BG11)."""

from __future__ import annotations

from survivor_host.engine.duels import DuelGame
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.render import join_names
from survivor_host.engine.seats import quoted_name
from survivor_host.themes.rr.record import RrRecorder
from survivor_host.themes.rr.rules import CHAMBERS, PASS, PULL, STEAL


class RrState(DuelGame):
    """The chamber, who has used their pass or their steal, who has acted this round, who is on turn."""

    chamber: int
    passed: set[int]
    stole: set[int]
    acted: set[int]
    turn: int | None
    """The seat on turn, awaited; None between turns."""
    last: int | None
    """The seat that had the last turn (the final alternates)."""
    final: bool
    recorder: RrRecorder

    def setup_state(self) -> None:
        self.setup_lives()
        self.chamber = CHAMBERS
        self.passed, self.stole, self.acted = set(), set(), set()
        self.turn = self.last = None
        self.final = False
        self.recorder = RrRecorder()

    def marks(self, seat: Seat) -> str:
        """A used pass is shown after the name in player lists (2.3's "[X]")."""
        return " (pass used)" if seat.index in self.passed else ""

    def can_pass(self, seat: Seat) -> bool:
        return seat.index not in self.passed

    def can_steal(self, seat: Seat) -> bool:
        """3.3, BG11: only once your pass is used, once a game, never in the final."""
        return not self.final and seat.index in self.passed and seat.index not in self.stole

    def steal_targets(self, seat: Seat) -> tuple[str, ...]:
        """The living players who still hold their pass (never oneself: one's own pass is used)."""
        return tuple(other.name for other in self.alive() if other is not seat and other.index not in self.passed)

    def choices(self, seat: Seat) -> list[Input]:
        """Every action `seat` may send on its turn now (7a: only those that work are offered)."""
        if seat.index != self.turn:
            return []
        out: list[Input] = []
        if self.chamber > 1:
            out.append(Input(PULL, by=seat.name))
            if self.can_pass(seat):
                out.append(Input(PASS, by=seat.name))
        if self.can_steal(seat):
            out += [Input(STEAL, by=seat.name, target=name) for name in self.steal_targets(seat)]
        return out

    def words_for(self, seat: Seat) -> str:
        """The actions `seat` may send now, as a refusal lists them."""
        names = {choice.action for choice in self.choices(seat)}
        shown = [word for word in (PULL, PASS) if word in names]
        if STEAL in names:
            shown.append(f"steal NAME ({join_names(self.steal_targets(seat))})")
        return join_names(shown, last="or")

    def check(self, seat: Seat, inp: Input) -> Seat | None:
        """`inp` is legal for `seat` now (else IllegalAction saying why and what is); a steal's target."""
        if self.turn is None or seat.index != self.turn:
            if seat.index in self.acted and not self.final:
                raise IllegalAction("You have already acted this round: one action a turn.")
            who = "nobody" if self.turn is None else self.seats[self.turn].name
            raise IllegalAction(f"It is not your turn: it is {who}'s.")
        legal = self.words_for(seat)
        if inp.action == PULL and self.chamber == 1:
            raise IllegalAction(f"The chamber is at 1: nobody pulls now. You may: {legal}.")
        if inp.action == PASS and not self.can_pass(seat):
            raise IllegalAction(f"Your pass is used (one a game). You may: {legal}.")
        if inp.action != STEAL:
            return None
        if self.final:
            raise IllegalAction(f"No steals in the final. You may: {legal}.")
        if seat.index not in self.passed:
            raise IllegalAction(f"You may steal only once your own pass is used. You may: {legal}.")
        if seat.index in self.stole:
            raise IllegalAction(f"You have stolen once already (one steal a game). You may: {legal}.")
        if not self.steal_targets(seat):
            raise IllegalAction(f"Nobody still in holds a pass to steal. You may: {legal}.")
        return self.steal_target(seat, inp.target, legal)

    def steal_target(self, seat: Seat, name: str | None, legal: str) -> Seat:
        """BG2: a living player other than `seat` who still holds their pass."""
        if not name:
            raise IllegalAction(f"Name the player you steal from. You may: {legal}.")
        try:
            target = self.seat(name)
        except IllegalAction:
            raise IllegalAction(f"{quoted_name(name)} is not in this game. You may: {legal}.") from None
        if target is seat:
            raise IllegalAction(f"You can't steal from yourself. You may: {legal}.")
        if not target.alive:
            raise IllegalAction(f"{target.name} is already out. You may: {legal}.")
        if target.index in self.passed:
            raise IllegalAction(f"{target.name} has no pass left to steal. You may: {legal}.")
        return target

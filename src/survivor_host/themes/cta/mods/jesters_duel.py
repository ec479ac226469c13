"""Jester's Duel (C5): a 14 is a Jester, who duels before the swap phase.

One Jester names, in chat, another player who is neither a King nor a Jester: roll battle
100 vs 100 (Jester first), the winner advances (safe like a King), the loser is eliminated.
Two or more Jesters name nobody: they all roll 100 together, the highest advances and the other
Jesters are eliminated, but never so many that fewer than 2 players are left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event, PhaseChanged
from survivor_host.engine.game import Seat, Wait
from survivor_host.engine.inputs import Input, offer
from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts import (
    CtaCause,
    CtaStage,
    DuelAsked,
    DuelPicked,
    DuelResolved,
    JesterGone,
    JestersBattle,
    JestersKnown,
    LostDuel,
    LostJestersBattle,
    Walkover,
)
from survivor_host.themes.cta.mods.base import CtaMod
from survivor_host.themes.cta.spec import JESTERS_DUEL

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce

JESTER = 14


def opponents(game: ChaseTheAce, jester: int) -> list[int]:
    """Whom a lone Jester may name: another player still in, not a King, Jester or advanced."""
    barred, cards = {jester, *game.kings, *game.advanced}, game.cards
    return [seat.index for seat in game.alive() if seat.index not in barred and cards.get(seat.index) != JESTER]


class JestersDuel(Phase["ChaseTheAce"], CtaMod):
    """The mod, and the `duel` phase in which a lone Jester names an opponent."""

    id = JESTERS_DUEL
    name: str = CtaStage.DUEL

    def __init__(self) -> None:
        self.jester: int | None = None

    # ----- hooks -----

    def card_die(self) -> int | None:
        return JESTER

    def new_round(self) -> None:
        self.jester = None

    def jesters(self, game: ChaseTheAce) -> list[int]:
        """The seats dealt a Jester this round, in list order."""
        return [index for index, card in game.cards.items() if card == JESTER and game.seats[index].alive]

    def after_deal(self, game: ChaseTheAce) -> list[Event]:
        found = self.jesters(game)
        return [JestersKnown(tuple(game.names(found)))] if found else []

    def before_swaps(self, game: ChaseTheAce) -> list[Event] | None:
        """Start this round's duels; returns with a wait for a lone Jester, or carries on."""
        self.jester = None
        found = self.jesters(game)
        if not found:
            return game.begin_swaps()
        if len(found) >= 2:
            return self._jesters_battle(game, found)
        jester = found[0]
        if not opponents(game, jester):
            walkover = self._walkover(game, jester, left=False)
            return [*walkover, *game.begin_swaps()]
        self.jester = jester
        game.enter(self)
        return [PhaseChanged(CtaStage.DUEL, game.round), self.prompt(game)]

    # ----- the duel phase -----

    def prompt(self, game: ChaseTheAce) -> DuelAsked:
        """Ask the lone Jester to name an opponent in chat."""
        assert self.jester is not None
        targets = tuple(game.names(opponents(game, self.jester)))
        return DuelAsked(game.seats[self.jester].name, ("duel",), targets, False)

    def waits(self, game: ChaseTheAce) -> list[Wait]:
        assert self.jester is not None
        targets = tuple(game.names(opponents(game, self.jester)))
        return [Wait(game.seats[self.jester].name, ("duel",), False, targets)]

    def offers(self, game: ChaseTheAce, seat: Seat) -> list[Input]:
        if seat.index != self.jester:
            return []
        return [offer("duel", seat.name, target) for target in game.names(opponents(game, seat.index))]

    def act(self, game: ChaseTheAce, seat: Seat, inp: Input) -> list[Event] | None:
        action = inp.action
        if action in ("stick", "swap"):
            raise IllegalAction("Wait for the Jester's duel first.")
        if action != "duel":
            return None
        if seat.index != self.jester:
            raise IllegalAction("Only the Jester can call the duel.")
        target = game.alive_target(inp.target, "duel")
        if target.index == seat.index:
            raise IllegalAction("You can't duel yourself.")
        if target.index in game.kings:
            raise IllegalAction("Kings cannot be chosen for the duel.")
        if target.index not in opponents(game, seat.index):
            raise IllegalAction(f"{target.name} cannot be chosen for the duel.")
        return self._duel(game, seat.index, target.index)

    def timeout(self, game: ChaseTheAce) -> list[Event]:
        assert self.jester is not None
        jester = self.jester
        if game.opt_str("idle") == "default":
            target = game.seat(game.dice.pick(game.names(opponents(game, jester))))
            name = game.seats[jester].name
            return [
                DuelPicked(name, target.name),
                *self._duel(game, jester, target.index),
            ]
        return game.remove([game.seats[jester]], Cause.IDLE)

    def on_removal(self, game: ChaseTheAce, removed: list[Seat]) -> list[Event]:
        assert self.jester is not None
        jester = self.jester
        if not game.seats[jester].alive:
            self.jester = None
            return [JesterGone(), *game.begin_swaps()]
        if not opponents(game, jester):
            self.jester = None
            return [*self._walkover(game, jester, left=True), *game.begin_swaps()]
        return []

    def brief(self, game: ChaseTheAce, seat: Seat) -> list[Event]:
        return [self.prompt(game)] if seat.index == self.jester else []

    # ----- outcomes -----

    def _walkover(self, game: ChaseTheAce, jester: int, left: bool) -> list[Event]:
        game.advance(jester)
        name = game.seats[jester].name
        return [Walkover(name, left)]

    def _duel(self, game: ChaseTheAce, jester: int, target: int) -> list[Event]:
        """Jester 100 vs target 100 (G1); the winner advances, the loser is eliminated."""
        self.jester = None
        j_name, t_name = game.seats[jester].name, game.seats[target].name
        result = battle(game.dice, [(j_name, 100), (t_name, 100)], purpose="duel")
        winner = game.seat(result.winners[0])
        loser = game.seat(result.losers[0])
        game.advance(winner.index)
        rolled, rounds = tuple(result.events), tuple(result.rolls)
        events: list[Event] = [DuelResolved(j_name, t_name, rolled, rounds, winner.name, loser.name)]
        lost = LostDuel(loser.name, winner.name, result.last_roll(loser.name), result.last_roll(winner.name))
        events.append(game.eliminate([loser], CtaCause.DUEL, [lost]))
        return [*events, *game.after_step(game.begin_swaps)]

    def _jesters_battle(self, game: ChaseTheAce, found: list[int]) -> list[Event]:
        names = game.names(found)
        out = min(len(found) - 1, len(game.alive()) - 2)
        result = battle(game.dice, [(name, 100) for name in names], keep=len(found) - out, purpose="jesters")
        winner: str | None = None
        if len(result.winners) == 1:
            winner = result.winners[0]
            game.advance(game.seat(winner).index)
        rolled, rounds = tuple(result.events), tuple(result.rolls)
        events: list[Event] = [JestersBattle(tuple(names), rolled, rounds, winner, tuple(result.losers))]
        losers = [game.seat(name) for name in result.losers]
        if losers:
            causes = [LostJestersBattle(seat.name, result.last_roll(seat.name)) for seat in losers]
            events.append(game.eliminate(losers, CtaCause.JESTERS, causes))
        return [*events, *game.after_step(game.begin_swaps)]

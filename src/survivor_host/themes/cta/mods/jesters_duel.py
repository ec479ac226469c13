"""Jester's Duel (C5): a 14 is a Jester, who duels before the swap phase.

One Jester names, in chat, another player who is neither a King nor a Jester: roll battle
100 vs 100 (Jester first), the winner advances (safe like a King), the loser is eliminated.
Two or more Jesters name nobody: they all roll 100 together, the highest advances and the other
Jesters are eliminated, but never so many that fewer than 2 players are left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Cause, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.cta.facts.fourteens import (
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
from survivor_host.themes.cta.facts.kinds import CtaCause, CtaStage
from survivor_host.themes.cta.phases.base import CtaPhase, after_step
from survivor_host.themes.cta.rules import FOURTEEN, JESTERS_DUEL
from survivor_host.themes.cta.state import CtaMod, CtaState

JESTER = FOURTEEN
DUEL_DIE = 100


@dataclass
class DuelState:
    """The lone Jester still to name an opponent this round, if any."""

    jester: int | None = None


def state(game: CtaState) -> DuelState:
    found = game.mod_state[JESTERS_DUEL]
    assert isinstance(found, DuelState)
    return found


def jesters(game: CtaState) -> list[int]:
    """The seats dealt a Jester this round and still in, in list order."""
    return [index for index, card in game.cards.items() if card == JESTER and game.seats[index].alive]


def opponents(game: CtaState, jester: int) -> list[int]:
    """Whom a lone Jester may name: another player still in, not a King, Jester or advanced."""
    barred = {jester, *game.kings, *game.advanced}
    return [seat.index for seat in game.alive() if seat.index not in barred and game.cards.get(seat.index) != JESTER]


class Duel(CtaPhase):
    """The lone Jester names an opponent in chat; done once the duel is fought or cannot be."""

    name = CtaStage.DUEL

    def enter(self, game: CtaState) -> list[Event]:
        return [asked(game)]

    def waits(self, game: CtaState) -> list[Wait]:
        jester = state(game).jester
        if jester is None:
            return []
        return [Wait(game.seats[jester].name, ("duel",), False, tuple(game.names(opponents(game, jester))))]

    def offers(self, game: CtaState, seat: Seat) -> list[Input]:
        if seat.index != state(game).jester:
            return []
        return [Input("duel", by=seat.name, target=target) for target in game.names(opponents(game, seat.index))]

    def act(self, game: CtaState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action in ("stick", "swap"):
            if seat.index == state(game).jester:
                raise IllegalAction("You are the Jester: name your opponent first; the swaps come after.")
            raise IllegalAction("Wait for the Jester's duel first.")
        if inp.action != "duel":
            return None
        if seat.index != state(game).jester:
            raise IllegalAction("Only the Jester can call the duel.")
        target = game.alive_target(inp.target, "duel")
        if target.index == seat.index:
            raise IllegalAction("You can't duel yourself.")
        if target.index in game.kings:
            raise IllegalAction("Kings cannot be chosen for the duel.")
        if target.index not in opponents(game, seat.index):
            raise IllegalAction(f"{target.name} cannot be chosen for the duel.")
        return duel(game, seat.index, target.index)

    def timeout(self, game: CtaState) -> list[Event]:
        jester = state(game).jester
        assert jester is not None
        if game.opt_str("idle") == "default":
            target = game.seat(game.dice.pick(game.names(opponents(game, jester))))
            return [DuelPicked(game.seats[jester].name, target.name), *duel(game, jester, target.index)]
        return game.remove([game.seats[jester]], Cause.IDLE)

    def on_removal(self, game: CtaState, removed: list[Seat]) -> list[Event]:
        jester = state(game).jester
        assert jester is not None
        if not game.seats[jester].alive:
            state(game).jester = None
            return [JesterGone()]
        if not opponents(game, jester):
            state(game).jester = None
            return walkover(game, jester, left=True)
        return []

    def brief(self, game: CtaState, seat: Seat) -> list[Event]:
        return [asked(game)] if seat.index == state(game).jester else []

    def done(self, game: CtaState) -> bool:
        return state(game).jester is None

    def next(self, game: CtaState) -> Phase[CtaState]:
        return after_step(game, CtaStage.SWAP)


def asked(game: CtaState) -> DuelAsked:
    """Ask the lone Jester to name an opponent in chat."""
    jester = state(game).jester
    assert jester is not None
    return DuelAsked(game.seats[jester].name, ("duel",), tuple(game.names(opponents(game, jester))), False)


def walkover(game: CtaState, jester: int, left: bool) -> list[Event]:
    """A lone Jester with nobody (`left`: nobody left) to duel advances."""
    game.advanced.append(jester)
    return [Walkover(game.seats[jester].name, left)]


def duel(game: CtaState, jester: int, target: int) -> list[Event]:
    """Jester 100 vs target 100 (G1); the winner advances, the loser is eliminated."""
    state(game).jester = None
    j_name, t_name = game.seats[jester].name, game.seats[target].name
    result = battle(game.dice, [(j_name, DUEL_DIE), (t_name, DUEL_DIE)], purpose="duel")
    winner, loser = game.seat(result.winners[0]), game.seat(result.losers[0])
    game.advanced.append(winner.index)
    rolled, rounds = tuple(result.events), tuple(result.rolls)
    lost = LostDuel(loser.name, winner.name, result.last_roll(loser.name), result.last_roll(winner.name))
    resolved = DuelResolved(j_name, t_name, rolled, rounds, winner.name, loser.name)
    return [resolved, game.eliminate([loser], CtaCause.DUEL, [lost])]


def jesters_battle(game: CtaState, found: list[int]) -> list[Event]:
    """Several Jesters roll 100 together; the highest advances, as many others go as keep two players."""
    names = game.names(found)
    out = min(len(found) - 1, len(game.alive()) - 2)
    result = battle(game.dice, [(name, DUEL_DIE) for name in names], keep=len(found) - out, purpose="jesters")
    winner: str | None = None
    if len(result.winners) == 1:
        winner = result.winners[0]
        game.advanced.append(game.seat(winner).index)
    rolled, rounds = tuple(result.events), tuple(result.rolls)
    events: list[Event] = [JestersBattle(tuple(names), rolled, rounds, winner, tuple(result.losers))]
    losers = [game.seat(name) for name in result.losers]
    if losers:
        causes = [LostJestersBattle(seat.name, result.last_roll(seat.name)) for seat in losers]
        events.append(game.eliminate(losers, CtaCause.JESTERS, causes))
    return events


class JestersDuel(CtaMod):
    """Cards are rolled 14; the Jesters duel between the deal and the swap phase."""

    id = JESTERS_DUEL
    fourteen = "Jester"
    phases: ClassVar[Mapping[str, Phase[CtaState]]] = {CtaStage.DUEL: Duel()}

    def new_round(self, game: CtaState) -> None:
        game.mod_state[self.id] = DuelState()

    def card_die(self) -> int | None:
        return JESTER

    def jesters(self, game: CtaState) -> list[int]:
        return jesters(game)

    def after_deal(self, game: CtaState) -> list[Event]:
        found = jesters(game)
        return [JestersKnown(tuple(game.names(found)))] if found else []

    def before_swaps(self, game: CtaState) -> list[Event]:
        """Several Jesters battle at once; a lone Jester with nobody to name advances, else duels next."""
        found = jesters(game)
        if len(found) >= 2:
            return jesters_battle(game, found)
        if len(found) == 1 and not opponents(game, found[0]):
            return walkover(game, found[0], left=False)
        if found:
            state(game).jester = found[0]
        return []

    def phase_before_swaps(self, game: CtaState) -> str | None:
        return CtaStage.DUEL if state(game).jester is not None else None

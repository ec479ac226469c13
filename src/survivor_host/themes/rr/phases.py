"""Russian Roulette's turn: the draw (3.2), the player on turn's action in the room (3.3), the chamber-1
rules (3.4) and the final's alternating turns with a fresh chamber (3.6); every limit per BG11."""

from __future__ import annotations

from survivor_host.engine.events import Cause, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.modes import fight
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.rr.facts import (
    FinalBegins,
    LostSteal,
    NobodyToRob,
    Passed,
    Pulled,
    RoundBegins,
    RrCause,
    Shot,
    Spent,
    StealFought,
    TurnAsked,
    TurnDrawn,
)
from survivor_host.themes.rr.rules import CHAMBERS, FINAL, PASS, PULL, STEAL, STEAL_DIE, TURN
from survivor_host.themes.rr.state import RrState


class Turn(Phase[RrState]):
    """One turn: who is up, what the rules do for them, else their action in the room (own deadline)."""

    name = TURN
    announced = False

    def enter(self, game: RrState) -> list[Event]:
        events: list[Event] = []
        alive = game.alive()
        if len(alive) == 2 and not game.final:
            events.append(begin_final(game))
            seat = game.seats[game.turn] if game.turn is not None else alive[0]
            drawn_from = tuple(other.name for other in alive)
        elif game.final:
            seat = next(other for other in alive if other.index != game.last)
            drawn_from = ()
        else:
            if game.round == 0 or all(other.index in game.acted for other in alive):
                game.round += 1
                game.acted = set()
                passed = tuple(other.name for other in alive if other.index in game.passed)
                events.append(RoundBegins(game.round, tuple(other.name for other in alive), passed))
            left = [other for other in alive if other.index not in game.acted]
            seat = left[0] if len(left) == 1 else game.seat(game.dice.pick([other.name for other in left]))
            drawn_from = tuple(other.name for other in left)
        game.turn = seat.index
        events.append(TurnDrawn(seat.name, game.chamber, drawn_from, game.final))
        return events + automatic(game, seat)

    def waits(self, game: RrState) -> list[Wait]:
        if game.turn is None:
            return []
        seat = game.seats[game.turn]
        choices = game.choices(seat)
        actions = tuple(dict.fromkeys(choice.action for choice in choices))
        return [Wait(seat.name, actions, False, game.steal_targets(seat) if STEAL in actions else ())]

    def offers(self, game: RrState, seat: Seat) -> list[Input]:
        return game.choices(seat)

    def act(self, game: RrState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action not in (PULL, PASS, STEAL):
            return None
        target = game.check(seat, inp)
        if target is not None:
            return steal(game, seat, target)
        if inp.action == PASS:
            return passed(game, seat, forced=False)
        return pull(game, seat, forced=False)

    def timeout(self, game: RrState) -> list[Event]:
        """BG5, 3.3: the player on turn who does nothing by the deadline is out (the chamber stays, 4.3)."""
        assert game.turn is not None
        return game.remove([game.seats[game.turn]], Cause.IDLE)

    def on_removal(self, game: RrState, removed: list[Seat]) -> list[Event]:
        """The player on turn removed: the next turn is drawn. Still in but left with nothing to do (the one
        they could steal from is gone): the rules act for them."""
        if game.turn is None:
            return []
        seat = game.seats[game.turn]
        if not seat.alive:
            game.turn = None
            return []
        return [] if game.choices(seat) else automatic(game, seat)

    def brief(self, game: RrState, seat: Seat) -> list[Event]:
        return [asked(game, seat)] if seat.index == game.turn else []

    def done(self, game: RrState) -> bool:
        return game.turn is None

    def next(self, game: RrState) -> Phase[RrState]:
        return turn_phase(game)


class FinalTurn(Turn):
    """A turn of the final (3.6): its first is where the room is told the final begins."""

    announced_as = FINAL


TURN_PHASE = Turn()
FINAL_TURN = FinalTurn()


def turn_phase(game: RrState) -> Turn:
    """The next turn: one of the final once two are left (3.6)."""
    return FINAL_TURN if len(game.alive()) == 2 else TURN_PHASE


def begin_final(game: RrState) -> FinalBegins:
    """3.6: two are left: no more steals, the chamber is reset to six, the first to act drawn at random."""
    game.final = True
    game.round += 1
    game.chamber = CHAMBERS
    names = tuple(seat.name for seat in game.alive())
    first = game.seat(game.dice.pick(names))
    game.turn = first.index
    return FinalBegins(game.round, names, first.name, CHAMBERS)


def automatic(game: RrState, seat: Seat) -> list[Event]:
    """What the rules do for the player on turn with no choice (3.4, 3.6); else they are asked."""
    if game.chamber == 1:
        if game.can_pass(seat):
            return passed(game, seat, forced=True)
        if game.final or seat.index in game.stole:
            return spent(game, seat)
        if not game.steal_targets(seat):
            return [NobodyToRob(seat.name), *pull(game, seat, forced=True)]
    elif game.final and not game.can_pass(seat):
        return pull(game, seat, forced=True)
    return [asked(game, seat)]


def asked(game: RrState, seat: Seat) -> TurnAsked:
    """The player on turn is asked, in the room, for one of the actions that work now (7a)."""
    choices = game.choices(seat)
    actions = tuple(dict.fromkeys(choice.action for choice in choices))
    targets = game.steal_targets(seat) if STEAL in actions else ()
    return TurnAsked(seat.name, actions, targets, False, game.chamber)


def end_turn(game: RrState, seat: Seat) -> None:
    game.acted.add(seat.index)
    game.last = seat.index
    game.turn = None


def over(game: RrState) -> list[Event]:
    """One left wins (5)."""
    left = game.alive()
    return game.finish(left[0]) if len(left) == 1 else []


def pull(game: RrState, seat: Seat, forced: bool) -> list[Event]:
    """3.3: a roll of 1..chamber; the chamber itself is a shot (out, the chamber reset to six), else the
    chamber goes down by one."""
    chamber = game.chamber
    roll = game.dice.roll(chamber, label=f"pull for {seat.name}")
    end_turn(game, seat)
    events: list[Event] = [Pulled(seat.name, chamber, roll, forced)]
    if roll != chamber:
        game.chamber -= 1
        return events
    game.chamber = CHAMBERS
    ends = game.final or len(game.alive()) <= 2  # the shot leaves one: nothing is reset for anyone
    events.append(game.eliminate([seat], RrCause.SHOT, [Shot(seat.name, ends)]))
    return events + over(game)


def passed(game: RrState, seat: Seat, forced: bool) -> list[Event]:
    """3.3: the one pass: safe this round, the chamber unchanged."""
    game.passed.add(seat.index)
    end_turn(game, seat)
    return [Passed(seat.name, game.chamber, forced)]


def steal(game: RrState, seat: Seat, target: Seat) -> list[Event]:
    """4.2: a 100 vs 100 roll-off, the stealer first; the loser is out, the chamber unchanged."""
    game.stole.add(seat.index)
    end_turn(game, seat)
    duel = fight(game.dice, seat.name, target.name, (), die=STEAL_DIE)
    loser = seat if duel.loser == seat.name else target
    cause = LostSteal(loser.name, duel.winner, loser is seat)
    return [StealFought(duel), game.eliminate([loser], RrCause.STEAL, [cause]), *over(game)]


def spent(game: RrState, seat: Seat) -> list[Event]:
    """3.4, 3.6: at chamber 1 with the pass used and the steal used (or in the final): out; outside the
    final the chamber is reset to six."""
    end_turn(game, seat)
    reset = not game.final
    if reset:
        game.chamber = CHAMBERS
    return [game.eliminate([seat], RrCause.SPENT, [Spent(seat.name, reset)]), *over(game)]

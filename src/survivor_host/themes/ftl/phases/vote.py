"""F2: everyone votes in chat for the first leader (not themselves), changeable until all have voted."""

from __future__ import annotations

from survivor_host.engine.battle import battle
from survivor_host.engine.errors import IllegalAction
from survivor_host.engine.events import Battle, Event
from survivor_host.engine.game import Seat
from survivor_host.engine.inputs import Input
from survivor_host.engine.phase import Phase, Wait
from survivor_host.themes.ftl.facts.course import (
    LeaderChosen,
    VoteCast,
    VoteOpened,
    VotesCounted,
    VoteTie,
    VotingClosed,
)
from survivor_host.themes.ftl.facts.kinds import FtlStage, LeaderHow
from survivor_host.themes.ftl.phases.base import FtlPhase, next_round
from survivor_host.themes.ftl.rules import CHOICES, TIE_DIE
from survivor_host.themes.ftl.state import FtlState

VOTE_ACTIONS = ("vote",)


class Vote(FtlPhase):
    """F2: the vote is over once every player still in has voted, the deadline passes, or the host picks."""

    name = FtlStage.VOTE

    def enter(self, game: FtlState) -> list[Event]:
        self.ask(game)
        return [VoteOpened()]

    def ask(self, game: FtlState) -> None:
        """Each player still to vote, and whom they may vote for: worked out as the vote opens, after a
        removal and after a new name (`game.asked`)."""
        alive = game.alive()
        names = tuple(seat.name for seat in alive)
        game.asked = {
            seat.index: Wait(seat.name, VOTE_ACTIONS, False, names[:at] + names[at + 1 :])
            for at, seat in enumerate(alive)
            if seat.index not in game.votes
        }

    def waits(self, game: FtlState) -> list[Wait]:
        asked, votes = game.asked, game.votes
        return [asked[seat.index] for seat in game.alive() if seat.index not in votes]

    def offers(self, game: FtlState, seat: Seat) -> list[Input]:
        return [Input("vote", by=seat.name, target=other.name) for other in game.alive() if other is not seat]

    def act(self, game: FtlState, seat: Seat, inp: Input) -> list[Event] | None:
        if inp.action in CHOICES:
            raise IllegalAction("The first leader has not been chosen yet.")
        if inp.action != "vote":
            return None
        target = game.alive_target(inp.target, "vote for")
        if target is seat:
            raise IllegalAction("You can't vote for yourself.")
        game.votes[seat.index] = target.index
        return [VoteCast(seat.name, target.name, to=seat.name)]

    def pick(self, game: FtlState, inp: Input) -> list[Event]:
        """The host picks the first leader (a named player, or one at random) instead of the vote."""
        if inp.target:
            chosen = game.alive_target(inp.target, "pick")
        else:
            chosen = game.seat(game.dice.pick([seat.name for seat in game.alive()]))
        game.leader = chosen.index
        return [LeaderChosen(chosen.name, LeaderHow.PICKED)]

    def timeout(self, game: FtlState) -> list[Event]:
        return [VotingClosed(), *count_votes(game)]

    def on_removal(self, game: FtlState, removed: list[Seat]) -> list[Event]:
        self.ask(game)
        return []

    def renamed(self, game: FtlState) -> None:
        self.ask(game)

    def done(self, game: FtlState) -> bool:
        return game.leader is not None or all(seat.index in game.votes for seat in game.alive())

    def leave(self, game: FtlState) -> list[Event]:
        return count_votes(game) if game.leader is None else []

    def next(self, game: FtlState) -> Phase[FtlState]:
        return next_round(game)


def count_votes(game: FtlState) -> list[Event]:
    """F2: most votes leads; a tie is a roll battle of 100; no votes at all, a random pick."""
    events: list[Event] = []
    tally: dict[int, int] = {}
    for target in game.votes.values():
        if game.seats[target].alive:
            tally[target] = tally.get(target, 0) + 1
    if not tally:
        chosen = game.seat(game.dice.pick([seat.name for seat in game.alive()]))
        events.append(LeaderChosen(chosen.name, LeaderHow.NOBODY_VOTED))
    else:
        events.append(VotesCounted(tuple((game.seats[i].name, n) for i, n in sorted(tally.items()))))
        top = max(tally.values())
        tied = [i for i in sorted(tally) if tally[i] == top]
        if len(tied) > 1:
            fight = battle(game.dice, [(game.seats[i].name, TIE_DIE) for i in tied], purpose="vote tie")
            events.append(VoteTie(tuple(game.names(tied)), top))
            events.append(Battle(tuple(fight.events)))
            chosen = game.seat(fight.winners[0])
        else:
            chosen = game.seats[tied[0]]
        events.append(LeaderChosen(chosen.name, LeaderHow.VOTED))
    game.leader = chosen.index
    return events

"""F8 and F9: the round ends; the judged go out, the round is judged, and the next leader is named."""

from __future__ import annotations

from survivor_host.engine.battle import battle
from survivor_host.engine.events import Battle, Event
from survivor_host.engine.phase import Phase
from survivor_host.themes.ftl.facts.kinds import FtlCause, LeadWhy, Outcome
from survivor_host.themes.ftl.facts.rolls import ImmunityGained, LeadTie, NextLeader, Overthrown, RoundJudged
from survivor_host.themes.ftl.phases.base import ROUND_END, FtlPhase, next_round
from survivor_host.themes.ftl.rules import TIE_DIE
from survivor_host.themes.ftl.state import FtlState


class RoundEnd(FtlPhase):
    """A stage of its own, not announced: it settles the round on entry, then the next one begins."""

    name = ROUND_END
    waiting = False
    announced = False

    def enter(self, game: FtlState) -> list[Event]:
        assert game.leader is not None and game.leader_roll is not None
        events: list[Event] = []
        doomed = [game.seats[i] for i in game.doomed if game.seats[i].alive]
        if doomed:
            events.append(game.eliminate(doomed, FtlCause.JUDGED, [game.why_out[seat.index] for seat in doomed]))
        old_leader = game.seats[game.leader]
        if game.outcome is not Outcome.DEPOSED:
            rebels = [i for i, choice in game.choices.items() if choice == "rebel"]
            failed = [i for i in rebels if game.rolls.get(i, 0) < game.leader_roll]
            game.outcome = outcome(game, rebels, failed)
            rebel_names, failed_names = tuple(game.names(rebels)), tuple(game.names(failed))
            events.append(RoundJudged(game.outcome, old_leader.name, game.leader_roll, rebel_names, failed_names))
            if game.outcome is Outcome.REBELLION:
                events.append(game.eliminate([old_leader], FtlCause.OVERTHROWN, [Overthrown(old_leader.name)]))
        events.append(ImmunityGained(tuple(game.seats[i].name for i in game.immune_next if game.seats[i].alive)))
        game.last_rolls = dict(game.rolls)
        if len(game.alive()) <= 2:
            return events
        if game.outcome is Outcome.DEPOSED:
            return [*events, NextLeader(game.name(game.leader) or "", LeadWhy.DEPOSED, game.leader_roll)]
        successor, why, fight = choose_successor(game, game.outcome)
        game.leader = successor
        named = NextLeader(game.seats[successor].name, why, game.rolls[successor], tie_break=bool(fight))
        return [*events, *fight, named]

    def done(self, game: FtlState) -> bool:
        return True

    def next(self, game: FtlState) -> Phase[FtlState]:
        return next_round(game)


def outcome(game: FtlState, rebels: list[int], failed: list[int]) -> Outcome:
    """F9 with F8: everyone followed, every rebel succeeded (none `failed`, i.e. rolled lower than the
    leader), or neither. With nobody standing beside the leader (the rebels removed by the host, the rest
    judged out) there is no rebellion: the leader stays, and F10 gives them the game."""
    if game.choices and not rebels:
        return Outcome.HANDOVER
    if rebels and not failed and game.non_leaders():  # a rebellion needs someone standing to lead next
        return Outcome.REBELLION
    return Outcome.NORMAL


def choose_successor(game: FtlState, judged: Outcome) -> tuple[int, LeadWhy, list[Event]]:
    """F9: who leads next and why; a tie for lowest or highest roll is a roll battle of 100."""
    survivors = [i for i in game.non_leaders() if i in game.rolls]
    why = LeadWhy.LOWEST if judged is Outcome.HANDOVER else LeadWhy.HIGHEST
    if judged is Outcome.REBELLION:
        rebels = [i for i in survivors if game.choices.get(i) == "rebel"]
        why = LeadWhy.HIGHEST_REBEL if rebels else LeadWhy.HIGHEST
        survivors = rebels or survivors
    extreme = min if judged is Outcome.HANDOVER else max
    best = extreme(game.rolls[i] for i in survivors)
    tied = [i for i in survivors if game.rolls[i] == best]
    if len(tied) == 1:
        return tied[0], why, []
    names = [game.seats[i].name for i in sorted(tied)]
    fight = battle(game.dice, [(name, TIE_DIE) for name in names], purpose="succession")
    return game.seat(fight.winners[0]).index, why, [LeadTie(tuple(names), best, why), Battle(tuple(fight.events))]

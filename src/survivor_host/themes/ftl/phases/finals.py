"""F10: with two players left they roll 150 against 150; with one, that player wins and everyone else
who was in the game as that round began rolls 150 for second place."""

from __future__ import annotations

from survivor_host.engine.battle import battle
from survivor_host.engine.events import Battle, Event
from survivor_host.themes.ftl.facts.course import FinalsBegin, LastStanding
from survivor_host.themes.ftl.facts.kinds import FtlStage
from survivor_host.themes.ftl.phases.base import FtlPhase
from survivor_host.themes.ftl.rules import FINALS_DIE
from survivor_host.themes.ftl.state import FtlState


class Finals(FtlPhase):
    """The game ends on entry."""

    name = FtlStage.FINALS
    waiting = False

    def enter(self, game: FtlState) -> list[Event]:
        alive = game.alive()
        if len(alive) == 2:
            fight = battle(game.dice, [(seat.name, FINALS_DIE) for seat in alive], purpose="finals")
            winner, second = game.seat(fight.winners[0]), game.seat(fight.losers[0])
            begun = FinalsBegin(alive[0].name, alive[1].name)
            return [begun, Battle(tuple(fight.events)), *game.finish(winner, second)]
        winner = alive[0]
        others = [game.seats[i] for i in game.round_start if i != winner.index]
        if len(others) <= 1:
            return game.finish(winner, others[0] if others else None)
        fight = battle(game.dice, [(seat.name, FINALS_DIE) for seat in others], purpose="second place")
        second = game.seat(fight.winners[0])
        return [LastStanding(winner.name), Battle(tuple(fight.events)), *game.finish(winner, second)]

    def done(self, game: FtlState) -> bool:
        return True

"""C9: with two players left they roll battle 13 against 13 (player-list order)."""

from __future__ import annotations

from survivor_host.engine.battle import battle
from survivor_host.engine.events import Event
from survivor_host.themes.cta.facts.kinds import CtaStage
from survivor_host.themes.cta.facts.reveal import Finals
from survivor_host.themes.cta.phases.base import CtaPhase
from survivor_host.themes.cta.rules import FINALS_DIE
from survivor_host.themes.cta.state import CtaState


class FinalsPhase(CtaPhase):
    """The game ends on entry."""

    name = CtaStage.FINALS
    waiting = False

    def enter(self, game: CtaState) -> list[Event]:
        game.turn = None
        first, other = game.alive()
        result = battle(game.dice, [(first.name, FINALS_DIE), (other.name, FINALS_DIE)], purpose="finals")
        winner = game.seat(result.winners[0])
        second = other if winner is first else first
        fought = Finals(first.name, other.name, tuple(result.events), tuple(result.rolls), winner.name)
        return [fought, *game.finish(winner, second)]

    def done(self, game: CtaState) -> bool:
        return True

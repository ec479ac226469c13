"""C2-C4: a round begins; each player is dealt a card by PM and the Kings are announced."""

from __future__ import annotations

from survivor_host.engine.events import Event, PlayerList
from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts.deal import CardDealt, KingsKnown, Redealt, RoundBegins
from survivor_host.themes.cta.facts.kinds import CtaStage
from survivor_host.themes.cta.phases.base import CtaPhase, after_step
from survivor_host.themes.cta.rules import KING, eliminations
from survivor_host.themes.cta.state import CtaState


class Deal(CtaPhase):
    """Everything is dealt on entry; a mod's duel (C5) or the swap phase follows."""

    name = CtaStage.DEAL
    waiting = False

    def enter(self, game: CtaState) -> list[Event]:
        game.round += 1
        alive = game.alive()
        game.k = eliminations(game.elim_count, len(alive))
        game.clear_round()
        for plugin in game.plugins:
            plugin.new_round(game)
        listed = PlayerList(tuple(seat.name for seat in alive), first=game.round == 1)
        events: list[Event] = [RoundBegins(game.round, game.k), listed]
        indexes, labels = [seat.index for seat in alive], [f"card for {seat.name}" for seat in alive]
        while True:
            cards = dict(zip(indexes, game.dice.roll_each(game.die, labels), strict=True))
            if not any(plugin.must_redeal(cards) for plugin in game.plugins):
                break
            events.append(Redealt())
        game.cards, game.dealt, game.round_causes = cards, dict(cards), {}
        for seat in alive:
            events.append(CardDealt(seat.name, game.die, cards[seat.index], fourteen=game.fourteen, to=seat.name))
        game.kings = [seat.index for seat in alive if cards[seat.index] == KING]
        events.append(KingsKnown(tuple(game.names(game.kings))))
        for plugin in game.plugins:
            events += plugin.after_deal(game)
        return events

    def done(self, game: CtaState) -> bool:
        return True

    def leave(self, game: CtaState) -> list[Event]:
        if len(game.alive()) <= 2:
            return []
        return [event for plugin in game.plugins for event in plugin.before_swaps(game)]

    def next(self, game: CtaState) -> Phase[CtaState]:
        for plugin in game.plugins:
            own = plugin.phase_before_swaps(game)
            if own is not None:
                return game.phase_named(own)
        return after_step(game, CtaStage.SWAP)

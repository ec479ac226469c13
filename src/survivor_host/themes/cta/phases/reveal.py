"""C8: every card is shown and the `k` lowest in play are eliminated; ties at the cut-off follow `ties`."""

from __future__ import annotations

from survivor_host.engine.battle import battle
from survivor_host.engine.events import Event, Fact, Revealed
from survivor_host.engine.game import Seat
from survivor_host.engine.phase import Phase
from survivor_host.themes.cta.facts.fourteens import DrewJoker, LostDuel, LostJestersBattle
from survivor_host.themes.cta.facts.kinds import CtaCause, CtaStage, Standing
from survivor_host.themes.cta.facts.reveal import (
    LostTieBreak,
    LowestCard,
    NobodyOut,
    RevealRow,
    RoundRevealed,
    SwapNote,
    TieAtCutoff,
)
from survivor_host.themes.cta.phases.base import CtaPhase, after_step
from survivor_host.themes.cta.rules import FOURTEEN, TIE_DIE
from survivor_host.themes.cta.state import CtaState

STANDINGS: dict[type[Fact], Standing] = {
    DrewJoker: Standing.JOKER,
    LostDuel: Standing.DUEL_LOST,
    LostJestersBattle: Standing.JESTERS_LOST,
    LowestCard: Standing.LOWEST,
    LostTieBreak: Standing.TIE_LOST,
}
"""A round's standing by the cause that took the player out."""
SHOWN_OUT = (Standing.LOWEST, Standing.TIE_LOST)
"""Standings whose cards the table shows although the player is out."""


class Reveal(CtaPhase):
    """The round ends on entry; the next round (or the finals) follows."""

    name = CtaStage.REVEAL
    waiting = False

    def enter(self, game: CtaState) -> list[Event]:
        game.turn = None
        alive = game.alive()
        eligible = [game.seats[index] for index in game.in_play()]
        count = min(game.k, len(eligible), len(alive) - 2)
        losers: list[Seat] = []
        causes: dict[int, Fact] = {}
        cutoff: int | None = None
        tie_won: list[int] = []
        events: list[Event] = []
        if count > 0:
            cards = game.cards
            cutoff = sorted(cards[seat.index] for seat in eligible)[count - 1]
            below = [seat for seat in eligible if cards[seat.index] < cutoff]
            tied = [seat for seat in eligible if cards[seat.index] == cutoff]
            need = count - len(below)
            for seat in below:
                causes[seat.index] = LowestCard(seat.name, cards[seat.index], cutoff, game.k)
            if len(tied) == need:
                losers = below + tied
                for seat in tied:
                    causes[seat.index] = LowestCard(seat.name, cutoff, cutoff, game.k)
            elif game.opt_str("ties") == "all" and len(alive) - len(below) - len(tied) >= 2:
                losers = below + tied
                events.append(TieAtCutoff(cutoff, tuple(seat.name for seat in tied), need, all_out=True))
                for seat in tied:
                    causes[seat.index] = LostTieBreak(seat.name, cutoff, None)
            else:
                sides = [(seat.name, TIE_DIE) for seat in tied]
                result = battle(game.dice, sides, keep=len(tied) - need, purpose="tie")
                names = tuple(seat.name for seat in tied)
                events.append(TieAtCutoff(cutoff, names, need, False, tuple(result.events), tuple(result.rolls)))
                losers = below + [game.seat(name) for name in result.losers]
                for name in result.losers:
                    causes[game.seat(name).index] = LostTieBreak(name, cutoff, result.last_roll(name))
                tie_won = [game.seat(name).index for name in result.winners]
        losers.sort(key=lambda seat: seat.index)
        if losers:
            events.append(game.eliminate(losers, CtaCause.LOWEST_CARD, [causes[seat.index] for seat in losers]))
        shown = Revealed(tuple((seat.name, game.cards[seat.index]) for seat in alive), game.fourteen, tabled=True)
        table = revealed(game, cutoff if losers else None, tie_won)
        return [shown, table, *events] if losers else [shown, table, *events, NobodyOut()]

    def done(self, game: CtaState) -> bool:
        return True

    def next(self, game: CtaState) -> Phase[CtaState]:
        return after_step(game, CtaStage.DEAL)


def revealed(game: CtaState, cutoff: int | None, tie_won: list[int]) -> RoundRevealed:
    """The round for its table: each player dealt in, their cards as far as shown, swaps and standing."""
    notes: dict[int, list[SwapNote]] = {}
    for by, target, swapped, void in game.swap_log:
        if target is None:
            notes.setdefault(by, []).append(SwapNote(None, True, swapped, void))
        else:
            notes.setdefault(by, []).append(SwapNote(game.seats[target].name, True, swapped, void))
            notes.setdefault(target, []).append(SwapNote(game.seats[by].name, False, swapped, void))
    rows = []
    for index, card in game.dealt.items():
        seat, standing, swaps = game.seats[index], standing_of(game, index, tie_won), tuple(notes.get(index, ()))
        if seat.alive or standing in SHOWN_OUT or card == FOURTEEN:
            rows.append(RevealRow(seat.name, card, game.cards.get(index), swaps, standing))
        else:
            rows.append(RevealRow(seat.name, None, None, swaps, standing))
    shown = tuple((seat.name, game.cards[seat.index]) for seat in game.alive())
    return RoundRevealed(game.round, game.k, shown, cutoff, tuple(rows), fourteen=game.fourteen)


def standing_of(game: CtaState, index: int, tie_won: list[int]) -> Standing:
    """Where seat `index` stands at the end of the round."""
    cause = game.round_causes.get(index)
    if cause is not None:
        return STANDINGS[type(cause)]
    if not game.seats[index].alive:
        return Standing.MODKILLED
    if index in game.kings:
        return Standing.KING
    if index in game.advanced:
        return Standing.ADVANCED
    return Standing.TIE_WON if index in tie_won else Standing.SAFE

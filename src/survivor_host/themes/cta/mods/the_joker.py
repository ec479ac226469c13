"""The Joker (C3, C4): cards are rolled 14; a 14 is a Joker, eliminated at once.

If the Jokers would leave fewer than 2 players, every card is dealt again.
"""

from __future__ import annotations

from survivor_host.engine.events import Event
from survivor_host.themes.cta.facts.fourteens import DrewJoker
from survivor_host.themes.cta.facts.kinds import CtaCause
from survivor_host.themes.cta.rules import THE_JOKER
from survivor_host.themes.cta.state import CtaMod, CtaState

JOKER = 14


def jokers(cards: dict[int, int]) -> list[int]:
    """The seats dealt a Joker."""
    return [index for index, card in cards.items() if card == JOKER]


class TheJoker(CtaMod):
    id = THE_JOKER
    fourteen = "Joker"

    def card_die(self) -> int | None:
        return JOKER

    def must_redeal(self, cards: dict[int, int]) -> bool:
        """C4: the Jokers would leave fewer than 2 players."""
        return len(cards) - len(jokers(cards)) < 2

    def after_deal(self, game: CtaState) -> list[Event]:
        found = jokers(game.cards)
        if not found:
            return []
        seats = [game.seats[index] for index in found]
        return [game.eliminate(seats, CtaCause.JOKER, [DrewJoker(seat.name) for seat in seats])]

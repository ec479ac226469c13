"""The Joker (C3, C4): cards are rolled 14; a 14 is a Joker, eliminated at once.

If the Jokers would leave fewer than 2 players, every card is dealt again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce

MOD = "the-joker"
JOKER = 14


def jokers(game: ChaseTheAce, cards: dict[int, int]) -> list[int]:
    """The seats dealt a Joker (none without The Joker)."""
    if not game.has_mod(MOD):
        return []
    return [index for index, card in cards.items() if card == JOKER]


def must_redeal(game: ChaseTheAce, cards: dict[int, int]) -> bool:
    """True when the Jokers in `cards` would leave fewer than 2 players (C4)."""
    return len(cards) - len(jokers(game, cards)) < 2

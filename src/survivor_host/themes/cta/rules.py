"""Chase the Ace's numbers (C2-C9), shared by the game, its mods and the odds."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.odds import battle_win

ADHESIVE = "adhesive"
JESTERS_DUEL = "jesters-duel"
NO_BACKSIES = "no-backsies"
THE_JOKER = "the-joker"
ALL_AT_ONCE = "all-at-once"
"""The ids of the theme's mods, as hosts type them."""

KING = 13
"""C3, C4: cards are rolled 13 (1 is Ace, 13 King); Kings are safe this round."""
FOURTEEN = 14
"""C3: Jester's Duel and The Joker roll cards 14."""
SWAPPER_DIE, TARGET_DIE = 125, 100
"""C6: a swap is a roll battle, swapper 125 against target 100."""
TIE_DIE = 100
"""C8: a tie at the cut-off is a roll battle of 100."""
DUEL_DIE = 100
"""C5: a Jester's duel is 100 against 100."""
IN_PLAY_CARDS = KING - 1
"""Kings advance and 14s leave before the swaps: the cards in play are 1..12."""
FINALS_DIE = 13
"""C9 and G4: the finals, and the battle for second place, are rolled 13."""


def eliminations(wanted: int, players: int) -> int:
    """C2: `wanted` lowest cards go each round, at most half the players at the round's start.

    >>> eliminations(3, 5)
    2
    """
    return min(wanted, players // 2)


@dataclass(frozen=True)
class KernelRules:
    """The figures the numpy kernel uses; a test perturbs one to show the agreement tests catch a wrong rule."""

    swap_win: float = float(battle_win(SWAPPER_DIE, TARGET_DIE))
    card_sides: int = KING


KERNEL_RULES = KernelRules()

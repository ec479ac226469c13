"""Chase the Ace's numbers, shared by the game, its exact odds, its AI and its numpy kernel."""

from __future__ import annotations

from dataclasses import dataclass

from survivor_host.engine.odds import battle_win

KING = 13
"""Cards are rolled 13 (1 = Ace, 13 = King); a King advances (C3)."""
FOURTEEN = 14
"""The 14 of Jester's Duel and The Joker (C4, C5)."""
SWAPPER_DIE, TARGET_DIE = 125, 100
"""A swap is a roll battle, swapper 125 against target 100 (C6)."""
DUEL_DIE = 100
"""A Jester's duel is 100 against 100 (C5)."""
IN_PLAY_CARDS = KING - 1
"""Kings advance and 14s leave before the swaps: the cards in play are 1..12."""


@dataclass(frozen=True)
class KernelRules:
    """The figures the numpy kernel uses; a test perturbs one to show the agreement tests catch a wrong rule."""

    swap_win: float = float(battle_win(SWAPPER_DIE, TARGET_DIE))
    card_sides: int = KING


KERNEL_RULES = KernelRules()

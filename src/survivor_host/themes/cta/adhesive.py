"""Adhesive (C6): no swapping with people who stick.

A player who has stuck this round (in All At Once: whose `stick` has been carried out, C7)
cannot be the target of a swap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce

MOD = "adhesive"


def adhesive_block(game: ChaseTheAce, by: int, target: int) -> str | None:
    """Why Adhesive forbids `by` from targeting `target`, or None."""
    if game.has_mod(MOD) and target in game.stuck:
        return f"{game.seats[target].name} stuck this round and cannot be swapped with (Adhesive)."
    return None

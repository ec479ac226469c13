"""No Backsies (C6): you can't swap back with someone who successfully swapped with you this round.

Only successful swaps count, and only in the direction the ruling names: if Mars swapped with
Venus, Venus cannot target Mars for the rest of the round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce

MOD = "no-backsies"


def no_backsies_block(game: ChaseTheAce, by: int, target: int) -> str | None:
    """Why No Backsies forbids `by` from targeting `target`, or None."""
    if game.has_mod(MOD) and [target, by] in game.exchanges:
        return f"You can't swap back with {game.seats[target].name} (No Backsies)."
    return None

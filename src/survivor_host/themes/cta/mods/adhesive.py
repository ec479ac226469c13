"""Adhesive (C6): no swapping with people who stick.

A player who has stuck this round (in All At Once: whose `stick` has been carried out, C7)
cannot be the target of a swap.
"""

from __future__ import annotations

from survivor_host.themes.cta.rules import ADHESIVE
from survivor_host.themes.cta.state import CtaMod, CtaState


class Adhesive(CtaMod):
    id = ADHESIVE

    def swap_block(self, game: CtaState, by: int, target: int) -> str | None:
        if target in game.stuck:
            return f"{game.seats[target].name} stuck this round and cannot be swapped with (Adhesive)."
        return None

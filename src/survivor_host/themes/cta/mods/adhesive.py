"""Adhesive (C6): no swapping with people who stick.

A player who has stuck this round (in All At Once: whose `stick` has been carried out, C7)
cannot be the target of a swap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from survivor_host.themes.cta.mods.base import CtaMod
from survivor_host.themes.cta.spec import ADHESIVE

if TYPE_CHECKING:
    from survivor_host.themes.cta.game import ChaseTheAce


class Adhesive(CtaMod):
    id = ADHESIVE
    bars_targets = True

    def swap_block(self, game: ChaseTheAce, by: int, target: int) -> str | None:
        if target in game.stuck:
            return f"{game.seats[target].name} stuck this round and cannot be swapped with (Adhesive)."
        return None

    def barred_targets(self, game: ChaseTheAce, by: int) -> set[int]:
        return set(game.stuck)

"""No Backsies (C6): you can't swap back with someone who successfully swapped with you this round.

Only successful swaps count, and only in the direction the ruling names: if Mars swapped with
Venus, Venus cannot target Mars for the rest of the round. Option `backsies=both-ways` also bars
Mars from targeting Venus again (All At Once's second swap round), for hosts who read it so.
"""

from __future__ import annotations

from survivor_host.themes.cta.rules import NO_BACKSIES
from survivor_host.themes.cta.state import CtaMod, CtaState


class NoBacksies(CtaMod):
    id = NO_BACKSIES

    def swap_block(self, game: CtaState, by: int, target: int) -> str | None:
        both_ways = game.opt_str("backsies") == "both-ways"
        if [target, by] in game.exchanges or (both_ways and [by, target] in game.exchanges):
            return f"You can't swap back with {game.seats[target].name} (No Backsies)."
        return None

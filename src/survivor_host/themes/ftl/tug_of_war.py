"""Tug of War (F12): each player's die leans on the one before."""

from __future__ import annotations

from survivor_host.themes.ftl.rules import START_DIE, STEP, TUG_OF_WAR
from survivor_host.themes.ftl.state import FtlMod, FtlState


def next_die(running: int, choice: str | None, floor: int) -> tuple[int, int]:
    """The die this player rolls and the running die after them.

    A rebel rolls the running die minus 20, a follower plus 20; an immune player (no choice)
    rolls 150 and leaves the running die alone. The die never drops below `floor`.

    >>> next_die(150, "rebel", 20)
    (130, 130)
    """
    if choice is None:
        return START_DIE, running
    die = running - STEP if choice == "rebel" else running + STEP
    die = max(die, floor)
    return die, die


class TugOfWar(FtlMod):
    """No suspecting (F4); each player's die follows the running die (F12)."""

    id = TUG_OF_WAR

    def allows_suspects(self) -> bool:
        return False

    def die_for(self, game: FtlState, index: int, running: int) -> tuple[int, int] | None:
        return next_die(running, game.choices.get(index), game.opt_int("tug_floor"))

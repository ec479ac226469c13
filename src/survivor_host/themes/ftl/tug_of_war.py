"""Tug of War (F12): each player's die leans on the one before."""

from __future__ import annotations

START_DIE = 150
STEP = 20


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

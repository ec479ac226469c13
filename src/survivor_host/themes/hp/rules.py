"""Hot Potato's numbers (hot-potato.txt 3-4, BG10): the dice of a pass and when the potato explodes."""

from __future__ import annotations

PASS = "pass"
TIMER = "hpt"
"""The Timer variation, played as a mod."""

PASSER_DIE = 100
RECEIVER_DIE = 125
"""Standard: the passer rolls 100 against the receiver's 125 (7b: the receiver is favoured)."""
TOSSES = 3
"""Standard: the potato explodes on whoever holds it after the round's third attempt (4.3)."""

TIMER_START = 200
TIMER_STEP = 10
TIMER_FLOOR = 10
"""Timer: the passer's die starts each round at 200 and falls by 10 per successful pass, never below 10 (BG10)."""
TIMER_RECEIVER_DIE = 100
TIMER_TOSSES = 100
"""Timer: the safety cap on a round's attempts (4.3, 7e); the first failed pass explodes long before."""


def tosses(timer: bool) -> int:
    """A round's attempts before the potato explodes on its holder."""
    return TIMER_TOSSES if timer else TOSSES


def dice(timer: bool, die: int) -> tuple[int, int]:
    """The passer's and the receiver's dice: `die` is the Timer's passing die now."""
    return (die, TIMER_RECEIVER_DIE) if timer else (PASSER_DIE, RECEIVER_DIE)


def next_die(die: int) -> int:
    """Timer: the passing die after a successful pass (BG10: never below 10, so never 0)."""
    return max(die - TIMER_STEP, TIMER_FLOOR)


def timer_die(passes: int) -> int:
    """Timer: the passing die after `passes` successful passes in a round."""
    return max(TIMER_START - TIMER_STEP * passes, TIMER_FLOOR)

"""The Chase the Ace kernel's swap round: what a threshold seat reads of the round is kept as it plays."""

from __future__ import annotations

import numpy as np

from survivor_host.themes.cta.bits import Bits
from survivor_host.themes.cta.fast_swaps import STICK, THRESHOLD, SwapRound, Table


def swap_round(all_at_once: bool) -> SwapRound:
    """Four seats in play in 500 games: seat 0 always sticks, the others play a threshold of 6."""
    bits = Bits(4)
    g = 500
    table = Table(
        bits,
        np.array([STICK, THRESHOLD, THRESHOLD, THRESHOLD]),
        np.full((4, 1), 6),
        False,
        False,
        False,
        0.6,
        all_at_once,
    )
    rng = np.random.default_rng(3)
    cards = bits.planes(rng.integers(1, 13, (4, g), dtype=np.int8), 4)
    in_play = np.full(g, bits.full, dtype=bits.dtype)
    return SwapRound(table, cards, in_play, np.full(g, 4), np.ones(g, dtype=bool))


def test_a_seat_that_sticks_is_seen_as_stuck_by_the_threshold_seats() -> None:
    for all_at_once in (False, True):
        found = swap_round(all_at_once)
        if all_at_once:
            found.all_at_once(np.random.default_rng(4))
        else:
            found.turns(np.random.default_rng(4))
        assert ((found.stuck & 1) == 1).all(), all_at_once

"""The plain-FTL kernel's seat sets (bits per game) against brute force, and its streamed block of games."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_fast import THRESHOLD, z_scores

from survivor_host.analysis.simulate import SimSetup, simulate_engine
from survivor_host.themes.ftl.ai import FtlPolicy
from survivor_host.themes.ftl.fast_plain import run_ftl_plain
from survivor_host.themes.ftl.rules import KERNEL_RULES as RULES
from survivor_host.themes.ftl.seat_sets import SeatSets

SIZES = (3, 10, 11, 12, 15, 16, 23, 30)
"""One lookup table (up to 11 seats), several chunks, and 16-bit (up to 15 seats) and 32-bit sets."""


def members(n: int, sets: np.ndarray) -> list[list[int]]:
    return [[s for s in range(n) if int(v) >> s & 1] for v in sets]


@pytest.mark.parametrize("n", SIZES)
def test_pack_of_and_nth_match_brute_force(n: int) -> None:
    rng = np.random.default_rng(n)
    sets = SeatSets(n)
    mask = rng.random((n, 3000)) < rng.random(3000)  # sparse to full sets
    mask[:, :2] = False  # empty sets too
    packed = sets.pack(mask, np.empty((n, 3000), dtype=sets.dtype))
    seats = members(n, packed)
    assert seats == [list(np.flatnonzero(mask[:, game])) for game in range(3000)]
    assert np.array_equal(np.bitwise_count(packed), [len(s) for s in seats])
    for r in range(n + 1):
        ranks = np.full(3000, r, dtype=np.int8)
        assert list(sets.nth(packed, ranks)) == [s[r] if r < len(s) else -1 for s in seats]
    single = rng.integers(-1, n, 500, dtype=np.int8)
    assert list(sets.of(single)) == [0 if s < 0 else 1 << int(s) for s in single]


@pytest.mark.parametrize("n", SIZES)
def test_top_keeps_the_highest_scorers_of_each_set(n: int) -> None:
    rng = np.random.default_rng(100 + n)
    sets = SeatSets(n)
    group = rng.integers(0, 1 << n, 2000).astype(sets.dtype)
    score = rng.integers(1, 4, (n, 2000), dtype=np.int16)  # small scores: many ties
    work = np.empty((n, 2000), dtype=sets.dtype)
    tied, top = sets.top(group, score.copy(), work, np.empty((n, 2000), dtype=bool))
    for game, seats in enumerate(members(n, group)):
        best = max((score[s, game] for s in seats), default=0)
        assert top[game] == best
        assert members(n, tied[game : game + 1])[0] == [s for s in seats if score[s, game] == best]


@pytest.mark.parametrize("n", (5, 12, 30))
def test_uniform_is_even_over_the_members(n: int) -> None:
    rng = np.random.default_rng(7)
    sets = SeatSets(n)
    chosen = [1, 3, n - 1]
    group = np.full(60_000, sum(1 << s for s in chosen), dtype=sets.dtype)
    picks = sets.uniform(rng, group)
    freq = np.array([(picks == s).sum() for s in chosen])
    assert freq.sum() == picks.size
    chi2 = float(((freq - picks.size / 3) ** 2 / (picks.size / 3)).sum())
    assert chi2 < 18.4  # 2 degrees of freedom, p = 1e-4
    assert list(sets.uniform(rng, np.zeros(4, dtype=sets.dtype))) == [-1] * 4


@pytest.mark.parametrize("width", (1, 37, 5_000))
def test_every_game_is_played_once_whatever_the_block_width(width: int) -> None:
    seats = [FtlPolicy.flat(0.5)] * 8
    out = run_ftl_plain(3_000, 8, seats, np.random.default_rng(width), RULES, width=width)
    assert out.winner.size == out.second.size == out.rounds.size == 3_000
    assert ((out.winner >= 0) & (out.winner < 8)).all() and (out.second != out.winner).all()
    assert (out.rounds >= 1).all() and (out.counts["choice phases"] <= out.rounds).all()
    assert (out.counts["r1 followers on 150"] <= 7).all()  # one first round per game, 7 choosers at most


def test_a_large_table_agrees_with_the_engine() -> None:
    """16 players: 32-bit sets read in two chunks, against the engine at a fixed seed."""
    from survivor_host.analysis.simulate import simulate_fast

    setup = SimSetup("ftl", 16, (), (), ("random", "smart", "always-follow"), seed=31)
    scores = z_scores(simulate_engine(setup, 200), simulate_fast(setup, 20_000))
    key = max(scores, key=lambda k: abs(scores[k]))
    assert abs(scores[key]) < THRESHOLD, f"{key} differs, z = {scores[key]:.1f}"
    assert not math.isnan(scores[key])

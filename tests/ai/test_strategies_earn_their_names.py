"""Every strategy named for playing well beats `random` in the setting it is named for (95% CI).

One seat plays the strategy among random players on the fast path (cross-checked against the
engine in tests/analysis/test_fast.py); the lower end of its 95% interval must clear the fair share.
The same check fails for a bad strategy: always rebelling under No Mercy.
"""

from __future__ import annotations

import pytest

from survivor_host.analysis.search import CTA_MOD_SETS, FTL_MOD_SETS
from survivor_host.analysis.simulate import SimSetup, simulate_fast, wilson

PLAYERS = 8


def interval(theme: str, mods: tuple[str, ...], strategy: str, games: int) -> tuple[float, float]:
    setup = SimSetup(theme, PLAYERS, mods, (), (strategy,) + ("random",) * (PLAYERS - 1), seed=77)
    result = simulate_fast(setup, games)
    return wilson(result.wins_by_seat[0], games)


@pytest.mark.parametrize("mods", FTL_MOD_SETS)
def test_ftl_smart_beats_random(mods: tuple[str, ...]) -> None:
    low, _ = interval("ftl", mods, "smart", 20_000)
    assert low > 1 / PLAYERS, f"smart under {mods or 'no mods'}: 95% CI starts at {low:.3f}"


@pytest.mark.parametrize("strategy", ["smart", "threshold"])
@pytest.mark.parametrize("mods", CTA_MOD_SETS)
def test_cta_named_strategies_beat_random(mods: tuple[str, ...], strategy: str) -> None:
    low, _ = interval("cta", mods, strategy, 3_000)
    assert low > 1 / PLAYERS, f"{strategy} under {mods or 'no mods'}: 95% CI starts at {low:.3f}"


def test_the_check_fails_for_a_bad_strategy() -> None:
    """Always rebelling under No Mercy loses to random seats: the same check would reject it."""
    _, high = interval("ftl", ("no-mercy",), "always-rebel", 20_000)
    assert high < 1 / PLAYERS

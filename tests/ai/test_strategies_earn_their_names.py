"""Every tuned strategy beats `random` in the setting it is named for, at 5, 10 and 20 players (95% CI).

`smart` (and CTA `threshold`) are tuned for one seat among random players: the lower end of that
seat's 95% interval must clear the fair share, for every mod set. Fast path at fixed seeds
(cross-checked against the engine in tests/analysis/test_fast.py). The same check fails for a bad
strategy: always rebelling under No Mercy.
"""

from __future__ import annotations

import pytest

from survivor_host.analysis.simulate import SimSetup, simulate_fast
from survivor_host.engine.odds import wilson
from survivor_host.studies.search import CTA_MOD_SETS, FTL_MOD_SETS

SIZES = (5, 10, 20)
GAMES = {"ftl": {5: 60_000, 10: 40_000, 20: 40_000}, "cta": {5: 8_000, 10: 6_000, 20: 4_000}}
SETTINGS = [("ftl", mods) for mods in FTL_MOD_SETS] + [("cta", mods) for mods in CTA_MOD_SETS]


def interval(theme: str, mods: tuple[str, ...], players: int, seat: str, table: str) -> tuple[float, float]:
    """The 95% interval of one seat's win rate: it plays `seat`, the others `table`."""
    setup = SimSetup(theme, players, mods, (), (seat,) + (table,) * (players - 1), seed=77)
    games = GAMES[theme][players]
    return wilson(simulate_fast(setup, games).wins_by_seat[0], games)


def label(theme: str, mods: tuple[str, ...], players: int) -> str:
    return f"{theme} {'+'.join(mods) or 'no mods'}, {players} players"


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize(("theme", "mods"), SETTINGS)
def test_smart_beats_random_in_one_seat_among_random_players(theme: str, mods: tuple[str, ...], players: int) -> None:
    low, _ = interval(theme, mods, players, "smart", "random")
    assert low > 1 / players, f"smart, {label(theme, mods, players)}: 95% CI starts at {low:.4f}"


@pytest.mark.parametrize("players", SIZES)
@pytest.mark.parametrize("mods", CTA_MOD_SETS)
def test_cta_threshold_beats_random_among_random_players(mods: tuple[str, ...], players: int) -> None:
    low, _ = interval("cta", mods, players, "threshold", "random")
    assert low > 1 / players, f"threshold, {label('cta', mods, players)}: 95% CI starts at {low:.4f}"


def test_the_check_fails_for_a_bad_strategy() -> None:
    """Always rebelling under No Mercy loses to random seats: the same check would reject it."""
    _, high = interval("ftl", ("no-mercy",), 10, "always-rebel", "random")
    assert high < 1 / 10

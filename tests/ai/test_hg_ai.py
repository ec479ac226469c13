"""Hunger Games strategies earn their names: `opportunist` beats `random` among random players (95% CI).

The order attacks are sent decides the order they are fought; the engine simulator lets the awaited
players act in a random order, and the tested seat still plays every position in turn, its wins pooled.
"""

from __future__ import annotations

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.engine.odds import wilson

PLAYERS = 10
GAMES = 250


def pooled_wins(seat: str, mods: tuple[str, ...] = ()) -> tuple[int, int]:
    wins = 0
    for position in range(PLAYERS):
        strategies = ["random"] * PLAYERS
        strategies[position] = seat
        result = simulate(SimSetup("hg", PLAYERS, mods, (), tuple(strategies), seed=10_000 * (position + 1)), GAMES)
        assert result.path == "engine"
        wins += result.wins_by_seat[position]
    return wins, GAMES * PLAYERS


def test_opportunist_beats_random_among_random_players() -> None:
    low, _ = wilson(*pooled_wins("opportunist"))
    assert low > 1 / PLAYERS, f"opportunist: 95% CI starts at {low:.4f}"

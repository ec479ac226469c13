"""Readable odds tables and simulation plots for the `odds` and `simulate` commands."""

from __future__ import annotations

from pathlib import Path

from survivor_host.analysis.simulate import SimResult


def plot_simulation(result: SimResult, path: str | Path, title: str) -> None:
    """Two panels: how many rounds games last, and wins by seat in the player list."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    rounds = sorted(result.rounds)
    left.bar(rounds, [result.rounds[r] for r in rounds])
    left.set_xlabel("rounds")
    left.set_ylabel("games")
    left.set_title("Game length")
    seats = sorted(result.wins_by_seat)
    right.bar([s + 1 for s in seats], [result.wins_by_seat[s] / result.games for s in seats])
    right.set_xlabel("seat in the player list")
    right.set_ylabel("share of wins")
    right.set_title("Wins by seat")
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)

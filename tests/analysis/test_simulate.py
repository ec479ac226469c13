"""Whole-game simulation: tallies add up, seeds repeat, processes agree with one process."""

from __future__ import annotations

from pathlib import Path

from survivor_host.analysis.report import plot_simulation
from survivor_host.analysis.simulate import SimSetup, play_games, simulate, summary
from survivor_host.cli import main


def test_tallies_add_up() -> None:
    setup = SimSetup("ftl", 6, strategies=("smart", "random"), seed=4)
    result = simulate(setup, 60)
    assert result.games == 60
    assert sum(result.wins_by_strategy.values()) == 60
    assert sum(result.seconds_by_strategy.values()) == 60
    assert result.seats_by_strategy["smart"] == 180
    assert sum(result.rounds.values()) == 60
    assert summary(result, ("smart", "random"))[0].startswith("60 games")


def test_same_seed_same_tallies_and_workers_split_the_same_games() -> None:
    setup = SimSetup("cta", 5, mods=("jesters-duel",), seed=9)
    alone = play_games(setup, 0, 40)
    split = simulate(setup, 40, workers=2)
    assert alone.wins_by_seat == split.wins_by_seat
    assert alone.rounds == split.rounds


def test_plot_is_written(tmp_path: Path) -> None:
    result = simulate(SimSetup("ftl", 5, seed=1), 20)
    path = tmp_path / "sim.png"
    plot_simulation(result, path, "test")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_odds_and_simulate_commands() -> None:
    assert main(["odds", "ftl", "--players", "6"]) == 0
    assert main(["odds", "cta", "--players", "6", "--elim", "2"]) == 0
    assert main(["simulate", "cta", "--games", "10", "--players", "5", "--workers", "1"]) == 0

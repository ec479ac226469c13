"""Whole-game simulation: tallies add up, seeds repeat, workers split the same games, the command reads well."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from survivor_host.ai import DEFAULT_STRATEGY
from survivor_host.analysis.present import as_json, plot_simulation, summary
from survivor_host.analysis.simulate import SimSetup, play_games, simulate, simulate_engine
from survivor_host.cli import main
from survivor_host.engine.odds import wilson


def test_tallies_add_up_on_both_paths() -> None:
    setup = SimSetup("ftl", 6, strategies=("smart", "random"), seed=4)
    for result in (simulate(setup, 60, path="engine"), simulate(setup, 60)):
        assert result.games == 60
        assert sum(result.wins_by_strategy.values()) == 60
        assert sum(result.seconds_by_strategy.values()) == 60
        assert sum(result.wins_by_seat.values()) == 60
        assert result.seats_by_strategy["smart"] == 180
        assert sum(result.rounds.values()) == 60
        assert summary(result, setup)[0].startswith("Follow the Leader, 6 players: 60 games")


def test_same_seed_same_tallies_and_workers_split_the_same_games() -> None:
    setup = SimSetup("cta", 5, mods=("jesters-duel",), seed=9)
    alone = play_games(setup, 0, 40)
    split = simulate_engine(setup, 40, workers=2)
    assert alone.wins_by_seat == split.wins_by_seat
    assert alone.rounds == split.rounds
    assert simulate(setup, 3000).wins_by_seat == simulate(setup, 3000).wins_by_seat  # fast path: seeded too


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low < 0.5 < high and abs((0.5 - low) - (high - 0.5)) < 1e-12
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_plot_is_written(tmp_path: Path) -> None:
    setup = SimSetup("ftl", 5, strategies=("smart", "random"), seed=1)
    result = simulate(setup, 200)
    path = tmp_path / "sim.png"
    plot_simulation(result, setup, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_prints_labelled_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cta", "--games", "300", "--players", "5", "--elim", "2", "--mods", "adhesive"]) == 0
    out = capsys.readouterr().out
    default = DEFAULT_STRATEGY["cta"]
    assert (
        f"Chase the Ace with Adhesive, 5 players, the 2 lowest out each round: 300 games; strategies {default}" in out
    )
    assert "second place" in out and "seconds" not in out and "default" not in out
    assert "95% confidence intervals" in out and re.search(rf"seat +1 \({default}\) +\d", out) and "Swaps:" in out


def test_simulate_json_and_engine_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "out.svg"
    argv = ["simulate", "ftl", "--games", "30", "--players", "5", "--engine", "--workers", "1", "--json"]
    assert main([*argv, "--plot", str(plot)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["path"] == "engine" and data["games"] == 30 and plot.exists()
    assert set(data["outcome_shares"]) == {"handover", "rebellion", "normal", "deposed"}
    assert data["strategies"]["smart"]["win_low"] <= data["strategies"]["smart"]["win_rate"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "--games must be 1 to 1,000,000, not 0"),
        (["--games", "-5"], "--games must be 1 to 1,000,000, not -5"),
        (["--workers", "0"], "--workers must be 1 to 64, not 0"),
        (["--seed", "-1"], "--seed must be at least 0, not -1."),
        (["--players", "2"], "at least 3"),
        (["--elim", "2"], "--elim is for Chase the Ace"),
        (["--strategies", "smart,wizard"], "Unknown strategy 'wizard'"),
        (["--plot", "/no/such/folder/x.png"], "does not exist"),
        (["--plot", "plot.txt"], "must end in .png, .svg or .pdf"),
        (["--players", "3", "--strategy", "smart,random,always-follow,always-rebel"], "4 strategies for 3 seats"),
    ],
)
def test_simulate_rejects_bad_arguments_before_playing(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    games = [] if "--games" in argv else ["--games", "5"]
    assert main(["simulate", "ftl", *games, *argv]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "1000001"], "--games must be 1 to 1,000,000, not 1,000,001"),
        (["--games", str(10**30)], "--games must be 1 to 1,000,000, not 1,000,000,000,000,000,000,000,000,000,000"),
        (["--workers", "65", "--games", "5"], "--workers must be 1 to 64, not 65."),
        (
            ["--players", "31"],
            "--players must be at most 30 for Chase the Ace (its max_players; --option max_players=N raises it,"
            " up to 1,000,000), not 31.",
        ),
        (["--players", "40", "--option", "max_players=35"], "--players must be at most 35 for Chase the Ace"),
        (["--players", "2000000", "--option", "max_players=1000000"], "(its max_players), not 2,000,000."),
    ],
)
def test_simulate_refuses_more_games_workers_or_players_than_its_bound_before_playing(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def played(*_: object, **__: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr("survivor_host.analysis.simulate.simulate", played)
    assert main(["simulate", "cta", *argv]) == 2
    assert message in capsys.readouterr().err


def test_json_lists_every_seat() -> None:
    setup = SimSetup("cta", 4, strategies=("threshold", "random"), seed=2)
    data = as_json(simulate(setup, 100), setup)
    assert [row["strategy"] for row in data["seats"]] == ["threshold", "random", "threshold", "random"]


def test_report_writes_findings_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from survivor_host.studies.report import write_report

    out = tmp_path / "FINDINGS.md"
    headlines = write_report(out, games=300, cta_games=150, sizes=(5,), mod_sets=(1,))
    text = out.read_text(encoding="utf-8")
    assert "| Tug of War | 5 |" in text and "| Adhesive | 5 |" in text and "the effect of `elim`" in text
    intro = text.split("\n\n")[1]  # what the columns mean, the same in the committed findings
    assert "**yes** when its p-value is at most 0.01" in intro
    assert intro in (Path(__file__).parents[2] / "docs" / "FINDINGS.md").read_text(encoding="utf-8")
    assert (tmp_path / "findings" / "ftl-strategies.png").exists()
    assert not headlines  # headlines quote 10-player tables only
    assert main(["report", "--out", str(tmp_path / "missing" / "F.md")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_progress_bar_appears_only_after_the_delay() -> None:
    from survivor_host.analysis.progress import LazyProgress

    with LazyProgress("games", delay=3600, enabled=True) as quick:
        quick(5, 10)
        assert quick.bar is None  # a short run shows nothing
    with LazyProgress("games", delay=0, enabled=True) as slow:
        slow(5, 10)
        assert slow.bar is not None and slow.bar.tasks[0].completed == 5
    with LazyProgress("games", delay=0, enabled=False) as off:
        off(1, 2)
        assert off.bar is None


@pytest.mark.parametrize("out", ["", "folder"])
def test_report_refuses_an_out_that_is_no_file_before_running(
    out: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import survivor_host.studies.report as report

    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    monkeypatch.setattr(report, "write_report", lambda *args, **kwargs: pytest.fail("the report ran"))
    assert main(["report", "--out", out]) == 2
    err = capsys.readouterr().err
    assert ("needs a file name" if not out else "is a folder") in err
    assert not (tmp_path / "findings").exists()


def test_simulate_refuses_a_plot_it_cannot_write_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_path / ("x" * 300 + ".png")  # a name longer than any file system takes, in a folder that exists
    assert main(["simulate", "ftl", "--games", "5", "--plot", str(plot)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"--plot {plot}: cannot write there" in err


def test_the_plot_check_leaves_no_file_behind(tmp_path: Path) -> None:
    assert main(["simulate", "ftl", "--games", "5", "--plot", str(tmp_path / "p.png")]) == 0
    assert (tmp_path / "p.png").stat().st_size > 0
    from survivor_host.cli_flags import check_output

    check_output("--plot", str(tmp_path / "q.png"))
    assert not (tmp_path / "q.png").exists()


def test_an_option_in_capitals_is_the_option_on_the_fast_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ftl", "--games", "50", "--option", "LEADER=pick"]) == 0
    assert "(fast numpy path)" in capsys.readouterr().out
    runs = []
    for typed in ("ties=all", "TIES=ALL"):
        assert main(["simulate", "cta", "--players", "6", "--games", "500", "--option", typed, "--json"]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0] == runs[1]


def test_the_title_shows_elim_capped_at_half_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "cta", "--players", "6", "--elim", "100", "--games", "20"]) == 0
    title = capsys.readouterr().out.splitlines()[0]
    assert "the 3 lowest out in the first round (elim 100 is capped at half the players, C2)" in title


def test_simulate_words_one_game_its_seats_and_the_engine_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ftl", "--games", "1", "--players", "3", "--strategy", "smart,random", "--engine"]) == 0
    out = capsys.readouterr().out
    assert ": 1 game; strategies" in out and "(engine path: asked for with --engine)" in out
    assert "(2 seats a game)" in out and "(1 seat a game)" in out and "(s)" not in out


def test_a_simulation_without_steals_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "rr", "--games", "10", "--players", "4", "--strategy", "early"]) == 0
    out = capsys.readouterr().out
    assert "passes, no steals" in out and "won by the stealer" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["zzz"], "tunes ftl and cta, not zzz"),
        (["ftl", "--games-scale", "nan"], "above 0, not nan"),
        (["ftl", "--games-scale", "0"], "above 0, not 0.0"),
        (["ftl", "--mods", "tug"], "the mod sets are: none, no-mercy, tug-of-war, tug-of-war+no-mercy"),
    ],
)
def test_the_strategy_search_refuses_what_it_cannot_search_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    """An unknown theme, a scale that is no positive number, or a mod set it does not search: an error
    naming it, never a traceback, and never a run that searches nothing."""
    from survivor_host.studies.search import main as search

    with pytest.raises(SystemExit) as exited:
        search(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_wilson_interval_holds_the_observed_rate() -> None:
    # at n in n, floats put the Wilson top just below 1 for many n (4, 10, 200...)
    for trials in range(1, 600):
        for wins in (0, 1, trials // 3, trials - 1, trials):
            low, high = wilson(wins, trials)
            assert 0.0 <= low <= wins / trials <= high <= 1.0, (wins, trials)


def test_plot_of_one_strategy_every_seat(tmp_path: Path) -> None:
    # every game is won by that strategy (200 in 200), which once made a negative error bar
    setup = SimSetup("cta", 10, strategies=("threshold",), seed=1)
    path = tmp_path / "sim.png"
    plot_simulation(simulate(setup, 200), setup, path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

"""Russian Roulette through every command: typed and auto play, export, verify and the replay page,
simulate and odds."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.terminal.table import seat_names
from survivor_host.themes import theme_spec


def test_the_registry_finds_it_with_no_modes() -> None:
    spec = theme_spec("Russian Roulette")
    assert spec is theme_spec("rr") and spec.legal_mod_sets() == [()] and spec.min_players == 2


@pytest.mark.parametrize("players", [2, 6])
def test_play_auto_export_verify_and_the_replay_page(
    players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "rr", "--auto", "--players", str(players), "--seed", "5", "--pace", "0", "--record", str(record)]
    assert main(argv) == 0
    assert "wins the game!" in capsys.readouterr().out
    data = json.loads(record.read_text())
    assert data["theme"] == "rr" and data["winner"] and data["rounds"][-1]["final"] is True
    assert main(["verify", str(record)]) == 0
    assert "verified: the record is the game its seeds and inputs give." in capsys.readouterr().out
    page = tmp_path / "game.html"
    assert main(["export", str(record), "--html", str(page)]) == 0
    html = page.read_text()
    assert "Russian Roulette" in html and "at chamber 6" in html


def test_typed_play_refuses_what_does_not_work_and_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = seat_names(4, "Me")
    tries = ["steal Nobody", "pull", "pass", *(f"steal {name}" for name in names)]
    typed = itertools.chain(["steal constructor", "steal Me"], itertools.cycle(tries))
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", "rr", "--players", "4", "--seed", "3", "--name", "Me", "--pace", "0"]) == 0
    out = capsys.readouterr().out
    assert "You may steal only once your own pass is used. You may: pull or pass." in out
    assert "wins the game!" in out


def test_simulate_and_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "rr", "--players", "4", "--games", "40", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "The first drawn in round 1 wins" in out and "steals" in out
    assert main(["odds", "rr", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "everyone plays the AI's `early` strategy" in out and "drawn 1st: survive round 1" in out
    assert (
        "The final (a fresh chamber of 6): the first to act wins" in out and "only the second holds a pass: 1/3" in out
    )


def test_odds_at_a_large_table_answer_at_once_with_the_default_strategy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every player counted by kind: under `early` the positions stay few at any size, so its table is
    worked out up to the largest table; the other strategies' tables stop at a size and say so."""
    from survivor_host.themes import new_game
    from survivor_host.themes.rr import odds

    assert odds.MOST_FOR_EVERY_POLICY == 10
    monkeypatch.setattr(odds, "MOST_FOR_EVERY_POLICY", 4)  # the same rule at a size quick to work out
    small = odds.odds_tables(new_game("rr", [f"P{i}" for i in range(4)], seed=0))
    assert sum("`hoarder`" in section.title for section in small) == 1
    large = odds.odds_tables(new_game("rr", [f"P{i}" for i in range(30)], seed=0, options={"max_players": 30}))
    titles = [section.title for section in large]
    assert any("`early`" in title for title in titles) and not any("`hoarder`" in title for title in titles)
    assert "worked out up to 4 players" in large[0].note and "simulate rr --players 30" in large[0].note

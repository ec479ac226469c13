"""Hot Potato through every command: typed and auto play, export, verify and the replay page, standard and
Timer; `odds` gives exact figures that `simulate` agrees with (95% intervals)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from survivor_host.analysis.present import theme_figures
from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.cli import main
from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.odds import wilson
from survivor_host.terminal.chances import chances_now
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game, theme_spec
from survivor_host.themes.hp.odds import round_odds


@pytest.mark.parametrize("mods", [(), ("hpt",)], ids=["plain", "hpt"])
def test_play_auto_export_verify_and_the_replay_page(
    mods: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "hp", "--auto", "--players", "5", "--seed", "5", "--pace", "0", "--record", str(record)]
    assert main([*argv, *(["--mods", ",".join(mods)] if mods else [])]) == 0
    out = capsys.readouterr().out
    assert "wins the game!" in out and "The potato lands on" in out
    data = json.loads(record.read_text())
    assert data["theme"] == "hp" and data["mods"] == list(mods) and len(data["rounds"]) == 4
    assert main(["verify", str(record)]) == 0
    assert "verified: the record is the game its seeds and inputs give." in capsys.readouterr().out
    page = tmp_path / "game.html"
    assert main(["export", str(record), "--html", str(page)]) == 0
    html = page.read_text()
    assert "Hot Potato" in html and "Holds the potato first (drawn by the dice)" in html
    assert "The potato exploded on" in html and "passes to" in html


def test_typed_play_refuses_a_bad_pass_and_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = seat_names(4, "Me")
    typed = itertools.chain(["pass constructor", "pass Me"], itertools.cycle(f"pass {name}" for name in names))
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", "hp", "--players", "4", "--seed", "6", "--name", "Me", "--pace", "0"]) == 0
    out = capsys.readouterr().out
    assert "The potato lands on Me (drawn at random)" in out  # seed 6: Me holds it first
    assert '"constructor" is not in this game. You may pass to: Venus, Mars and Jupiter.' in out  # 7a, BG2
    assert "You can't pass the potato to yourself." in out and "wins the game!" in out


def test_odds_and_simulate_agree(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "hp", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "the pass works: 99/248 (39.92%)" in out
    assert "you hold the potato, 3 attempts left: come through the round 641817/953312 (67.32%)" in out
    assert "the holder passes to a player drawn uniformly from the others (the random AI)" in out
    assert main(["odds", "hp", "--players", "3", "--mods", "hpt"]) == 0
    assert "die 10: the pass works: 1/22 (4.55%)" in capsys.readouterr().out


@pytest.mark.parametrize("mods", [(), ("hpt",)], ids=["plain", "hpt"])
def test_the_exact_odds_hold_in_the_engines_games(mods: tuple[str, ...]) -> None:
    """Four random players: each table size's chance that the potato explodes on the holder drawn, and
    each seat's chance to win (1/4), lie in the simulation's 95% intervals."""
    games = 800
    setup = SimSetup("hp", 4, mods, (), ("random",), seed=7)
    result = simulate(setup, games)
    found = theme_figures(result, setup)["drawn_holder_out"]
    for size in (4, 3, 2):
        out, rounds = result.counts[f"rounds of {size}, the drawn holder out"], result.counts[f"rounds of {size}"]
        assert rounds == games
        low, high = wilson(out, rounds)
        assert low <= 1 - round_odds(size, bool(mods)).drawn <= high
        assert found[str(size)]["exact"] == float(1 - round_odds(size, bool(mods)).drawn)
    for seat in range(4):
        low, high = wilson(result.wins_by_seat[seat], games)
        assert low <= Fraction(1, 4) <= high


def test_the_round_odds_add_up() -> None:
    """A round takes exactly one player: the chances to come through it average (n-1)/n over the draw."""
    for timer in (False, True):
        for players in range(2, 7):
            odds = round_odds(players, timer)
            assert (odds.drawn + (players - 1) * odds.other[0]) / players == Fraction(players - 1, players)


def test_the_registry_finds_it() -> None:
    assert theme_spec("Hot Potato").id == "hp" and theme_spec("hp").legal_mod_sets() == [(), ("hpt",)]


def test_terminal_odds_give_the_holder_each_pass_with_its_chance_to_come_through() -> None:
    game = new_game("hp", ["Ann", "Bob", "Cid", "Dan"], dice=ScriptedDice([], picks=["Ann"]))
    game.start()
    rows, note = chances_now(game, "Ann")
    assert [(row.command, row.stay_in) for row in rows] == [
        (f"pass {name}", Fraction(641817, 953312)) for name in ("Bob", "Cid", "Dan")
    ]
    assert "drawn uniformly from the others" in note
    assert chances_now(game, "Bob") == ([], "Nothing you can type now: only the holder passes.")

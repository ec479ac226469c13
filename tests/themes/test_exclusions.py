"""Exclusions (`exclusions`) through every command: typed and auto play, export, verify, the replay page,
simulate and odds, alone and with Golf; the modes it does not allow are refused naming Golf (BG13)."""

from __future__ import annotations

import itertools
import json
import random
import statistics
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.engine.errors import SetupError
from survivor_host.engine.events import Say
from survivor_host.engine.odds import wilson
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game, theme_spec
from survivor_host.themes.exclusions.facts import Exposed
from survivor_host.themes.exclusions.odds import exposed
from survivor_host.themes.exclusions.text import present

SPEC = theme_spec("exclusions")


def test_the_registry_finds_it_and_golf_alone() -> None:  # exclusions.txt 6
    assert theme_spec("Exclusions") is SPEC and theme_spec("excl") is SPEC
    assert SPEC.legal_mod_sets() == [(), ("golf",)]


@pytest.mark.parametrize("mode", ["second-wind", "rs"])
def test_roll_switch_and_second_wind_are_refused_naming_golf(mode: str) -> None:  # BG13
    with pytest.raises(
        SetupError, match=r"^Exclusions does not allow (Second Wind|Roll Switch); its mods are: golf\.$"
    ):
        new_game("exclusions", ["Ann", "Bob", "Cid"], mods=[mode], seed=1)


@pytest.mark.parametrize("mods", [(), ("golf",)], ids=["none", "golf"])
def test_play_auto_export_verify_and_the_replay_page(
    mods: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "exclusions", "--auto", "--players", "6", "--seed", "11", "--pace", "0", "--record", str(record)]
    assert main([*argv, *(["--mods", ",".join(mods)] if mods else [])]) == 0
    out = capsys.readouterr().out
    assert "wins the game!" in out and "who is it?" in out and "defends against" in out
    data = json.loads(record.read_text())
    assert data["theme"] == "exclusions" and data["mods"] == list(mods) and data["winner"]
    assert main(["verify", str(record)]) == 0
    assert "verified: the record is the game its seeds and inputs give." in capsys.readouterr().out
    page = tmp_path / "game.html"
    assert main(["export", str(record), "--html", str(page)]) == 0
    text = page.read_text()
    assert "Exclusions" in text and "Nicknames nobody attacked" in text and "Attacks fought, in the order sent" in text


def test_typed_play_refuses_bad_targets_and_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = seat_names(5, "Me")
    opening = ["nick Zorro", "attack Nobody", "attack Me"]
    typed = itertools.chain(
        opening, itertools.cycle(f"{verb} {name}" for name in names for verb in ("attack", "suspect"))
    )
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", "exclusions", "--players", "5", "--seed", "3", "--name", "Me", "--pace", "0"]) == 0
    out = capsys.readouterr().out
    assert '"Nobody" is not in this game. You may attack:' in out and "You can't attack yourself." in out
    assert "wins the game!" in out


def test_simulate_plays_on_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "exclusions", "--engine", "--games", "40", "--players", "5", "--mods", "golf"]) == 0
    assert "Exclusions with Golf, 5 players: 40 games" in capsys.readouterr().out


def test_odds_name_the_exposure_chance_and_the_even_duel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "exclusions", "--players", "5", "--mods", "golf"]) == 0
    out = capsys.readouterr().out
    assert "any one player wins: 1/5 (20.00%)" in out and "A duel, 100 vs 100 (Golf" in out
    assert "5 players: exposed: 81/256 (31.64%)" in out and "4 players: exposed and found out: 8/81" in out


def test_the_exposure_chance_agrees_with_games_played_at_random() -> None:
    """Round 1 of 5 random players: the nicknames guessed (every exposed one, as no guesser idles) per game
    average 5 x 81/256, within the mean's 95% interval."""
    counts = []
    for seed in range(300):
        game = new_game("exclusions", seat_names(5), seed=f"exposed-{seed}")
        rng = random.Random(seed)
        game.begin()
        while game.round == 1 and game.phase != "duels" and not game.finished:
            wait = game.awaiting()[0]
            game.step(rng.choice(game.legal_inputs(wait.player)))
        counts.append(len(game.round_record()[0]["guesses"]))
    mean, error = statistics.fmean(counts), 1.96 * statistics.stdev(counts) / len(counts) ** 0.5
    assert abs(mean - 5 * float(exposed(5))) < error, (mean, error)
    low, high = wilson(sum(counts), 5 * len(counts))
    assert low <= float(exposed(5)) <= high


def test_one_nickname_nobody_attacked_is_said_as_one() -> None:
    (one,) = present(Exposed(("Veil",)))
    (two,) = present(Exposed(("Veil", "Moss")))
    assert isinstance(one, Say) and one.text == "Nobody attacked **Veil**: it is guessed before the attacks are fought."
    assert isinstance(two, Say) and "each is guessed in turn" in two.text


def test_odds_at_two_players_show_no_round_of_three(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "exclusions", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "either finalist wins the final" in out and "3 players" not in out

"""Hunger Games (`hg`) and Spotlight (`hgs`) through every command: typed and auto play, export, verify,
simulate and odds, with each mode set it allows; Golf is refused with the modes it allows (BG13)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from survivor_host.cli import main
from survivor_host.engine.errors import SetupError
from survivor_host.engine.inputs import Input
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game, theme_spec
from survivor_host.themes.hga.names import POOL

SPEC = theme_spec("hg")


def test_the_registry_finds_it_and_its_modes() -> None:
    assert theme_spec("Hunger Games") is SPEC
    assert SPEC.legal_mod_sets() == [(), ("roll-switch",), ("second-wind",), ("roll-switch", "second-wind")]


def test_golf_is_refused_naming_the_modes_it_allows() -> None:  # modes.txt 1, BG13
    allowed = r"its mods are: roll-switch, second-wind\.$"
    with pytest.raises(SetupError, match=r"^Hunger Games does not allow Golf; " + allowed):
        new_game("hg", ["Ann", "Bob", "Cid"], mods=["golf"], seed=1)


def test_an_attack_prompt_names_the_targets_and_is_secret() -> None:  # BG3
    game = new_game("hg", ["Ann", "Bob", "Cid"], seed=1)
    prompts = [event for event in game.start() if getattr(event, "actions", None) == ("attack",)]
    assert [(p.to, p.targets, p.secret) for p in prompts] == [  # type: ignore[attr-defined]
        ("Ann", ("Bob", "Cid"), True), ("Bob", ("Ann", "Cid"), True), ("Cid", ("Ann", "Bob"), True),
    ]  # fmt: skip
    assert (game.is_secret("attack") and game.is_secret("destroy") is False) or game.is_secret("attack")
    said = game.apply(Input("destroy", by="Ann", target="Bob"))
    assert [(event.to, getattr(event, "text", "")) for event in said] == [
        ("Ann", "You attack **Bob**. It is final for this round.")
    ]


FAMILY = [(theme, mods) for theme in ("hg", "hgs", "hga") for mods in theme_spec(theme).legal_mod_sets()]


@pytest.mark.parametrize(("theme", "mods"), FAMILY, ids=lambda x: x if isinstance(x, str) else "+".join(x) or "none")
def test_play_auto_export_verify_and_the_replay_page(
    theme: str, mods: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", theme, "--auto", "--players", "6", "--seed", "5", "--pace", "0", "--record", str(record)]
    assert main([*argv, *(["--mods", ",".join(mods)] if mods else [])]) == 0
    assert "wins the game!" in capsys.readouterr().out
    data = json.loads(record.read_text())
    assert data["theme"] == theme and data["mods"] == list(mods) and data["winner"]
    assert main(["verify", str(record)]) == 0
    assert "verified: the record is the game its seeds and inputs give." in capsys.readouterr().out
    page = tmp_path / "game.html"
    assert main(["export", str(record), "--html", str(page)]) == 0
    assert theme_spec(theme).title in page.read_text()


@pytest.mark.parametrize("theme", ["hg", "hgs", "hga"])
def test_typed_play_refuses_a_bad_attack_and_plays_to_the_end(
    theme: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = seat_names(5, "Me")
    targets = [*names, *POOL] if theme == "hga" else names
    opening = ["nick Zorro", "attack Nobody", "attack Zorro"] if theme == "hga" else ["attack Nobody", "attack Me"]
    typed = itertools.chain(opening, itertools.cycle(f"attack {name}" for name in targets))
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", theme, "--players", "5", "--seed", "3", "--name", "Me", "--pace", "0"]) == 0
    out = capsys.readouterr().out
    if theme == "hga":
        assert "Nobody still in goes by that nickname. You may attack:" in out and "your own nickname" in out
    else:
        assert '"Nobody" is not in this game. You may attack:' in out and "You can't attack yourself." in out
    assert "wins the game!" in out


@pytest.mark.parametrize("theme", ["hg", "hgs", "hga"])
def test_simulate_plays_on_the_engine(theme: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", theme, "--engine", "--games", "40", "--players", "5", "--mods", "sw,rs"]) == 0
    out = capsys.readouterr().out
    assert f"{theme_spec(theme).title} with Roll Switch + Second Wind, 5 players: 40 games" in out


def test_odds_are_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "hg", "--players", "5", "--mods", "second-wind"]) == 0
    out = capsys.readouterr().out
    assert "any one player wins: 1/5 (20.00%)" in out
    assert "3 duels: 1/2 (50.00%)" in out  # two lives: at most one of three lost
    assert "your 2♥ against 1♥: 3/4 (75.00%)" in out


def test_spotlight_odds_and_golf_with_roll_switch_refused(capsys: pytest.CaptureFixture[str]) -> None:  # BG13
    assert main(["odds", "hgs", "--players", "4", "--mods", "golf"]) == 0
    out = capsys.readouterr().out
    assert "you are drawn: 1/4 (25.00%)" in out and "A duel, 100 vs 100 (Golf" in out
    with pytest.raises(SetupError, match="Golf and Roll Switch cannot be combined"):
        new_game("hgs", ["Ann", "Bob", "Cid"], mods=["golf", "rs"], seed=1)

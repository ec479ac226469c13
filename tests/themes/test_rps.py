"""Rock, Paper, Scissors (`rps`) through every command: typed and auto play, export, verify, the replay page,
simulate and odds, with each mode set it allows; the words of a clash and the Sir Vivor defects it avoids."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from survivor_host.analysis.simulate import SimSetup, simulate
from survivor_host.cli import main
from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import IllegalAction, SetupError
from survivor_host.engine.events import Prompt, Say
from survivor_host.engine.inputs import Input
from survivor_host.engine.odds import battle_win, wilson
from survivor_host.terminal.table import seat_names
from survivor_host.themes import new_game, theme_spec
from survivor_host.themes.rps.odds import odds_tables
from survivor_host.themes.rps.rules import BEATS, STANDARD, VARIANT, beats, read_weapon

SPEC = theme_spec("rps")
ALL_SETS = SPEC.legal_mod_sets()


def test_the_registry_finds_it_its_mode_and_its_variant() -> None:
    assert theme_spec("Rock, Paper, Scissors") is SPEC and theme_spec("rockpaperscissors") is SPEC
    assert ALL_SETS == [(), ("lizard-spock",), ("second-wind",), ("lizard-spock", "second-wind")]
    assert SPEC.normalize_mods(["rpsls", "sw"]) == ("lizard-spock", "second-wind")


@pytest.mark.parametrize("mode", ["golf", "roll-switch"])
def test_other_modes_are_refused_naming_those_it_allows(mode: str) -> None:  # modes.txt 1, BG13
    with pytest.raises(
        SetupError,
        match=r"^Rock, Paper, Scissors does not allow (Golf|Roll Switch); its mods are: lizard-spock, second-wind\.$",
    ):
        new_game("rps", ["Ann", "Bob", "Cid"], mods=[mode], seed=1)


def test_who_beats_whom_in_both_variants() -> None:  # 3.1
    assert [(a, b) for a in STANDARD for b in STANDARD if beats(a, b)] == [
        ("rock", "scissors"), ("paper", "rock"), ("scissors", "paper"),
    ]  # fmt: skip
    for weapon in VARIANT:  # each beats two and loses to two
        assert len(BEATS[weapon]) == 2 and sum(beats(other, weapon) for other in VARIANT) == 2
    assert beats("lizard", "spock") and beats("spock", "scissors") and not beats("rock", "paper")
    assert [read_weapon(text, VARIANT) for text in ("R", " Sp ", "LIZARD!", "s", "paper.")] == [
        "rock", "spock", "lizard", "scissors", "paper",
    ]  # fmt: skip
    assert read_weapon("spock", STANDARD) is None and read_weapon("sp", STANDARD) is None


def test_an_attack_prompt_is_secret_and_names_targets_and_weapons() -> None:  # 3.2, BG3
    game = new_game("rps", ["Ann", "Bob", "Cid"], seed=1)
    prompts = [event for event in game.start() if isinstance(event, Prompt)]
    assert [(p.to, p.targets, p.secret) for p in prompts] == [
        ("Ann", ("Bob", "Cid"), True), ("Bob", ("Ann", "Cid"), True), ("Cid", ("Ann", "Bob"), True),
    ]  # fmt: skip
    assert "attack NAME, WEAPON" in prompts[0].text and "rock, paper and scissors" in prompts[0].text
    assert all(game.is_secret(action) for action in ("attack", "throw"))
    assert [o.target for o in game.legal_inputs("Ann")][:3] == ["Bob, rock", "Bob, paper", "Bob, scissors"]
    said = game.apply(Input("destroy", by="Ann", target="bob , R"))
    assert [(event.to, getattr(event, "text", "")) for event in said] == [
        ("Ann", "You attack **Bob** with **rock**. It is final for this round.")
    ]


def play_lines(players: list[str], dice: list[int], inputs: list[Input], mods: tuple[str, ...] = ()) -> list[str]:
    game = new_game("rps", players, mods=mods, dice=ScriptedDice(dice))
    game.start()
    lines: list[str] = []
    for inp in inputs:
        lines += [event.text for event in game.apply(inp) if isinstance(event, Say) and event.to is None]
    return lines


def test_a_clash_says_who_rolls_what_and_never_that_an_attacker_defended() -> None:  # 4.4, 4.5, 7b
    said = play_lines(
        ["Ann", "Bob", "Cid"],
        [90, 60, 10, 70, 50, 60],
        [
            Input("attack", by="Ann", target="Bob, scissors"),  # Bob's rock is stronger; Ann wins the roll
            Input("attack", by="Bob", target="Cid, rock"),  # Bob's rock is stronger; Cid (scissors) wins
            Input("attack", by="Cid", target="Bob, scissors"),  # Bob's rock is stronger and wins the roll
        ],
    )
    assert said[1:9] == [
        "**Ann** (scissors) attacks **Bob** (rock)!",
        "Rock beats scissors: Bob rolls 125, Ann 100.",
        "**Ann** wins the roll, but scissors cannot beat rock: nobody is out.",
        "**Bob** (rock) attacks **Cid** (scissors)!",
        "Rock beats scissors: Bob rolls 125, Cid 100.",
        "**Cid** holds off the attack: nobody is out.",
        "**Cid** (scissors) attacks **Bob** (rock)!",
        "Rock beats scissors: Bob rolls 125, Cid 100.",
    ]
    assert said[9] == "**Bob** destroys **Cid**, who is out."
    assert not any("defend" in line for line in said)


def test_the_same_weapon_does_nothing_and_rolls_no_dice() -> None:  # 4.3, 7d
    said = play_lines(
        ["Ann", "Bob", "Cid"],
        [],
        [
            Input("attack", by=name, target=f"{target}, paper")
            for name, target in (("Ann", "Bob"), ("Bob", "Cid"), ("Cid", "Ann"))
        ],
    )
    assert "**Ann** attacks **Bob**: both chose **paper**, nothing happens." in said


def test_constructor_is_no_phantom_target() -> None:  # Sir Vivor's defect: `.destroy constructor`
    game = new_game("rps", ["Ann", "Bob", "Cid"], seed=1)
    game.start()
    refused = '"constructor" is not in this game. You may attack: Bob and Cid.'
    with pytest.raises(IllegalAction, match=re.escape(refused)):
        game.apply(Input("attack", by="Ann", target="constructor, rock"))


def test_eliminated_players_cannot_attack_or_be_attacked() -> None:  # Sir Vivor's defect, BG1
    game = new_game("rps", ["Ann", "Bob", "Cid", "Dee"], seed=1)
    game.start()
    game.apply(Input("modkill", target="Dee"))
    with pytest.raises(IllegalAction, match=re.escape("You have been eliminated.")):
        game.apply(Input("attack", by="Dee", target="Ann, rock"))
    with pytest.raises(IllegalAction, match=re.escape("Dee is already out. You may attack: Bob and Cid.")):
        game.apply(Input("attack", by="Ann", target="Dee, rock"))


def test_the_second_wind_final_is_finished_with_lives() -> None:  # Sir Vivor's defect; BG12
    game = new_game("rps", ["Ann", "Bob"], mods=["second-wind"], dice=ScriptedDice([]))
    game.start()
    for first, second in (("rock", "scissors"), ("rock", "paper"), ("rock", "paper")):
        assert not game.finished
        game.apply(Input("throw", by="Ann", target=first))
        game.apply(Input("throw", by="Bob", target=second))
    assert game.finished and game.winner == "Bob"


def test_exact_odds_for_random_play() -> None:
    share, clash, attack, final = odds_tables(new_game("rps", seat_names(4), mods=["lizard-spock"], seed=1))
    assert share.rows == [("any one player wins", {"": Fraction(1, 4)})]
    roll = battle_win(125, 100)
    assert clash.rows[0][1][""] == roll == Fraction(149, 248)
    rows = {label: values[""] for label, values in attack.rows}
    assert rows["the same weapon: nothing happens"] == Fraction(1, 5)
    assert rows["the attacker takes a life from the target"] == Fraction(2, 5) * roll
    assert rows["the target takes a life from the attacker"] == Fraction(2, 5) * roll
    assert sum(rows.values()) - rows["the same weapon: nothing happens"] == 1
    assert final.rows[0] == ("a throw is decided", {"": Fraction(4, 5)})


@pytest.mark.parametrize("mods", ALL_SETS, ids=lambda mods: "+".join(mods) or "none")
def test_play_auto_export_verify_and_the_replay_page(
    mods: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    argv = ["play", "rps", "--auto", "--players", "5", "--seed", "5", "--pace", "0", "--record", str(record)]
    assert main([*argv, *(["--mods", ",".join(mods)] if mods else [])]) == 0
    assert "wins the game!" in capsys.readouterr().out
    data = json.loads(record.read_text())
    assert data["theme"] == "rps" and data["mods"] == list(mods) and data["winner"]
    assert main(["verify", str(record)]) == 0
    assert "verified: the record is the game its seeds and inputs give." in capsys.readouterr().out
    page = tmp_path / "game.html"
    assert main(["export", str(record), "--html", str(page)]) == 0
    html = page.read_text()
    assert "Rock, Paper, Scissors" in html and "Clashes, in the order fought" in html


def test_typed_play_refuses_a_bad_attack_and_plays_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = seat_names(4, "Me")
    opening = ["odds", "attack Nobody, rock", "attack Me, rock", "attack Mars", "attack Mars, spock"]
    attacks = (f"attack {name}, {weapon}" for name in names for weapon in ("rock", "paper"))
    typed = itertools.chain(opening, itertools.cycle([*attacks, "throw rock", "throw paper"]))
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", "rps", "--players", "4", "--seed", "3", "--name", "Me", "--pace", "0"]) == 0
    out = capsys.readouterr().out
    assert '"Nobody" is not in this game. You may attack:' in out and "You can't attack yourself." in out
    assert "Name a player and a weapon." in out and "That is not a weapon here." in out
    assert (
        "type attack NAME, WEAPON to choose whom you attack" in out and "Now you can type attack NAME, WEAPON;" in out
    )
    assert "You can attack: Venus, rock" not in out  # the reason names the targets and weapons, not every pair
    assert "No exact chances for your choices now in Rock, Paper, Scissors; survivor-host odds has its tables" in out
    assert "wins the game!" in out


def test_odds_and_simulate_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "rps", "--players", "5", "--mods", "sw"]) == 0
    out = capsys.readouterr().out
    assert "A clash, 125 vs 100" in out and "60.08%" in out
    assert main(["simulate", "rps", "--players", "4", "--games", "40", "--seed", "2", "--mods", "ls,sw"]) == 0
    assert "40 games" in capsys.readouterr().out


def test_the_fair_share_agrees_with_simulate() -> None:
    """`odds`: every seat wins 1/n when everyone plays at random; the engine simulation agrees (95% CI)."""
    games = 300
    result = simulate(SimSetup("rps", 4, ("second-wind",), (), ("random",) * 4, seed=11), games)
    for seat in range(4):
        low, high = wilson(result.wins_by_seat[seat], games)
        assert low < 1 / 4 < high, (seat, low, high)


def test_two_players_at_least_and_two_go_straight_to_the_final() -> None:  # 2, BG14
    with pytest.raises(SetupError, match="needs at least 2 players"):
        new_game("rps", ["Ann"], seed=1)
    game = new_game("rps", ["Ann", "Bob"], seed=1)
    game.start()
    assert game.phase == "finale" and [o.target for o in game.legal_inputs("Bob")] == ["rock", "paper", "scissors"]


def test_a_throw_is_asked_for_by_its_weapon_and_only_in_the_final() -> None:  # 3.3, 5
    three = new_game("rps", ["Ann", "Bob", "Cid"], seed=1)
    three.start()
    with pytest.raises(IllegalAction, match=r"^Throws are for the final\.$"):
        three.apply(Input("throw", by="Ann", target="rock"))
    final = new_game("rps", ["Ann", "Bob"], seed=1)
    final.start()
    with pytest.raises(IllegalAction, match=r"^Name a weapon: rock, paper and scissors\.$"):
        final.apply(Input("throw", by="Ann"))
    with pytest.raises(IllegalAction, match=r"^That is not a weapon here\."):
        final.apply(Input("throw", by="Ann", target="sword"))


def test_an_attack_of_more_than_two_parts_gets_the_usage_not_a_name_built_of_two() -> None:  # 3.3
    game = new_game("rps", ["Ann", "Bob", "Cid"], seed=1)
    game.start()
    usage = r"^Name a player and a weapon\. Send attack NAME, WEAPON \(targets: Bob and Cid; weapons: rock, paper and"
    for typed in ("Bob, rock, paper", "Bob,, rock"):
        with pytest.raises(IllegalAction, match=usage):
            game.apply(Input("attack", by="Ann", target=typed))


def test_a_final_throw_naming_a_player_names_the_opponent_only() -> None:  # 3.6, BG2
    game = new_game("rps", ["Ann", "Bob", "Cid"], seed=1)
    game.start()
    game.apply(Input("modkill", target="Cid"))
    game.apply(Input("attack", by="Ann", target="Bob, rock"))
    game.apply(Input("attack", by="Bob", target="Ann, rock"))  # the same weapon: the final follows
    assert game.phase == "finale"
    refusals = {
        "Cid, rock": r"^Cid is already out\. You may throw against: Bob\.$",
        "Zed, rock": r'^"Zed" is not in this game\. You may throw against: Bob\.$',
        "Ann, rock": r"^You can't throw against yourself\. You may throw against: Bob\.$",
        "Bob, rock, paper": r"^Throw one weapon: rock, paper and scissors\.$",
    }
    for typed, refusal in refusals.items():
        with pytest.raises(IllegalAction, match=refusal):
            game.apply(Input("attack", by="Ann", target=typed))
    assert [event.to for event in game.apply(Input("attack", by="Ann", target="bob, paper"))] == ["Ann"]
    assert game.throws == {0: "paper"}

"""The room's modes in the engine (modes.txt, BG13): the duel rule, Roll Switch's coin, Second Wind's lives."""

from __future__ import annotations

from fractions import Fraction

import pytest

from survivor_host.engine.dice import ScriptedDice
from survivor_host.engine.errors import SetupError
from survivor_host.engine.events import Roll, Say
from survivor_host.engine.modes import (
    GOLF,
    ROLL_SWITCH,
    SECOND_WIND,
    LifeLost,
    duel_shown,
    fight,
    final_win,
    mode_conflicts,
    mode_specs,
    present_mode,
    starting_lives,
    survive,
)
from survivor_host.engine.theme import ThemeSpec


def test_regular_the_higher_roll_wins_and_ties_roll_again() -> None:
    duel = fight(ScriptedDice([40, 40, 30, 60]), "Ann", "Bob", ())
    assert (duel.winner, duel.loser) == ("Bob", "Ann")
    assert duel.rolls() == [{"Ann": 40, "Bob": 40}, {"Ann": 30, "Bob": 60}] and duel.rules() == ["regular"] * 2


def test_golf_the_lower_roll_wins() -> None:
    duel = fight(ScriptedDice([30, 60]), "Ann", "Bob", (GOLF,))
    assert duel.winner == "Ann" and duel.rules() == ["golf"]


def test_roll_switch_draws_a_coin_before_every_pair_and_says_it() -> None:
    # coin 2 (Golf): 5 - 5 tie; coin 1 (Regular): 5 - 9, Bob wins
    duel = fight(ScriptedDice([2, 5, 5, 1, 5, 9]), "Ann", "Bob", (ROLL_SWITCH,))
    assert duel.rules() == ["golf", "regular"] and duel.winner == "Bob"
    shown = duel_shown(duel)
    said = [event.text for event in shown if isinstance(event, Say)]
    assert said == [
        "Roll Switch: **Golf**: the lower roll wins.",
        "5 - 5: a tie, both roll again.",
        "Roll Switch: **Regular**: the higher roll wins.",
    ]
    assert [event.result for event in shown if isinstance(event, Roll)] == [5, 5, 5, 9]


def test_second_wind_gives_two_lives_shown_as_hearts() -> None:
    assert starting_lives((SECOND_WIND,)) == 2 and starting_lives(()) == 1
    assert present_mode(LifeLost("Bob", 1)) == [Say("**Bob** loses a life: 1 life left (1♥).", pack=True)]


def test_golf_with_roll_switch_is_refused_and_second_wind_combines() -> None:  # BG13
    spec = ThemeSpec(
        id="t", title="T", aliases=(), load_game=lambda: None,  # type: ignore[arg-type,return-value]
        mods=mode_specs(GOLF, ROLL_SWITCH, SECOND_WIND), conflicts=mode_conflicts((GOLF, ROLL_SWITCH, SECOND_WIND)),
        options={}, load_strategies=dict, default_strategy="random", rules_summary="",
    )  # fmt: skip
    with pytest.raises(SetupError, match="Golf and Roll Switch cannot be combined"):
        spec.normalize_mods(["golf", "rs"])
    assert spec.normalize_mods(["sw", "golf"]) == (GOLF, SECOND_WIND)
    assert spec.normalize_mods(["secondwind", "rollswitch"]) == (ROLL_SWITCH, SECOND_WIND)


def test_exact_odds_of_lives() -> None:
    assert survive(3, 1) == Fraction(1, 8) and survive(3, 2) == Fraction(1, 2)
    assert final_win(2, 1) == Fraction(3, 4) and final_win(1, 2) == Fraction(1, 4) and final_win(2, 2) == Fraction(1, 2)

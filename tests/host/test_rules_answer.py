"""The `rules` answer (the bot's `.rules`, the terminal's `rules`) states the rules with the mods in play:
a theme whose opening states its rules answers in the opening's words; a theme whose opening states none
answers with its summary and each active mod's rule sentence. Never a base rule a mod replaces."""

from __future__ import annotations

import pytest

from survivor_host.engine.render import render
from survivor_host.terminal.table import seat_names
from survivor_host.themes import THEMES, new_game
from survivor_host.words.info import rules_text

CASES = [(theme, mods) for theme, spec in THEMES.items() for mods in spec.legal_mod_sets()]


def must_state(theme: str, mods: tuple[str, ...]) -> list[str]:
    """What the rules answer must say. A theme whose rules without mods are its summary states no rules in its
    opening: the summary, or each active mod's rule sentence (its `ModSpec.rule`). Any other theme: the
    opening's rules line, word for word."""
    spec = THEMES[theme]
    if spec.rules(()) == spec.rules_summary:
        active = [mod for mod in spec.mods if mod.id in mods]
        assert all(mod.rule for mod in active), [mod.id for mod in active if not mod.rule]
        return [f"{mod.title}: {mod.rule}" for mod in active] or [spec.rules_summary]
    game = new_game(theme, seat_names(5), mods=mods, seed="rules")
    opening = [line for event in game.start() if event.to is None and (line := render(event))]
    return [line for line in opening if line == spec.rules(mods)]


@pytest.mark.parametrize(("theme", "mods"), CASES, ids=[f"{t}-{'+'.join(m) or 'none'}" for t, m in CASES])
def test_each_mod_in_play_is_stated_and_the_answer_says_what_the_rules_are(theme: str, mods: tuple[str, ...]) -> None:
    answer = rules_text(theme, mods, {})
    for mod in mods:
        without = tuple(other for other in mods if other != mod)
        assert rules_text(theme, without, {}) != answer, mod  # the mod's rule is stated
    stated = must_state(theme, mods)
    assert stated and all(stated), (theme, mods)
    assert all(line in answer for line in stated), (stated, answer)


def test_chase_the_ace_with_jesters_and_all_at_once_has_a_14_and_no_turns() -> None:
    answer = rules_text("cta", ("adhesive", "jesters-duel", "no-backsies", "all-at-once"), {})
    assert "(1 = Ace, 13 = King, 14 = Jester)" in answer and "in turn" not in answer
    assert "everyone at once" in answer and "All At Once: no turns." in answer
    assert "Adhesive: nobody may swap with a player who chose to stick." in answer


@pytest.mark.parametrize(("theme", "die"), [("cta", 13), ("ftl", 150)])
def test_the_last_two_roll_for_the_win_as_the_finals_say(theme: str, die: int) -> None:  # C9, F10
    answer = rules_text(theme, (), {})
    assert f"When two are left, they roll {die} vs {die}: the higher roll wins." in answer
    assert "Last one standing" not in answer


def test_follow_the_leader_states_tug_of_war_and_no_mercy() -> None:
    answer = rules_text("ftl", ("tug-of-war", "no-mercy"), {})
    assert "Tug of War: no suspecting." in answer and "No Mercy: no suspecting." in answer


def test_the_hot_potato_timer_replaces_the_three_attempts() -> None:
    assert "After 3 attempts" in rules_text("hp", (), {})
    answer = rules_text("hp", ("hpt",), {})
    assert "attempts" not in answer and "The first pass that fails explodes the potato" in answer


def test_a_room_mode_is_stated_as_the_opening_states_it() -> None:
    answer = rules_text("hg", ("roll-switch", "second-wind"), {})
    assert "Roll Switch: before each pair of rolls" in answer and "Second Wind: everyone has 2 lives" in answer
